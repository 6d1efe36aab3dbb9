//! When the loop stops before its iteration limit: on a spent motion (seed 001 12.3: "break
//! out if our velocity is too small", the leftover is applied), on the crease response's stop,
//! and on the impulse filter (seed 001 12.15: the slide turned against the input velocity, an
//! internal corner; the leftover is dropped).

use glam::Vec3;

use super::state::{Call, SlideState};
use crate::EndReason;

/// Checked before each iteration: the remaining motion is too short to detect. The centre then
/// ends at `to`, which the motion left unchecked is too short to matter for.
#[inline]
pub(super) fn motion_spent(call: &Call<'_>, s: &mut SlideState) -> bool {
    let spent = s.v.length() < call.settings.min_velocity_es && !s.objects_pending;
    if spent {
        s.end = EndReason::VelocitySpent;
    }
    spent
}

/// Checked after each response: whether the loop ends here.
#[inline]
pub(super) fn stops_after_response(call: &Call<'_>, s: &mut SlideState) -> bool {
    if s.end == EndReason::CreaseStop {
        return true;
    }
    if !(call.settings.impulse_filter && s.v.dot(call.input_v) < 0.0) {
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
