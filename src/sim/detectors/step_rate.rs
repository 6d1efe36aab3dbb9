//! The step-rate dependence detector: the frame re-run at four times the step
//! rate (four quarter steps from the same state, same input, same objects' poses) and compared.
//! A walker whose outcome depends on the rate (a stair climbed at 60 Hz and not at 240 Hz, a
//! ramp that stalls at 120 Hz) ends far from its own re-run. Untraced steps: about four sim
//! steps' cost per frame.

use serde::{Deserialize, Serialize};

use super::frame_view::StepView;
use crate::collision::{CollisionWorld, Scratch, SlideSettings};
use crate::sim::{PlayerInput, PlayerParams, PlayerState, step_player};

/// The re-run is this many times the frame's rate.
pub const RATE_FACTOR: u32 = 4;
/// Ends further apart than this (m), or one grounded and the other not, are reported. Plain
/// integration differs by ~g·dt²/2 (≈1.4 mm at 60 Hz in free fall).
pub const STEP_RATE_REPORT_M: f32 = 0.01;

/// How the frame's end differs from its re-run at [`RATE_FACTOR`] times the rate.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct StepRate {
    /// The re-run's step rate (Hz).
    pub rate_hz: f32,
    /// Distance between the two ends (m).
    pub gap_m: f32,
    /// Grounded at the end: the frame's, the re-run's.
    pub grounded: (bool, bool),
}

impl StepRate {
    /// One line for the timeline.
    pub fn reason(&self) -> String {
        let ground = |g: bool| if g { "grounded" } else { "airborne" };
        let mut s = format!(
            "step-rate dependence: at {:.0} Hz this frame ends {:.1} mm away",
            self.rate_hz,
            self.gap_m * 1e3
        );
        if self.grounded.0 != self.grounded.1 {
            s += &format!(
                " ({} here, {} there)",
                ground(self.grounded.0),
                ground(self.grounded.1)
            );
        }
        s
    }
}

/// The walker's step re-run in [`RATE_FACTOR`] pieces (untraced, with `scratch`).
pub fn find(s: &StepView<'_>, scratch: &mut Scratch) -> Option<StepRate> {
    step_rate_dependence(
        s.world,
        s.before,
        &s.step.after,
        s.input,
        s.params,
        s.settings,
        s.dt_secs,
        scratch,
    )
}

/// Compares `after` (the frame's end from `before` over `dt_secs`) with the same step taken in
/// [`RATE_FACTOR`] pieces; `None` when they agree within [`STEP_RATE_REPORT_M`] and both
/// grounded or both not.
#[allow(clippy::too_many_arguments)]
pub fn step_rate_dependence<'a>(
    world: impl Into<CollisionWorld<'a>>,
    before: &PlayerState,
    after: &PlayerState,
    input: &PlayerInput,
    params: &PlayerParams,
    settings: &SlideSettings,
    dt_secs: f32,
    scratch: &mut Scratch,
) -> Option<StepRate> {
    let world: CollisionWorld<'a> = world.into();
    if input.noclip || dt_secs.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
        return None;
    }
    let piece = dt_secs / RATE_FACTOR as f32;
    let mut state = *before;
    for _ in 0..RATE_FACTOR {
        state = step_player(world, &state, input, params, settings, piece, scratch, None).after;
    }
    compare(after, &state, 1.0 / piece)
}

/// The comparison itself (separate for unit tests on synthetic states).
pub fn compare(after: &PlayerState, rerun: &PlayerState, rate_hz: f32) -> Option<StepRate> {
    let gap_m = (after.center - rerun.center).length();
    let grounded = (after.grounded, rerun.grounded);
    (gap_m > STEP_RATE_REPORT_M || grounded.0 != grounded.1 || !gap_m.is_finite()).then_some(
        StepRate {
            rate_hz,
            gap_m,
            grounded,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec3;

    fn at(x: f32, grounded: bool) -> PlayerState {
        PlayerState {
            center: Vec3::new(x, 0.9, 0.0),
            grounded,
            ..PlayerState::default()
        }
    }

    #[test]
    fn agreeing_ends_are_not_reported() {
        assert_eq!(compare(&at(1.0, true), &at(1.009, true), 240.0), None);
        assert_eq!(compare(&at(1.0, false), &at(1.0, false), 240.0), None);
    }

    #[test]
    fn a_gap_or_a_grounded_change_is_reported_with_its_numbers() {
        let far = compare(&at(1.0, true), &at(1.035, true), 240.0).unwrap();
        assert!((far.gap_m - 0.035).abs() < 1e-5);
        assert_eq!(
            far.reason(),
            "step-rate dependence: at 240 Hz this frame ends 35.0 mm away"
        );
        let air = compare(&at(1.0, true), &at(1.0, false), 120.0).unwrap();
        assert_eq!(air.grounded, (true, false));
        assert!(air.reason().ends_with("(grounded here, airborne there)"));
        assert!(compare(&at(1.0, true), &at(f32::NAN, true), 240.0).is_some());
    }
}
