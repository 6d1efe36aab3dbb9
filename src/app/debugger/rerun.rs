//! The debugger's cached computations: the cursor's frame re-run with the solve switches
//! changed (and the frames after it re-simulated), and every solver on the cursor's
//! iteration. Recomputed in the update phase only when what they depend on changed.

use glam::Vec3;

use super::Debugger;
use crate::collision::solvers::side_by_side::side_by_side_at;
use crate::sim::{
    DiffTolerance, FrameRecord, RerunEdits, Sim, diff_traces, replay_frames_in, rerun_frame_in,
};
use crate::ui::debugger::{CaseToggles, LaterRerun, RerunView};
use crate::view::World;

/// At most this many frames (10 s at 60 Hz) are re-simulated after the cursor when a case is
/// switched off, so a toggle stays interactive on a long history.
const MAX_LATER_FRAMES: usize = 600;

impl Debugger {
    /// Recomputes the re-run when the cursor's frame or the solve switches changed; none
    /// when the frame was solved with the switches as they are (a game's moves are re-solved
    /// in place instead: app/probe.rs).
    pub(super) fn refresh_rerun(&mut self, sim: &Sim, world: &World) {
        let t = self.toggles;
        let Some((rec, _)) = sim.cursor_frame() else {
            self.rerun = None;
            return;
        };
        if solved_with(rec, &t) || rec.call.ellipsoid.is_none() || rec.game.is_some() {
            self.rerun = None;
            return;
        }
        let key = (
            rec.frame,
            t.solve,
            t.response,
            t.exact_contact,
            t.internal_edge_filter,
            t.touching_counts,
            t.conventions,
            (
                t.max_climb_deg.map(f32::to_bits),
                t.max_step_m.map(f32::to_bits),
            ),
            t.walker,
            sim.history().last_frame(),
        );
        if self.rerun.as_ref().is_none_or(|(k, _)| *k != key) {
            self.rerun = Some((key, rerun_view(sim, world, rec, &t)));
        }
    }

    /// Every solver on the iteration at the cursor, against the triangles the broad phase
    /// offered it (from the trace), cached per (frame, iteration); only while the overlay is
    /// on.
    pub(super) fn refresh_solvers(&mut self, sim: &Sim, world: &World) {
        if !self.all_solvers {
            return;
        }
        let Some((rec, i)) = sim.cursor_frame() else {
            return;
        };
        let key = (rec.frame, i);
        if self.solvers.as_ref().is_some_and(|(k, _)| *k == key) {
            return;
        }
        let rows = rec
            .call
            .ellipsoid
            .zip(rec.trace.iterations.get(i as usize))
            .and_then(|(e, it)| side_by_side_at(&world.collision, e.radii, e.axes, it));
        self.solvers = Some((key, rows));
    }
}

/// Whether `rec` was solved with the switches of `t`.
fn solved_with(rec: &FrameRecord, t: &CaseToggles) -> bool {
    t.solve == rec.call.settings.debug.cases
        && t.response == rec.call.settings.response.rule
        && t.exact_contact == rec.call.settings.response.exact_contact
        && t.internal_edge_filter == rec.call.settings.response.internal_edge_filter
        && t.touching_counts == rec.call.settings.response.touching_counts
        && t.conventions == rec.call.settings.conventions
        && t.max_climb_deg == rec.call.settings.response.max_climb_deg
        && t.max_step_m == rec.call.settings.response.max_step_m
        && t.walker == rec.params.walker
}

/// `rec` re-run with the switches of `t`, against the recorded trace, and the frames after
/// it re-simulated.
fn rerun_view(sim: &Sim, world: &World, rec: &FrameRecord, t: &CaseToggles) -> RerunView {
    let edits = RerunEdits {
        cases: Some(t.solve),
        response: Some(t.response),
        exact_contact: Some(t.exact_contact),
        internal_edge_filter: Some(t.internal_edge_filter),
        touching_counts: Some(t.touching_counts),
        conventions: Some(t.conventions),
        max_climb_deg: Some(t.max_climb_deg),
        max_step_m: Some(t.max_step_m),
        walker: Some(t.walker),
        ..Default::default()
    };
    let scene = Some(world.movers.scene());
    let result = rerun_frame_in(&world.collision, scene, rec, &edits)
        .map(|r| {
            let diff = diff_traces(&rec.trace, &r.trace, &DiffTolerance::default());
            (r.trace, diff, r.result.position)
        })
        .map_err(|e| e.to_string());
    RerunView {
        solve: t.solve,
        response: t.response,
        exact_contact: t.exact_contact,
        internal_edge_filter: t.internal_edge_filter,
        touching_counts: t.touching_counts,
        conventions: t.conventions,
        result,
        later: later_rerun(sim, world, rec.frame, &edits),
    }
}

/// Re-simulates the recorded frames from `frame` on (at most [`MAX_LATER_FRAMES`]) with
/// `edits`: where the walk would have gone. `None` when `frame` is the newest.
fn later_rerun(sim: &Sim, world: &World, frame: u64, edits: &RerunEdits) -> Option<LaterRerun> {
    let frames: Vec<FrameRecord> = sim
        .history()
        .iter()
        .filter(|r| r.frame >= frame)
        .take(MAX_LATER_FRAMES)
        .cloned()
        .collect();
    if frames.len() < 2 {
        return None;
    }
    let scene = Some(world.movers.scene());
    let again = replay_frames_in(&world.collision, scene, &frames, Some(edits));
    let recorded_path: Vec<Vec3> = frames.iter().map(|r| r.after.center).collect();
    let resimulated_path: Vec<Vec3> = again.iter().map(|r| r.after.center).collect();
    let diverges_at = frames
        .iter()
        .zip(&resimulated_path)
        .find(|(r, p)| (r.after.center - **p).length() > 1e-3)
        .map(|(r, _)| r.frame);
    let final_gap_m = match (recorded_path.last(), resimulated_path.last()) {
        (Some(a), Some(b)) => (*a - *b).length(),
        _ => 0.0,
    };
    Some(LaterRerun {
        frames: resimulated_path.len(),
        diverges_at,
        final_gap_m,
        recorded_path,
        resimulated_path,
    })
}
