//! Stuck: no progress ([`super::no_progress`]) for [`STUCK_FRAMES`] frames in a row,
//! half a second at 60 Hz.

use super::frame_view::FrameView;
use super::no_progress;

/// This many frames in a row without progress.
pub const STUCK_FRAMES: usize = 30;
/// Frames before this one it reads.
pub const FRAMES_BEFORE: usize = STUCK_FRAMES - 1;

/// The frame and the [`FRAMES_BEFORE`] before it (`recent`, newest first) all made no progress.
pub fn marks(recent: &[FrameView<'_>]) -> bool {
    recent.len() >= STUCK_FRAMES && recent[..STUCK_FRAMES].iter().all(no_progress::marks)
}
