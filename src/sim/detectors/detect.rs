//! Running the table: the markers and findings of a walker's step, of a recorded frame, and of
//! a frame with the ones before it. Live walking, a replay, a re-simulation, a scenario's call
//! and a game's re-solve all get their markers here.

use super::{
    DETECTORS, Detector, Findings, Finds, FrameView, MarkerKind, Markers, Marks, NEIGHBOUR_WINDOW,
    StepView,
};
use crate::collision::{Scratch, Trace};
use crate::sim::FrameRecord;

/// The kinds whose row says they are on.
fn marked(on: impl Fn(&Detector) -> bool) -> Markers {
    let rows = MarkerKind::ALL.into_iter().zip(&DETECTORS);
    rows.fold(Markers::NONE, |set, (kind, d)| set.with(kind, on(d)))
}

/// Markers that depend on one move's trace only.
pub fn trace_markers(trace: &Trace) -> Markers {
    marked(|d| matches!(d.marks, Marks::Trace(marks) if marks(trace)))
}

/// What the detectors that look at the walker's step keep (those that need the frames before
/// it look later, in [`apply_neighbours`]).
pub fn step_findings(step: &StepView<'_>, scratch: &mut Scratch) -> Findings {
    let mut findings = Findings::default();
    for d in &DETECTORS {
        if let Finds::Step(find) = d.finds {
            find(step, scratch, &mut findings);
        }
    }
    findings
}

/// The markers a recorded frame sets by itself: from its trace, from the frame, from what it
/// keeps.
pub fn frame_markers(record: &FrameRecord) -> Markers {
    let frame = record.view();
    marked(|d| match d.marks {
        Marks::Trace(marks) => marks(&record.trace),
        Marks::Frame(marks) => marks(&frame),
        _ => false,
    })
    .union(record.findings.markers())
}

/// Sets on `record` what needs the frames before it (`before`, oldest first; the last
/// [`NEIGHBOUR_WINDOW`] are read): the markers and findings of the [`Marks::Recent`] and
/// [`Finds::Recent`] rows. The one place the history and a replay do it.
pub fn apply_neighbours<'a>(
    before: impl DoubleEndedIterator<Item = &'a FrameRecord>,
    record: &mut FrameRecord,
) {
    let mut findings = record.findings;
    let marks = {
        // Newest first, the frame itself at 0.
        let mut recent = [record.view(); NEIGHBOUR_WINDOW + 1];
        let mut n = 1;
        for f in before.rev().take(NEIGHBOUR_WINDOW) {
            recent[n] = f.view();
            n += 1;
        }
        let recent: &[FrameView<'_>] = &recent[..n];
        for d in &DETECTORS {
            if let Finds::Recent { finds, .. } = d.finds {
                finds(recent, &mut findings);
            }
        }
        marked(|d| matches!(d.marks, Marks::Recent { marks, .. } if marks(recent)))
    };
    record.findings = findings;
    record.markers = record.markers.union(marks).union(findings.markers());
}

impl Findings {
    /// The markers these findings set.
    pub fn markers(&self) -> Markers {
        marked(|d| (d.reason)(self).is_some())
    }

    /// Each finding's marker and one-line reason, in marker order.
    pub fn reasons(&self) -> Vec<(MarkerKind, String)> {
        let rows = MarkerKind::ALL.into_iter().zip(&DETECTORS);
        rows.filter_map(|(kind, d)| Some((kind, (d.reason)(self)?)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec3;

    use super::*;
    use crate::collision::{CollisionMesh, SlideSettings};
    use crate::sim::{PlayerInput, PlayerParams, Sim};

    /// A recorded frame whose move first slid on `first`, with no progress.
    fn stalled_frame(first: Vec3) -> FrameRecord {
        let floor = CollisionMesh::from_triangles(&[[
            Vec3::new(-5.0, 0.0, -5.0),
            Vec3::new(-5.0, 0.0, 5.0),
            Vec3::new(5.0, 0.0, 0.0),
        ]])
        .unwrap();
        let mut sim = Sim::new(
            Vec3::ZERO,
            PlayerParams::default(),
            SlideSettings::default(),
        );
        sim.step(&floor, &PlayerInput::default());
        let mut r = sim.history().iter().last().unwrap().clone();
        r.trace = super::super::ping_pong::slid_on(&[first]);
        // A move key held, a move asked for, none made.
        r.input.forward = 1.0;
        r.requested_move = Vec3::X * 0.1;
        r.after.center = r.before.center;
        r
    }

    #[test]
    fn the_history_marks_a_ping_pong_across_frames_and_keeps_its_reason() {
        // Floor, left wall, right wall, in a cycle: scene 16's corner.
        let planes = [
            Vec3::Y,
            Vec3::new(0.5, 0.0, 0.87),
            Vec3::new(-0.5, 0.0, 0.87),
        ];
        let mut frames: Vec<_> = planes
            .iter()
            .cycle()
            .take(6)
            .copied()
            .map(stalled_frame)
            .collect();
        let mut last = frames.pop().unwrap();
        assert!(frame_markers(&last).contains(MarkerKind::NoProgress));
        apply_neighbours(frames.iter(), &mut last);
        assert!(last.markers.contains(MarkerKind::PingPong));
        assert_eq!(last.findings.frame_ping_pong.map(|p| p.period), Some(3));
        assert!(
            last.findings.reasons().iter().any(
                |(k, r)| *k == MarkerKind::PingPong && r.starts_with("ping-pong across frames")
            )
        );
    }
}
