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
/// value travels as its `f32` bits. A key not sent is undeclared.
pub mod convention {
    /// 0: along the contact normal (seed 001); 1: along the velocity (Fauerby 2003, Irrlicht).
    pub const PADDING: u32 = 1;
    /// 0: a short motion is applied (seed 001); 1: a short leftover is dropped (Babylon.js).
    pub const SHORT_MOTION: u32 = 2;
    /// `f32`: the short-motion threshold in eSpace units.
    pub const MIN_MOTION_ES: u32 = 3;
    /// `f32`: the short-motion threshold in world units (m).
    pub const MIN_MOTION_M: u32 = 4;
    /// `f32`: a call that moves no further than this (m) stays where it was.
    pub const DEAD_ZONE_M: u32 = 5;
    /// 0: out of iterations, fall back to the first contact (seed 001); 1: keep the last
    /// checked centre (Babylon.js, Irrlicht).
    pub const ITERATION_LIMIT: u32 = 6;
    /// 0: two-sided; 1: one-sided, a triangle with the centre behind it is ignored (seed 001);
    /// 2: one-sided, a triangle the motion leaves is ignored (Fauerby 2003, Babylon.js).
    pub const SIDEDNESS: u32 = 7;
    /// 0: off; 1: the slide stops when it turns against the input velocity (seed 001 12.15).
    pub const IMPULSE_FILTER: u32 = 8;
    /// The recorded coordinates' up axis: 0 +Y, 1 +Z, 2 −Y, 3 −Z, 4 +X, 5 −X.
    pub const UP_AXIS: u32 = 9;
    /// 0: right-handed coordinates; 1: left-handed.
    pub const HANDEDNESS: u32 = 10;
    /// 0: a triangle's front is the side it is counter-clockwise from; 1: clockwise.
    pub const FRONT_WINDING: u32 = 11;
    /// Bits of the fields the game's engine does not have (see [`missing`](super::missing)).
    pub const MISSING: u32 = 12;
    /// 0: an edge or vertex the sphere already overlaps is a contact at t = 0 (seed 001); 1:
    /// roots after the start only, an overlapped edge or vertex is no contact (Fauerby 2003).
    pub const ROOTS: u32 = 13;
}

/// Bits of the `MISSING` convention: fields a game sends as placeholders because its engine
/// has no such value; slidescope does not compare them.
pub mod missing {
    pub const INTEGRATION_VELOCITY: u32 = 1 << 0;
    pub const ITERATIONS: u32 = 1 << 1;
    pub const CONTACT_T: u32 = 1 << 2;
    pub const CONTACT_CENTER: u32 = 1 << 3;
    pub const CONTACT_NORMAL: u32 = 1 << 4;
    pub const CONTACT_TRIANGLE: u32 = 1 << 5;
}

/// `MOVE` flags.
pub mod flags {
    /// `end`, `integration_velocity` and `iterations` are the game's result.
    pub const HAS_RESULT: u32 = 1 << 0;
    /// `skin_es` is the game's.
    pub const HAS_SKIN: u32 = 1 << 1;
    /// `max_iterations` is the game's.
    pub const HAS_MAX_ITERATIONS: u32 = 1 << 2;
    /// The game culls back faces.
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
