//! Timeline markers: frames worth a look, computed from the trace of each recorded step
//! (issue 5): extra iterations, simultaneous contacts (seed 001 12.13, the wedge), embedded
//! correction (12.4.4), the impulse filter (12.15), the max-iteration fallback (12.3),
//! grounded flicker and no progress despite input.

use serde::{Deserialize, Serialize};

use crate::collision::{EndReason, Trace};

/// One reason to mark a frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkerKind {
    /// More than one detect/respond iteration made contact (the final clear-path detection
    /// does not count, so plain walking on a floor is not marked).
    ExtraIterations,
    /// An iteration found more than one contact at the same time.
    SimultaneousContacts,
    /// A contact started embedded and was pushed out along its normal.
    EmbeddedCorrection,
    /// The loop ended on the impulse filter.
    ImpulseFilter,
    /// The loop ran out of iterations (fallback or not).
    MaxIterations,
    /// Grounded changed and changed back within [`FLICKER_WINDOW_FRAMES`].
    GroundedFlicker,
    /// A move key was held but the player moved less than [`NO_PROGRESS_FRACTION`] of the
    /// wished horizontal distance.
    NoProgress,
    /// A game's move (through the probe) whose result differs from the reference's re-solve
    /// by more than the tolerance.
    GameDiverges,
}

impl MarkerKind {
    pub const ALL: [MarkerKind; 8] = [
        MarkerKind::ExtraIterations,
        MarkerKind::SimultaneousContacts,
        MarkerKind::EmbeddedCorrection,
        MarkerKind::ImpulseFilter,
        MarkerKind::MaxIterations,
        MarkerKind::GroundedFlicker,
        MarkerKind::NoProgress,
        MarkerKind::GameDiverges,
    ];

    fn bit(self) -> u32 {
        1 << (self as u8)
    }

    /// A short label for the UI.
    pub fn label(self) -> &'static str {
        match self {
            MarkerKind::ExtraIterations => "extra iterations",
            MarkerKind::SimultaneousContacts => "simultaneous contacts",
            MarkerKind::EmbeddedCorrection => "embedded correction",
            MarkerKind::ImpulseFilter => "impulse filter",
            MarkerKind::MaxIterations => "max iterations",
            MarkerKind::GroundedFlicker => "grounded flicker",
            MarkerKind::NoProgress => "no progress",
            MarkerKind::GameDiverges => "game diverges",
        }
    }
}

/// Frames within which a grounded change and its reversal count as flicker.
pub const FLICKER_WINDOW_FRAMES: usize = 6;
/// "No progress": moved less than this fraction of the wished horizontal distance.
pub const NO_PROGRESS_FRACTION: f32 = 0.05;

/// A set of [`MarkerKind`]s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Markers(u32);

impl Markers {
    pub const NONE: Markers = Markers(0);
    pub const ALL: Markers = Markers((1 << MarkerKind::ALL.len()) - 1);

    pub fn with(mut self, kind: MarkerKind, on: bool) -> Self {
        if on {
            self.0 |= kind.bit();
        } else {
            self.0 &= !kind.bit();
        }
        self
    }

    pub fn contains(self, kind: MarkerKind) -> bool {
        self.0 & kind.bit() != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn intersects(self, other: Markers) -> bool {
        self.0 & other.0 != 0
    }

    /// The kinds in the set, in [`MarkerKind::ALL`] order.
    pub fn kinds(self) -> impl Iterator<Item = MarkerKind> {
        MarkerKind::ALL
            .into_iter()
            .filter(move |k| self.contains(*k))
    }
}

/// Markers that depend on one frame's trace only.
pub fn trace_markers(trace: &Trace) -> Markers {
    let contact_iterations = trace
        .iterations
        .iter()
        .filter(|it| !it.contacts.is_empty())
        .count();
    let simultaneous = trace.iterations.iter().any(|it| it.contacts.len() > 1);
    let embedded = trace
        .iterations
        .iter()
        .flat_map(|it| &it.contacts)
        .any(|c| c.time.is_embedded());
    Markers::NONE
        .with(MarkerKind::ExtraIterations, contact_iterations > 1)
        .with(MarkerKind::SimultaneousContacts, simultaneous)
        .with(MarkerKind::EmbeddedCorrection, embedded)
        .with(
            MarkerKind::ImpulseFilter,
            trace.end == EndReason::ImpulseFilter,
        )
        .with(
            MarkerKind::MaxIterations,
            matches!(trace.end, EndReason::Fallback | EndReason::MaxIterations),
        )
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
