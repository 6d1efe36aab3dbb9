//! The six round parts of a triangle's Minkowski sum — three edge cylinders, three vertex
//! spheres — put through the cheap exits of their quadratics four lanes at a time (SSE), so
//! only parts that can still be touched get the scalar test (seed 001 12.7–12.9).
//!
//! Exact, not approximate: every lane computes the very f32 operations of the scalar tests
//! ([`super::edge::sweep_edge`], [`super::vertex::sweep_vertex`], and the stable quadratic's
//! first exits), in the same order (glam's `cross` and `dot` formulas, no fused multiply-add),
//! so a lane is dropped only where the scalar test would have returned `None`. Answers stay
//! bit-identical; most parts of most candidates miss and cost a few SIMD operations.

use glam::{BVec4A, Vec3, Vec4};

/// Three vectors in lanes 0..3 (lane 3 unused).
#[derive(Clone, Copy)]
struct Lanes {
    x: Vec4,
    y: Vec4,
    z: Vec4,
}

impl Lanes {
    #[inline(always)]
    fn of(p: [Vec3; 3]) -> Self {
        Self {
            x: Vec4::new(p[0].x, p[1].x, p[2].x, 0.0),
            y: Vec4::new(p[0].y, p[1].y, p[2].y, 0.0),
            z: Vec4::new(p[0].z, p[1].z, p[2].z, 0.0),
        }
    }
    #[inline(always)]
    fn splat(p: Vec3) -> Self {
        Self {
            x: Vec4::splat(p.x),
            y: Vec4::splat(p.y),
            z: Vec4::splat(p.z),
        }
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Self {
            x: self.x - o.x,
            y: self.y - o.y,
            z: self.z - o.z,
        }
    }
    /// glam's `Vec3::cross`, lane by lane.
    #[inline(always)]
    fn cross(self, r: Self) -> Self {
        Self {
            x: self.y * r.z - r.y * self.z,
            y: self.z * r.x - r.z * self.x,
            z: self.x * r.y - r.x * self.y,
        }
    }
    /// glam's `Vec3::dot`, lane by lane.
    #[inline(always)]
    fn dot(self, r: Self) -> Vec4 {
        (self.x * r.x) + (self.y * r.y) + (self.z * r.z)
    }
}

/// The stable quadratic's first exits (`first_root_in_range`): no root ahead when `b >= 0`
/// or the discriminant is negative (NaN lanes drop out as the scalar code would).
#[inline(always)]
fn may_have_root(a: Vec4, b: Vec4, c: Vec4) -> BVec4A {
    let disc = b * b - Vec4::splat(4.0) * a * c;
    b.cmplt(Vec4::ZERO) & disc.cmpge(Vec4::ZERO)
}

/// Bits 0..3: edge `i` (vertex `i` to `i + 1`) may be touched; bits 3..6: vertex `i` may be.
/// A clear bit means the scalar test returns `None` for that part.
#[inline]
pub fn may_touch(c: Vec3, v: Vec3, verts: &[Vec3; 3]) -> u32 {
    let a = Lanes::of(*verts);
    let b = Lanes::of([verts[1], verts[2], verts[0]]);
    let (cl, vl) = (Lanes::splat(c), Lanes::splat(v));
    // Edges: |(L + t v) × E|² = |E|², with L = c − a (see edge.rs).
    let e = b.sub(a);
    let ee = e.dot(e);
    let x = cl.sub(a).cross(e);
    let cc = x.dot(x) - ee;
    let y = vl.cross(e);
    let qa = y.dot(y);
    let qb = Vec4::splat(2.0) * x.dot(y);
    let edges = !ee.cmplt(Vec4::splat(1e-14)) & (cc.cmplt(Vec4::ZERO) | may_have_root(qa, qb, cc));
    // Vertices: |c + t v − p|² = 1 (see vertex.rs).
    let d = cl.sub(a);
    let dist2 = d.dot(d);
    let va = Vec4::splat(v.length_squared());
    let vb = Vec4::splat(2.0) * vl.dot(d);
    let vertices = dist2.cmplt(Vec4::ONE) | may_have_root(va, vb, dist2 - Vec4::ONE);
    (edges.bitmask() & 0b111) | ((vertices.bitmask() & 0b111) << 3)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sweep::{edge::sweep_edge, vertex::sweep_vertex};

    /// SplitMix64, fixed seed.
    fn rng(mut s: u64) -> impl FnMut() -> f32 {
        move || {
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) >> 40) as f32 / (1u64 << 24) as f32
        }
    }

    #[test]
    fn a_dropped_lane_is_always_a_scalar_miss() {
        let mut r = rng(7);
        let mut p = || Vec3::new(r() * 6.0 - 3.0, r() * 6.0 - 3.0, r() * 6.0 - 3.0);
        let (mut kept, mut total) = (0, 0);
        for _ in 0..200_000 {
            let (c, v, tri) = (p(), p(), [p(), p(), p()]);
            let may = may_touch(c, v, &tri);
            for i in 0..3 {
                let edge = sweep_edge(c, v, tri[i], tri[(i + 1) % 3], 1.0);
                let vertex = sweep_vertex(c, v, tri[i], 1.0);
                assert!(
                    may & (1 << i) != 0 || edge.is_none(),
                    "edge {i}: {c} {v} {tri:?}"
                );
                assert!(
                    may & (8 << i) != 0 || vertex.is_none(),
                    "vertex {i}: {c} {v} {tri:?}"
                );
                kept += (may >> i & 1) + (may >> (i + 3) & 1);
                total += 2;
            }
        }
        // And it drops most parts (else it would be no use).
        assert!(kept * 2 < total, "{kept} of {total} kept");
    }
}
