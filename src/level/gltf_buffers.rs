//! The bytes behind a glTF: its JSON and its buffers, resolved without `gltf::import` so that no
//! URI is followed blindly (the GLB container around them is `glb_container`).

use std::borrow::Cow;
use std::path::Path;

use gltf::json;

use super::level_error::{LevelError, LevelErrorKind};
use super::source::{self, UriTarget};

/// Parses the glTF JSON without the `gltf` crate's validation (which can panic on some bad
/// indices and rejects `KHR_mesh_quantization`); the loader checks every index it follows.
pub fn parse_json(json_bytes: &[u8]) -> Result<json::Root, LevelErrorKind> {
    json::deserialize::from_slice(json_bytes).map_err(|e| LevelErrorKind::Json(e.to_string()))
}

/// Loads every buffer: the GLB BIN chunk for a URI-less buffer, decoded `data:` URIs, and
/// files inside `folder`. Each buffer must hold at least its declared `byteLength`.
pub fn load_buffers<'a>(
    root: &json::Root,
    bin: Option<&'a [u8]>,
    level_path: &Path,
    max_file_bytes: u64,
) -> Result<Vec<Cow<'a, [u8]>>, LevelError> {
    let folder = level_path.parent().unwrap_or(Path::new("."));
    let mut out = Vec::with_capacity(root.buffers.len());
    let at_level = |k: LevelErrorKind| LevelError::new(level_path, k);
    for (i, buffer) in root.buffers.iter().enumerate() {
        let data: Cow<'a, [u8]> = match &buffer.uri {
            None => match (i, bin) {
                (0, Some(bin)) => Cow::Borrowed(bin),
                _ => {
                    return Err(at_level(LevelErrorKind::Buffer {
                        buffer: i,
                        message: "has no uri and there is no GLB BIN chunk for it".into(),
                    }));
                }
            },
            Some(uri) => match source::resolve_uri(folder, uri) {
                Ok(UriTarget::Data(bytes)) => Cow::Owned(bytes),
                Ok(UriTarget::File(file)) => {
                    let bytes = source::read_within_budget(&file, max_file_bytes)
                        .map_err(|k| LevelError::new(&file, k))?;
                    Cow::Owned(bytes)
                }
                Err(reason) => {
                    return Err(at_level(LevelErrorKind::RefusedUri {
                        buffer: i,
                        uri: shorten(uri),
                        reason,
                    }));
                }
            },
        };
        let declared = buffer.byte_length.0;
        if (data.len() as u64) < declared {
            return Err(at_level(LevelErrorKind::Buffer {
                buffer: i,
                message: format!("holds {} bytes, byteLength says {declared}", data.len()),
            }));
        }
        out.push(data);
    }
    Ok(out)
}

/// Keeps error lines short when a data URI is refused.
fn shorten(uri: &str) -> String {
    const MAX: usize = 80;
    match uri.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &uri[..cut]),
        None => uri.to_owned(),
    }
}
