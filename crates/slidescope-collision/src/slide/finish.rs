//! Stage *end of call*: where the centre ends when the loop stops, the iteration limit's
//! fallback (seed 001 12.3: detection once more on the input velocity, stop at its first
//! contact without the skin), the settle against moving objects (12.15), and the dead zone
//! ([`Conventions::dead_zone_m`](crate::Conventions::dead_zone_m), Babylon.js), and the
//! padding of a clear path (`free_moves_padded`).

use glam::Vec3;

use super::detect::detect_exact;
use super::place::exact_contact_center;
use super::record::Recorder;
use super::result::{ContactExtents, SlideResult};
use super::skin::{push_within_static, skin_along};
use super::state::{Call, SlideState};
use crate::detect::Scratch;
use crate::detect::dynamic::settle_all;
use crate::{ContactSource, EndReason, IterationLimit};

/// The stage: the final centre and the result; gives the scratch its buffers back.
pub(super) fn finish(
    call: &Call<'_>,
    s: &mut SlideState,
    scratch: &mut Scratch,
    mut recorder: Recorder<'_>,
) -> SlideResult {
    let mut position = end_of_loop(call, s);
    if s.end == EndReason::MaxIterations
        && call.settings.conventions.iteration_limit == IterationLimit::FallBack
    {
        s.end = EndReason::Fallback;
        position = fallback(call, s, scratch);
        recorder.fallback(&s.contacts, position);
    }
    if let Some(scene) = call.world.dynamic.filter(|d| d.is_moving()) {
        let settled = settle_all(
            scene,
            &call.start_frame,
            position,
            call.settings,
            &mut scratch.dynamic,
        );
        position = push_within_static(call, &call.start_frame, position, settled, scratch);
    }
    let dead_zone = call.settings.conventions.dead_zone_m;
    if dead_zone > 0.0 && (position - call.ellipsoid.center).length() <= dead_zone {
        // Babylon.js `_onCollisionPositionChange`: `if (diffPosition.length() >
        // CollisionsEpsilon) position.addInPlace(diffPosition)`.
        recorder.dead_zone(position);
        position = call.ellipsoid.center;
    }
    recorder.end(s.end);
    scratch.cache.end();
    let result = SlideResult {
        position,
        integration_velocity: s.integration,
        iterations: s.iterations,
        end: s.end,
        extents: s
            .tally
            .extents
            .map(|(min, max)| ContactExtents { min, max }),
        contact_count: s.tally.contact_count,
        lowest_contact_object: s.tally.lowest.and_then(|(_, o)| o),
    };
    scratch.slide = std::mem::take(&mut s.contacts);
    result
}

/// Where the loop left the centre (world). A clear path, a spent motion or a stop ends at
/// `to`; out of iterations, the last *checked* centre is kept: `to` is a slide target no
/// detection has looked at (a sphere pushed into a wedge ended past its tip, inside both walls).
fn end_of_loop(call: &Call<'_>, s: &SlideState) -> Vec3 {
    match s.end {
        EndReason::MaxIterations => s.frame.local_to_world(s.from),
        EndReason::ClearPath if call.settings.conventions.free_moves_padded => {
            s.frame.local_to_world(padded_free_move(call, s))
        }
        _ => s.frame.local_to_world(s.to),
    }
}

/// [`Conventions::free_moves_padded`](crate::Conventions::free_moves_padded): a clear path
/// stops a skin short of its destination along its motion, or stays when the motion is
/// shorter than that (local eSpace).
fn padded_free_move(call: &Call<'_>, s: &SlideState) -> Vec3 {
    let Some(dir) = s.v.try_normalize() else {
        return s.to;
    };
    let (length, skin) = (s.v.length(), skin_along(call, s, dir));
    match length >= skin {
        true => s.from + dir * (length - skin),
        false => s.from,
    }
}

/// Seed 001 12.3's fallback: detection on the input velocity from the start, and the centre at
/// its first contact, without the skin, so being stuck between two planes never pushes through
/// either. Nothing hit: stay.
fn fallback(call: &Call<'_>, s: &mut SlideState, scratch: &mut Scratch) -> Vec3 {
    if s.frame.origin != call.start_frame.origin {
        scratch.cache.frame_moved();
    }
    let (world, start) = (call.world, &call.start_frame);
    detect_exact(
        world,
        start,
        call.start_es.into(),
        call.input_v.into(),
        call.settings,
        scratch,
        &mut s.contacts,
        None,
    );
    let center = call.ellipsoid.center;
    match s.contacts.first() {
        Some(c) if c.source == ContactSource::Static && call.settings.response.exact_contact => {
            exact_contact_center(world.mesh, &s.frame, c.center, &s.contacts)
        }
        Some(c) if c.source == ContactSource::Static => c.center,
        Some(c) => {
            let to = c.center;
            push_within_static(call, start, center, to, scratch)
        }
        None => center,
    }
}
