//! The content hash that pins a scenario (or query) to the exact level file it was made on.
//!
//! Algorithm: 64-bit FNV-1a over the file's bytes, the probe format's own
//! ([`slidescope_probe::fnv1a64`], std only: the hash is part of both file formats, so it must
//! never change under a dependency update). FNV-1a is not
//! cryptographic; it only has to notice that a level file changed, and at about 1 GB/s it hashes
//! Sponza's files in well under the time the loader takes. Written as `fnv1a64:` followed by 16
//! lower-case hex digits, so another algorithm can be added later without ambiguity.
//!
//! The hash covers the named file only: a `.gltf` with an external `.bin`, or an `.obj` with
//! its `.mtl`, is pinned by its main file.

use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};

pub use slidescope_probe::fnv1a64;

const PREFIX: &str = "fnv1a64:";

/// The content hash of a level file, as stored in scenario files (`"fnv1a64:…"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct LevelHash(u64);

impl LevelHash {
    /// The hash of `bytes`.
    pub fn of_bytes(bytes: &[u8]) -> Self {
        Self(fnv1a64(bytes))
    }

    /// Reads and hashes the file at `path`.
    pub fn of_file(path: &Path) -> std::io::Result<Self> {
        crate::vfs::read(path).map(|b| Self::of_bytes(&b))
    }

    /// The raw 64-bit value.
    pub fn value(self) -> u64 {
        self.0
    }
}

impl fmt::Display for LevelHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{PREFIX}{:016x}", self.0)
    }
}

impl From<LevelHash> for String {
    fn from(h: LevelHash) -> Self {
        h.to_string()
    }
}

impl TryFrom<String> for LevelHash {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        s.parse()
    }
}

impl std::str::FromStr for LevelHash {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let hex = s
            .strip_prefix(PREFIX)
            .ok_or_else(|| format!("level hash {s:?} must start with {PREFIX:?}"))?;
        if hex.len() != 16 {
            return Err(format!("level hash {s:?} must have 16 hex digits"));
        }
        u64::from_str_radix(hex, 16)
            .map(Self)
            .map_err(|_| format!("level hash {s:?} is not hexadecimal"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_hash_text_round_trips_and_rejects_junk() {
        let h = LevelHash::of_bytes(b"level");
        let s = h.to_string();
        assert!(s.starts_with("fnv1a64:") && s.len() == 8 + 16, "{s}");
        assert_eq!(s.parse::<LevelHash>(), Ok(h));
        assert!("sha256:0011".parse::<LevelHash>().is_err());
        assert!("fnv1a64:123".parse::<LevelHash>().is_err());
        assert!("fnv1a64:zzzzzzzzzzzzzzzz".parse::<LevelHash>().is_err());
    }
}
