//! The timeline's detectors: each looks at a recorded step for one thing
//! worth a look and sets its marker; some also keep a finding with the record, whose one-line
//! reason the timeline shows.
//!
//! One file a detector, a pure function of what it reads (a trace, a [`FrameView`], the frames
//! just before, a [`StepView`]), and one table, [`DETECTORS`]: a row names the marker's kind and
//! gives its colour, its label, what it reads and, for a detector that keeps a finding, how it
//! fills its field of [`Findings`] and the reason it gives. Adding a detector is a file, its
//! `pub mod` line and a row at the end of the table, `Kind [r, g, b] => Detector::…` (saved
//! recordings keep a marker as its row's bit in a `u32`: 32 rows at most), and a field of
//! [`Findings`], the record's format on disk, if it keeps something. [`detect`] runs the table
//! for live walking, a replay, a scenario's call and a game's re-solve alike.
//!
//! No file here imports one above it: the detector files and [`frame_view`] ← [`findings`] ←
//! this table ([`MarkerKind`]) ← [`marker_set`] ← `sim::record` ← [`detect`].

pub mod detect;
pub mod embedded_correction;
pub mod extra_iterations;
pub mod findings;
pub mod frame_view;
pub mod grounded_flicker;
pub mod impulse_filter;
pub mod internal_edge;
pub mod marker_set;
pub mod max_iterations;
pub mod no_progress;
pub mod ping_pong;
pub mod simultaneous_contacts;
pub mod skin_violation;
pub mod speed_gain;
pub mod step_rate;
pub mod stuck;
pub mod upward_depenetration;

use serde::{Deserialize, Serialize};

pub use detect::{apply_neighbours, frame_markers, step_findings, trace_markers};
pub use findings::Findings;
pub use frame_view::{FrameView, StepView};
pub use marker_set::Markers;

use crate::collision::{Scratch, Trace};

/// Declares [`MarkerKind`] (a variant a row, with the row's docs, in row order), its `ALL`,
/// [`DETECTORS`] (the rows' descriptors, in the same order) and [`MARKER_RGB`] (each row's
/// marker colour on the timeline and the plots).
macro_rules! detectors {
    ($($(#[$doc:meta])* $kind:ident $rgb:tt => $detector:expr,)+) => {
        /// One reason to mark a frame: a row of [`DETECTORS`].
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum MarkerKind {
            $($(#[$doc])* $kind,)+
        }

        impl MarkerKind {
            /// Every kind, in table order.
            pub const ALL: [MarkerKind; [$(stringify!($kind)),+].len()] = [$(MarkerKind::$kind),+];
        }

        /// Every detector, in [`MarkerKind::ALL`] order: the order of the timeline's legend and
        /// of the bits a saved recording keeps, so a new row goes last.
        pub static DETECTORS: [Detector; MarkerKind::ALL.len()] = [$($detector),+];

        /// Every marker's colour (sRGB), in [`MarkerKind::ALL`] order.
        pub const MARKER_RGB: [[u8; 3]; MarkerKind::ALL.len()] = [$($rgb),+];
    };
}

/// A row for a detector that keeps `field` of [`Findings`], found on each walker's step by
/// `module::find` and read back by the finding's `reason` (or the `reason` given).
macro_rules! on_step {
    ($label:literal, $field:ident, $module:ident) => {
        on_step!($label, $field, $module, |x| x.reason())
    };
    ($label:literal, $field:ident, $module:ident, $reason:expr) => {
        Detector::finding(
            $label,
            Finds::Step(|s, scratch, f| f.$field = $module::find(s, scratch)),
            |f| f.$field.map($reason),
        )
    };
}

detectors! {
    /// More than one detect/respond iteration made contact (the final clear-path detection
    /// does not count, so plain walking on a floor is not marked).
    ExtraIterations [120, 170, 255] => Detector::trace("extra iterations", extra_iterations::marks),
    /// An iteration found more than one contact at the same time.
    SimultaneousContacts [255, 210, 40] => Detector::trace("simultaneous contacts", simultaneous_contacts::marks),
    /// A contact started embedded and was pushed out along its normal.
    EmbeddedCorrection [255, 120, 40] => Detector::trace("embedded correction", embedded_correction::marks),
    /// The loop ended on the impulse filter.
    ImpulseFilter [200, 90, 255] => Detector::trace("impulse filter", impulse_filter::marks),
    /// The loop ran out of iterations (fallback or not).
    MaxIterations [255, 60, 60] => Detector::trace("max iterations", max_iterations::marks),
    /// Grounded changed and changed back within a few frames (see [`grounded_flicker`]).
    GroundedFlicker [90, 230, 120] => Detector::recent(
        "grounded flicker",
        grounded_flicker::FRAMES_BEFORE,
        grounded_flicker::marks,
    ),
    /// A move key was held but the player moved less than a twentieth of the wished
    /// horizontal distance (see [`no_progress`]).
    NoProgress [230, 230, 230] => Detector::frame("no progress", no_progress::marks),
    /// A game's move (through the probe) whose result differs from the reference's re-solve
    /// by more than the tolerance (filed by `probe::shadow`).
    GameDiverges [255, 70, 170] => Detector::filed("game diverges"),
    /// The slide alternated between the same two planes within one move (a crease the seed's
    /// one-plane response cannot leave), or from frame to frame without progress (see
    /// [`ping_pong`]).
    PingPong [255, 150, 200] => Detector::trace("ping-pong", ping_pong::marks).keeping(
        Finds::Recent {
            before: ping_pong::FRAMES_BEFORE,
            finds: |recent, f| f.frame_ping_pong = ping_pong::frame_ping_pong(recent),
        },
        |f| f.frame_ping_pong.map(|p| p.reason()),
    ),
    /// A move key held and no progress for half a second (see [`stuck`]).
    Stuck [255, 255, 255] => Detector::recent("stuck", stuck::FRAMES_BEFORE, stuck::marks),
    /// The move ended overlapping a triangle it touched (see [`skin_violation`]).
    SkinViolation [255, 0, 0] => on_step!("skin violation", overlap, skin_violation),
    /// A contact on an edge shared with a coplanar triangle (see [`internal_edge`]).
    InternalEdge [120, 255, 255] => on_step!("internal edge", internal_edge, internal_edge),
    /// The move's integration velocity came out longer than the velocity asked for (see
    /// [`speed_gain`]); for a game's move, the game's own result.
    SpeedGain [255, 230, 120] => on_step!("speed gain", speed_gain, speed_gain, speed_gain::reason),
    /// A start inside a wall resolved by rising (see [`upward_depenetration`]).
    UpwardDepenetration [150, 255, 200] => on_step!("upward-only depenetration", upward_push, upward_depenetration),
    /// The frame ends elsewhere re-run at a higher step rate (see [`step_rate`]).
    StepRate [200, 160, 255] => on_step!("step-rate dependence", step_rate, step_rate),
}

/// One row of [`DETECTORS`]: how a detector reads a frame, and what it keeps.
#[derive(Debug, Clone, Copy)]
pub struct Detector {
    /// A short label for the UI.
    pub label: &'static str,
    /// What sets the marker (besides a finding: what a detector keeps always sets it).
    pub marks: Marks,
    /// What it keeps with the record, and when it looks for it.
    pub finds: Finds,
    /// The one-line reason of what it kept in these findings; `None` when it kept nothing.
    pub reason: fn(&Findings) -> Option<String>,
}

/// What a detector reads to set its marker.
#[derive(Debug, Clone, Copy)]
pub enum Marks {
    /// The move's trace (a walked frame, a scenario's call, a game's re-solve).
    Trace(fn(&Trace) -> bool),
    /// The recorded frame: its input, its states before and after, its move.
    Frame(fn(&FrameView<'_>) -> bool),
    /// The frame and up to `before` frames before it, newest first (walked frames only: the
    /// history and a replay).
    Recent {
        before: usize,
        marks: fn(&[FrameView<'_>]) -> bool,
    },
    /// Only what it keeps.
    Kept,
    /// Nothing here: whoever files the record sets it (the probe, for a game's move).
    Filed,
}

/// What a detector keeps with the record, and when it looks for it.
#[derive(Debug, Clone, Copy)]
pub enum Finds {
    Nothing,
    /// Each step the walker takes (live, replayed or re-simulated), with the scratch buffers
    /// for a detector that re-runs the step.
    Step(fn(&StepView<'_>, &mut Scratch, &mut Findings)),
    /// The frame and up to `before` frames before it, as [`Marks::Recent`].
    Recent {
        before: usize,
        finds: fn(&[FrameView<'_>], &mut Findings),
    },
}

impl Detector {
    const fn new(label: &'static str, marks: Marks) -> Self {
        Self {
            label,
            marks,
            finds: Finds::Nothing,
            reason: keeps_nothing,
        }
    }

    /// Marks from the move's trace.
    pub const fn trace(label: &'static str, marks: fn(&Trace) -> bool) -> Self {
        Self::new(label, Marks::Trace(marks))
    }

    /// Marks from the recorded frame.
    pub const fn frame(label: &'static str, marks: fn(&FrameView<'_>) -> bool) -> Self {
        Self::new(label, Marks::Frame(marks))
    }

    /// Marks from the frame and the `before` frames before it.
    pub const fn recent(
        label: &'static str,
        before: usize,
        marks: fn(&[FrameView<'_>]) -> bool,
    ) -> Self {
        Self::new(label, Marks::Recent { before, marks })
    }

    /// Set by whoever files the record.
    pub const fn filed(label: &'static str) -> Self {
        Self::new(label, Marks::Filed)
    }

    /// Marks by what it keeps: found by `finds`, read back by `reason`.
    pub const fn finding(
        label: &'static str,
        finds: Finds,
        reason: fn(&Findings) -> Option<String>,
    ) -> Self {
        Self::new(label, Marks::Kept).keeping(finds, reason)
    }

    /// Also keeps a finding.
    pub const fn keeping(self, finds: Finds, reason: fn(&Findings) -> Option<String>) -> Self {
        Self {
            finds,
            reason,
            ..self
        }
    }
}

fn keeps_nothing(_: &Findings) -> Option<String> {
    None
}

impl MarkerKind {
    /// A short label for the UI.
    pub fn label(self) -> &'static str {
        DETECTORS[self as usize].label
    }
}

/// How many frames before a new one the widest [`Marks::Recent`] or [`Finds::Recent`] reads.
pub const NEIGHBOUR_WINDOW: usize = {
    let mut widest = 0;
    let mut k = 0;
    while k < DETECTORS.len() {
        if let Marks::Recent { before, .. } = DETECTORS[k].marks
            && before > widest
        {
            widest = before;
        }
        if let Finds::Recent { before, .. } = DETECTORS[k].finds
            && before > widest
        {
            widest = before;
        }
        k += 1;
    }
    widest
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_keeps_the_order_labels_and_window_a_recording_relies_on() {
        // The rows saved recordings and reports rely on, in order; rows added after them
        // leave this list as it is.
        let labels: Vec<&str> = MarkerKind::ALL.iter().map(|k| k.label()).collect();
        assert_eq!(
            labels[..15],
            [
                "extra iterations",
                "simultaneous contacts",
                "embedded correction",
                "impulse filter",
                "max iterations",
                "grounded flicker",
                "no progress",
                "game diverges",
                "ping-pong",
                "stuck",
                "skin violation",
                "internal edge",
                "speed gain",
                "upward-only depenetration",
                "step-rate dependence",
            ]
        );
        assert_eq!(MarkerKind::StepRate as usize, 14);
        assert_eq!(
            serde_json::to_string(&MarkerKind::UpwardDepenetration).unwrap(),
            "\"upward_depenetration\""
        );
        assert_eq!(NEIGHBOUR_WINDOW, stuck::STUCK_FRAMES - 1);
    }
}
