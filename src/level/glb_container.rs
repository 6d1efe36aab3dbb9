//! The GLB container (glTF 2.0 binary: a 12-byte header, a JSON chunk, an optional BIN chunk),
//! both ways: split when a level is read, packed when the teaching level or an Issues scene is
//! written.

use super::level_error::LevelErrorKind;

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
