//! Can the round parts be touched by the limit? A bound that spares a triangle its six
//! quadratics when the swept centre stays too far from it all the way to the limit.
//!
//! Every round part (edge cylinder, vertex sphere; seed 001 12.7–12.9) lies within 1 of the
//! triangle, and a point's squared distance to a triangle is its squared height above the
//! triangle's plane plus the squared distance, in the plane, from its foot to the triangle. The
//! foot's distance is at least how far it lies outside any one edge's line (the triangle is on
//! the inner side of each), and the foot moves at most `|v|` per unit of time.

// perf: bound skips round parts (crowd: 2.5 M calls → 33 k); 386 → 372 M instr., commit 141c42d

use glam::Vec3;

use super::TriangleEs;

/// Whether no point of the centre's path `c + t v` (eSpace) for `t` in `[0, t_max]` comes
/// within 1 of `tri` by a clear margin, so no edge or vertex of its Minkowski sum is touched
/// by `t_max`. `false` whenever the bound cannot tell (a degenerate edge, a path through the
/// plane near the triangle). The whole window from 0, not from the plane time: a move almost
/// along the plane gets that time wrong by more than the parts' roots (`face::PlaneReach`).
///
/// The margin (a few thousandths on the squared distance, more for points far from the
/// triangle's first vertex) is far above the f32 rounding of the exact quadratics, so a
/// triangle this drops is one they would find no root for: the answers keep their bits.
#[inline]
pub fn round_parts_out_of_reach(c: Vec3, v: Vec3, tri: &TriangleEs, t_max: f32) -> bool {
    let a = tri.vertices_es[0];
    let n = tri.normal_es;
    let to_c = c - a;
    let (d0, dn) = (to_c.dot(n), v.dot(n));
    // Heights above the plane at both ends of the window; between them the height is linear.
    let (h_a, h_b) = (d0, d0 + dn * t_max);
    let h_min = if (h_a >= 0.0) == (h_b >= 0.0) {
        h_a.abs().min(h_b.abs())
    } else {
        0.0
    };
    // Within 1 (and the margin) of the triangle at height `h_min` or more, the foot is within
    // `reach` of it in the plane; the foot at the start is then within `reach + drift`.
    let margin = 4e-3 + 4e-6 * (to_c.length_squared() + v.length_squared());
    let reach = (1.0 + margin - h_min * h_min).max(0.0).sqrt();
    let drift = v.length() * t_max;
    let foot = a + (to_c - n * d0);
    // A zero-length edge's side and bound are both 0, and `0 < −0` is false: not dropped.
    super::lanes::beyond_an_edge(foot, &tri.vertices_es, n, reach + drift)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sweep::{FaceStep, PartRules, face_step, round_parts};
    use crate::{CaseMask, Roots};

    /// A floor triangle (normal +y) with its edge along x = `x0`.
    fn floor(x0: f32) -> TriangleEs {
        TriangleEs::new([
            Vec3::new(x0, 0.0, 0.0),
            Vec3::new(x0, 0.0, 2.0),
            Vec3::new(x0 + 2.0, 0.0, 0.0),
        ])
        .unwrap()
    }

    /// A walker resting a skin above the floor, pulled down and forward: a neighbour 0.5 to
    /// the side is out of reach once the limit is near the plane time; a neighbour whose edge
    /// passes under the walker is not.
    #[test]
    fn a_resting_walkers_far_neighbour_is_out_of_reach() {
        let c = Vec3::new(-0.5, 1.001, 0.5);
        let v = Vec3::new(0.6, -0.05, 0.0);
        let far = floor(0.0);
        let FaceStep::Round(_) = face_step(c, v, &far, CaseMask::ALL, PartRules::seed(true), 1.0)
        else {
            panic!("the plane is reached outside the neighbour");
        };
        // The floor it stands on sets the limit at its plane time, 0.02.
        assert!(round_parts_out_of_reach(c, v, &far, 0.0201));
        // By t = 1 the centre is above the neighbour: in reach.
        assert!(!round_parts_out_of_reach(c, v, &far, 1.0));
        let near = floor(-0.49);
        assert!(!round_parts_out_of_reach(c, v, &near, 0.0201));
    }

    /// Whenever the bound drops a triangle, the round parts find nothing by the limit: random
    /// triangles, centres and limits, many of them near grazing.
    #[test]
    fn dropped_triangles_have_no_round_contact() {
        let mut s = 0x2545_f491_u32;
        let mut f = move |lo: f32, hi: f32| {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            lo + (hi - lo) * (s as f32 / u32::MAX as f32)
        };
        let (mut dropped, mut kept) = (0, 0);
        for i in 0..300_000 {
            // A third of the cases a hundred to a thousand times larger (long moves, far
            // triangles), where the margin's rounding matters most.
            let s = if i % 3 == 0 { f(100.0, 1000.0) } else { 3.0 };
            let mut p = || Vec3::new(f(-s, s), f(-s, s), f(-s, s));
            let Some(tri) = TriangleEs::new([p(), p(), p()]) else {
                continue;
            };
            let c = p() * 0.6;
            let v = p() * f(0.0, 0.7);
            let roots = if i % 2 == 0 {
                Roots::AtZero
            } else {
                Roots::PositiveOnly
            };
            let t_max = f(0.0, 1.0);
            let FaceStep::Round(_) =
                face_step(c, v, &tri, CaseMask::ALL, PartRules::seed(true), t_max)
            else {
                continue;
            };
            if round_parts_out_of_reach(c, v, &tri, t_max) {
                dropped += 1;
                let rules = PartRules {
                    roots,
                    ..PartRules::seed(true)
                };
                let hit = round_parts(c, v, &tri.vertices_es, CaseMask::ALL, rules, t_max);
                assert!(hit.is_none(), "{tri:?} {c} {v} {t_max}: {hit:?}");
            } else {
                kept += 1;
            }
        }
        assert!(
            dropped > 1000 && kept > 1000,
            "dropped {dropped}, kept {kept}"
        );
    }
}
