//! One traced step turned into a [`FrameRecord`], with its per-frame markers. Live walking,
//! replay and re-simulation all go through [`capture_frame`], so they produce identical
//! records for identical inputs (DESIGN "One code path").

use glam::Vec3;

use super::depenetration::upward_only_depenetration;
use super::findings::Findings;
use super::internal_edge::internal_edge_contact;
use super::markers::{MarkerKind, NO_PROGRESS_FRACTION, trace_markers};
use super::overlap::end_overlap;
use super::speed_gain::speed_gain;
use super::step_rate::step_rate_dependence;
use super::{FrameRecord, PlayerInput, PlayerParams, PlayerState, step_player};
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
    let input = inputs.input.sanitized();
    let pushes: Vec3 = trace
        .iterations
        .iter()
        .filter_map(|it| it.response.map(|r| r.object_push))
        .sum();
    let findings = Findings {
        overlap: match (&step.ellipsoid, step.outcome.slide()) {
            (Some(e), Some(r)) => end_overlap(world.mesh, e, r.position, trace),
            _ => None,
        },
        internal_edge: internal_edge_contact(world.mesh, trace),
        speed_gain: step
            .outcome
            .slide()
            .and_then(|r| speed_gain(step.requested_move, r.integration_velocity, pushes)),
        upward_push: match (&step.ellipsoid, step.outcome.slide()) {
            (Some(e), Some(r)) => {
                upward_only_depenetration(world.mesh, e, step.requested_move, r.position)
            }
            _ => None,
        },
        step_rate: step_rate_dependence(
            world,
            inputs.before,
            &step.after,
            inputs.input,
            inputs.params,
            inputs.settings,
            inputs.dt_secs,
            scratch,
        ),
        // Needs the frames before this one: set when the history takes the record.
        frame_ping_pong: None,
    };
    let markers = trace_markers(trace)
        .with(
            MarkerKind::NoProgress,
            no_progress(&input, inputs.before, &step.after, step.requested_move),
        )
        .union(findings.markers());
    FrameRecord {
        game: None,
        findings,
        frame: inputs.frame,
        dt_secs: inputs.dt_secs,
        input,
        params: *inputs.params,
        before: *inputs.before,
        ellipsoid: step.ellipsoid,
        requested_move: step.requested_move,
        settings: *inputs.settings,
        stance: step.stance,
        trace: trace.clone(),
        outcome: step.outcome,
        after: step.after,
        markers,
        objects: world.dynamic.map(|s| s.poses()).unwrap_or_default(),
        platform: step.platform,
    }
}

/// A move key held, a horizontal move asked for, and less than [`NO_PROGRESS_FRACTION`] of it
/// achieved.
fn no_progress(
    input: &PlayerInput,
    before: &PlayerState,
    after: &PlayerState,
    move_m: Vec3,
) -> bool {
    if input.noclip || !input.wants_to_move() {
        return false;
    }
    let asked = Vec3::new(move_m.x, 0.0, move_m.z).length();
    let moved = after.center - before.center;
    let moved = Vec3::new(moved.x, 0.0, moved.z).length();
    asked > 1e-5 && moved < NO_PROGRESS_FRACTION * asked
}
