//! Bug classes of a diverging move that no convention explains and no earlier move caused,
//! named by their cause from the per-iteration comparison and the game's own geometry: the
//! failures reported against real ports (Babylon.js `Collider`, Fauerby-style code). Each
//! test here looks at the move alone; [`BugClass::contradicted`] drops a class the rest of the
//! file rules out (no "ignores face contacts" for a game that reports face contacts).

use glam::Vec3;
use serde::{Deserialize, Serialize};

use crate::collision::debug::distance_to_triangle;
use crate::collision::{
    CaseKind, CaseMask, CollisionMesh, ContactSource, ContactTime, DynamicScene, Ellipsoid,
    Scratch, SlideSettings, Trace, raycast, sweep,
};
use crate::probe::{ProbeLevel, shadow};
use crate::sim::detectors::skin_violation;
use crate::sim::{Cause, FrameRecord, GameMove, ShadowTolerance};

/// A named failure of the game's controller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BugClass {
    /// The game's end or integration velocity is NaN or infinite (a contact at t = 0 divided
    /// 0/0, …): its own class, never a cascade.
    NonFiniteResult,
    /// A game contact on a triangle's corner away from where the level has it, and the
    /// reference agrees with that corner moved there: the game changed its own copy of the
    /// level (jesters-bakery's padding moves the corner it met, in place).
    MovedCorner,
    /// The reference agrees once its edge cylinders are off: the game's detection has none.
    IgnoresEdges,
    /// The same for the vertex spheres.
    IgnoresVertices,
    /// The same for the face slab.
    IgnoresFaces,
    /// A game contact whose touched point lies in its triangle's plane but away from the
    /// triangle: its point-in-triangle test passed a point outside it (Fauerby 2003's sign-bit
    /// test does on a triangle of almost no area, whose plane then acts as a wall anywhere).
    OffTriangle,
    /// A game face contact whose touched point is the one the motion would reach at its end
    /// (the start, less the plane's normal, plus the whole velocity), not at the contact:
    /// `basePoint - normal + velocity` with the root left out (kouchkarting's
    /// `WorldCollision`; Fauerby 2003 adds `t0 * velocity`). Its point-in-triangle test then
    /// asks about the wrong place, and its slide plane tilts toward the motion.
    PointAtMotionEnd,
    /// A contact whose normal points to the side of the triangle the centre is not on: the
    /// push-out goes into the surface (two-sided triangles solved as if from the front).
    PushedIntoBackFace,
    /// The game's path enters a triangle the reference hits first (or the game reports no
    /// contact at all in a move whose first detection the reference ends on one: its padding
    /// may stop it short of entering), and none of the game's contacts of the move names it:
    /// its detection never found that triangle (a broad phase that skipped it, a narrow
    /// phase that missed it), in a file whose contacts name triangles.
    MissedTriangle,
    /// The reference starts the iteration overlapping a triangle (t = 0); the game saw nothing
    /// there (its contact, if any, is on another triangle).
    MissedEmbeddedContact,
    /// The reference starts the iteration overlapping; the game's contact came later (t > 0)
    /// on the same triangle: the root where the centre leaves the Minkowski sum.
    ContactAtExitRoot,
    /// The game's centre passed through a triangle between its start and its end.
    Tunnelled,
    /// The reference agrees once Linahan's crease motion is measured along `n1 × n2` before
    /// it is normalised ([`DebugKnobs::crease_unnormalised`]): the game's slide along a
    /// crease is shortened by the sine of its two planes' angle.
    ///
    /// [`DebugKnobs::crease_unnormalised`]: crate::collision::DebugKnobs::crease_unnormalised
    ShortenedCrease,
    /// The game's end is the reference's with the last push-back reversed: its padding moved
    /// the centre toward the surface it touched, not away (a sign slip in the padding).
    ReversedPushBack,
    /// The game's end overlaps the level.
    EndedInsideLevel,
    /// The move starts overlapping the level deeper than its skin with no earlier divergence
    /// to blame; named before any convention when the game put the mover there (its first
    /// move, or a teleport: a spawn inside a wall, a position read before it was set).
    StartedInsideLevel,
    /// The game's integration velocity is longer than the velocity it asked for.
    GainedSpeed,
    /// The game ran out of iterations where the reference did not.
    IterationsExhausted,
}

impl BugClass {
    pub fn label(self) -> &'static str {
        match self {
            Self::NonFiniteResult => "a NaN or infinite result",
            Self::MovedCorner => {
                "met a corner away from where the level has it (the game moved its copy of the triangle)"
            }
            Self::MissedTriangle => "its detection never reported a triangle its motion reaches",
            Self::IgnoresEdges => "ignores edge contacts (no edge cylinders in its detection)",
            Self::IgnoresVertices => "ignores vertex contacts (no vertex spheres)",
            Self::IgnoresFaces => "ignores face contacts (no face slab)",
            Self::OffTriangle => {
                "met a triangle away from it (its point-in-triangle test passed a point outside the triangle)"
            }
            Self::PointAtMotionEnd => {
                "took the touched point at the end of the motion, not at the contact (its plane's point lacks the root t)"
            }
            Self::PushedIntoBackFace => "pushed into a back face",
            Self::MissedEmbeddedContact => "missed an embedded contact",
            Self::ContactAtExitRoot => "contact at the exit root",
            Self::Tunnelled => "tunnelled",
            Self::ShortenedCrease => {
                "slid short along a crease (the crease not normalised before the motion is measured along it)"
            }
            Self::ReversedPushBack => "padded into the surface (its last push-back reversed)",
            Self::EndedInsideLevel => "ended inside the level",
            Self::StartedInsideLevel => "started inside the level",
            Self::GainedSpeed => "gained speed",
            Self::IterationsExhausted => "iterations exhausted",
        }
    }
}

impl BugClass {
    /// The part of the Minkowski sum whose absence this class is.
    pub fn missing_part(self) -> Option<CaseKind> {
        match self {
            Self::IgnoresEdges => Some(CaseKind::Edge),
            Self::IgnoresVertices => Some(CaseKind::Vertex),
            Self::IgnoresFaces => Some(CaseKind::Face),
            _ => None,
        }
    }

    /// Whether what the file shows of the game rules this class out: `seen`, the parts of
    /// the Minkowski sum its contacts name anywhere in the file (`None`: it names none);
    /// `names_triangles`, whether any of its contacts names a triangle.
    pub fn contradicted(self, seen: Option<CaseMask>, names_triangles: bool) -> bool {
        if self == Self::MissedTriangle {
            return !names_triangles;
        }
        let Some(part) = self.missing_part() else {
            return false;
        };
        seen.is_none_or(|s| s.allows(part))
    }
}

/// Every class a flagged move fits, in order of precedence, each with its depth (m, for an
/// end inside the level): `missing_part` re-solves with a case mask (the parts whose absence
/// makes the reference agree); `start_unsound` as [`starts_unsound`] says of the game's start.
pub fn candidates(
    record: &FrameRecord,
    (game, start_unsound): (&GameMove, bool),
    level: &ProbeLevel,
    tol: &ShadowTolerance,
    missing_part: impl FnMut(CaseMask) -> bool,
) -> Vec<(BugClass, Option<f32>)> {
    if non_finite(game) {
        return vec![(BugClass::NonFiniteResult, None)];
    }
    let mut found: Vec<(BugClass, Option<f32>)> = Vec::new();
    found.extend(from_first_row(record, game, tol).map(|c| (c, None)));
    found.extend(missing_parts(missing_part).into_iter().map(|c| (c, None)));
    if missed_triangle(record, game, level, tol) {
        found.push((BugClass::MissedTriangle, None));
    }
    found.extend(classify(record, game, level, tol));
    if start_unsound {
        found.push((BugClass::StartedInsideLevel, None));
    }
    found
}

/// Whether the game's result (end or integration velocity) is NaN or infinite.
pub fn non_finite(game: &GameMove) -> bool {
    game.result
        .is_some_and(|r| !(r.end.is_finite() && r.integration_velocity.is_finite()))
}

/// The first of the classes read from the game's own geometry and result, with the depth (m,
/// along the deepest triangle's normal, for an end inside the level).
fn classify(
    record: &FrameRecord,
    game: &GameMove,
    level: &ProbeLevel,
    tol: &ShadowTolerance,
) -> Option<(BugClass, Option<f32>)> {
    let plain = |c| Some((c, None));
    // A point taken at the motion's end tilts the normal and misplaces the contact: first.
    if point_at_motion_end(game, level, &record.trace) {
        return plain(BugClass::PointAtMotionEnd);
    }
    // A contact off its triangle has a normal from either side (a sliver's is noise).
    if off_triangle(game, level) {
        return plain(BugClass::OffTriangle);
    }
    // A normal that points into the surface reverses the push-back too: the cause comes first.
    if pushed_into_back_face(game, level) {
        return plain(BugClass::PushedIntoBackFace);
    }
    if reversed_push_back(record, game, tol) {
        return plain(BugClass::ReversedPushBack);
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
        .unwrap_or(record.call.settings.tuning.max_iterations);
    let ran = game.result.map_or(0, |r| r.iterations);
    if ran >= limit && record.trace.iterations.len() as u32 > limit.min(ran) {
        return plain(BugClass::IterationsExhausted);
    }
    None
}

/// Whether the game's end is the reference's moved back by twice its last push-back (the move
/// from the touching centre to the padded one, whatever the padding's direction and units),
/// within `tol`: where the reference padded away from the surface, the game padded into it.
fn reversed_push_back(record: &FrameRecord, game: &GameMove, tol: &ShadowTolerance) -> bool {
    (record.outcome.slide()).is_some_and(|r| reversed_end(game, r.position, &record.trace, tol))
}

/// Whether the reference, re-run on `game`'s inputs with `settings` (a port's rules the move's
/// own settings lack), ends where the game did once its last push-back is reversed.
pub fn reversed_under(
    scene: (&ProbeLevel, &DynamicScene),
    game: &GameMove,
    settings: &SlideSettings,
    tol: &ShadowTolerance,
    (scratch, trace): (&mut Scratch, &mut Trace),
) -> bool {
    let Some(end) = game.result.map(|r| r.end) else {
        return false;
    };
    shadow::resolve_under(scene, game, settings, (scratch, &mut *trace), true)
        .is_some_and(|r| ends_reversed(end, r.position, trace, tol))
}

/// Whether the game's end is `reference` (a re-solve's end, whose contacts `trace` holds)
/// with its last push-back reversed.
pub fn reversed_end(
    game: &GameMove,
    reference: Vec3,
    trace: &Trace,
    tol: &ShadowTolerance,
) -> bool {
    game.result
        .is_some_and(|r| ends_reversed(r.end, reference, trace, tol))
}

/// `end` is `reference` moved back by twice the last push-back of `trace`; a push-back whose
/// reversal moves the end less than the tolerance tells nothing.
fn ends_reversed(end: Vec3, reference: Vec3, trace: &Trace, tol: &ShadowTolerance) -> bool {
    let last = trace.iterations.iter().rev().find_map(|it| {
        let touching = it.contacts.first()?.center;
        Some(it.response.as_ref()?.new_center - touching)
    });
    last.is_some_and(|push| {
        2.0 * push.length() > tol.position_m
            && end.distance(reference - 2.0 * push) <= tol.position_m
    })
}

/// The parts of the Minkowski sum whose absence from the reference makes it agree with the
/// game (`agrees` re-solves with a case mask); whether the game lacks them is the file's to
/// say ([`BugClass::contradicted`]).
fn missing_parts(mut agrees: impl FnMut(CaseMask) -> bool) -> Vec<BugClass> {
    [
        (CaseKind::Edge, BugClass::IgnoresEdges),
        (CaseKind::Vertex, BugClass::IgnoresVertices),
        (CaseKind::Face, BugClass::IgnoresFaces),
    ]
    .into_iter()
    .filter(|&(kind, _)| agrees(CaseMask::ALL.with(kind, false)))
    .map(|(_, class)| class)
    .collect()
}

/// Whether `game` starts unsound: not finite, or overlapping the level deeper than its skin
/// (`skin_es`) — where a move that follows a diverging one is that one's cascade.
pub fn starts_unsound(game: &GameMove, level: &ProbeLevel, skin_es: f32) -> bool {
    start_depth_es(game, level).is_some_and(|d| d > skin_es)
}

/// The start overlaps the level beyond float noise ([`skin_violation::OVERLAP_REPORT_ES`]),
/// however thin the game's skin: not finite counts as inside.
pub fn starts_inside(game: &GameMove, level: &ProbeLevel) -> bool {
    start_depth_es(game, level).is_some()
}

/// How deep the start overlaps the level (eSpace; infinite when the start is not an
/// ellipsoid), `None` when it is clear.
pub fn start_depth_es(game: &GameMove, level: &ProbeLevel) -> Option<f32> {
    let Ok(e) = Ellipsoid::with_axes(game.input.start, game.input.radii, game.input.axes) else {
        return Some(f32::INFINITY);
    };
    skin_violation::any_overlap(level.collision(), &e, e.center).map(|o| o.depth_es)
}

/// The first diverging iteration against an embedded reference contact: missed (the game's
/// contact, if any, is on another triangle), or met at its exit root (the same triangle,
/// t > 0).
fn from_first_row(
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
            match g.triangle {
                Some(t) if t != core.triangle => Some(BugClass::MissedEmbeddedContact),
                _ => (g.t > 0.0).then_some(BugClass::ContactAtExitRoot),
            }
        }
        _ => None,
    }
}

/// Whether the reference's contact at the first diverging iteration (the first iteration for
/// a game that reports none) is on a level triangle that none of the game's contacts of the
/// move names, while the game's own path (start, contact centres, end) sweeps into it.
fn missed_triangle(
    record: &FrameRecord,
    game: &GameMove,
    level: &ProbeLevel,
    tol: &ShadowTolerance,
) -> bool {
    // A game that reports no contact parts at the reference's first.
    let first = game.contacts.is_empty().then_some(0);
    let Some(i) = game.comparison.verdict(tol).iteration.or(first) else {
        return false;
    };
    let Some(core) = record
        .trace
        .iterations
        .get(i as usize)
        .and_then(|it| it.contacts.first())
    else {
        return false;
    };
    let named = game
        .contacts
        .iter()
        .any(|c| c.triangle == Some(core.triangle));
    if core.source != ContactSource::Static || named {
        return false;
    }
    let Some(tri) = level.collision().get_triangle(core.triangle) else {
        return false;
    };
    // A game that reports no contact at all was asked to move into the triangle the
    // reference hits: its own padding may stop it short of entering.
    (game.contacts.is_empty() && i == 0) || path_enters(game, &tri.vertices)
}

/// How far into a leg (fraction) the game's ellipsoid must reach a triangle for the leg to
/// enter it: a leg that ends resting on it does not.
const ENTERS_BEFORE: f32 = 1.0 - 1e-3;
/// How deep (eSpace) a leg's start must overlap a triangle to be inside it.
const INSIDE_ES: f32 = 1e-3;

/// Whether the game's ellipsoid, moved along its path, enters `triangle` (world).
fn path_enters(game: &GameMove, triangle: &[Vec3; 3]) -> bool {
    let Ok(one) = CollisionMesh::from_triangles(&[*triangle]) else {
        return false;
    };
    let (radii, axes) = (game.input.radii, game.input.axes);
    let settings = SlideSettings::default();
    game.path(game.input.start).windows(2).any(|leg| {
        Ellipsoid::with_axes(leg[0], radii, axes)
            .and_then(|e| sweep(&one, &e, leg[1] - leg[0], &settings))
            .is_ok_and(|hit| {
                hit.is_some_and(|h| match h.time {
                    ContactTime::Toi(t) => t < ENTERS_BEFORE,
                    ContactTime::Embedded { depth_es } => depth_es > INSIDE_ES,
                })
            })
    })
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

/// How far (eSpace, in the triangle's plane) a game's touched point may lie outside its
/// triangle, past the move's skin, before [`BugClass::OffTriangle`]: far above the rounding of
/// contact points (1e-5) and a tenth of a radius; a port may report its point padded back
/// along the motion by its skin (Irrlicht's `hitPosition`). A sliver's far points lie metres off.
const OFF_TRIANGLE_ES: f32 = 0.1;

/// A game contact whose touched point, taken into its triangle's plane, lies more than
/// [`OFF_TRIANGLE_ES`] and the move's skin outside the triangle (eSpace, from its first corner).
fn off_triangle(game: &GameMove, level: &ProbeLevel) -> bool {
    let input = &game.input;
    let Ok(e) = Ellipsoid::with_axes(input.start, input.radii, input.axes) else {
        return false;
    };
    let space = e.space();
    let limit = OFF_TRIANGLE_ES + game.skin_es.unwrap_or(0.0).max(0.0);
    game.contacts.iter().any(|c| {
        let Some(tri) = c.triangle.and_then(|t| level.collision().get_triangle(t)) else {
            return false;
        };
        let [a, b, d] = tri.vertices;
        let tri_es = [
            Vec3::ZERO,
            space.vector_to_es(b - a),
            space.vector_to_es(d - a),
        ];
        outside_in_plane(&tri_es, space.vector_to_es(c.point - a)) > limit
    })
}

/// How near (eSpace) a game's touched point must lie to the motion's end point for
/// [`BugClass::PointAtMotionEnd`]: ten times the rounding of an f32 point 100 eSpace from the
/// origin.
const AT_END_ES: f32 = 1e-4;
/// How many times nearer the motion's end point than the point touched at the game's centre
/// the game's touched point must lie (and at least four times the rounding, 1e-5, from the
/// latter): a short motion met near its end (a fall of 3 mm met at t = 0.85) parts the two
/// points by less than a millimetre.
const NEARER_END: f32 = 4.0;

/// A game contact that names a triangle, at iteration 0 or where the reference's iteration
/// began where the game's did (the iterations before it agree): its touched point is that
/// iteration's start less the triangle's unit normal (toward the start) plus the iteration's
/// whole velocity, in eSpace, and lies [`NEARER_END`] times nearer it than the point touched at
/// its centre (`centre − normal`). An iteration's start and velocity after the first are the
/// reference's (`trace`): they are the game's only where the earlier iterations agree, and
/// elsewhere the point lies nowhere near.
fn point_at_motion_end(game: &GameMove, level: &ProbeLevel, trace: &Trace) -> bool {
    let input = &game.input;
    let Ok(e) = Ellipsoid::with_axes(input.start, input.radii, input.axes) else {
        return false;
    };
    let space = e.space();
    let began = |k: u32| match k {
        0 => Some((input.start, input.velocity)),
        k => (trace.iterations.get(k as usize)).map(|it| (it.start_center, it.velocity)),
    };
    game.contacts.iter().any(|c| {
        let Some(tri) = c.triangle.and_then(|t| level.collision().get_triangle(t)) else {
            return false;
        };
        let Some((start, velocity)) = began(c.iteration) else {
            return false;
        };
        let [a, b, d] = tri.vertices.map(|p| space.vector_to_es(p - start));
        let Some(mut n) = (b - a).cross(d - a).try_normalize() else {
            return false;
        };
        if a.dot(n) > 0.0 {
            n = -n; // toward the start, which is the origin here
        }
        let point = space.vector_to_es(c.point - start);
        let at_end = space.vector_to_es(velocity) - n;
        let touched = space.vector_to_es(c.center - start) - n;
        let from_end = point.distance(at_end);
        from_end <= AT_END_ES && point.distance(touched) > NEARER_END * from_end.max(1e-5)
    })
}

/// How far `p`, taken into the plane of `tri`, lies from `tri` (0 inside it); a triangle
/// with no plane is its edges.
fn outside_in_plane(tri: &[Vec3; 3], p: Vec3) -> f32 {
    let n = (tri[1] - tri[0]).cross(tri[2] - tri[0]).try_normalize();
    let q = n.map_or(p, |n| p - n * (p - tri[0]).dot(n));
    distance_to_triangle(q, *tri)
}

/// Whether the straight path of the centre from `start` to `end` passes through a triangle.
pub fn crosses_a_triangle(level: &ProbeLevel, start: Vec3, end: Vec3) -> bool {
    let d = end - start;
    let len = d.length();
    len > 1e-6
        && raycast(level.collision(), start, d / len, len)
            .ok()
            .flatten()
            .is_some()
}
