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
