//! Every sweep solver of `collision::solvers` asked the question of one recorded
//! iteration: the ellipsoid at the iteration's start, its velocity, the triangles the broad
//! phase offered (from the trace). Plus seed 004's static overlap test at the iteration's end
//! position — the discrete test that tunnels. Nothing here re-implements a test: it calls the
//! solvers on the recorded inputs (DESIGN "What-if questions are answered by re-running").

use glam::{Mat3, Vec3};
use serde::{Deserialize, Serialize};

use crate::collision::solvers::side_by_side::side_by_side_at;
use crate::collision::solvers::{
    Decomposed, GradientNormal, PlaneSpace, Reference, SolverHit, StaticCorrections, SweepSolver,
    static_overlap,
};
use crate::collision::{CollisionMesh, Ellipsoid, IterationTrace};

/// A solver the student can pick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SolverKind {
    /// The core's own (seed 001 12.4–12.9, seed 003 16.18).
    Decomposed,
    /// Rouwé's plane space (seed 000).
    PlaneSpace,
    /// Seed 002's gradient normal (approximate on edges).
    GradientNormal,
    /// f64 bisection on the exact distance: the judge.
    Reference,
}

impl SolverKind {
    pub const ALL: [SolverKind; 4] = [
        SolverKind::Decomposed,
        SolverKind::PlaneSpace,
        SolverKind::GradientNormal,
        SolverKind::Reference,
    ];

    pub fn label(self) -> &'static str {
        match self {
            SolverKind::Decomposed => "decomposed (core, seed 001)",
            SolverKind::PlaneSpace => "plane space (seed 000)",
            SolverKind::GradientNormal => "gradient normal (seed 002)",
            SolverKind::Reference => "reference (f64)",
        }
    }

    /// A name short enough for a narrow table.
    pub fn short_label(self) -> &'static str {
        match self {
            SolverKind::Decomposed => "core",
            SolverKind::PlaneSpace => "plane space",
            SolverKind::GradientNormal => "gradient normal",
            SolverKind::Reference => "reference",
        }
    }

    fn solver(self) -> &'static dyn SweepSolver {
        match self {
            SolverKind::Decomposed => &Decomposed,
            SolverKind::PlaneSpace => &PlaneSpace,
            SolverKind::GradientNormal => &GradientNormal,
            SolverKind::Reference => &Reference,
        }
    }
}

/// One solver's answer at an iteration: its earliest contact over the offered triangles
/// (`hit.primitive` is the index into `triangles`), world space.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolverAnswer {
    pub kind: SolverKind,
    pub hit: Option<SolverHit>,
    /// The collision-mesh index of the hit triangle.
    pub triangle: Option<u32>,
}

/// Every solver on iteration `it` of a call with an ellipsoid of `radii` / `axes`, and
/// whether the static overlap test (seed 004, both readers' corrections) finds any offered
/// triangle overlapping the ellipsoid at the iteration's unobstructed end
/// (`start + velocity`). `None` when the inputs are not a valid ellipsoid.
pub fn compare_solvers(
    mesh: &CollisionMesh,
    radii: Vec3,
    axes: Mat3,
    it: &IterationTrace,
) -> Option<(Vec<SolverAnswer>, bool)> {
    // The debugger's "all solvers" rows, in `SolverKind::ALL` order (decomposed, plane space,
    // gradient normal, reference); `primitive` is already the mesh triangle.
    let rows = side_by_side_at(mesh, radii, axes, it)?;
    let answers = SolverKind::ALL
        .into_iter()
        .zip(rows)
        .map(|(kind, r)| {
            debug_assert_eq!(kind.solver().name(), r.solver);
            SolverAnswer {
                kind,
                hit: r.hit,
                triangle: r.hit.map(|h| h.primitive),
            }
        })
        .collect();
    let end = Ellipsoid::with_axes(it.start_center + it.velocity, radii, axes).ok()?;
    let overlap = it
        .candidates
        .iter()
        .filter_map(|c| mesh.get_triangle(c.triangle))
        .any(|t| static_overlap(&end, &t.vertices, StaticCorrections::BOTH).overlaps);
    Some((answers, overlap))
}

impl SolverKind {
    /// Colour (linear RGBA) of this solver's contact, normal and touching ellipsoid: the same
    /// as in the debugger's "all solvers" overlay.
    pub fn color(self) -> [f32; 4] {
        let i = Self::ALL.iter().position(|k| *k == self).unwrap_or(0);
        crate::scene::cursor_palette::SOLVERS[i]
    }
}
