//! The byte layout of the probe format, version 1.1 (`docs/probe-format.md` is the
//! specification; every constant here is named there).

/// The first 8 bytes of every file and stream.
pub const MAGIC: [u8; 8] = *b"SLPROBE\0";
/// Major version: a reader refuses a newer one.
pub const VERSION_MAJOR: u16 = 1;
/// Minor version: newer ones only add record kinds and trailing fields.
pub const VERSION_MINOR: u16 = 1;
/// Bytes of the stream header (magic, major, minor, flags).
pub const HEADER_BYTES: usize = 16;
/// Bytes of a record's kind and length.
pub const RECORD_HEADER_BYTES: usize = 8;

/// Record kinds.
pub mod kind {
    pub const MESH: u32 = 1;
    pub const USE_MESH: u32 = 2;
    pub const LEVEL_FILE: u32 = 3;
    pub const FRAME: u32 = 4;
    pub const MOVE: u32 = 5;
    pub const OBJECT_MESH: u32 = 6;
    pub const OBJECT_POSES: u32 = 7;
    pub const END: u32 = 8;
    /// Version 1.1: the game's conventions (see [`convention`](super::convention)).
    pub const CONVENTIONS: u32 = 9;
}

/// Keys of a `CONVENTIONS` record (version 1.1): each entry is `u32 key, u32 value`; a float
/// value travels as its `f32` bits. A key not sent is undeclared. One per row of the table in
/// `slidescope-conventions`.
pub use slidescope_conventions::key as convention;
/// Bits of the `MISSING` convention: fields a game sends as placeholders because its engine
/// has no such value; slidescope does not compare them.
pub use slidescope_conventions::missing;

/// `MOVE` flags.
pub mod flags {
    /// `end`, `integration_velocity` and `iterations` are the game's result.
    pub const HAS_RESULT: u32 = 1 << 0;
    /// `skin_es` is the game's.
    pub const HAS_SKIN: u32 = 1 << 1;
    /// `max_iterations` is the game's.
    pub const HAS_MAX_ITERATIONS: u32 = 1 << 2;
    /// The game culls back faces (files of earlier writers; writers now declare the
    /// `SIDEDNESS` convention, which wins where both are sent).
    pub const ONE_SIDED: u32 = 1 << 3;
}

/// Fixed part of a `MOVE` payload.
pub const MOVE_FIXED_BYTES: usize = 136;
/// One contact of a `MOVE`.
pub const CONTACT_BYTES: usize = 52;
/// `FRAME` payload.
pub const FRAME_BYTES: usize = 20;
/// One object of `OBJECT_POSES`.
pub const OBJECT_POSE_BYTES: usize = 60;
/// A contact's `case`: which part of the Minkowski sum the game says it touched.
pub mod case {
    pub const UNKNOWN: u32 = 0;
    pub const FACE: u32 = 1;
    pub const EDGE: u32 = 2;
    pub const VERTEX: u32 = 3;
}
/// The triangle index meaning "unknown".
pub const NO_TRIANGLE: u32 = u32::MAX;

/// Largest payload a reader accepts.
pub const MAX_RECORD_BYTES: u32 = 256 * 1024 * 1024;
/// Largest vertex or triangle count of one mesh.
pub const MAX_MESH_ELEMENTS: u32 = 16 * 1024 * 1024;
/// Most contacts of one move.
pub const MAX_CONTACTS: u32 = 4096;
/// Most objects in one poses record.
pub const MAX_OBJECTS: u32 = 65_536;
/// Most entries of one `CONVENTIONS` record.
pub const MAX_CONVENTIONS: u32 = 256;
/// Longest path, bytes.
pub const MAX_PATH_BYTES: u32 = 4096;

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// 64-bit FNV-1a: the mesh and level-file hash of the format (the same function as
/// slidescope's `fnv1a64:` level hash, so a `LEVEL_FILE` hash is a scenario's `level_hash`).
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(FNV_OFFSET, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(FNV_PRIME)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a64_matches_the_published_test_vectors() {
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
    }
}
