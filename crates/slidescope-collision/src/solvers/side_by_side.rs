//! Every solver on one detect/respond iteration, for the debugger's "all solvers" overlay: the
//! same swept ellipsoid against the same candidate triangles, each solver's earliest contact,
//! and how far each is from the f64 reference.

use glam::{Mat3, Vec3};

use super::{
    Decomposed, GradientNormal, PlaneSpace, Reference, SolverHit, SolverQuery, SweepSolver,
    sweep_all,
};
use crate::{CollisionMesh, Ellipsoid, IterationTrace};

/// One solver's answer for an iteration.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SideBySide {
    pub solver: &'static str,
    /// Earliest contact over the candidates; `primitive` is the index into the candidates'
    /// triangle numbers given to [`side_by_side`] (already mapped back).
    pub hit: Option<SolverHit>,
    /// `t` minus the reference's `t` (both hit).
    pub dt_vs_reference: Option<f32>,
    /// Angle between this normal and the reference's (degrees, both hit).
    pub normal_angle_deg: Option<f32>,
}

/// Runs the decomposed, plane-space, gradient-normal and reference solvers on `query` against
/// `triangles` (world vertices, numbered by `numbers`); the reference comes last.
pub fn side_by_side(
    query: &SolverQuery,
    triangles: &[[Vec3; 3]],
    numbers: &[u32],
) -> Vec<SideBySide> {
    let solvers: [&dyn SweepSolver; 4] = [&Decomposed, &PlaneSpace, &GradientNormal, &Reference];
    let hits: Vec<(&'static str, Option<SolverHit>)> = solvers
        .iter()
        .map(|s| {
            let hit = sweep_all(*s, query, triangles).map(|mut h| {
                h.primitive = numbers
                    .get(h.primitive as usize)
                    .copied()
                    .unwrap_or(h.primitive);
                h
            });
            (s.name(), hit)
        })
        .collect();
    let reference = hits.last().and_then(|(_, h)| *h);
    hits.into_iter()
        .map(|(solver, hit)| {
            let both = hit.zip(reference);
            SideBySide {
                solver,
                hit,
                dt_vs_reference: both.map(|(h, r)| h.t() - r.t()),
                normal_angle_deg: both
                    .map(|(h, r)| h.normal.dot(r.normal).clamp(-1.0, 1.0).acos().to_degrees()),
            }
        })
        .collect()
}

/// [`side_by_side`] on a recorded iteration: the ellipsoid of `radii` / `axes` at the
/// iteration's start, its velocity, and the triangles the broad phase offered it (from the
/// trace). `None` when the inputs are not a valid ellipsoid or a triangle is not in `mesh`.
pub fn side_by_side_at(
    mesh: &CollisionMesh,
    radii: Vec3,
    axes: Mat3,
    it: &IterationTrace,
) -> Option<Vec<SideBySide>> {
    let query = SolverQuery {
        ellipsoid: Ellipsoid::with_axes(it.start_center, radii, axes).ok()?,
        velocity: it.velocity,
    };
    let numbers: Vec<u32> = it.candidates.iter().map(|c| c.triangle).collect();
    let triangles: Vec<[Vec3; 3]> = numbers
        .iter()
        .map(|&t| mesh.get_triangle(t).map(|t| t.vertices))
        .collect::<Option<_>>()?;
    Some(side_by_side(&query, &triangles, &numbers))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Ellipsoid, Feature};

    #[test]
    fn the_gradient_solver_is_late_on_the_seed_002_edge_case_and_the_others_are_not() {
        // tests/suite/solvers_gradient.rs derives these numbers: exact t = (27 − √32)/34, seed 002's
        // t = 9/14.
        let tri = [
            Vec3::new(0.0, 0.0, 5.0),
            Vec3::new(5.0, 0.0, 0.0),
            Vec3::new(0.0, 0.0, -5.0),
        ];
        let q = SolverQuery {
            ellipsoid: Ellipsoid::sphere(Vec3::new(-3.0, 1.5, 0.0), 1.0).unwrap(),
            velocity: Vec3::new(4.0, -1.0, 2.0),
        };
        let rows = side_by_side(&q, &[tri], &[41]);
        let names: Vec<_> = rows.iter().map(|r| r.solver).collect();
        assert_eq!(names.last(), Some(&"reference"));
        for r in &rows {
            let h = r.hit.expect(r.solver);
            assert_eq!(h.primitive, 41);
            assert!(matches!(h.feature, Feature::Edge(_)));
            let dt = r.dt_vs_reference.unwrap();
            if r.solver == GradientNormal.name() {
                assert!((dt - 0.01514).abs() < 2e-4, "{dt}");
            } else {
                assert!(dt.abs() < 1e-5, "{}: {dt}", r.solver);
            }
        }
    }
}
