//! The core's own solver behind [`SweepSolver`]: the swept unit sphere against the face slab,
//! edge cylinders and vertex spheres of the Minkowski sum in eSpace (seed 001 12.4–12.9,
//! seed 003 16.18). This only wraps the core's `sweep_triangle`; a convex polygon is swept as its
//! triangle fan (the Minkowski sum of a union is the union of the sums), earliest fan triangle
//! first.

use glam::Vec3;

use super::{SolverHit, SolverQuery, SweepSolver, UnitSpace, sweep_fan};
use crate::CaseMask;
use crate::sweep::{NarrowPhase, SweepHit, TriangleEs, sweep_triangle};

/// The decomposed 3D solver (face / edge / vertex parts of the Minkowski sum).
#[derive(Debug, Clone, Copy, Default)]
pub struct Decomposed;

impl SweepSolver for Decomposed {
    fn name(&self) -> &'static str {
        "decomposed"
    }

    fn sweep_polygon(&self, query: &SolverQuery, polygon: &[Vec3]) -> Option<SolverHit> {
        let us = UnitSpace::new(&query.ellipsoid);
        let v = us.world_to_unit * query.velocity;
        sweep_fan(&us, v, polygon, |tri| {
            sweep_triangle(Vec3::ZERO, v, tri, CaseMask::ALL, true, 1.0)
        })
    }
}

/// The core's own test: the BVH scan's default narrow phase.
impl NarrowPhase for Decomposed {
    /// `sweep_triangle` is `sweep_triangle_roots`: the face step, then the round parts.
    const FACE_FIRST: bool = true;

    #[inline]
    fn sweep_triangle(
        &self,
        c: Vec3,
        v: Vec3,
        tri: &TriangleEs,
        mask: CaseMask,
        two_sided: bool,
        t_max: f32,
    ) -> Option<SweepHit> {
        sweep_triangle(c, v, tri, mask, two_sided, t_max)
    }
}
