//! Internal edges: an edge shared with a coplanar (or nearly) neighbour is a seam
//! inside one flat surface, a "ghost edge". A sphere sliding over the surface can touch it at
//! the seam and take the edge's round normal for its slide plane, which snags or deflects a
//! slide that one big triangle would let through (Jolt's active edges and parry's
//! internal-edge fix address the same thing). [`internal_neighbour`] finds the neighbour through
//! the BVH (a box around the edge), so nothing is precomputed per level; the response's
//! `internal_edge_filter` setting then slides on the face instead.

use glam::Vec3;

use super::{Aabb, CollisionMesh};

/// Neighbours whose planes differ by less than this make an edge internal (degrees).
pub const INTERNAL_EDGE_DEG: f32 = 1.0;

/// Two corners closer than this (m) are the same point.
const SAME_POINT_M: f32 = 1e-5;

/// The neighbour of `triangle` across its edge `edge` (corner `edge` to `edge + 1`) whose plane
/// is within [`INTERNAL_EDGE_DEG`] of its own, and the angle between them (degrees). `near` is
/// a reusable buffer.
pub fn internal_neighbour(
    mesh: &CollisionMesh,
    triangle: u32,
    edge: u8,
    near: &mut Vec<u32>,
) -> Option<(u32, f32)> {
    let tri = mesh.get_triangle(triangle)?;
    let e = usize::from(edge) % 3;
    let (a, b) = (tri.vertices[e], tri.vertices[(e + 1) % 3]);
    let pad = Vec3::splat(SAME_POINT_M);
    near.clear();
    mesh.bvh()
        .query(&Aabb::new(a.min(b) - pad, a.max(b) + pad), near);
    near.sort_unstable();
    near.iter()
        .copied()
        .filter(|&n| n != triangle)
        .find_map(|n| {
            let other = mesh.get_triangle(n)?;
            let has = |p: Vec3| other.vertices.iter().any(|q| q.distance(p) < SAME_POINT_M);
            if !(has(a) && has(b)) {
                return None;
            }
            let angle_deg = tri
                .normal
                .dot(other.normal)
                .abs()
                .min(1.0)
                .acos()
                .to_degrees();
            (angle_deg < INTERNAL_EDGE_DEG).then_some((n, angle_deg))
        })
}
