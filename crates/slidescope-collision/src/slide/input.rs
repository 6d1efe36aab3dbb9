//! The one check of a call's inputs: every public entry point runs it once, and nothing
//! inside the loop runs it again.

use glam::Vec3;

use crate::{CollisionError, Ellipsoid, Motion, SlideSettings};

/// Refuses a bad ellipsoid, a non-finite velocity (as asked, or scaled by `move_scale`) or
/// settings out of range.
#[inline]
pub(crate) fn check_inputs(
    ellipsoid: &Ellipsoid,
    velocity: Vec3,
    settings: &SlideSettings,
) -> Result<(), CollisionError> {
    ellipsoid.validate()?;
    let scaled = velocity * settings.conventions.move_scale;
    if !velocity.is_finite() || !scaled.is_finite() {
        return Err(CollisionError::NonFiniteVelocity(scaled.to_array()));
    }
    settings.validate()
}

/// [`check_inputs`] for a call's whole motion: its heading finite too.
pub(crate) fn check_motion(
    ellipsoid: &Ellipsoid,
    motion: &Motion,
    settings: &SlideSettings,
) -> Result<(), CollisionError> {
    if let Some(h) = motion.heading
        && !h.is_finite()
    {
        return Err(CollisionError::BadSetting {
            name: "heading",
            reason: format!("must be finite, got {h:?}"),
        });
    }
    check_inputs(ellipsoid, motion.velocity, settings)
}
