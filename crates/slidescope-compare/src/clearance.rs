//! Exact (f64) clearances of a swept ellipsoid from a scene's candidate triangles, in eSpace
//! (the reference's distance): how clear a query starts, and whether a solver's answer is
//! physically right within tolerance.

use slidescope_collision::CollisionMesh;
use slidescope_collision::solvers::SolverQuery;
use slidescope_collision::solvers::reference::{RefSpace, RefTriangle, closest_on_triangle};

use crate::scene::Scene;

/// Triangle `t` of `mesh` in the reference's eSpace.
pub(crate) fn ref_triangle(space: &RefSpace, mesh: &CollisionMesh, t: u32) -> RefTriangle {
    RefTriangle {
        v: mesh.triangle(t).vertices.map(|p| space.point(p)),
    }
}

/// Smallest distance (eSpace) minus 1 from the start centre to the candidates.
pub fn start_clearance(scene: &Scene, q: &SolverQuery, cand: &[u32]) -> f64 {
    let space = RefSpace::new(q);
    cand.iter()
        .map(|&t| {
            let tri = ref_triangle(&space, scene.mesh, t);
            (closest_on_triangle(glam::DVec3::ZERO, tri.v).0).length() - 1.0
        })
        .fold(f64::INFINITY, f64::min)
}

/// Clearance (eSpace distance − 1) of the ellipsoid at time `t` from the candidates.
pub fn clearance_at(scene: &Scene, q: &SolverQuery, cand: &[u32], t: f64) -> f64 {
    let space = RefSpace::new(q);
    cand.iter()
        .map(|&i| ref_triangle(&space, scene.mesh, i).distance(space.v_es, t) - 1.0)
        .fold(f64::INFINITY, f64::min)
}

/// Smallest clearance over `t ∈ [0, t_end]`.
pub fn min_clearance(scene: &Scene, q: &SolverQuery, cand: &[u32], t_end: f64) -> f64 {
    let space = RefSpace::new(q);
    cand.iter()
        .map(|&i| ref_triangle(&space, scene.mesh, i).min_distance(space.v_es, t_end) - 1.0)
        .fold(f64::INFINITY, f64::min)
}
