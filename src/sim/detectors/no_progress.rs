//! No progress: a move key was held, a horizontal move was asked for, and the player
//! moved less than [`NO_PROGRESS_FRACTION`] of it (against a wall, in a corner, on a snag).

use glam::Vec3;

use super::frame_view::FrameView;

/// "No progress": moved less than this fraction of the wished horizontal distance.
pub const NO_PROGRESS_FRACTION: f32 = 0.05;

/// The frame asked to move and achieved less than [`NO_PROGRESS_FRACTION`] of it.
pub fn marks(frame: &FrameView<'_>) -> bool {
    if frame.input.noclip || !frame.input.wants_to_move() {
        return false;
    }
    let horizontal = |v: Vec3| Vec3::new(v.x, 0.0, v.z).length();
    let asked = horizontal(frame.requested_move);
    let moved = horizontal(frame.after.center - frame.before.center);
    asked > 1e-5 && moved < NO_PROGRESS_FRACTION * asked
}
