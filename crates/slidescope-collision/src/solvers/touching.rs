//! Any solver with "touching counts": its answer, or an earlier grazing contact
//! of the swept unit sphere at eSpace distance exactly 1 (the core's `sweep::touch`), so every
//! seed's solver reports a sphere sliding on a plane onto the edge of that plane's polygon as
//! a contact of the edge, as detection does with
//! [`ResponseOptions::touching_counts`](crate::ResponseOptions).

use glam::Vec3;

use super::{SolverHit, SolverQuery, SweepSolver, UnitSpace, sweep_fan};
use crate::CaseMask;
use crate::sweep::touch;

/// `S` with touching contacts.
#[derive(Debug, Clone, Copy, Default)]
pub struct Touching<S>(pub S);

impl<S: SweepSolver> SweepSolver for Touching<S> {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn sweep_polygon(&self, query: &SolverQuery, polygon: &[Vec3]) -> Option<SolverHit> {
        let own = self.0.sweep_polygon(query, polygon);
        // The polygon's fan in unit-sphere space, as the decomposed solver sweeps it.
        let us = UnitSpace::new(&query.ellipsoid);
        let v = us.world_to_unit * query.velocity;
        let grazing = sweep_fan(&us, v, polygon, |tri| {
            touch::graze(Vec3::ZERO, v, tri, CaseMask::ALL, true, 1.0)
        });
        match (own, grazing) {
            (Some(o), Some(g)) if g.time.sort_key() < o.time.sort_key() => Some(g),
            (Some(o), _) => Some(o),
            (None, g) => g,
        }
    }
}
