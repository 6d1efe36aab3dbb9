//! When the loop stops before its iteration limit: on a short motion (seed 001 12.3: "break
//! out if our velocity is too small", the leftover is applied; or, by
//! [`ShortMotion::Dropped`], a short leftover is dropped as Fauerby 2003, Irrlicht and
//! Babylon.js do), on the crease response's stop, and on the impulse filter (seed 001 12.15:
//! the slide turned against the input velocity, an internal corner; the leftover is dropped),
//! and on a floor met heading down where the game stops there (`floor_stop_deg`: py64's gravity
//! pass).

use glam::Vec3;

use super::place::Placed;
use super::state::{Call, SlideState};
use crate::{EndReason, ShortMotion};

/// Checked before each iteration: the remaining motion is too short to detect. Applied (the
/// seed), the centre then ends at `to`, which the motion left unchecked is too short to matter
/// for; dropped, it ends where the last response put it, and the first motion is always
/// detected (unless it is zero).
#[inline]
pub(super) fn motion_spent(call: &Call<'_>, s: &mut SlideState) -> bool {
    if s.objects_pending {
        return false;
    }
    match call.settings.conventions.short_motion {
        ShortMotion::Applied if is_short(call, s) => s.end = EndReason::VelocitySpent,
        ShortMotion::Dropped if s.iterations == 0 && s.v == Vec3::ZERO => {
            s.end = EndReason::VelocitySpent
        }
        ShortMotion::Dropped if s.iterations > 0 && is_short(call, s) => {
            s.to = s.from;
            s.end = EndReason::MotionDropped;
        }
        _ => return false,
    }
    true
}

/// This iteration's motion is under the eSpace threshold, or under the world one (when set).
#[inline]
fn is_short(call: &Call<'_>, s: &SlideState) -> bool {
    let settings = call.settings;
    s.v.length() < settings.conventions.min_motion_es
        || (settings.conventions.min_motion_m > 0.0
            && s.frame.space.vector_to_world(s.v).length() < settings.conventions.min_motion_m)
}

/// Checked after each response: whether the loop ends here.
#[inline]
pub(super) fn stops_after_response(call: &Call<'_>, s: &mut SlideState, placed: &Placed) -> bool {
    if matches!(s.end, EndReason::CreaseStop | EndReason::PlanesStop) {
        return true;
    }
    if on_floor_heading_down(call, placed) {
        s.to = s.from;
        s.end = EndReason::FloorStop;
        return true;
    }
    if !(call.settings.conventions.impulse_filter && s.v.dot(call.input_v) < 0.0) {
        return false;
    }
    s.to = s.from;
    s.end = EndReason::ImpulseFilter;
    if s.objects_pending {
        // Stay put, but let the moving objects reach the ellipsoid first.
        s.v = Vec3::ZERO;
        return false;
    }
    true
}

/// `floor_stop_deg`: the contact's slide normal within that angle of the ellipsoid's up axis
/// (eSpace), in a call whose motion heads down (py64's gravity pass; its walk never does).
#[inline]
fn on_floor_heading_down(call: &Call<'_>, placed: &Placed) -> bool {
    let deg = call.settings.conventions.floor_stop_deg;
    deg > 0.0 && deg < 90.0 && call.input_v.y < 0.0 && placed.n_es.y >= deg.to_radians().cos()
}
