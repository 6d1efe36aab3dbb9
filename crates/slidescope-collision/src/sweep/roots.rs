//! Both roots of the quadratic one part of the Minkowski sum poses to the swept centre (seed 001
//! 12.6; seeds 000 §4 and 003 16.18): where the ray `c + t v` enters the part and where it
//! leaves. Detection needs only the entry ([`first_root_in_range`](super::quadratic)); this is
//! for display and teaching (lesson 6 draws both roots on the ray).
//!
//! Every part is "squared distance from the centre to the part's core = 1":
//! - face: the plane, `(n·(c − p₀) + t n·v)² = 1`, the slab's two faces;
//! - edge: the line through the edge, `|(L + t v) × E|² = 1` with `E` unit (seed 12.7);
//! - vertex: the point, `|c + t v − p|² = 1` (seed 12.9).
//!
//! The roots are those of the unbounded plane, line or point: an edge root past the segment's
//! ends is where the ray meets the infinite cylinder (detection then hands over to the vertex
//! sphere), so the inspector says so.

use glam::Vec3;

use super::TriangleEs;
use crate::Feature;

/// The quadratic `a t² + b t + c = 0` of one part and its two real roots (`enter <= exit`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PartRoots {
    /// The part of the Minkowski sum.
    pub feature: Feature,
    pub a: f32,
    pub b: f32,
    pub c: f32,
    /// The smaller root: the swept centre enters the part here (negative when it started
    /// inside).
    pub enter: f32,
    /// The larger root: the centre leaves the part here (the root detection discards).
    pub exit: f32,
}

/// Both real roots of `a t² + b t + c`, ascending, by the stable form of seeds 000/003:
/// `q = −½ (b + sign(b) √disc)`, roots `q / a` and `c / q`. `None` when there is no real root
/// or the quadratic is degenerate (`a <= 0`: the ray is parallel to the part's core).
pub fn both_roots(a: f32, b: f32, c: f32) -> Option<(f32, f32)> {
    if a.is_nan() || a <= 0.0 {
        return None;
    }
    let disc = b * b - 4.0 * a * c;
    if disc.is_nan() || disc < 0.0 {
        return None;
    }
    let sign = if b >= 0.0 { 1.0 } else { -1.0 };
    let q = -0.5 * (b + sign * disc.sqrt());
    let r1 = q / a;
    let r2 = if q != 0.0 { c / q } else { r1 };
    (r1.is_finite() && r2.is_finite()).then(|| (r1.min(r2), r1.max(r2)))
}

/// The quadratic and roots of `feature` of `tri` for the centre `c` moving by `v` (eSpace).
/// `None` when the ray never reaches the part's core at distance 1 or runs parallel to it.
pub fn part_roots(c: Vec3, v: Vec3, tri: &TriangleEs, feature: Feature) -> Option<PartRoots> {
    let verts = &tri.vertices_es;
    let (a, b, cc) = match feature {
        Feature::Face => {
            let n = tri.normal_es;
            let d0 = n.dot(c - verts[0]);
            let dv = n.dot(v);
            (dv * dv, 2.0 * d0 * dv, d0 * d0 - 1.0)
        }
        Feature::Edge(i) => {
            let i = usize::from(i.min(2));
            let p = verts[i];
            let e = (verts[(i + 1) % 3] - p).try_normalize()?;
            let x = (c - p).cross(e);
            let y = v.cross(e);
            (y.length_squared(), 2.0 * x.dot(y), x.length_squared() - 1.0)
        }
        Feature::Vertex(i) => {
            let d = c - verts[usize::from(i.min(2))];
            (v.length_squared(), 2.0 * v.dot(d), d.length_squared() - 1.0)
        }
    };
    let (enter, exit) = both_roots(a, b, cc)?;
    Some(PartRoots {
        feature,
        a,
        b,
        c: cc,
        enter,
        exit,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tri() -> TriangleEs {
        TriangleEs::new([
            Vec3::new(0.0, 0.0, 0.0),
            Vec3::new(4.0, 0.0, 0.0),
            Vec3::new(0.0, 4.0, 0.0),
        ])
        .unwrap()
    }

    #[test]
    fn face_roots_are_the_slab_faces() {
        // Centre 3 above the plane moving down by 4: enters the slab at z = 1 (t = 0.5) and
        // leaves at z = −1 (t = 1).
        let r = part_roots(
            Vec3::new(1.0, 1.0, 3.0),
            Vec3::new(0.0, 0.0, -4.0),
            &tri(),
            Feature::Face,
        )
        .unwrap();
        assert_eq!((r.enter, r.exit), (0.5, 1.0));
    }

    #[test]
    fn vertex_roots_enter_and_leave_the_sphere() {
        // Along x through the vertex (4, 0, 0) from x = 1: enters at x = 3, leaves at x = 5.
        let r = part_roots(
            Vec3::new(1.0, 0.0, 0.0),
            Vec3::new(8.0, 0.0, 0.0),
            &tri(),
            Feature::Vertex(1),
        )
        .unwrap();
        assert!(
            (r.enter - 0.25).abs() < 1e-6 && (r.exit - 0.5).abs() < 1e-6,
            "{r:?}"
        );
    }

    #[test]
    fn edge_roots_use_the_unit_edge_and_match_detection() {
        // Edge 0 lies on the x axis; the centre comes down in y at z = 0.6 (distance from the
        // line: sqrt(y² + 0.36) = 1 at y = ±0.8).
        let c = Vec3::new(2.0, 3.0, 0.6);
        let v = Vec3::new(0.0, -4.0, 0.0);
        let r = part_roots(c, v, &tri(), Feature::Edge(0)).unwrap();
        assert!(
            (r.enter - 0.55).abs() < 1e-6 && (r.exit - 0.95).abs() < 1e-6,
            "{r:?}"
        );
        // Seed 12.7's coefficients with a unit edge: a = |v × E|² = 16.
        assert!((r.a - 16.0).abs() < 1e-4);
        let t = tri();
        let (hit, _, _) =
            super::super::edge::sweep_edge(c, v, t.vertices_es[0], t.vertices_es[1], 1.0).unwrap();
        assert!((hit.toi().unwrap() - r.enter).abs() < 1e-6);
    }

    #[test]
    fn parallel_and_missing_rays_have_no_roots() {
        // Parallel to the face: a = 0.
        assert!(part_roots(Vec3::new(1.0, 1.0, 3.0), Vec3::X, &tri(), Feature::Face).is_none());
        // Passing 2 away from the vertex.
        assert!(
            part_roots(
                Vec3::new(-5.0, 2.0, 0.0),
                Vec3::X,
                &tri(),
                Feature::Vertex(0)
            )
            .is_none()
        );
        assert_eq!(both_roots(1.0, -1.0, 0.1875), Some((0.25, 0.75)));
        assert_eq!(both_roots(0.0, -1.0, 1.0), None);
    }
}
