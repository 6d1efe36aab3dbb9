//! One `collide_and_slide` call — a scenario file's — as a one-frame history record, so the
//! debugger shows it like any walked frame, paused at its first iteration. The call itself is
//! made elsewhere through the same core entry point (`level::scenario::Scenario::replay_on`);
//! this only files its inputs and trace.

use super::detectors::trace_markers;
use super::{
    CallInputs, FrameRecord, PlayerInput, PlayerParams, PlayerState, StanceChange, StepDynamics,
    StepOutcome,
};
use crate::level::scenario::RecordedCall;

/// Frame 0 of a history holding only `call` (its objects' poses included). The player's standing radii become the call's
/// radii, so resuming a walk from it keeps the shape. A scenario's motion is not one time
/// step (it is often metres), so the player after it is at rest; `dt_secs` is the step the
/// record claims.
pub fn single_call_frame(call: RecordedCall<'_>, dt_secs: f32) -> FrameRecord {
    let e = *call.ellipsoid;
    let params = PlayerParams {
        standing_radii: e.radii,
        ..PlayerParams::default()
    };
    let dt = if dt_secs.is_finite() && dt_secs > 0.0 {
        dt_secs
    } else {
        1.0 / 60.0
    };
    FrameRecord {
        game: None,
        findings: Default::default(),
        frame: 0,
        dt_secs: dt,
        input: PlayerInput::default(),
        params,
        before: PlayerState {
            center: e.center,
            ..Default::default()
        },
        call: CallInputs {
            ellipsoid: Some(e),
            requested_move: call.motion.velocity,
            heading: call.motion.heading,
            settings: *call.settings,
        },
        stance: StanceChange::None,
        trace: call.trace.clone(),
        outcome: StepOutcome::Slid(*call.result),
        after: PlayerState {
            center: call.result.position,
            ..Default::default()
        },
        markers: trace_markers(call.trace),
        dynamics: StepDynamics {
            objects: call.objects.to_vec(),
            platform: None,
        },
    }
}
