//! Every sweep algorithm of the seeds behind one trait, so the same query can be answered by
//! each and their answers compared.
//!
//! | solver | file | seed |
//! |---|---|---|
//! | decomposed 3D (the core's own) | [`decomposed`] | 001 12.4–12.9, 003 16.18 |
//! | plane space, convex polygons | [`plane_space`] | 000 §2–§4 (Rouwé) |
//! | gradient normal | [`gradient`] | 002 (App. A–D) |
//! | static overlap (not a sweep) | [`mod@static_overlap`] | 004 and its readers' corrections |
//! | reference (f64, the judge) | [`mod@reference`] | none: bisection on the exact distance |
//! | any of these, grazing contacts too | [`touching`] | none: "touching counts" |
//!
//! [`merge`] merges a level's coplanar adjacent triangles into convex polygons for the
//! plane-space solver. Whole-level comparisons (the `compare` subcommand) live outside the
//! core, in the `slidescope-compare` crate.
//!
//! All results are plain data in world space ([`SolverHit`]), so a UI can draw every solver's
//! contact point, normal and centre side by side. Solvers work relative to the ellipsoid's
//! start centre (like the core's `Frame`) so far-from-origin levels keep
//! f32 precision.

pub mod decomposed;
pub mod gradient;
pub mod merge;
pub mod plane_space;
pub mod reference;
pub mod side_by_side;
pub mod static_overlap;
pub mod touching;
mod unit_space;

use glam::Vec3;

pub use decomposed::Decomposed;
pub use gradient::GradientNormal;
pub use merge::{ConvexPolygon, MergeReport, merge_coplanar};
pub use plane_space::PlaneSpace;
pub use reference::Reference;
pub use static_overlap::{StaticCorrections, StaticOverlap, StaticStep, static_overlap};
pub use touching::Touching;
pub(crate) use unit_space::UnitSpace;
pub use unit_space::polygon_normal;

use super::{ContactTime, Ellipsoid, Feature};

/// A swept ellipsoid: the ellipsoid at its start and its displacement over the step (world, m).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolverQuery {
    pub ellipsoid: Ellipsoid,
    pub velocity: Vec3,
}

impl SolverQuery {
    /// Ellipsoid centre at time `t`, world.
    pub fn center_at(&self, t: f32) -> Vec3 {
        self.ellipsoid.center + self.velocity * t
    }
}

/// One solver's answer for one polygon (or one mesh), world space.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolverHit {
    /// Fraction of `velocity` at first contact, or an embedded start.
    pub time: ContactTime,
    /// Feature of the polygon that was touched (edge `i` runs from vertex `i` to `i + 1`).
    /// For a whole-mesh answer, of the triangle/polygon `primitive`.
    pub feature: Feature,
    /// The touched point (on the polygon and the ellipsoid), world.
    pub point: Vec3,
    /// Unit slide normal, world: the ellipsoid's surface normal at `point`, pointing from the
    /// contact towards the centre (DESIGN: gradient, not the direction to the centre).
    pub normal: Vec3,
    /// Ellipsoid centre when touching, world (the start centre for an embedded start).
    pub center: Vec3,
    /// Index of the triangle or polygon in the set that was swept (0 for a single polygon).
    pub primitive: u32,
}

impl SolverHit {
    /// The time of impact, or 0 for an embedded start.
    pub fn t(&self) -> f32 {
        self.time.toi().unwrap_or(0.0)
    }
}

/// A sweep algorithm: the first contact of a swept ellipsoid with one convex polygon.
///
/// Conventions shared by every implementation:
/// - the polygon is convex, planar and counter-clockwise about its front normal; both sides
///   collide (the core's default `two_sided`);
/// - contacts are searched in `t ∈ [0, 1]`;
/// - a start that already overlaps is reported as [`ContactTime::Embedded`] only if the motion
///   goes deeper (seed 001 12.4.4 / 12.8.1); an overlapping start moving out is no contact;
/// - no panics on finite input; degenerate polygons give `None`.
pub trait SweepSolver {
    /// Short name for tables ("decomposed", "plane-space", …).
    fn name(&self) -> &'static str;
    /// First contact of the swept ellipsoid with the convex polygon `polygon` (world).
    fn sweep_polygon(&self, query: &SolverQuery, polygon: &[Vec3]) -> Option<SolverHit>;
}

/// Sweeps `query` against every polygon of `polygons` and keeps the earliest contact (lowest
/// index on ties). A helper for small scenes and tests; levels go through the
/// `slidescope-compare` crate (candidates from the BVH).
pub fn sweep_all<S: SweepSolver + ?Sized, P: AsRef<[Vec3]>>(
    solver: &S,
    query: &SolverQuery,
    polygons: &[P],
) -> Option<SolverHit> {
    let mut best: Option<SolverHit> = None;
    for (i, p) in polygons.iter().enumerate() {
        if let Some(mut h) = solver.sweep_polygon(query, p.as_ref()) {
            h.primitive = i as u32;
            if best.is_none_or(|b| h.time.sort_key() < b.time.sort_key()) {
                best = Some(h);
            }
        }
    }
    best
}

/// The earliest of `sweep`'s hits over the triangle fan of `polygon` (vertices `0, k+1, k+2`)
/// in the unit-sphere space `us` (the centre starts at its zero), as a world-space answer.
/// Degenerate fan triangles are skipped; ties keep the first fan triangle.
pub(crate) fn sweep_fan(
    us: &UnitSpace,
    v: Vec3,
    polygon: &[Vec3],
    mut sweep: impl FnMut(&crate::sweep::TriangleEs) -> Option<crate::SweepHit>,
) -> Option<SolverHit> {
    let n = polygon.len();
    if n < 3 {
        return None;
    }
    let p0 = us.point(polygon[0]);
    let mut best: Option<(usize, crate::SweepHit)> = None;
    for k in 0..n - 2 {
        let corners = [p0, us.point(polygon[k + 1]), us.point(polygon[k + 2])];
        let Some(tri) = crate::sweep::TriangleEs::new(corners) else {
            continue;
        };
        if let Some(h) = sweep(&tri)
            && best.is_none_or(|(_, b)| h.time.sort_key() < b.time.sort_key())
        {
            best = Some((k, h));
        }
    }
    let (k, h) = best?;
    Some(SolverHit {
        time: h.time,
        feature: fan_feature(h.feature, k, n),
        point: us.point_to_world(h.point_es),
        normal: us.normal(h.normal_es),
        center: us.point_to_world(v * h.time.toi().unwrap_or(0.0)),
        primitive: 0,
    })
}

/// Maps a feature of fan triangle `k` (vertices `0, k+1, k+2` of an `n`-gon) to the polygon's
/// own feature numbering. Interior diagonals are reported as the face.
pub(crate) fn fan_feature(f: Feature, k: usize, n: usize) -> Feature {
    let idx = [0, k + 1, k + 2];
    match f {
        Feature::Face => Feature::Face,
        Feature::Vertex(i) => Feature::Vertex(idx[i as usize] as u8),
        Feature::Edge(i) => {
            let (a, b) = (idx[i as usize], idx[(i as usize + 1) % 3]);
            if b == a + 1 {
                Feature::Edge(a as u8)
            } else if (a == 0 && b == n - 1) || (b == 0 && a == n - 1) {
                Feature::Edge((n - 1) as u8)
            } else {
                Feature::Face
            }
        }
    }
}
