//! Swept unit sphere against one triangle in eSpace, split exactly into the three parts of the
//! Minkowski sum of the triangle and the sphere (seed 003 16.18 fig. 16.31, seed 001 12.4–12.9):
//! the face slab ([`face`]), three edge cylinders ([`edge`]) and three vertex spheres
//! ([`vertex`]), each solved as a ray (the swept centre) against that shape.
//!
//! Detection runs [`face_step`] on every candidate, then [`round_step`] on those whose plane it
//! reaches outside them; [`sweep_triangle`] is the two at one limit. [`sweep_triangle_cases`]
//! evaluates every part on its own, for the trace and the inspector. All call the same
//! per-part tests.

pub(crate) mod edge;
pub(crate) mod face;
pub(crate) mod hit;
pub(crate) mod lane;
pub(crate) mod lanes;
pub(crate) mod quadratic;
pub(crate) mod reach;
pub mod roots;
pub(crate) mod touch;
mod triangle;
pub(crate) mod vertex;

use std::cmp::Ordering::Less;

use glam::Vec3;

pub use face::{FacePlane, PartRules, PlaneReach};
pub use hit::{ContactTime, SweepHit};
pub use triangle::TriangleEs;

use super::{CaseMask, Feature, Roots};

/// Sweep the unit sphere centred at `c` along `v` (both eSpace) against `tri`; the first
/// contact in `[0, t_max]` among the enabled parts, or an embedded start.
///
/// Ties (same time) keep the first found in the order face, edges 0..3, vertices 0..3.
#[inline]
pub fn sweep_triangle(
    c: Vec3,
    v: Vec3,
    tri: &TriangleEs,
    mask: CaseMask,
    two_sided: bool,
    t_max: f32,
) -> Option<SweepHit> {
    sweep_triangle_roots(c, v, tri, mask, PartRules::seed(two_sided), t_max)
}

/// [`sweep_triangle`] with the conventions of `rules`: [`Roots::PositiveOnly`] leaves out an
/// edge or vertex the sphere already overlaps (Fauerby 2003's `getLowestRoot` takes roots > 0
/// only), `plane_skipped` the face of a plane it overlaps and moves along.
#[inline]
pub fn sweep_triangle_roots(
    c: Vec3,
    v: Vec3,
    tri: &TriangleEs,
    mask: CaseMask,
    rules: PartRules,
    t_max: f32,
) -> Option<SweepHit> {
    match face_step(c, v, tri, mask, rules, t_max) {
        FaceStep::Done(hit) => hit,
        // At the face test's own limit the plane is in reach, and the bound of `round_step`
        // seldom drops anything (it pays once the face contacts have lowered the limit):
        // straight to the round parts.
        FaceStep::Round(_) => round_parts(c, v, &tri.vertices_es, mask, rules, t_max),
    }
}

/// The first half of [`sweep_triangle_roots`]: the face test's verdict, or the plane's reach
/// where the round parts must decide.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FaceStep {
    /// The triangle's answer.
    Done(Option<SweepHit>),
    /// The edges and vertices decide ([`round_step`]).
    Round(PlaneReach),
}

/// The face test of [`sweep_triangle_roots`]. With the face case on, detection can run the
/// round parts later ([`round_step`]) at a lower limit, once the face contacts of the other
/// triangles have lowered it: the answer is the one `sweep_triangle_roots` gives at that
/// limit.
#[inline]
pub fn face_step(
    c: Vec3,
    v: Vec3,
    tri: &TriangleEs,
    mask: CaseMask,
    rules: PartRules,
    t_max: f32,
) -> FaceStep {
    let reach = match face::sweep_face(c, v, &tri.vertices_es, tri.normal_es, rules, t_max) {
        FacePlane::Unreachable => return FaceStep::Done(None),
        FacePlane::Hit(time, normal_es, point_es) if mask.face => {
            return FaceStep::Done(Some(SweepHit {
                time,
                feature: Feature::Face,
                normal_es,
                point_es,
            }));
        }
        FacePlane::Separating if mask.face => return FaceStep::Done(None),
        FacePlane::Outside(reach) => reach,
        // The face case off: a face contact or a separating start leaves the round parts
        // to decide at this limit (not deferred: `round_step` needs a plane reached outside).
        _ => PlaneReach::WITHIN,
    };
    if !mask.edge && !mask.vertex {
        return FaceStep::Done(None);
    }
    FaceStep::Round(reach)
}

/// The second half of [`sweep_triangle_roots`] at `t_max`, for a triangle whose face step, at
/// a limit no lower and with the face case on, left its edges and vertices to decide (the
/// plane reached outside it, `reach`). `None` at once where the face test at this limit would
/// find the plane out of reach, or where no point of the centre's path by `t_max` comes
/// within 1 of the triangle ([`reach::round_parts_out_of_reach`]).
#[inline]
pub fn round_step(
    c: Vec3,
    v: Vec3,
    tri: &TriangleEs,
    mask: CaseMask,
    rules: PartRules,
    reach: PlaneReach,
    t_max: f32,
) -> Option<SweepHit> {
    if !reach.by(t_max) || reach::round_parts_out_of_reach(c, v, tri, t_max) {
        return None;
    }
    round_parts(c, v, &tri.vertices_es, mask, rules, t_max)
}

/// The six round parts' times four lanes at a time; only the first part's scalar test runs
/// again, for its normal and point (the very same time: see `lanes`).
// perf: unpaid by the 40–54 % of candidates the face test settles (walking slides), commit 86dd5b3
#[inline(never)]
fn round_parts(
    c: Vec3,
    v: Vec3,
    verts: &[Vec3; 3],
    mask: CaseMask,
    rules: PartRules,
    t_max: f32,
) -> Option<SweepHit> {
    if rules.roots == Roots::PositiveOnly || rules.expanded_edges {
        // Exit roots, or Fauerby's quadratic: the lanes find the core's entries only.
        return round_parts_scalar(c, v, verts, mask, rules, t_max);
    }
    match lanes::first_round_part(c, v, verts, mask.edge, mask.vertex, t_max) {
        lanes::RoundPart::None => None,
        lanes::RoundPart::First(i) => round_part(c, v, verts, usize::from(i), t_max)
            .or_else(|| round_parts_scalar(c, v, verts, mask, rules, t_max)),
        lanes::RoundPart::Embedded => round_parts_scalar(c, v, verts, mask, rules, t_max),
    }
}

/// Round part `i` (edge `i` for `0..3`, from vertex `i` to `i + 1`; vertex `i − 3` for
/// `3..6`) by its scalar test.
#[inline]
fn round_part(c: Vec3, v: Vec3, verts: &[Vec3; 3], i: usize, t_max: f32) -> Option<SweepHit> {
    round_part_roots(c, v, verts, i, PartRules::seed(true), t_max)
}

/// [`round_part`] with the conventions of `rules`: [`Roots::PositiveOnly`] meets a part the
/// sphere starts inside at its exit root (Fauerby 2003's `getLowestRoot`), `expanded_edges`
/// solves edges by Fauerby's f32 quadratic.
#[inline]
fn round_part_roots(
    c: Vec3,
    v: Vec3,
    verts: &[Vec3; 3],
    i: usize,
    rules: PartRules,
    t_max: f32,
) -> Option<SweepHit> {
    let k = i % 3;
    let after = rules.roots == Roots::PositiveOnly;
    if i < 3 {
        let (a, b) = (verts[k], verts[(k + 1) % 3]);
        let (time, normal_es, point_es) = if rules.expanded_edges {
            edge::sweep_edge_expanded(c, v, a, b, t_max, after)?
        } else if after {
            edge::sweep_edge_after_start(c, v, a, b, t_max)?
        } else {
            edge::sweep_edge(c, v, a, b, t_max)?
        };
        Some(SweepHit {
            time,
            feature: Feature::Edge(k as u8),
            normal_es,
            point_es,
        })
    } else {
        let (time, normal_es) = if after {
            vertex::sweep_vertex_after_start(c, v, verts[k], t_max)?
        } else {
            vertex::sweep_vertex(c, v, verts[k], t_max)?
        };
        Some(SweepHit {
            time,
            feature: Feature::Vertex(k as u8),
            normal_es,
            point_es: verts[k],
        })
    }
}

/// The enabled edges then vertices, each by its scalar test, the first contact kept (the
/// first found on ties): where a round part already overlaps the centre.
fn round_parts_scalar(
    c: Vec3,
    v: Vec3,
    verts: &[Vec3; 3],
    mask: CaseMask,
    rules: PartRules,
    t_max: f32,
) -> Option<SweepHit> {
    let enabled = |i: usize| if i < 3 { mask.edge } else { mask.vertex };
    (0..6)
        .filter(|&i| enabled(i))
        .filter_map(|i| round_part_roots(c, v, verts, i, rules, t_max))
        .fold(None, |best: Option<SweepHit>, hit| match best {
            // Replaced only by a strictly earlier contact (the first found on ties).
            Some(b) if hit.time.sort_key().partial_cmp(&b.time.sort_key()) != Some(Less) => Some(b),
            _ => Some(hit),
        })
}

/// The per-triangle test detection runs (seed 001's `SphereIntersectTriangle` role): the
/// decomposed solver by default, any other sweep solver that works in eSpace otherwise (each
/// implements this trait in its own file). Generic, so the default path pays nothing.
pub trait NarrowPhase {
    /// Whether [`sweep_triangle`](NarrowPhase::sweep_triangle) is `face_step` then the round
    /// parts at the same limit: detection may then run every candidate's face step first and
    /// the round parts after (`round_step`), at the limit the face contacts left
    /// (`detect`'s scan, on the gathered list and on the walk alike).
    const FACE_FIRST: bool = false;

    /// Same contract as the decomposed `sweep_triangle`: the first contact in `[0, t_max]`
    /// among the enabled parts, or an embedded start.
    fn sweep_triangle(
        &self,
        c: Vec3,
        v: Vec3,
        tri: &TriangleEs,
        mask: CaseMask,
        two_sided: bool,
        t_max: f32,
    ) -> Option<SweepHit>;
}

/// The outcome of one part of the Minkowski sum for one triangle (for the trace).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum CaseOutcome {
    /// Switched off in the case mask.
    Disabled,
    /// One-sided mode and the centre is behind the triangle (or, by `BackFaces::Velocity`, the
    /// motion leaves its front): not tested.
    Culled,
    /// No contact in `[0, 1]`.
    Miss,
    /// A contact at this time.
    Hit(ContactTime),
}

/// Every part of the Minkowski sum of one triangle, tested on its own over `[0, 1]`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CaseResults {
    pub face: CaseOutcome,
    /// Edge `i` runs from vertex `i` to vertex `(i + 1) % 3`.
    pub edges: [CaseOutcome; 3],
    pub vertices: [CaseOutcome; 3],
}

impl CaseResults {
    /// Every enabled part culled (a one-sided level's triangle not tested at all).
    pub fn culled(mask: CaseMask) -> Self {
        let part = |on: bool| {
            if on {
                CaseOutcome::Culled
            } else {
                CaseOutcome::Disabled
            }
        };
        Self {
            face: part(mask.face),
            edges: [part(mask.edge); 3],
            vertices: [part(mask.vertex); 3],
        }
    }
}

/// Tests the face slab, each edge cylinder and each vertex sphere independently (no pruning by
/// other parts or other triangles), so the inspector can show the contacts that lost.
pub fn sweep_triangle_cases(
    c: Vec3,
    v: Vec3,
    tri: &TriangleEs,
    mask: CaseMask,
    rules: PartRules,
) -> CaseResults {
    let verts = &tri.vertices_es;
    let culled = !rules.two_sided && (c - verts[0]).dot(tri.normal_es) < 0.0;
    let outcome = |enabled: bool, time: Option<ContactTime>| {
        if !enabled {
            CaseOutcome::Disabled
        } else if culled {
            CaseOutcome::Culled
        } else {
            time.map_or(CaseOutcome::Miss, CaseOutcome::Hit)
        }
    };
    // The face's outcome, every round part missing.
    let only_face = |face| CaseResults {
        face: outcome(mask.face, face),
        edges: [outcome(mask.edge, None); 3],
        vertices: [outcome(mask.vertex, None); 3],
    };
    let face = match face::sweep_face(c, v, verts, tri.normal_es, rules, 1.0) {
        FacePlane::Hit(time, _, _) => Some(time),
        // The plane is never within reach: no edge or vertex is either.
        FacePlane::Unreachable => return only_face(None),
        _ => None,
    };
    // No round part within reach by t = 1: each misses (the bound detection uses).
    if reach::round_parts_out_of_reach(c, v, tri, 1.0) {
        return only_face(face);
    }
    // Every part's own time, four lanes at a time; a part the centre overlaps by its scalar
    // test (its embedded branch decides); exit roots by the scalar tests alone (the lanes
    // find entries only).
    let lanes = (rules.roots == Roots::AtZero && !rules.expanded_edges)
        .then(|| lanes::round_times(c, v, verts, true, true, 1.0));
    let time = |i: usize| {
        let Some(lanes) = &lanes else {
            return round_part_roots(c, v, verts, i, rules, 1.0).map(|h| h.time);
        };
        if lanes.embedded & (1 << i) == 0 {
            let t = lanes.times[i];
            return (!t.is_nan()).then_some(ContactTime::Toi(t));
        }
        round_part(c, v, verts, i, 1.0).map(|h| h.time)
    };
    CaseResults {
        face: outcome(mask.face, face),
        edges: std::array::from_fn(|i| outcome(mask.edge, time(i))),
        vertices: std::array::from_fn(|i| outcome(mask.vertex, time(3 + i))),
    }
}
