//! Any solver with "touching counts" (issue 15 §4): its answer, or an earlier grazing contact
//! of the swept unit sphere at eSpace distance exactly 1 ([`crate::sweep::touch`]), so every
//! seed's solver reports a sphere sliding on a plane onto the edge of that plane's polygon as
//! a contact of the edge, as detection does with
//! [`SlideSettings::touching_counts`](crate::SlideSettings).

use glam::Vec3;

use super::{SolverHit, SolverQuery, SweepSolver, UnitSpace, fan_feature};
use crate::CaseMask;
use crate::sweep::{TriangleEs, touch};

/// `S` with touching contacts.
#[derive(Debug, Clone, Copy, Default)]
pub struct Touching<S>(pub S);

impl<S: SweepSolver> SweepSolver for Touching<S> {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn sweep_polygon(&self, query: &SolverQuery, polygon: &[Vec3]) -> Option<SolverHit> {
        let own = self.0.sweep_polygon(query, polygon);
        let n = polygon.len();
        if n < 3 {
            return own;
        }
        // The polygon's fan in unit-sphere space, as the decomposed solver sweeps it.
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
            if let Some(h) = touch::graze(Vec3::ZERO, v, &tri, CaseMask::ALL, true, 1.0)
                && best.is_none_or(|(_, b)| h.time.sort_key() < b.time.sort_key())
            {
                best = Some((k, h));
            }
        }
        let Some((k, h)) = best else {
            return own;
        };
        if own.is_some_and(|o| o.time.sort_key() <= h.time.sort_key()) {
            return own;
        }
        Some(SolverHit {
            time: h.time,
            feature: fan_feature(h.feature, k, n),
            point: us.point_to_world(h.point_es),
            normal: us.normal(h.normal_es),
            center: us.point_to_world(v * h.time.toi().unwrap_or(0.0)),
            primitive: 0,
        })
    }
}
