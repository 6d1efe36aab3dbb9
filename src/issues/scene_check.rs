//! A scene's pass criterion: checks on the numbers a run measured ([`RunMetrics`]), each with
//! its threshold, printed as a line of the scorecard.

use serde::Serialize;

use super::metrics::RunMetrics;

/// Deepest overlap a move may end with (eSpace units): the skin (`Tuning::skin_es`).
pub const SKIN_ES: f32 = 1e-3;

/// One condition on a run.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "check", rename_all = "snake_case")]
pub enum Check {
    /// The feet rose at least this far above the start (m).
    Climbs { min_m: f32 },
    /// The feet never rose more than this (m).
    StaysBelow { max_m: f32 },
    /// The feet never sank more than this below the start (m).
    NoSinking { max_m: f32 },
    /// The centre ended at least this far below where it started (m): off a face too steep
    /// to stand on.
    SlidesDown { min_m: f32 },
    /// Horizontal progress along the held direction at least this (m).
    Progress { min_m: f32 },
    /// At most this many frames marked stuck.
    NotStuck { max_frames: u32 },
    /// The largest back-and-forth of the centre at most this (m).
    NoJitter { max_m: f32 },
    /// The integration velocity never longer than asked by more than this (%).
    NoSpeedGain { max_pct: f32 },
    /// Horizontal drift after the first half second at most this (m).
    NoDrift { max_m: f32 },
    /// Horizontal drift from a second after the keys were let go to the end at most this (m).
    NoDriftAfterRelease { max_m: f32 },
    /// The horizontal path never further than this from the straight line between its ends
    /// (m): a path bent at seams.
    Straight { max_m: f32 },
    /// At most this many airborne frames without vertical motion (hanging on an edge).
    NoHang { max_frames: u32 },
    /// At most this many frames marked grounded-flicker.
    NoFlicker { max_frames: u32 },
    /// Never ends a move overlapping a triangle by more than the skin.
    NoOverlap,
    /// The centre never crosses a triangle, and no value is NaN.
    NoTunnel,
}

impl Check {
    /// Checked on every run of every scene.
    pub const ALWAYS: [Check; 2] = [Check::NoOverlap, Check::NoTunnel];

    /// Whether `m` satisfies the check, and the measured number as text.
    pub fn judge(&self, m: &RunMetrics) -> (bool, String) {
        match *self {
            Check::Climbs { min_m } => (m.rise_m >= min_m, format!("rise {:.3} m", m.rise_m)),
            Check::StaysBelow { max_m } => (m.rise_m <= max_m, format!("rise {:.3} m", m.rise_m)),
            Check::NoSinking { max_m } => (m.sink_m <= max_m, format!("sank {:.4} m", m.sink_m)),
            Check::SlidesDown { min_m } => (m.drop_m >= min_m, format!("fell {:.3} m", m.drop_m)),
            Check::Progress { min_m } => (
                m.progress_m >= min_m,
                format!("progress {:.2} m", m.progress_m),
            ),
            Check::NotStuck { max_frames } => (
                m.stuck_frames <= max_frames,
                format!("stuck {} frames", m.stuck_frames),
            ),
            Check::NoJitter { max_m } => {
                (m.jitter_m <= max_m, format!("jitter {:.4} m", m.jitter_m))
            }
            Check::NoSpeedGain { max_pct } => (
                m.speed_gain_pct <= max_pct,
                format!("speed gain {:.2} %", m.speed_gain_pct),
            ),
            Check::NoDrift { max_m } => (m.drift_m <= max_m, format!("drift {:.4} m", m.drift_m)),
            Check::NoDriftAfterRelease { max_m } => (
                m.release_drift_m <= max_m,
                format!("drift after letting go {:.4} m", m.release_drift_m),
            ),
            Check::Straight { max_m } => (
                m.path_deviation_m <= max_m,
                format!("bent {:.4} m", m.path_deviation_m),
            ),
            Check::NoHang { max_frames } => (
                m.hang_frames <= max_frames,
                format!("hung {} frames", m.hang_frames),
            ),
            Check::NoFlicker { max_frames } => (
                m.flicker_frames <= max_frames,
                format!("flicker {} frames", m.flicker_frames),
            ),
            Check::NoOverlap => (
                m.deepest_overlap_es <= SKIN_ES,
                format!("overlap {:.1e} eSpace", m.deepest_overlap_es),
            ),
            Check::NoTunnel => (
                m.tunnels == 0 && !m.non_finite,
                if m.non_finite {
                    "NaN".to_string()
                } else {
                    format!("{} tunnels", m.tunnels)
                },
            ),
        }
    }

    /// The criterion as text (`"progress ≥ 5 m"`).
    pub fn describe(&self) -> String {
        match *self {
            Check::Climbs { min_m } => format!("rise ≥ {min_m} m"),
            Check::StaysBelow { max_m } => format!("rise ≤ {max_m} m"),
            Check::NoSinking { max_m } => format!("sinks ≤ {max_m} m"),
            Check::SlidesDown { min_m } => format!("falls ≥ {min_m} m"),
            Check::Progress { min_m } => format!("progress ≥ {min_m} m"),
            Check::NotStuck { max_frames } => format!("stuck ≤ {max_frames} frames"),
            Check::NoJitter { max_m } => format!("jitter ≤ {max_m} m"),
            Check::NoSpeedGain { max_pct } => format!("speed gain ≤ {max_pct} %"),
            Check::NoDrift { max_m } => format!("drift ≤ {max_m} m"),
            Check::NoDriftAfterRelease { max_m } => format!("drift after letting go ≤ {max_m} m"),
            Check::Straight { max_m } => format!("path within {max_m} m of straight"),
            Check::NoHang { max_frames } => format!("hangs ≤ {max_frames} frames"),
            Check::NoFlicker { max_frames } => format!("flicker ≤ {max_frames} frames"),
            Check::NoOverlap => "overlap ≤ skin".into(),
            Check::NoTunnel => "no tunnel, no NaN".into(),
        }
    }
}
