//! The core's own solver behind [`SweepSolver`]: the swept unit sphere against the face slab,
//! edge cylinders and vertex spheres of the Minkowski sum in eSpace (seed 001 12.4–12.9,
//! seed 003 16.18). This only wraps [`sweep_triangle`](crate::sweep::sweep_triangle);
//! a convex polygon is swept as its triangle fan (the Minkowski sum of a union is the union of
//! the sums), earliest fan triangle first.

use glam::Vec3;

use super::{SolverHit, SolverQuery, SweepSolver, UnitSpace, fan_feature};
use crate::CaseMask;
use crate::sweep::{TriangleEs, sweep_triangle};

/// The decomposed 3D solver (face / edge / vertex parts of the Minkowski sum).
#[derive(Debug, Clone, Copy, Default)]
pub struct Decomposed;

impl SweepSolver for Decomposed {
    fn name(&self) -> &'static str {
        "decomposed"
    }

    fn sweep_polygon(&self, query: &SolverQuery, polygon: &[Vec3]) -> Option<SolverHit> {
        let n = polygon.len();
        if n < 3 {
            return None;
        }
        let us = UnitSpace::new(&query.ellipsoid);
        let v = us.world_to_unit * query.velocity;
        let p0 = us.point(polygon[0]);
        let mut best: Option<(usize, crate::SweepHit)> = None;
        for k in 0..n - 2 {
            let Some(tri) =
                TriangleEs::new([p0, us.point(polygon[k + 1]), us.point(polygon[k + 2])])
            else {
                continue;
            };
            if let Some(h) = sweep_triangle(Vec3::ZERO, v, &tri, CaseMask::ALL, true, 1.0)
                && best.is_none_or(|(_, b)| h.time.sort_key() < b.time.sort_key())
            {
                best = Some((k, h));
            }
        }
        let (k, h) = best?;
        let center_es = v * h.time.toi().unwrap_or(0.0);
        Some(SolverHit {
            time: h.time,
            feature: fan_feature(h.feature, k, n),
            point: us.point_to_world(h.point_es),
            normal: us.normal(h.normal_es),
            center: us.point_to_world(center_es),
            primitive: 0,
        })
    }
}
