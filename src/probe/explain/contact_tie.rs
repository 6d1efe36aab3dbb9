//! Ties at touching: a divergence float rounding decides where the game's contacts and the
//! reference's first name different triangles. Each side rounds a graze its own way (a port
//! in f32 holds eSpace coordinates of a hundred units, whose last bit is 1e-5), so:
//!
//! - a *touch*: the game met a triangle the reference's sphere passes within [`NOISE_ES`]
//!   of, or passed one the reference's sphere reaches no deeper than that;
//! - *two at once*: the game met a triangle within [`NOISE_ES`] (along the motion) of the
//!   one the reference met first, and a port takes the one it tests first;
//! - *along a plane*: the game met again, iteration after iteration, the plane the reference
//!   met before and now slides along, touching it within [`NOISE_ES`] with a motion that
//!   enters or leaves it by no more (a port that pads along the velocity keeps its centre at
//!   touching, and its f32 projection tips the motion into the plane by its last bits).
//!
//! - a *graze*: the game met the reference's contact (its triangle, at the same iteration) at
//!   another centre, along a motion so nearly in the contact's plane that a plane distance off
//!   by no more than [`NOISE_ES`] moves the centre that far along the motion.
//!
//! - a *touching start*: the game met at once what its start touches within [`NOISE_ES`],
//!   and the recorded f32 start's last bits decide where every later contact lies
//!   ([`touching_ends_agree`]).
//!
//! Neither side is wrong. A move is at a touch or two-at-once tie only when settling it the
//! game's way makes the reference agree: the sphere grown (or shrunk) just past the gap, or
//! the reference's triangle taken out of the way (the move re-solved on the triangles near
//! it); along a plane, when the ends agree with the game's repeated contacts set aside; at a
//! touching start, when the start nudged toward the contact makes the reference meet it where
//! the game did and end where the game did. A recorded start inside a triangle is no tie,
//! nor a contact with a moving object.

use glam::Vec3;

use super::super::ProbeLevel;
use super::tie::Tie;
use crate::collision::{
    Aabb, CaseKind, CollisionMesh, CollisionWorld, Contact, ContactSource, ContactTime,
    DynamicScene, ESpace, Ellipsoid, IterationTrace, Scratch, SlideSettings, Trace,
    collide_and_slide_in, sweep,
};
use crate::probe::shadow::{agrees_in, agrees_under, resolve_under};
use crate::sim::move_comparison::IterationRow;
use crate::sim::{Comparison, FrameRecord, GameMove, ShadowTolerance, StepOutcome};

/// The widest gap (eSpace) a tie spans: 16 of the last bits of an f32 coordinate 100 radii
/// from the origin (the game's rounding), far under a position tolerance of 0.1 mm on a
/// radius of 0.4 m (2.5e-4 eSpace).
pub const NOISE_ES: f32 = 1e-4;

/// Halvings of the gap searched for the size of a touch: to 2e-7 eSpace, the f32 step at 1.
const HALVINGS: u32 = 9;

/// Where the game's contacts and the reference's first name different triangles.
#[derive(Debug, Clone, Copy)]
enum Apart<'a> {
    /// The game met `triangle` at iteration `it` (number `index`); the reference's detection
    /// found nothing.
    Extra {
        it: &'a IterationTrace,
        index: usize,
        triangle: u32,
    },
    /// The reference met `contact` at iteration `it`; the game found nothing there.
    Missing {
        it: &'a IterationTrace,
        contact: &'a Contact,
    },
    /// The game met the reference's first `contact` (its triangle) at `center` (world), not
    /// where the reference did.
    Placed {
        it: &'a IterationTrace,
        contact: &'a Contact,
        center: Vec3,
    },
    /// The game met `triangle`, the reference `contact` first (`triangle` may be among its
    /// simultaneous ones).
    Other {
        it: &'a IterationTrace,
        triangle: u32,
        contact: &'a Contact,
    },
}

/// The tie a flagged move is at, if settling it the game's way makes the reference (the
/// move's `record`, re-solved in `world` with `settings`) agree.
pub fn settled(
    world: (&ProbeLevel, &DynamicScene),
    record: &FrameRecord,
    game: &GameMove,
    settings: &SlideSettings,
    tol: &ShadowTolerance,
) -> Option<Tie> {
    let level = world.0;
    let apart = first_apart(&record.trace, game, None)
        .or_else(|| first_apart(&record.trace, game, Some(tol)));
    match apart? {
        Apart::Extra {
            it,
            index,
            triangle,
        } => {
            let touch = gap_es(level, (it, settings), game, triangle, true)
                .is_some_and(|gap| grown(world, game, settings, tol, 1.0 + gap));
            if touch {
                return Some(Tie::Touch);
            }
            let whole = CollisionWorld::new(level.collision(), world.1);
            if index == 0 && touching_ends_agree(whole, game, settings, tol) {
                return Some(Tie::TouchingStart);
            }
            let apart = (it, index, triangle);
            along(world, record, apart, game, (settings, tol)).then_some(Tie::AlongPlane)
        }
        Apart::Missing { it, contact } => {
            let gap = gap_es(level, (it, settings), game, contact.triangle, false)?;
            grown(world, game, settings, tol, 1.0 - gap).then_some(Tie::Touch)
        }
        Apart::Placed {
            it,
            contact,
            center,
        } => {
            // The sizes an f32 radius takes are too coarse to land a steep graze's contact
            // within the tolerance: where the ends agree, the contact's place is all that parts.
            let resize = graze_es(it, contact, center, game)?;
            let ends_agree = (record.outcome.slide().zip(game.result))
                .is_some_and(|(r, g)| r.position.distance(g.end) <= tol.position_m);
            (ends_agree || grown(world, game, settings, tol, 1.0 + resize)).then_some(Tie::Graze)
        }
        Apart::Other {
            it,
            triangle,
            contact,
        } => {
            // The move is re-solved without the reference's triangle: the level alone.
            if !world.1.is_empty() {
                return None;
            }
            let apart = apart_es(level, (it, settings), game, triangle, contact)?;
            let removed = contact.triangle;
            (apart <= NOISE_ES && agrees_without(level, record, game, (settings, tol), removed))
                .then_some(Tie::AtOnce)
        }
    }
}

/// [`settled`] under `settings`, which need not be the ones `record` was re-solved with:
/// then the move is re-solved under them first, so that game and reference part where they
/// part under them.
pub fn settled_under(
    world: (&ProbeLevel, &DynamicScene),
    record: &FrameRecord,
    game: &GameMove,
    settings: &SlideSettings,
    tol: &ShadowTolerance,
) -> Option<Tie> {
    if *settings == record.call.settings {
        return settled(world, record, game, settings, tol);
    }
    let mut again = record.clone();
    let mut scratch = Scratch::default();
    let result = resolve_under(
        world,
        game,
        settings,
        (&mut scratch, &mut again.trace),
        true,
    )?;
    again.outcome = StepOutcome::Slid(result);
    again.call.settings = *settings;
    settled(world, &again, game, settings, tol)
}

/// The first iteration where the game's contact and the reference's first (the one its
/// response follows) name different triangles, or with `placed` the same one at centres
/// further apart than its position tolerance, for a game that names its contacts' triangles;
/// `None` where they never do, one side stopped first, or the reference met a moving object.
fn first_apart<'a>(
    trace: &'a Trace,
    game: &GameMove,
    placed: Option<&ShadowTolerance>,
) -> Option<Apart<'a>> {
    let ran = game.result.map_or(0, |r| r.iterations);
    let centres_sent = game.missing & slidescope_probe::format::missing::CONTACT_CENTER == 0;
    for (i, it) in (0u32..).zip(&trace.iterations) {
        let g = game.contacts.iter().find(|c| c.iteration == i);
        let first = it.contacts.first();
        if first.is_some_and(|c| c.source != ContactSource::Static) {
            return None;
        }
        match (g.map(|g| g.triangle), first) {
            (Some(None), _) => return None,
            (Some(Some(triangle)), None) => {
                let index = i as usize;
                return Some(Apart::Extra {
                    it,
                    index,
                    triangle,
                });
            }
            (None, Some(contact)) => {
                return (ran > i && !game.contacts.is_empty())
                    .then_some(Apart::Missing { it, contact });
            }
            (Some(Some(triangle)), Some(contact)) if triangle != contact.triangle => {
                return Some(Apart::Other {
                    it,
                    triangle,
                    contact,
                });
            }
            (Some(Some(_)), Some(contact)) => {
                let center = g.map(|g| g.center).filter(|_| centres_sent);
                let tol = placed.map(|tol| tol.position_m);
                if let (Some(center), Some(tol)) = (center, tol)
                    && center.distance(contact.center) > tol
                {
                    return Some(Apart::Placed {
                        it,
                        contact,
                        center,
                    });
                }
            }
            (None, None) => return None,
        }
    }
    None
}

/// Whether the game's contacts from iteration `i` on all name `triangle` (its face, where the
/// game says which part), a plane the reference met earlier in the move and at `i` touches
/// within [`NOISE_ES`] and moves along (its motion enters or leaves the plane by no more), and
/// the reference's end agrees with the game's once those repeated contacts are set aside: the
/// game met again the plane it slides along, and that changed nothing. Only the ends say so:
/// the repeats are checked for the triangle and part they name, not re-solved.
fn along(
    world: (&ProbeLevel, &DynamicScene),
    record: &FrameRecord,
    (it, i, triangle): (&IterationTrace, usize, u32),
    game: &GameMove,
    (settings, tol): (&SlideSettings, &ShadowTolerance),
) -> bool {
    let met_before = record.trace.iterations[..i]
        .iter()
        .any(|x| x.contacts.first().is_some_and(|c| c.triangle == triangle));
    let mut repeats = game.contacts.iter().filter(|c| c.iteration as usize >= i);
    let only_its_face =
        repeats.all(|c| c.triangle == Some(triangle) && c.case.is_none_or(|k| k == CaseKind::Face));
    if !met_before || !only_its_face || !touching_along(world.0, it, game, triangle) {
        return false;
    }
    let mut set_aside = game.clone();
    set_aside.contacts.retain(|c| (c.iteration as usize) < i);
    let (mut scratch, mut trace) = (Scratch::default(), Trace::default());
    agrees_under(world, &set_aside, settings, tol, &mut scratch, &mut trace).0
}

/// The iteration's sphere touches `triangle`'s plane within [`NOISE_ES`] (from either side)
/// and its motion enters or leaves the plane by no more. Measured from the triangle's first
/// corner, so that coordinates far from the origin lose nothing to rounding.
fn touching_along(level: &ProbeLevel, it: &IterationTrace, game: &GameMove, triangle: u32) -> bool {
    let Some(tri) = level.collision().get_triangle(triangle) else {
        return false;
    };
    let space = ESpace::new(game.input.radii, game.input.axes);
    let [a, b, c] = tri.vertices;
    let n_es = (space.vector_to_es(b - a))
        .cross(space.vector_to_es(c - a))
        .normalize_or_zero();
    let distance_es = n_es.dot(space.vector_to_es(it.start_center - a)).abs();
    n_es != Vec3::ZERO
        && (distance_es - 1.0).abs() <= NOISE_ES
        && n_es.dot(it.velocity_es).abs() <= NOISE_ES
}

/// The resizing of the sphere (eSpace: its radius times `1 + resize`) that would meet
/// `contact` where the game's centre `center` did, along the iteration's motion: the gap along
/// the motion times the motion's slope into the plane. `None` unless the centres part along
/// the motion alone and the resizing is within [`NOISE_ES`].
fn graze_es(it: &IterationTrace, contact: &Contact, center: Vec3, game: &GameMove) -> Option<f32> {
    let space = ESpace::new(game.input.radii, game.input.axes);
    let v = it.velocity_es.try_normalize()?;
    let d = space.vector_to_es(center - contact.center);
    let along = d.dot(v);
    let off = (d - v * along).length();
    // The game met it later along the motion: a smaller sphere; earlier: a larger one.
    let resize = along * contact.normal_es.dot(v);
    (off <= NOISE_ES && resize.abs() <= NOISE_ES).then_some(resize)
}

/// The iteration's sweep against one triangle (`one`, a mesh of its own) under the move's
/// `settings`, with the sphere's radius `scale` (eSpace: the ellipsoid's radii times it).
fn meets(
    one: &CollisionMesh,
    (it, settings): (&IterationTrace, &SlideSettings),
    game: &GameMove,
    scale: f32,
) -> Option<ContactTime> {
    let radii = game.input.radii * scale;
    let e = Ellipsoid::with_axes(it.start_center, radii, game.input.axes).ok()?;
    let hit = sweep(one, &e, it.velocity, settings).ok()??;
    Some(hit.time)
}

/// The triangle `index` of `level` as a mesh of its own.
fn alone(level: &ProbeLevel, index: u32) -> Option<CollisionMesh> {
    let tri = level.collision().get_triangle(index)?;
    CollisionMesh::from_triangles(&[tri.vertices]).ok()
}

/// How much larger (`grow`) the iteration's sphere must be to meet `triangle`, or how much
/// smaller (not `grow`) to pass it, when that is at most [`NOISE_ES`]: found by halving, and
/// given as the upper end (settled past the gap).
fn gap_es(
    level: &ProbeLevel,
    iteration: (&IterationTrace, &SlideSettings),
    game: &GameMove,
    triangle: u32,
    grow: bool,
) -> Option<f32> {
    let one = alone(level, triangle)?;
    let settles = |gap: f32| {
        let scale = if grow { 1.0 + gap } else { 1.0 - gap };
        meets(&one, iteration, game, scale).is_some() == grow
    };
    if !settles(NOISE_ES) {
        return None;
    }
    let (mut lo, mut hi) = (0.0, NOISE_ES);
    for _ in 0..HALVINGS {
        let mid = 0.5 * (lo + hi);
        if settles(mid) { hi = mid } else { lo = mid }
    }
    Some(hi)
}

/// The reference agrees with the game re-solved with the ellipsoid's radii times `scale`.
fn grown(
    world: (&ProbeLevel, &DynamicScene),
    game: &GameMove,
    settings: &SlideSettings,
    tol: &ShadowTolerance,
    scale: f32,
) -> bool {
    let mut resized = game.clone();
    resized.input.radii *= scale;
    let (mut scratch, mut trace) = (Scratch::default(), Trace::default());
    agrees_under(world, &resized, settings, tol, &mut scratch, &mut trace).0
}

/// Depths (eSpace) a start is nudged toward the game's first contact, up to [`NOISE_ES`].
const DEPTHS_ES: [f32; 7] = [1e-6, 2e-6, 5e-6, 1e-5, 2e-5, 5e-5, NOISE_ES];

/// A start at touching, its later contacts placed by float noise: the game met a contact at
/// its first iteration, its start a unit (within [`NOISE_ES`]) from the point it touched;
/// with the start nudged toward that point by one of [`DEPTHS_ES`] the reference, re-run in
/// `world`, meets the game's first contact (centre and normal within the tolerance),
/// something at every later iteration the game did and nowhere else, and ends where the game
/// did; and the nudge is what decides the contacts' places: from the recorded start the
/// reference meets nothing at once, or its own later contacts lie further apart than the
/// tolerance from the nudged ones. Touching by a depth `d`, a motion along the surface
/// leaves it after `√(2d)`, so the last bits of a recorded f32 start move every later
/// contact, and their places are not compared (a port that takes roots after the start
/// meets an edge it touches again and again, and stays where a contact nearer than its
/// padding keeps it).
pub fn touching_ends_agree(
    world: CollisionWorld,
    game: &GameMove,
    settings: &SlideSettings,
    tol: &ShadowTolerance,
) -> bool {
    let input = &game.input;
    let (Some(first), Ok(e)) = (
        game.contacts.iter().find(|c| c.iteration == 0),
        Ellipsoid::with_axes(input.start, input.radii, input.axes),
    ) else {
        return false;
    };
    let space = e.space();
    let to_point_es = space.vector_to_es(first.point - input.start);
    let touching = (to_point_es.length() - 1.0).abs() <= NOISE_ES;
    let Some(toward_es) = to_point_es.try_normalize().filter(|_| touching) else {
        return false;
    };
    let (mut scratch, mut trace) = (Scratch::default(), Trace::default());
    let mut from = |start: Vec3| {
        let mut moved = game.clone();
        moved.input.start = start;
        let result = agrees_in(world, &moved, settings, tol, (&mut scratch, &mut trace)).1?;
        let end = game.result.map(|r| (r.end, r.integration_velocity));
        let c = Comparison::of(end, &game.contacts, &result, &trace, game.missing);
        Some((c, contact_centres(&trace)))
    };
    let Some((recorded, centres)) = from(input.start) else {
        return false;
    };
    let missed_at_once = recorded.rows.first().is_some_and(|r| !r.core_hit);
    DEPTHS_ES.iter().any(|&depth| {
        let start = input.start + space.vector_to_world(toward_es * depth);
        from(start).is_some_and(|(c, nudged)| {
            let alike = |r: &IterationRow| r.core_hit && r.placed_apart(tol).is_none();
            let first_alike = c.rows.first().is_some_and(alike);
            let met_alike = c.rows.iter().all(|r| r.game.is_some() == r.core_hit);
            let end = c.end_distance_m.is_some_and(|d| d <= tol.position_m);
            let moved_apart = (centres.iter().zip(&nudged).skip(1)).any(|(a, b)| {
                a.zip(*b)
                    .is_some_and(|(a, b)| a.distance(b) > tol.position_m)
            });
            first_alike && met_alike && end && (missed_at_once || moved_apart)
        })
    })
}

/// Each iteration's first contact's centre (world), where it met something.
fn contact_centres(trace: &Trace) -> Vec<Option<Vec3>> {
    let first = |it: &IterationTrace| it.contacts.first().map(|c| c.center);
    trace.iterations.iter().map(first).collect()
}

/// How far apart (eSpace, along the iteration's motion) the sphere meets `triangle` and the
/// reference's `contact`; `None` for a start inside either (the game missed an embedded
/// contact: a bug class says so).
fn apart_es(
    level: &ProbeLevel,
    iteration: (&IterationTrace, &SlideSettings),
    game: &GameMove,
    triangle: u32,
    contact: &Contact,
) -> Option<f32> {
    let one = alone(level, triangle)?;
    let met = meets(&one, iteration, game, 1.0)?;
    let (ContactTime::Toi(met), ContactTime::Toi(first)) = (met, contact.time) else {
        return None;
    };
    Some((met - first).abs() * iteration.0.velocity_es.length())
}

/// Whether the reference agrees with the game (end, integration velocity, contacts) once the
/// move is re-solved on the level's triangles near it less `removed`, its contacts numbered
/// as the level numbers them.
fn agrees_without(
    level: &ProbeLevel,
    record: &FrameRecord,
    game: &GameMove,
    (settings, tol): (&SlideSettings, &ShadowTolerance),
    removed: u32,
) -> bool {
    let input = &game.input;
    let kept = near(level, record, game, removed);
    let mesh = level.collision();
    let triangles: Vec<[Vec3; 3]> = (kept.iter())
        .filter_map(|&t| mesh.get_triangle(t).map(|tri| tri.vertices))
        .collect();
    let (Ok(crop), Ok(e)) = (
        CollisionMesh::from_triangles(&triangles),
        Ellipsoid::with_axes(input.start, input.radii, input.axes),
    ) else {
        return false;
    };
    let (world, mut trace) = (CollisionWorld::static_only(&crop), Trace::default());
    let scratch = &mut Scratch::default();
    let traced = Some(&mut trace);
    let Ok(result) = collide_and_slide_in(world, &e, input.velocity, settings, scratch, traced)
    else {
        return false;
    };
    for c in trace.iterations.iter_mut().flat_map(|it| &mut it.contacts) {
        c.triangle = kept.get(c.triangle as usize).copied().unwrap_or(u32::MAX);
    }
    let ends = game.result.map(|r| (r.end, r.integration_velocity));
    let comparison = Comparison::of(ends, &game.contacts, &result, &trace, game.missing);
    !comparison.verdict(tol).diverges
}

/// The level's triangles within two radii of the move's path (its start, the reference's
/// iterations, the asked destination, the game's end), less `removed`, in index order (so
/// ties between simultaneous contacts break as on the whole level).
fn near(level: &ProbeLevel, record: &FrameRecord, game: &GameMove, removed: u32) -> Vec<u32> {
    let input = &game.input;
    let end = game.result.map(|r| r.end).filter(|e| e.is_finite());
    let path = (record.trace.iterations.iter().map(|it| it.start_center))
        .chain([input.start, input.start + input.velocity])
        .chain(end);
    let (lo, hi) = path.fold((Vec3::INFINITY, Vec3::NEG_INFINITY), |(lo, hi), p| {
        (lo.min(p), hi.max(p))
    });
    let r = Vec3::splat(input.radii.max_element() * 2.0);
    let mut kept = Vec::new();
    level
        .collision()
        .bvh()
        .query(&Aabb::new(lo - r, hi + r), &mut kept);
    kept.retain(|&t| t != removed);
    kept.sort_unstable();
    kept
}
