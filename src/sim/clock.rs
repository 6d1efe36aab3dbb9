//! The fixed simulation step (DESIGN: results must not depend on the frame rate). Real time is
//! accumulated and spent in whole steps; the remainder gives the render interpolation factor.
//! Catch-up is capped so a long pause (a breakpoint, a dragged window) does not spiral.

use serde::{Deserialize, Serialize};

/// What one `advance` asks the caller to do.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Advance {
    /// Fixed steps to run now.
    pub steps: u32,
    /// Render interpolation factor in [0, 1): how far real time is past the last step, as a
    /// fraction of a step.
    pub alpha: f32,
    /// Real time dropped by the catch-up cap (s).
    pub dropped_secs: f64,
}

/// Accumulator for a fixed step rate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FixedStep {
    step_secs: f64,
    max_steps_per_advance: u32,
    accumulator_secs: f64,
}

impl FixedStep {
    /// Default rate (Hz) and catch-up cap (steps per `advance`).
    pub const DEFAULT_HZ: f64 = 60.0;
    pub const DEFAULT_MAX_STEPS: u32 = 8;

    /// A clock at `hz` steps per second (clamped to 1..=1000; NaN → 60) running at most
    /// `max_steps_per_advance` (≥ 1) steps per call.
    pub fn new(hz: f64, max_steps_per_advance: u32) -> Self {
        let hz = if hz.is_nan() {
            Self::DEFAULT_HZ
        } else {
            hz.clamp(1.0, 1000.0)
        };
        Self {
            step_secs: 1.0 / hz,
            max_steps_per_advance: max_steps_per_advance.max(1),
            accumulator_secs: 0.0,
        }
    }

    /// The fixed step length (s).
    pub fn step_secs(&self) -> f64 {
        self.step_secs
    }

    pub fn max_steps_per_advance(&self) -> u32 {
        self.max_steps_per_advance
    }

    /// Adds `real_dt_secs` of real time (negative or NaN counts as 0) and returns how many
    /// steps to run. Time beyond the cap is dropped and reported.
    pub fn advance(&mut self, real_dt_secs: f64) -> Advance {
        let dt = if real_dt_secs.is_finite() && real_dt_secs > 0.0 {
            real_dt_secs
        } else if real_dt_secs == f64::INFINITY {
            f64::MAX
        } else {
            0.0
        };
        self.accumulator_secs += dt.min(1e9);
        let whole = (self.accumulator_secs / self.step_secs).floor();
        let cap = f64::from(self.max_steps_per_advance);
        let mut dropped_secs = 0.0;
        let steps = if whole > cap {
            dropped_secs = self.accumulator_secs - cap * self.step_secs;
            self.accumulator_secs = 0.0;
            self.max_steps_per_advance
        } else {
            self.accumulator_secs -= whole * self.step_secs;
            whole as u32
        };
        let alpha = (self.accumulator_secs / self.step_secs).clamp(0.0, 1.0 - f64::EPSILON) as f32;
        Advance {
            steps,
            alpha: alpha.min(0.999_999_9),
            dropped_secs,
        }
    }

    /// Forgets accumulated time (after a pause, so resuming does not catch up).
    pub fn reset(&mut self) {
        self.accumulator_secs = 0.0;
    }
}
