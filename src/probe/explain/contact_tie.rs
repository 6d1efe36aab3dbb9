//! Ties at touching: a divergence float rounding decides where the game's contacts and the
//! reference's first name different triangles. Each side rounds a graze its own way (a port
//! in f32 holds eSpace coordinates of a hundred units, whose last bit is 1e-5), so:
//!
//! - a *touch*: the game met a triangle the reference's sphere passes within [`NOISE_ES`]
//!   of, or passed one the reference's sphere reaches no deeper than that;
//! - *two at once*: the game met a triangle within [`NOISE_ES`] (along the motion) of the
//!   one the reference met first, and a port takes the one it tests first.
//!
//! Neither side is wrong. A move is at such a tie only when settling it the game's way makes
//! the reference agree: the sphere grown (or shrunk) just past the gap, or the reference's
//! triangle taken out of the way (the move re-solved on the triangles near it, its end
//! compared).

use glam::Vec3;

use super::super::ProbeLevel;
use super::tie::Tie;
use crate::collision::{
    Aabb, CollisionMesh, CollisionWorld, Contact, ContactTime, DynamicScene, Ellipsoid,
    IterationTrace, Scratch, SlideSettings, Trace, collide_and_slide_in, sweep,
};
use crate::probe::shadow::agrees_under;
use crate::sim::{FrameRecord, GameMove, ShadowTolerance};

/// The widest gap (eSpace) a tie spans: 16 of the last bits of an f32 coordinate 100 radii
/// from the origin (the game's rounding), far under a position tolerance of 0.1 mm on a
/// radius of 0.4 m (2.5e-4 eSpace).
pub const NOISE_ES: f32 = 1e-4;

/// Halvings of the gap searched for the size of a touch.
const HALVINGS: u32 = 12;

/// Where the game's contacts and the reference's first name different triangles.
#[derive(Debug, Clone, Copy)]
enum Apart<'a> {
    /// The game met `triangle` at iteration `it`; the reference's detection found nothing.
    Extra {
        it: &'a IterationTrace,
        triangle: u32,
    },
    /// The reference met `contact` at iteration `it`; the game found nothing there.
    Missing {
        it: &'a IterationTrace,
        contact: &'a Contact,
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
    match first_apart(&record.trace, game)? {
        Apart::Extra { it, triangle } => {
            let gap = gap_es(world.0, it, game, triangle, true)?;
            grown(world, game, settings, tol, 1.0 + gap).then_some(Tie::Touch)
        }
        Apart::Missing { it, contact } => {
            let gap = gap_es(world.0, it, game, contact.triangle, false)?;
            grown(world, game, settings, tol, 1.0 - gap).then_some(Tie::Touch)
        }
        Apart::Other {
            it,
            triangle,
            contact,
        } => {
            let apart = apart_es(world.0, it, game, triangle, contact)?;
            let out_of_way = world.1.is_empty() && apart <= NOISE_ES;
            (out_of_way && ends_without(world.0, record, game, settings, tol, contact.triangle))
                .then_some(Tie::AtOnce)
        }
    }
}

/// The first iteration where the game's contact and the reference's first (the one its
/// response follows) name different triangles, for a game that names its contacts' triangles; `None` where they never do, or one side stopped first.
fn first_apart<'a>(trace: &'a Trace, game: &GameMove) -> Option<Apart<'a>> {
    let ran = game.result.map_or(0, |r| r.iterations);
    for (i, it) in (0u32..).zip(&trace.iterations) {
        let g = game.contacts.iter().find(|c| c.iteration == i);
        match (g.map(|g| g.triangle), it.contacts.first()) {
            (Some(None), _) => return None,
            (Some(Some(triangle)), None) => return Some(Apart::Extra { it, triangle }),
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
            (Some(_), Some(_)) => {}
            (None, None) => return None,
        }
    }
    None
}

/// The iteration's sweep against `triangle` alone with the sphere's radius `scale` (eSpace:
/// the ellipsoid's radii times it).
fn meets(
    one: &CollisionMesh,
    it: &IterationTrace,
    game: &GameMove,
    scale: f32,
) -> Option<ContactTime> {
    let radii = game.input.radii * scale;
    let e = Ellipsoid::with_axes(it.start_center, radii, game.input.axes).ok()?;
    let hit = sweep(one, &e, it.velocity, &SlideSettings::default()).ok()??;
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
    it: &IterationTrace,
    game: &GameMove,
    triangle: u32,
    grow: bool,
) -> Option<f32> {
    let one = alone(level, triangle)?;
    let settles = |gap: f32| {
        let met = meets(&one, it, game, if grow { 1.0 + gap } else { 1.0 - gap }).is_some();
        met == grow
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

/// How far apart (eSpace, along the iteration's motion) the sphere meets `triangle` and the
/// reference's `contact`.
fn apart_es(
    level: &ProbeLevel,
    it: &IterationTrace,
    game: &GameMove,
    triangle: u32,
    contact: &Contact,
) -> Option<f32> {
    let one = alone(level, triangle)?;
    let t = |time: ContactTime| match time {
        ContactTime::Toi(t) => t,
        ContactTime::Embedded { .. } => 0.0,
    };
    let met = t(meets(&one, it, game, 1.0)?);
    Some((met - t(contact.time)).abs() * it.velocity_es.length())
}

/// Whether the move re-solved on the level's triangles near it, less `removed`, ends where
/// the game's did (within the position tolerance).
fn ends_without(
    level: &ProbeLevel,
    record: &FrameRecord,
    game: &GameMove,
    settings: &SlideSettings,
    tol: &ShadowTolerance,
    removed: u32,
) -> bool {
    let Some(end) = game.result.map(|r| r.end) else {
        return false;
    };
    let input = &game.input;
    let path = (record.trace.iterations.iter().map(|it| it.start_center)).chain([
        input.start,
        input.start + input.velocity,
        end,
    ]);
    let (lo, hi) = path.fold((Vec3::INFINITY, Vec3::NEG_INFINITY), |(lo, hi), p| {
        (lo.min(p), hi.max(p))
    });
    let r = Vec3::splat(input.radii.max_element() * 2.0);
    let mesh = level.collision();
    let mut near = Vec::new();
    mesh.bvh().query(&Aabb::new(lo - r, hi + r), &mut near);
    near.sort_unstable();
    let triangles: Vec<[Vec3; 3]> = (near.iter().filter(|&&t| t != removed))
        .filter_map(|&t| mesh.get_triangle(t).map(|tri| tri.vertices))
        .collect();
    let (Ok(crop), Ok(e)) = (
        CollisionMesh::from_triangles(&triangles),
        Ellipsoid::with_axes(input.start, input.radii, input.axes),
    ) else {
        return false;
    };
    let world = CollisionWorld::static_only(&crop);
    collide_and_slide_in(
        world,
        &e,
        input.velocity,
        settings,
        &mut Scratch::default(),
        None,
    )
    .is_ok_and(|r| r.position.distance(end) <= tol.position_m)
}
