//! Writes records into a byte buffer, field by field in the order of `docs/probe-format.md`.
//! No allocation beyond the buffer's growth; the probe reuses one buffer.

use crate::Declared;
use crate::format::{
    self, CONTACT_BYTES, FRAME_BYTES, MAGIC, MOVE_FIXED_BYTES, NO_TRIANGLE, OBJECT_POSE_BYTES,
    VERSION_MAJOR, VERSION_MINOR, fnv1a64, kind,
};
use crate::types::{Case, Contact, Frame, Move, ObjectPose, Pose};

#[inline]
fn u32_(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}
#[inline]
fn u64_(out: &mut Vec<u8>, v: u64) {
    out.extend_from_slice(&v.to_le_bytes());
}
#[inline]
fn f32_(out: &mut Vec<u8>, v: f32) {
    out.extend_from_slice(&v.to_le_bytes());
}
#[inline]
fn vec3(out: &mut Vec<u8>, v: [f32; 3]) {
    for c in v {
        f32_(out, c);
    }
}

/// Starts a record of `kind` whose payload is `len` bytes.
#[inline]
fn start_record(out: &mut Vec<u8>, kind: u32, len: usize) {
    u32_(out, kind);
    u32_(out, len as u32);
}

/// The 16-byte stream header.
pub fn header(out: &mut Vec<u8>) {
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION_MAJOR.to_le_bytes());
    out.extend_from_slice(&VERSION_MINOR.to_le_bytes());
    u32_(out, 0);
}

/// A `MESH` (or, with `object`, an `OBJECT_MESH`) record; returns the mesh hash.
pub fn mesh(
    out: &mut Vec<u8>,
    object: Option<u32>,
    positions: &[[f32; 3]],
    indices: &[[u32; 3]],
) -> u64 {
    let start = out.len();
    start_record(out, 0, 0);
    if let Some(id) = object {
        u32_(out, id);
    }
    let hash_at = out.len();
    u64_(out, 0);
    u32_(out, positions.len() as u32);
    u32_(out, indices.len() as u32);
    out.reserve(positions.len() * 12 + indices.len() * 12);
    for &p in positions {
        vec3(out, p);
    }
    for t in indices {
        for &i in t {
            u32_(out, i);
        }
    }
    let hash = fnv1a64(&out[hash_at + 8..]);
    out[hash_at..hash_at + 8].copy_from_slice(&hash.to_le_bytes());
    let k = if object.is_some() {
        kind::OBJECT_MESH
    } else {
        kind::MESH
    };
    let len = (out.len() - start - format::RECORD_HEADER_BYTES) as u32;
    out[start..start + 4].copy_from_slice(&k.to_le_bytes());
    out[start + 4..start + 8].copy_from_slice(&len.to_le_bytes());
    hash
}

/// `USE_MESH`.
pub fn use_mesh(out: &mut Vec<u8>, hash: u64) {
    start_record(out, kind::USE_MESH, 8);
    u64_(out, hash);
}

/// `LEVEL_FILE`.
pub fn level_file(out: &mut Vec<u8>, hash: u64, path: &str) {
    start_record(out, kind::LEVEL_FILE, 12 + path.len());
    u64_(out, hash);
    u32_(out, path.len() as u32);
    out.extend_from_slice(path.as_bytes());
}

/// `FRAME`.
pub fn frame(out: &mut Vec<u8>, f: &Frame) {
    start_record(out, kind::FRAME, FRAME_BYTES);
    u64_(out, f.frame);
    out.extend_from_slice(&f.time_secs.to_le_bytes());
    f32_(out, f.dt_secs);
}

/// Little-endian fields written into a fixed stack buffer (one bounds-checked copy into the
/// output per record part instead of one per field: the probe's per-move cost in the game).
struct Fixed<const N: usize> {
    b: [u8; N],
    at: usize,
}

impl<const N: usize> Fixed<N> {
    #[inline(always)]
    fn new() -> Self {
        Self { b: [0; N], at: 0 }
    }
    #[inline(always)]
    fn u32(&mut self, v: u32) {
        self.b[self.at..self.at + 4].copy_from_slice(&v.to_le_bytes());
        self.at += 4;
    }
    #[inline(always)]
    fn f32(&mut self, v: f32) {
        self.u32(v.to_bits());
    }
    #[inline(always)]
    fn vec3(&mut self, v: [f32; 3]) {
        self.f32(v[0]);
        self.f32(v[1]);
        self.f32(v[2]);
    }
}

/// `MOVE` with its contacts.
pub fn move_record(out: &mut Vec<u8>, m: &Move, contacts: &[Contact]) {
    move_with_flags(out, m, contacts, 0);
}

/// `MOVE` with `flags` added to those its fields set (a read record's `ONE_SIDED`).
fn move_with_flags(out: &mut Vec<u8>, m: &Move, contacts: &[Contact], mut flags: u32) {
    if m.result.is_some() {
        flags |= format::flags::HAS_RESULT;
    }
    if m.skin_es.is_some() {
        flags |= format::flags::HAS_SKIN;
    }
    if m.max_iterations.is_some() {
        flags |= format::flags::HAS_MAX_ITERATIONS;
    }
    let r = m.result.unwrap_or(crate::MoveResult {
        end: [0.0; 3],
        integration_velocity: [0.0; 3],
        iterations: 0,
    });
    let mut f = Fixed::<{ format::RECORD_HEADER_BYTES + MOVE_FIXED_BYTES }>::new();
    f.u32(kind::MOVE);
    f.u32((MOVE_FIXED_BYTES + contacts.len() * CONTACT_BYTES) as u32);
    f.u32(m.mover);
    f.u32(flags);
    f.vec3(m.radii);
    for col in m.axes {
        f.vec3(col);
    }
    f.vec3(m.start);
    f.vec3(m.velocity);
    f.f32(m.skin_es.unwrap_or(0.0));
    f.u32(m.max_iterations.unwrap_or(0));
    f.vec3(r.end);
    f.vec3(r.integration_velocity);
    f.u32(r.iterations);
    f.at += 16; // reserved, zero
    f.u32(contacts.len() as u32);
    out.reserve(f.b.len() + contacts.len() * CONTACT_BYTES);
    out.extend_from_slice(&f.b);
    for c in contacts {
        let mut f = Fixed::<CONTACT_BYTES>::new();
        f.u32(c.iteration);
        f.u32(case_code(c.case));
        f.f32(c.t);
        f.vec3(c.center);
        f.vec3(c.point);
        f.vec3(c.normal);
        f.u32(c.triangle.unwrap_or(NO_TRIANGLE));
        out.extend_from_slice(&f.b);
    }
}

fn case_code(c: Option<Case>) -> u32 {
    match c {
        None => format::case::UNKNOWN,
        Some(Case::Face) => format::case::FACE,
        Some(Case::Edge) => format::case::EDGE,
        Some(Case::Vertex) => format::case::VERTEX,
    }
}

fn pose(out: &mut Vec<u8>, p: &Pose) {
    for c in p.rotation {
        f32_(out, c);
    }
    vec3(out, p.translation);
}

/// `OBJECT_POSES`.
pub fn object_poses(out: &mut Vec<u8>, poses: &[ObjectPose]) {
    start_record(out, kind::OBJECT_POSES, 4 + poses.len() * OBJECT_POSE_BYTES);
    u32_(out, poses.len() as u32);
    for p in poses {
        u32_(out, p.object);
        pose(out, &p.previous);
        pose(out, &p.current);
    }
}

/// `CONVENTIONS` (version 1.1): the declared fields, in key order.
pub fn conventions(out: &mut Vec<u8>, c: &Declared) {
    let entries = c.entries();
    start_record(out, kind::CONVENTIONS, 4 + entries.len() * 8);
    u32_(out, entries.len() as u32);
    for (k, v) in entries {
        u32_(out, k);
        u32_(out, v);
    }
}

/// `END`.
pub fn end(out: &mut Vec<u8>) {
    start_record(out, kind::END, 0);
}

/// Any record as read back (what a file holds, re-encoded: a reader's round trip, and how a
/// test checks another writer — the C header — wrote the same bytes).
pub fn record(out: &mut Vec<u8>, r: &crate::read::Record) {
    use crate::read::Record;
    match r {
        Record::Mesh(m) => {
            mesh(out, None, &m.positions, &m.indices);
        }
        Record::UseMesh(h) => use_mesh(out, *h),
        Record::LevelFile { hash, path } => level_file(out, *hash, path),
        Record::Frame(f) => frame(out, f),
        Record::Move(m) => {
            let flag = if m.one_sided_flag {
                format::flags::ONE_SIDED
            } else {
                0
            };
            move_with_flags(out, &m.mv, &m.contacts, flag);
        }
        Record::ObjectMesh { object, mesh: m } => {
            mesh(out, Some(*object), &m.positions, &m.indices);
        }
        Record::ObjectPoses(p) => object_poses(out, p),
        Record::Conventions { declared, .. } => conventions(out, declared),
        Record::End => end(out),
    }
}
