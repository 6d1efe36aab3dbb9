//! Stages *project the remaining motion* and *advance*: the motion left past the contact is
//! projected onto the slide plane (seed 001 12.3, fig. 12.14: `eTo` moved back along the
//! normal), the centre advances to the pushed-back contact, and the integration velocity loses
//! its part along the normal. The crease response follows two planes' crease line instead
//! where the plane's slide would re-enter an earlier plane (see `crease`); the plane solver
//! solves the motion against every plane of the call at once (see `plane_solver`). Ports'
//! conventions: Quake's velocity clip ([`Projection::Clip`]) and the response in world space
//! ([`Conventions::world_response`](crate::Conventions::world_response)).

use glam::Vec3;

use super::crease::{Crease, crease_slide};
use super::place::Placed;
use super::plane_solver::follow_planes;
use super::skin::{distance_along_motion, skin_along, step_along_velocity};
use super::state::{Call, SlideState};
use crate::{ContactSource, ContactTime, EndReason, Projection, Response};

/// What the projection did, for the trace.
#[derive(Debug, Clone, Copy)]
pub(super) struct Projected {
    /// Motion left past the contact before the projection, local eSpace.
    pub remaining_es: Vec3,
    /// The moving object's push added to the integration velocity, world.
    pub object_push: Vec3,
    /// The earlier plane whose crease line the slide follows (normal, world).
    pub crease_with: Option<Vec3>,
}

/// Seed 001 12.15: a contact with a moving object adds the object's motion at the end of the
/// integration velocity, along the contact normal (world). Taken before the projection, from
/// the iteration's start; zero for the static level.
#[inline]
pub(super) fn object_push(call: &Call<'_>, s: &SlideState, placed: &Placed) -> Vec3 {
    let object = placed
        .contact
        .source
        .object()
        .and_then(|id| call.world.dynamic?.object(id));
    let Some(obj) = object else {
        return Vec3::ZERO;
    };
    let n = placed.n;
    let end = s.frame.local_to_world(s.from) + s.integration;
    n * (obj.motion().transform_point(end) - end).dot(n)
}

/// The stages: advance to `new_center_es` and project what is left of the motion onto the
/// slide plane (or the crease line); the integration velocity follows.
#[inline]
pub(super) fn project(
    call: &Call<'_>,
    s: &mut SlideState,
    placed: &Placed,
    new_center_es: Vec3,
    object_push: Vec3,
) -> Projected {
    let remaining_es = s.to - new_center_es;
    s.from = new_center_es;
    let mut crease_with = None;
    if call.settings.response.rule == Response::Planes {
        follow_planes(call, s, placed, remaining_es);
    } else {
        let n_es = placed.n_es;
        let world = call.settings.conventions.world_response;
        let n = if world {
            world_normal(s, n_es)
        } else {
            placed.n
        };
        s.integration -= n * s.integration.dot(n);
        match call.settings.conventions.projection {
            Projection::ContactPoint if stayed_short(call, s, placed) => {
                slide_from_contact_point(s, s.frame.local_es(placed.contact.point));
            }
            // Seed 001's projection, in its own arithmetic (the traces stay bit for bit).
            Projection::SlidePlane | Projection::ContactPoint if !world => {
                s.to -= n_es * (s.to - new_center_es).dot(n_es)
            }
            Projection::SlidePlane | Projection::ContactPoint | Projection::Clip => {
                let left = match call.settings.conventions.projection {
                    Projection::Clip => past_contact(s, placed),
                    _ => s.to - new_center_es,
                };
                s.to = new_center_es + without_normal(s, n_es, left, world);
            }
            Projection::Linahan => {
                let skin_es = skin_along(call, s, placed.n_es);
                linahan(s, placed, skin_es, call.settings.debug.crease_unnormalised);
            }
        }
        s.v = s.to - s.from;
        if call.settings.response.rule == Response::Crease {
            crease_with = follow_crease(s, placed, remaining_es);
        }
    }
    s.integration += object_push;
    Projected {
        remaining_es,
        object_push,
        crease_with,
    }
}

/// [`Projection::Clip`]: what this iteration's motion had left past the contact along its
/// path, `(1 − t)·v` (all of it for an embedded start), before the clip (Quake's
/// `SV_FlyMove`: `time_left -= time_left * trace.fraction`).
#[inline]
fn past_contact(s: &SlideState, placed: &Placed) -> Vec3 {
    match placed.contact.time {
        ContactTime::Toi(t) => s.v * (1.0 - t),
        _ => s.v,
    }
}

/// [`Conventions::world_response`](crate::Conventions::world_response): the slide normal of a
/// port that takes the contact back to world before responding, the eSpace offset from the
/// contact to the centre scaled by the radii (`normalize(radii ∘ n_es)`), world.
#[inline]
fn world_normal(s: &SlideState, n_es: Vec3) -> Vec3 {
    s.frame.space.vector_to_world(n_es).normalize_or_zero()
}

/// `x` (local eSpace) less its part along the slide normal `n_es`, or with `world` along
/// [`world_normal`], removed in world units.
#[inline]
fn without_normal(s: &SlideState, n_es: Vec3, x: Vec3, world: bool) -> Vec3 {
    if !world {
        return x - n_es * x.dot(n_es);
    }
    let n = world_normal(s, n_es);
    let x_world = s.frame.space.vector_to_world(x);
    s.frame.space.vector_to_es(x_world - n * x_world.dot(n))
}

/// [`Projection::ContactPoint`]: padding along the velocity, or the port's own step back, left
/// the centre where it was (the contact nearer than the padding or the step), so Fauerby 2003's code projects from the contact point
/// itself (see [`slide_from_contact_point`]).
#[inline]
fn stayed_short(call: &Call<'_>, s: &SlideState, placed: &Placed) -> bool {
    let step = step_along_velocity(call, s);
    placed.contact.source == ContactSource::Static
        && distance_along_motion(s, placed).is_some_and(|d| step.is_some_and(|x| d > 0.0 && d < x))
}

/// Fauerby 2003's `collideWithWorld` (Irrlicht, py64) when the contact is nearer than the
/// padding: the intersection point `p` is not moved back, so the slide plane passes through
/// it with its normal from `p` to the unmoved centre, and the new velocity `newDestination −
/// p` is applied from that centre: the motion up to the contact is lost.
#[inline]
fn slide_from_contact_point(s: &mut SlideState, p: Vec3) {
    let n = (s.from - p).normalize_or_zero();
    let destination = s.to - n * (s.to - p).dot(n);
    s.to = s.from + (destination - p);
}

/// [`Projection::Linahan`] (arXiv 1211.0059, section 4): the first contact's plane, moved a
/// unit plus the skin off the unpadded contact point (through the touching centre, `skin` off
/// it), takes the destination; the second contact's motion follows the crease of the two
/// planes, from the padded centre; the third ends the call at its padded centre (Linahan's
/// loop runs three times), whatever the iteration limit. `unnormalised`: the bug of
/// [`DebugKnobs::crease_unnormalised`](crate::DebugKnobs::crease_unnormalised).
#[inline]
fn linahan(s: &mut SlideState, placed: &Placed, skin_es: f32, unnormalised: bool) {
    let n_es = placed.n_es;
    if s.first_n_es == Vec3::ZERO {
        s.first_n_es = n_es;
        s.to -= n_es * ((s.to - placed.center_es).dot(n_es) - skin_es);
    } else if s.iterations == 2 {
        let crease = s.first_n_es.cross(n_es);
        let unit = crease.normalize_or_zero();
        let along = match unnormalised {
            true => (s.to - s.from).dot(crease),
            false => (s.to - s.from).dot(unit),
        };
        s.to = s.from + unit * along;
    } else {
        s.to = s.from; // no motion left: the next check ends the call here
    }
}

/// The crease response after the seed's projection: along the crease line of the new plane and
/// an earlier one, or a stop where a third closes it. Returns the earlier plane's normal
/// (world) when a crease line was followed.
#[inline]
fn follow_crease(s: &mut SlideState, placed: &Placed, remaining_es: Vec3) -> Option<Vec3> {
    let space = s.frame.space;
    let (slide, what) = crease_slide(&s.planes, placed.n_es, remaining_es, s.v);
    let mut crease_with = None;
    match what {
        Crease::Plane => {}
        Crease::Line { other, line } => {
            crease_with = Some(space.normal_to_world(other));
            if let Some(d) = space.vector_to_world(line).try_normalize() {
                s.integration = d * s.integration.dot(d);
            }
        }
        Crease::Stop => {
            s.integration = Vec3::ZERO;
            s.end = EndReason::CreaseStop;
        }
    }
    s.v = slide;
    s.to = s.from + s.v;
    s.planes.push(placed.n_es, placed.center_es);
    crease_with
}
