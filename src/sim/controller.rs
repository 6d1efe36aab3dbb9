//! One fixed step of the walking player (seed 001 12.2.3 and 12.15): input → wished velocity,
//! friction on the ground / air control in the air, jump only when grounded, gravity added into
//! the velocity, the displacement `velocity × dt` handed to `collide_and_slide`, and the
//! returned integration velocity (÷ dt) kept as the next velocity. Grounded comes from the
//! contact extents (see [`ground`](super::ground)). Noclip flies without collision.
//!
//! Gravity is integrated in two halves around the move (velocity Verlet), so a free flight is
//! exact for constant gravity at any step rate: `move = (v − ½g·dt)·dt`, then
//! `v' = integration / dt − ½g·dt`. On walkable ground the second half is skipped (the ground
//! carries the weight), so a player at rest has zero velocity.
//!
//! Stairs: a step lip (an edge within `max_step_height_m` of the bottom, see
//! [`ground::is_on_step_lip`](super::ground::is_on_step_lip)) drives like the ground, so the
//! slide over the lip keeps its push; a steep face does not, so steep ramps are not climbed.
//!
//! Riding (seed 001 12.12: dynamic objects have right of way): a player grounded on a dynamic
//! object is carried by the object's motion since the last update: the displacement of its
//! centre under that motion is added to the move (so walls still stop it) and the yaw turn is
//! reported for the camera. The velocity kept afterwards is relative to the platform while
//! the player stays grounded (the core's integration velocity includes the platform's
//! motion), and absolute once it leaves it, so a jump keeps the platform's momentum.
//!
//! While grounded the move reaches at least two skin widths down, so the floor is touched on
//! every step and its contact shows up in the extents whatever the step rate.

use glam::Vec3;
use serde::{Deserialize, Serialize};

use super::Walker;
use super::ground::{is_grounded, is_on_step_lip};
use super::snap_walker;
use super::stance::{StanceChange, update_stance};
use super::{PlayerInput, PlayerParams, PlayerState};
use crate::collision::{
    CollisionMesh, CollisionWorld, Ellipsoid, Motion, ObjectId, Scratch, SlideResult,
    SlideSettings, Trace, collide_and_slide_in,
};

/// How a dynamic object carried the player during one step.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PlatformCarry {
    pub object: ObjectId,
    /// The object's motion applied to the player's centre (m, world), added to the move.
    pub displacement_m: Vec3,
    /// The object's turn about +Y this step (rad, counter-clockwise seen from above): add it
    /// to the view yaw so the player turns with the platform.
    pub yaw_rad: f32,
}

/// Shortest and longest fixed step accepted (s).
pub const MIN_DT_SECS: f32 = 1e-4;
pub const MAX_DT_SECS: f32 = 0.25;

/// What happened to the move of one step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepOutcome {
    /// The move went through `collide_and_slide`.
    Slid(SlideResult),
    /// Noclip: moved freely, no collision query.
    Noclip,
    /// The core refused the query (bad settings or radii from the UI); the player stayed put
    /// and its velocity was zeroed. The message is the error's one-line text.
    Refused(String),
    /// Moved by another engine's controller (the Issues suite's rapier column): no trace.
    Other(String),
}

impl StepOutcome {
    /// The collision result, if the move went through the core.
    pub fn slide(&self) -> Option<&SlideResult> {
        match self {
            StepOutcome::Slid(r) => Some(r),
            _ => None,
        }
    }
}

/// Everything one step produced besides the trace.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerStep {
    pub after: PlayerState,
    /// The ellipsoid handed to the core (after any crouch change), `None` in noclip or when the
    /// shape was refused.
    pub ellipsoid: Option<Ellipsoid>,
    /// The displacement handed to the core (m, world): `velocity × dt` plus the ground stick.
    pub requested_move: Vec3,
    /// The heading handed to the core with it (the snap walker's wish on a ground move; see
    /// `Motion::heading`).
    pub heading: Option<Vec3>,
    pub stance: StanceChange,
    pub outcome: StepOutcome,
    /// The platform ride of this step, if the player started it grounded on a moving object.
    pub platform: Option<PlatformCarry>,
    /// The core settings of the move (the ones given).
    pub settings: SlideSettings,
}

/// Clamps a step length into [`MIN_DT_SECS`, `MAX_DT_SECS`] (NaN → 1/60).
pub fn sanitize_dt(dt_secs: f32) -> f32 {
    if dt_secs.is_nan() {
        1.0 / 60.0
    } else {
        dt_secs.clamp(MIN_DT_SECS, MAX_DT_SECS)
    }
}

pub(crate) fn clamp_speed(v: Vec3, max_mps: f32) -> Vec3 {
    if !v.is_finite() {
        return Vec3::ZERO;
    }
    v.clamp_length_max(max_mps)
}

/// Runs one fixed step of `dt_secs`. Inputs, parameters and `dt_secs` are sanitised first;
/// nothing here panics on any value. With `trace`, the core records the move.
#[allow(clippy::too_many_arguments)]
pub fn step_player<'a>(
    world: impl Into<CollisionWorld<'a>>,
    before: &PlayerState,
    input: &PlayerInput,
    params: &PlayerParams,
    settings: &SlideSettings,
    dt_secs: f32,
    scratch: &mut Scratch,
    trace: Option<&mut Trace>,
) -> PlayerStep {
    let world: CollisionWorld<'a> = world.into();
    let mesh = world.mesh;
    let input = input.sanitized();
    let params = params.sanitized();
    let dt = sanitize_dt(dt_secs);
    let mut state = *before;
    if !state.velocity_mps.is_finite() {
        state.velocity_mps = Vec3::ZERO;
    }
    if input.noclip {
        return fly(state, &input, &params, settings, dt);
    }
    state.noclip = false;
    let stance = update_stance(mesh, &mut state, input.crouch, &params, settings);
    let radii = params.radii(state.crouched);

    let (mut requested_move, half_g, on_ground) = match params.walker {
        Walker::Seed => {
            let (m, half_g) = desired_move(&state, &input, &params, settings, radii, dt);
            (m, half_g, false)
        }
        Walker::Snap => snap_move(world, &state, &input, &params, settings, radii, dt),
    };
    let platform = ride(world, &state);
    if let Some(p) = platform {
        requested_move += p.displacement_m;
    }
    let heading = on_ground.then(|| input.wish_direction());

    let refuse = |state: PlayerState, msg: String, ellipsoid| PlayerStep {
        after: PlayerState {
            velocity_mps: Vec3::ZERO,
            ..state
        },
        ellipsoid,
        requested_move,
        heading,
        stance,
        outcome: StepOutcome::Refused(msg),
        platform,
        settings: *settings,
    };
    let ellipsoid = match Ellipsoid::new(state.center, radii) {
        Ok(e) => e,
        Err(e) => return refuse(state, e.to_string(), None),
    };
    let motion = Motion {
        velocity: requested_move,
        heading,
    };
    let result = match collide_and_slide_in(world, &ellipsoid, motion, settings, scratch, trace) {
        Ok(r) => r,
        Err(e) => return refuse(state, e.to_string(), Some(ellipsoid)),
    };
    let mut after = state_after(
        mesh, &state, &result, &params, settings, platform, half_g, dt,
    );
    if on_ground {
        snap_after(world, &mut after, &params, settings);
    }
    PlayerStep {
        after,
        ellipsoid: Some(ellipsoid),
        requested_move,
        heading,
        stance,
        outcome: StepOutcome::Slid(result),
        platform,
        settings: *settings,
    }
}

/// The move this step asks the core for (m, world): the velocity turned towards the input's
/// wish (ground friction, or air control), a jump, the first half of gravity, the speed limit,
/// and a grounded player's pull down onto the floor. Also returns half a step of gravity's
/// speed (m/s), whose other half comes after the move.
fn desired_move(
    state: &PlayerState,
    input: &PlayerInput,
    params: &PlayerParams,
    settings: &SlideSettings,
    radii: Vec3,
    dt: f32,
) -> (Vec3, f32) {
    let (v, jumped) = wished_velocity(state, input, params, dt);
    let (mut requested_move, half_g) = free_move(v, params, dt);
    if state.grounded && !jumped {
        let stick_m = 2.0 * settings.tuning.skin_es.max(1e-4) * radii.y;
        if stick_m.is_finite() {
            requested_move.y = requested_move.y.min(-stick_m);
        }
    }

    (requested_move, half_g)
}

/// The velocity turned towards the input's wish (ground friction, or air control) and a
/// jump's; whether it jumped.
fn wished_velocity(
    state: &PlayerState,
    input: &PlayerInput,
    params: &PlayerParams,
    dt: f32,
) -> (Vec3, bool) {
    let wish_speed = if state.crouched {
        params.crouch_speed_mps
    } else if input.run {
        params.run_speed_mps
    } else {
        params.walk_speed_mps
    };
    let wish = input.wish_direction() * wish_speed;
    let mut v = state.velocity_mps;
    let rate = params.ground_friction_per_sec
        * if state.grounded || state.on_step_lip {
            1.0
        } else {
            params.air_control
        };
    let blend = 1.0 - (-rate * dt).exp();
    v.x += (wish.x - v.x) * blend;
    v.z += (wish.z - v.z) * blend;
    let jumped = state.grounded && input.jump;
    if jumped {
        v.y = v.y.max(params.jump_speed_mps);
    }
    (v, jumped)
}

/// The snap walker's move ([`snap_walker`]): on walkable ground, the wished velocity's
/// horizontal motion in the ground's plane and no gravity (the half step returned is 0, and
/// the move is snapped back onto the ground after: `true`); in the air, or off walkable
/// ground, the seed's move without its pull down.
fn snap_move(
    world: CollisionWorld<'_>,
    state: &PlayerState,
    input: &PlayerInput,
    params: &PlayerParams,
    settings: &SlideSettings,
    radii: Vec3,
    dt: f32,
) -> (Vec3, f32, bool) {
    let (v, _) = wished_velocity(state, input, params, dt);
    let ground = snap_walker::walks(state, input)
        .then(|| snap_walker::ground_normal(world, state.center, radii, params, settings))
        .flatten();
    if let Some(n) = ground {
        let max_m = params.max_speed_mps * dt;
        return (snap_walker::ground_move(v, n, dt, max_m), 0.0, true);
    }
    let (m, half_g) = free_move(v, params, dt);
    (m, half_g, false)
}

/// A move under gravity: the first half step of gravity taken off `v`, the speed limit, × dt;
/// and that half step's speed (m/s), whose other half comes after the move.
fn free_move(mut v: Vec3, params: &PlayerParams, dt: f32) -> (Vec3, f32) {
    let half_g = 0.5 * params.gravity_mps2 * dt;
    v.y -= half_g;
    (clamp_speed(v, params.max_speed_mps) * dt, half_g)
}

/// The snap walker after a ground move: back on walkable ground within the step height
/// (grounded on it, no vertical velocity), or in the air when there is none.
fn snap_after(
    world: CollisionWorld<'_>,
    after: &mut PlayerState,
    params: &PlayerParams,
    settings: &SlideSettings,
) {
    let radii = params.radii(after.crouched);
    match snap_walker::snap_down(world, after.center, radii, params, settings) {
        Some(snapped) => {
            after.center = snapped.center;
            after.grounded = true;
            after.on_step_lip = false;
            after.velocity_mps.y = 0.0;
            after.ground_object = snapped.object;
        }
        // Walked off the ground: falls, never launched by the slide that took it there (up a
        // steep face or over a bump's edge, the slide's rise is not a jump).
        None => {
            after.grounded = false;
            after.ground_object = None;
            after.velocity_mps.y = after.velocity_mps.y.min(0.0);
        }
    }
}

/// The player after the slide: grounded or on a step's lip from the contacts, the velocity
/// from the core's integration velocity (the rest of gravity in the air; a ridden platform's
/// own motion taken out), what it stands on.
#[allow(clippy::too_many_arguments)]
fn state_after(
    mesh: &CollisionMesh,
    state: &PlayerState,
    result: &SlideResult,
    params: &PlayerParams,
    settings: &SlideSettings,
    platform: Option<PlatformCarry>,
    half_g: f32,
    dt: f32,
) -> PlayerState {
    let radii = params.radii(state.crouched);
    let grounded = is_grounded(result.extents, radii, params.max_ground_slope_deg);
    let on_step_lip = !grounded
        && is_on_step_lip(
            mesh,
            result.extents,
            result.position,
            radii,
            params.max_step_height_m,
            settings,
        );
    let mut v_next = result.integration_velocity / dt;
    if !grounded {
        v_next.y -= half_g;
    } else if let Some(p) = platform {
        v_next -= p.displacement_m / dt;
    }
    PlayerState {
        center: result.position,
        velocity_mps: clamp_speed(v_next, params.max_speed_mps),
        grounded,
        on_step_lip,
        crouched: state.crouched,
        noclip: false,
        ground_object: if grounded {
            result.lowest_contact_object
        } else {
            None
        },
    }
}

/// The carry of a player that ended the last step grounded on a dynamic object that moved
/// since (its motion applied to the centre), `None` otherwise.
fn ride(world: CollisionWorld<'_>, state: &PlayerState) -> Option<PlatformCarry> {
    if !state.grounded {
        return None;
    }
    let object = state.ground_object?;
    let obj = world.dynamic?.object(object)?;
    if obj.is_at_rest() {
        return None;
    }
    let motion = obj.motion();
    let displacement_m = motion.transform_point(state.center) - state.center;
    let yaw_rad = motion.yaw_rad();
    (displacement_m.is_finite() && yaw_rad.is_finite()).then_some(PlatformCarry {
        object,
        displacement_m,
        yaw_rad,
    })
}

/// Noclip flight: the wished direction (yaw) plus up/down, at the noclip speed (doubled when
/// running), no collision.
fn fly(
    mut state: PlayerState,
    input: &PlayerInput,
    params: &PlayerParams,
    settings: &SlideSettings,
    dt: f32,
) -> PlayerStep {
    let vertical = f32::from(u8::from(input.fly_up)) - f32::from(u8::from(input.fly_down));
    let dir = (input.wish_direction() + Vec3::Y * vertical).clamp_length_max(1.0);
    let speed = params.noclip_speed_mps * if input.run { 2.0 } else { 1.0 };
    let v = clamp_speed(dir * speed, params.max_speed_mps);
    let requested_move = v * dt;
    let center = state.center + requested_move;
    if center.is_finite() {
        state.center = center;
    }
    state.velocity_mps = v;
    state.grounded = false;
    state.on_step_lip = false;
    state.noclip = true;
    state.ground_object = None;
    PlayerStep {
        after: state,
        ellipsoid: None,
        requested_move,
        heading: None,
        stance: StanceChange::None,
        outcome: StepOutcome::Noclip,
        platform: None,
        settings: *settings,
    }
}
