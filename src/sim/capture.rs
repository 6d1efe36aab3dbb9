//! One traced step turned into a [`FrameRecord`], with its per-frame markers and findings (the
//! table of `detectors`). Live walking, replay and re-simulation all go through
//! [`capture_frame`], so they produce identical records for identical inputs (DESIGN "One code
//! path").

use super::detectors::{StepView, frame_markers, step_findings};
use super::{
    CallInputs, FrameRecord, Markers, PlayerInput, PlayerParams, PlayerState, StepDynamics,
    step_player,
};
use crate::collision::{CollisionWorld, Scratch, SlideSettings, Trace};

/// Everything a step needs besides the mesh.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FrameInputs<'a> {
    pub frame: u64,
    pub dt_secs: f32,
    pub before: &'a PlayerState,
    pub input: &'a PlayerInput,
    pub params: &'a PlayerParams,
    pub settings: &'a SlideSettings,
}

/// Runs one traced step and records it. `trace` is a reusable buffer; the record gets a
/// compact copy.
pub fn capture_frame<'a>(
    world: impl Into<CollisionWorld<'a>>,
    inputs: FrameInputs<'_>,
    scratch: &mut Scratch,
    trace: &mut Trace,
) -> FrameRecord {
    let world: CollisionWorld<'a> = world.into();
    trace.clear();
    let step = step_player(
        world,
        inputs.before,
        inputs.input,
        inputs.params,
        inputs.settings,
        inputs.dt_secs,
        scratch,
        Some(trace),
    );
    let findings = step_findings(
        &StepView {
            world,
            before: inputs.before,
            input: inputs.input,
            params: inputs.params,
            settings: &step.settings,
            dt_secs: inputs.dt_secs,
            step: &step,
            trace,
        },
        scratch,
    );
    let mut record = FrameRecord {
        game: None,
        findings,
        frame: inputs.frame,
        dt_secs: inputs.dt_secs,
        input: inputs.input.sanitized(),
        params: *inputs.params,
        before: *inputs.before,
        call: CallInputs {
            ellipsoid: step.ellipsoid,
            requested_move: step.requested_move,
            heading: step.heading,
            settings: step.settings,
        },
        stance: step.stance,
        trace: trace.clone(),
        outcome: step.outcome,
        after: step.after,
        markers: Markers::NONE,
        dynamics: StepDynamics {
            objects: world.dynamic.map(|s| s.poses()).unwrap_or_default(),
            platform: step.platform,
        },
    };
    record.markers = frame_markers(&record);
    record
}
