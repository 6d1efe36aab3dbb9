//! The bytes behind a glTF: the GLB container (header, JSON chunk, BIN chunk) and the buffers,
//! resolved without `gltf::import` so that no URI is followed blindly.

use std::borrow::Cow;
use std::path::Path;

use gltf::json;

use super::error::{LevelError, LevelErrorKind};
use super::source::{self, UriTarget};

const GLB_HEADER: usize = 12;
const CHUNK_HEADER: usize = 8;
const CHUNK_JSON: u32 = 0x4E4F_534A; // "JSON"
const CHUNK_BIN: u32 = 0x004E_4942; // "BIN\0"

/// The JSON and (optional) BIN chunk of a `.glb`, borrowed from the file bytes.
#[derive(Debug)]
pub struct GlbChunks<'a> {
    pub json: &'a [u8],
    pub bin: Option<&'a [u8]>,
}

/// Packs a JSON document and a binary blob into a GLB (version 2): the JSON chunk padded with
/// spaces and the BIN chunk with zeros to 4 bytes, as the format requires. `None` when the
/// result would not fit the header's 32-bit length.
pub fn pack_glb(json: &[u8], bin: &[u8]) -> Option<Vec<u8>> {
    let pad = |n: usize| n.next_multiple_of(4) - n;
    let (json_pad, bin_pad) = (pad(json.len()), pad(bin.len()));
    let json_len = u32::try_from(json.len() + json_pad).ok()?;
    let bin_len = u32::try_from(bin.len() + bin_pad).ok()?;
    let total = GLB_HEADER + 2 * CHUNK_HEADER + json_len as usize + bin_len as usize;
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(b"glTF");
    out.extend_from_slice(&2u32.to_le_bytes());
    out.extend_from_slice(&u32::try_from(total).ok()?.to_le_bytes());
    out.extend_from_slice(&json_len.to_le_bytes());
    out.extend_from_slice(&CHUNK_JSON.to_le_bytes());
    out.extend_from_slice(json);
    out.resize(out.len() + json_pad, b' ');
    out.extend_from_slice(&bin_len.to_le_bytes());
    out.extend_from_slice(&CHUNK_BIN.to_le_bytes());
    out.extend_from_slice(bin);
    out.resize(out.len() + bin_pad, 0);
    Some(out)
}

/// Splits a GLB (version 2) into its chunks, checking every length against the file size.
pub fn split_glb(bytes: &[u8]) -> Result<GlbChunks<'_>, LevelErrorKind> {
    let bad = |m: String| LevelErrorKind::Glb(m);
    let u32_at = |at: usize| -> Option<u32> {
        let b = bytes.get(at..at + 4)?;
        Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    if bytes.len() < GLB_HEADER || !bytes.starts_with(b"glTF") {
        return Err(bad(format!(
            "{} bytes, too short for a GLB header",
            bytes.len()
        )));
    }
    let version = u32_at(4).unwrap_or(0);
    if version != 2 {
        return Err(bad(format!("version {version}, only 2 is supported")));
    }
    let declared = u32_at(8).unwrap_or(0) as usize;
    if declared > bytes.len() {
        return Err(bad(format!(
            "header says {declared} bytes but the file has {} (truncated)",
            bytes.len()
        )));
    }
    if declared < GLB_HEADER + CHUNK_HEADER {
        return Err(bad(format!("header length {declared} is too small")));
    }
    let data = &bytes[..declared];
    let mut at = GLB_HEADER;
    let mut json = None;
    let mut bin = None;
    while at < data.len() {
        let (Some(len), Some(kind)) = (u32_at(at), u32_at(at + 4)) else {
            return Err(bad(format!("chunk header at byte {at} is cut off")));
        };
        let start = at + CHUNK_HEADER;
        let end = start
            .checked_add(len as usize)
            .filter(|&e| e <= data.len())
            .ok_or_else(|| {
                bad(format!(
                    "chunk at byte {at} claims {len} bytes, only {} remain (truncated)",
                    data.len().saturating_sub(start)
                ))
            })?;
        let chunk = &data[start..end];
        match kind {
            CHUNK_JSON if json.is_none() && at == GLB_HEADER => json = Some(chunk),
            CHUNK_BIN if json.is_some() && bin.is_none() => bin = Some(chunk),
            CHUNK_JSON | CHUNK_BIN => {
                return Err(bad(format!("unexpected chunk order at byte {at}")));
            }
            _ => {} // Unknown chunk types must be ignored (spec 4.4.3.1).
        }
        // Chunks are 4-byte aligned.
        at = end.saturating_add(3) & !3;
    }
    let json = json.ok_or_else(|| bad("no JSON chunk".into()))?;
    Ok(GlbChunks { json, bin })
}

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
