//! Replaying recorded inputs: the frames are
//! re-simulated from the first frame's recorded state with the recorded input, parameters,
//! settings and step length of every frame. Same code path as live walking, so an unedited
//! replay is bit-identical to the recording.
//!
//! A recorded jump in state between two frames (a teleport, or a resume from the cursor) is
//! kept: when frame `i`'s recorded `before` differs from frame `i − 1`'s recorded `after`, the
//! replay restarts from the recorded `before`.

use super::capture::{FrameInputs, capture_frame};
use super::detectors::{NEIGHBOUR_WINDOW, apply_neighbours};
use super::frame_rerun::RerunEdits;
use super::record::FrameRecord;
use crate::collision::{CollisionMesh, CollisionWorld, DynamicScene, Scratch, Trace};

/// Re-simulates `frames` (oldest first); with `edits`, every frame's settings and radii are
/// edited first (a "what if" run).
pub fn replay_frames(
    mesh: &CollisionMesh,
    frames: &[FrameRecord],
    edits: Option<&RerunEdits>,
) -> Vec<FrameRecord> {
    replay_frames_in(mesh, None, frames, edits)
}

/// Re-simulates `frames` (consecutive records, oldest first) from the first one's recorded
/// state with the same inputs and `edits` applied to every frame's settings and radii: the
/// path the player would have taken. Frame numbers are kept.
pub fn resimulate(
    mesh: &CollisionMesh,
    frames: &[FrameRecord],
    edits: &RerunEdits,
) -> Vec<FrameRecord> {
    replay_frames(mesh, frames, Some(edits))
}

/// [`replay_frames`] with dynamic objects: a copy of `scene` takes each frame's recorded
/// object poses before the frame is re-simulated, so the objects move exactly as recorded.
pub fn replay_frames_in(
    mesh: &CollisionMesh,
    scene: Option<&DynamicScene>,
    frames: &[FrameRecord],
    edits: Option<&RerunEdits>,
) -> Vec<FrameRecord> {
    let mut scene = scene.cloned().unwrap_or_default();
    let mut scratch = Scratch::default();
    let mut trace = Trace::default();
    let mut out: Vec<FrameRecord> = Vec::with_capacity(frames.len());
    for (i, rec) in frames.iter().enumerate() {
        let continuous = i > 0 && frames[i - 1].after == rec.before;
        let before = match out.last() {
            Some(prev) if continuous => prev.after,
            _ => rec.before,
        };
        let (settings, params) = match edits {
            Some(e) => (
                e.apply_to(&rec.call.settings),
                e.apply_to_params(&rec.params),
            ),
            None => (rec.call.settings, rec.params),
        };
        scene.apply_poses(&rec.dynamics.objects);
        let mut replayed = capture_frame(
            CollisionWorld::new(mesh, &scene),
            FrameInputs {
                frame: rec.frame,
                dt_secs: rec.dt_secs,
                before: &before,
                input: &rec.input,
                params: &params,
                settings: &settings,
            },
            &mut scratch,
            &mut trace,
        );
        // Grounded flicker and stuck need the neighbours; recompute them over the replay.
        let start = out.len().saturating_sub(NEIGHBOUR_WINDOW);
        apply_neighbours(out[start..].iter(), &mut replayed);
        out.push(replayed);
    }
    out
}
