//! Grounded flicker: the player's grounded flag changed and changed back within
//! [`FLICKER_WINDOW_FRAMES`], as on a seam, a step lip or a bumpy slope.

use super::frame_view::FrameView;

/// Frames within which a grounded change and its reversal count as flicker.
pub const FLICKER_WINDOW_FRAMES: usize = 6;
/// Frames before this one it reads.
pub const FRAMES_BEFORE: usize = FLICKER_WINDOW_FRAMES + 1;

/// The frame's grounded flag flickers over `recent` (the frame first, then the ones before it).
pub fn marks(recent: &[FrameView<'_>]) -> bool {
    let n = recent.len().min(FRAMES_BEFORE + 1);
    // Oldest first.
    let mut grounded = [false; FRAMES_BEFORE + 1];
    for (k, f) in recent[..n].iter().rev().enumerate() {
        grounded[k] = f.after.grounded;
    }
    is_flicker(&grounded[..n])
}

/// True when `grounded` (oldest first, the newest last) changed on its last entry and had
/// changed before within the window: changed and changed back.
pub fn is_flicker(grounded_recent: &[bool]) -> bool {
    let n = grounded_recent.len();
    if n < 3 || grounded_recent[n - 1] == grounded_recent[n - 2] {
        return false;
    }
    let start = n.saturating_sub(FLICKER_WINDOW_FRAMES + 1);
    grounded_recent[start..n - 1]
        .windows(2)
        .any(|w| w[0] != w[1])
}
