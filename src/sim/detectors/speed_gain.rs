//! The speed-gain detector: collide-and-slide only ever removes motion — each
//! response projects the velocity onto a plane — so a move whose integration velocity comes
//! out longer than the velocity asked for (moving objects' pushes aside) gained speed from the
//! collision code itself (Jolt #363: "sticks, gains sideways speed"). Checked on the walker's
//! moves and on a game's own results through the probe.

use glam::Vec3;

use super::frame_view::StepView;
use crate::collision::Scratch;

/// Relative growth below this is rounding, not a gain.
pub const SPEED_GAIN_TOLERANCE: f32 = 1e-4;

/// The walker's step: its integration velocity against the move it asked for, moving objects'
/// pushes taken off.
pub fn find(s: &StepView<'_>, _: &mut Scratch) -> Option<f32> {
    let pushes: Vec3 = s
        .trace
        .iterations
        .iter()
        .filter_map(|it| it.response.map(|r| r.object_push))
        .sum();
    let r = s.step.outcome.slide()?;
    speed_gain(s.step.requested_move, r.integration_velocity, pushes)
}

/// How much longer the integration velocity came out than the requested one, as a ratio
/// (`Some(1.25)`: 25 % faster); `None` when it did not grow. `pushes` is what moving objects
/// added (their pushes may rightly speed the mover up).
pub fn speed_gain(requested: Vec3, integration: Vec3, pushes: Vec3) -> Option<f32> {
    let asked = requested.length();
    let got = (integration - pushes).length();
    if !(asked.is_finite() && got.is_finite()) || asked <= 0.0 {
        return None;
    }
    let ratio = got / asked;
    (ratio > 1.0 + SPEED_GAIN_TOLERANCE).then_some(ratio)
}

/// One line for the timeline.
pub fn reason(ratio: f32) -> String {
    let percent = (ratio - 1.0) * 100.0;
    // A gain just past the tolerance (0.01 %) would read "0.0 %" at one decimal.
    let digits = if percent < 0.1 { 3 } else { 1 };
    format!(
        "speed gain: the move's integration velocity came out {percent:.digits$} % longer than the velocity asked for"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gain_just_past_the_tolerance_reads_as_more_than_nothing() {
        assert!(
            reason(1.00017).contains("0.017 % longer"),
            "{}",
            reason(1.00017)
        );
        assert!(reason(1.25).contains("25.0 % longer"));
    }

    #[test]
    fn projections_never_count_and_growth_does() {
        let v = Vec3::new(1.0, -0.5, 0.0);
        // A projection onto a plane: shorter.
        let n = Vec3::new(0.0, 1.0, 0.0);
        assert_eq!(speed_gain(v, v - n * v.dot(n), Vec3::ZERO), None);
        assert_eq!(speed_gain(v, v, Vec3::ZERO), None);
        let g = speed_gain(v, v * 1.25, Vec3::ZERO).expect("gain");
        assert!((g - 1.25).abs() < 1e-6);
        assert!(reason(g).contains("25.0 %"));
        // A platform's push is not the collision code's gain.
        assert_eq!(speed_gain(v, v + Vec3::X, Vec3::X), None);
        assert_eq!(speed_gain(Vec3::ZERO, v, Vec3::ZERO), None);
        assert_eq!(speed_gain(v, Vec3::NAN, Vec3::ZERO), None);
    }
}
