//! Bug classes of a diverging move that no convention explains and no earlier move caused,
//! named from the per-iteration comparison and the game's own geometry: the failures reported
//! against real ports (Babylon.js `Collider`, Fauerby-style code).

use glam::Vec3;
use serde::Serialize;

use crate::collision::{CaseKind, CaseMask, ContactTime, Ellipsoid, raycast};
use crate::probe::ProbeLevel;
use crate::sim::detectors::skin_violation;
use crate::sim::{Cause, FrameRecord, GameMove, ShadowTolerance};

/// A named failure of the game's controller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BugClass {
    /// The reference agrees once its edge cylinders are off: the game's detection has none.
    IgnoresEdges,
    /// The same for the vertex spheres.
    IgnoresVertices,
    /// The same for the face slab.
    IgnoresFaces,
    /// A contact whose normal points to the side of the triangle the centre is not on: the
    /// push-out goes into the surface (two-sided triangles solved as if from the front).
    PushedIntoBackFace,
    /// The reference starts the iteration overlapping a triangle (t = 0); the game saw nothing.
    MissedEmbeddedContact,
    /// The reference starts the iteration overlapping; the game's contact came later (t > 0):
    /// the root where the centre leaves the Minkowski sum.
    ContactAtExitRoot,
    /// The game's centre passed through a triangle between its start and its end.
    Tunnelled,
    /// The game's end overlaps the level.
    EndedInsideLevel,
    /// The move starts overlapping the level with no earlier divergence to blame.
    StartedInsideLevel,
    /// The game's integration velocity is longer than the velocity it asked for.
    GainedSpeed,
    /// The game ran out of iterations where the reference did not.
    IterationsExhausted,
}

impl BugClass {
    pub fn label(self) -> &'static str {
        match self {
            Self::IgnoresEdges => "ignores edge contacts (no edge cylinders in its detection)",
            Self::IgnoresVertices => "ignores vertex contacts (no vertex spheres)",
            Self::IgnoresFaces => "ignores face contacts (no face slab)",
            Self::PushedIntoBackFace => "pushed into a back face",
            Self::MissedEmbeddedContact => "missed an embedded contact",
            Self::ContactAtExitRoot => "contact at the exit root",
            Self::Tunnelled => "tunnelled",
            Self::EndedInsideLevel => "ended inside the level",
            Self::StartedInsideLevel => "started inside the level",
            Self::GainedSpeed => "gained speed",
            Self::IterationsExhausted => "iterations exhausted",
        }
    }
}

/// The class of a flagged move, with the depth (m, along the deepest triangle's normal, for an
/// end inside the level), or `None`: unexplained.
pub fn classify(
    record: &FrameRecord,
    game: &GameMove,
    level: &ProbeLevel,
) -> Option<(BugClass, Option<f32>)> {
    let plain = |c| Some((c, None));
    if pushed_into_back_face(game, level) {
        return plain(BugClass::PushedIntoBackFace);
    }
    let end = game.result.map(|r| r.end)?;
    let e = Ellipsoid::with_axes(game.input.start, game.input.radii, game.input.axes).ok()?;
    if crosses_a_triangle(level, game.input.start, end) {
        return plain(BugClass::Tunnelled);
    }
    if let Some(o) = record.findings.overlap.filter(|o| o.game) {
        let depth_m = o.depth_es * e.radii.min_element();
        return Some((BugClass::EndedInsideLevel, Some(depth_m)));
    }
    if record.findings.speed_gain.is_some() {
        return plain(BugClass::GainedSpeed);
    }
    let limit = game
        .max_iterations
        .unwrap_or(record.settings.tuning.max_iterations);
    let ran = game.result.map_or(0, |r| r.iterations);
    if ran >= limit && record.trace.iterations.len() as u32 > limit.min(ran) {
        return plain(BugClass::IterationsExhausted);
    }
    None
}

/// The part of the Minkowski sum whose absence from the reference makes it agree with the game
/// (tried after no convention did), among the parts the game has never reported a contact
/// with (`seen`): `agrees` re-solves with a case mask.
pub fn missing_case(seen: CaseMask, mut agrees: impl FnMut(CaseMask) -> bool) -> Option<BugClass> {
    [
        (CaseKind::Edge, BugClass::IgnoresEdges),
        (CaseKind::Vertex, BugClass::IgnoresVertices),
        (CaseKind::Face, BugClass::IgnoresFaces),
    ]
    .into_iter()
    .filter(|&(kind, _)| !seen.allows(kind))
    .find(|&(kind, _)| agrees(CaseMask::ALL.with(kind, false)))
    .map(|(_, class)| class)
}

/// Whether `game` starts overlapping the level (beyond the detectors' report threshold).
pub fn starts_inside(game: &GameMove, level: &ProbeLevel) -> bool {
    Ellipsoid::with_axes(game.input.start, game.input.radii, game.input.axes)
        .is_ok_and(|e| skin_violation::any_overlap(level.collision(), &e, e.center).is_some())
}

/// The first diverging iteration against an embedded reference contact: missed, or met at its
/// exit root. Checked before everything else.
pub fn from_first_row(
    record: &FrameRecord,
    game: &GameMove,
    tol: &ShadowTolerance,
) -> Option<BugClass> {
    let verdict = game.comparison.verdict(tol);
    let i = verdict.iteration?;
    let core = record.trace.iterations.get(i as usize)?.contacts.first()?;
    if !matches!(core.time, ContactTime::Embedded { .. }) {
        return None;
    }
    match verdict.cause? {
        Cause::ContactMissing => Some(BugClass::MissedEmbeddedContact),
        Cause::ContactPosition | Cause::ContactNormal => {
            let g = game.contacts.iter().find(|c| c.iteration == i)?;
            (g.t > 0.0).then_some(BugClass::ContactAtExitRoot)
        }
        _ => None,
    }
}

/// A game contact whose normal points away from the side of its triangle the centre is on.
fn pushed_into_back_face(game: &GameMove, level: &ProbeLevel) -> bool {
    game.contacts.iter().any(|c| {
        let Some(tri) = c.triangle.and_then(|t| level.collision().get_triangle(t)) else {
            return false;
        };
        let [a, b, d] = tri.vertices;
        let Some(n) = (b - a).cross(d - a).try_normalize() else {
            return false;
        };
        let side = (c.center - a).dot(n);
        let facing = c.normal.dot(n);
        side * facing < 0.0 && facing.abs() > 0.5 && side.abs() > 1e-4
    })
}

/// Whether the straight path of the centre from `start` to `end` passes through a triangle.
fn crosses_a_triangle(level: &ProbeLevel, start: Vec3, end: Vec3) -> bool {
    let d = end - start;
    let len = d.length();
    len > 1e-6
        && raycast(level.collision(), start, d / len, len)
            .ok()
            .flatten()
            .is_some()
}
