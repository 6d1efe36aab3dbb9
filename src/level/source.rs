//! Getting bytes off the disk safely: the byte budget, format detection, and the resolution of
//! URIs found inside a level (`data:` base64, or relative paths that stay in the level's folder).

use std::io::ErrorKind;
use std::path::{Component, Path, PathBuf};

use super::level_error::{LevelErrorKind, UriRefusal};

/// Default per-file byte budget: 2 GiB.
pub const DEFAULT_MAX_FILE_BYTES: u64 = 2 << 30;

/// Knobs of [`crate::level::Level::load_with`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoadOptions {
    /// Files (the level and each external buffer) larger than this are refused before reading.
    pub max_file_bytes: u64,
}

impl Default for LoadOptions {
    fn default() -> Self {
        Self {
            max_file_bytes: DEFAULT_MAX_FILE_BYTES,
        }
    }
}

/// The file formats a level can come in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LevelFormat {
    /// Binary glTF (recognised by its `glTF` magic).
    Glb,
    /// JSON glTF (`.gltf`).
    GltfJson,
    /// Wavefront OBJ (`.obj`).
    Obj,
}

/// Picks the format from the magic bytes first, then the extension.
pub fn detect_format(path: &Path, bytes: &[u8]) -> Result<LevelFormat, LevelErrorKind> {
    if bytes.starts_with(b"glTF") {
        return Ok(LevelFormat::Glb);
    }
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("gltf") => Ok(LevelFormat::GltfJson),
        Some("obj") => Ok(LevelFormat::Obj),
        Some("glb") => Err(LevelErrorKind::Glb("missing the 'glTF' magic".into())),
        _ => Err(LevelErrorKind::UnknownFormat),
    }
}

/// Reads a whole file, refusing it (before reading) when it is larger than `max_bytes`.
pub fn read_within_budget(path: &Path, max_bytes: u64) -> Result<Vec<u8>, LevelErrorKind> {
    let len = crate::vfs::file_len(path).map_err(io_kind)?;
    if len > max_bytes {
        return Err(LevelErrorKind::TooLarge {
            size: len,
            budget: max_bytes,
        });
    }
    crate::vfs::read(path).map_err(io_kind)
}

fn io_kind(e: std::io::Error) -> LevelErrorKind {
    match e.kind() {
        ErrorKind::NotFound => LevelErrorKind::NotFound,
        _ => LevelErrorKind::Io(e.to_string()),
    }
}

/// Where the bytes a URI names live.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UriTarget {
    /// Decoded payload of a `data:` URI.
    Data(Vec<u8>),
    /// A file inside the level's folder.
    File(PathBuf),
}

/// Resolves a URI found in a level located in `folder`.
///
/// Allowed: `data:…;base64,…` and relative paths (percent-decoded) without `..` components
/// that, once symbolic links are resolved, stay inside `folder`. Refused: `http:`/`https:`,
/// any other scheme, absolute paths and escapes.
pub fn resolve_uri(folder: &Path, uri: &str) -> Result<UriTarget, UriRefusal> {
    if let Some(rest) = strip_prefix_ci(uri, "data:") {
        let Some((header, payload)) = rest.split_once(',') else {
            return Err(UriRefusal::BadDataUri);
        };
        if !header.to_ascii_lowercase().ends_with(";base64") {
            return Err(UriRefusal::BadDataUri);
        }
        return decode_base64(payload)
            .map(UriTarget::Data)
            .ok_or(UriRefusal::BadDataUri);
    }
    if strip_prefix_ci(uri, "http:").is_some() || strip_prefix_ci(uri, "https:").is_some() {
        return Err(UriRefusal::Network);
    }
    if uri.starts_with('/') || uri.starts_with('\\') {
        return Err(UriRefusal::Absolute);
    }
    if let Some(colon) = uri.find(':') {
        let scheme = &uri[..colon];
        let is_scheme = !scheme.is_empty()
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
        // `C:\x` / `C:/x` is a Windows absolute path, anything else like `x:` is a scheme.
        if is_scheme && scheme.len() == 1 {
            return Err(UriRefusal::Absolute);
        }
        if is_scheme {
            return Err(UriRefusal::Scheme);
        }
    }
    let decoded = percent_decode(uri).ok_or(UriRefusal::EscapesFolder)?;
    let relative = Path::new(&decoded);
    for part in decoded.split(['/', '\\']) {
        if part == ".." {
            return Err(UriRefusal::EscapesFolder);
        }
    }
    if relative
        .components()
        .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir))
    {
        return Err(UriRefusal::Absolute);
    }
    let joined = folder.join(relative);
    // Symbolic links could still lead outside: compare canonical paths when the file exists
    // (a missing file is reported by the reader with its own message).
    if let (Ok(real), Ok(real_folder)) = (joined.canonicalize(), folder.canonicalize())
        && !real.starts_with(&real_folder)
    {
        return Err(UriRefusal::EscapesFolder);
    }
    Ok(UriTarget::File(joined))
}

fn strip_prefix_ci<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &s[prefix.len()..])
}

/// `%20` → space. `None` on a malformed escape or a result that is not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    if !s.contains('%') {
        return Some(s.to_owned());
    }
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Standard base64 (RFC 4648, `+/`, `=` padding optional, ASCII whitespace ignored); also
/// accepts the URL-safe alphabet. `None` on any other character or a dangling bit group.
pub fn decode_base64(text: &str) -> Option<Vec<u8>> {
    fn value(c: u8) -> Option<u32> {
        match c {
            b'A'..=b'Z' => Some(u32::from(c - b'A')),
            b'a'..=b'z' => Some(u32::from(c - b'a') + 26),
            b'0'..=b'9' => Some(u32::from(c - b'0') + 52),
            b'+' | b'-' => Some(62),
            b'/' | b'_' => Some(63),
            _ => None,
        }
    }
    let mut out = Vec::with_capacity(text.len() / 4 * 3 + 3);
    let mut acc: u32 = 0;
    let mut bits = 0u32;
    let mut padding = false;
    for &c in text.as_bytes() {
        if c.is_ascii_whitespace() {
            continue;
        }
        if c == b'=' {
            padding = true;
            continue;
        }
        if padding {
            return None;
        }
        acc = (acc << 6) | value(c)?;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    // A lone 6-bit group cannot encode a byte.
    (bits < 6).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_round_trips_known_vectors() {
        assert_eq!(decode_base64("").as_deref(), Some(&b""[..]));
        assert_eq!(decode_base64("Zg==").as_deref(), Some(&b"f"[..]));
        assert_eq!(decode_base64("Zm8=").as_deref(), Some(&b"fo"[..]));
        assert_eq!(decode_base64("Zm9v").as_deref(), Some(&b"foo"[..]));
        assert_eq!(decode_base64("Zm9vYmFy").as_deref(), Some(&b"foobar"[..]));
        assert_eq!(decode_base64("Zm9vYg").as_deref(), Some(&b"foob"[..]));
        assert_eq!(decode_base64("Zm9v!"), None);
        assert_eq!(decode_base64("Z"), None);
    }

    #[test]
    fn uri_kinds_are_classified() {
        let dir = Path::new(".");
        assert_eq!(resolve_uri(dir, "http://x/y.bin"), Err(UriRefusal::Network));
        assert_eq!(resolve_uri(dir, "HTTPS://x"), Err(UriRefusal::Network));
        assert_eq!(resolve_uri(dir, "ftp://x"), Err(UriRefusal::Scheme));
        assert_eq!(resolve_uri(dir, "file:///etc/x"), Err(UriRefusal::Scheme));
        assert_eq!(resolve_uri(dir, "/etc/passwd"), Err(UriRefusal::Absolute));
        assert_eq!(resolve_uri(dir, "C:\\x.bin"), Err(UriRefusal::Absolute));
        assert_eq!(
            resolve_uri(dir, "../../x.bin"),
            Err(UriRefusal::EscapesFolder)
        );
        assert_eq!(
            resolve_uri(dir, "a/%2E%2E/%2E%2E/x.bin"),
            Err(UriRefusal::EscapesFolder)
        );
        assert_eq!(
            resolve_uri(dir, "sub/my%20file.bin"),
            Ok(UriTarget::File(dir.join("sub/my file.bin")))
        );
        assert_eq!(
            resolve_uri(dir, "data:application/octet-stream;base64,AAEC"),
            Ok(UriTarget::Data(vec![0, 1, 2]))
        );
        assert_eq!(
            resolve_uri(dir, "data:text/plain,hello"),
            Err(UriRefusal::BadDataUri)
        );
    }
}
