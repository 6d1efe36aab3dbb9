//! rapier3d's `KinematicCharacterController` walked through an Issues scene: the
//! scorecard's rapier columns, so the table shows which engine has which bug, measured.
//!
//! The same inputs as the walker's, used the way rapier's own examples use its controller:
//! the character keeps its intended velocity (horizontally turned towards the wished velocity
//! with the walker's ground friction or air control, a jump when grounded, gravity
//! accumulated while airborne, the fall stopped when rapier says it is grounded) and asks
//! `move_shape` for velocity × dt each step, on the scene's very triangles; what rapier moves
//! is not fed back into the velocity (a kinematic character). rapier has no ellipsoid: the
//! character is a capsule as tall and as wide as the walker's ellipsoid (0.8 × 1.8 m), and
//! the overlap measured is that of the ellipsoid inside it (a lower bound of the capsule's).
//! The frames are filed in a history as the walker's are, so the detectors that read the
//! frames' states (stuck, grounded flicker, ping-pong between frames) mark them, the speed gain
//! is rapier's horizontal translation against the horizontal move asked for, and the same metrics and checks judge
//! them; what only a trace shows (contacts, fallbacks, skin violations) rapier does not give.
//! rapier 0.36 (crates.io), `control` module.

use glam::Vec3;
use rapier3d::control::{CharacterAutostep, CharacterLength, KinematicCharacterController};
use rapier3d::prelude::{Capsule, ColliderBuilder, PhysicsWorld, Pose};

use super::issue_scene::Run;
use super::issue_scene::{frame_count, input_at};
use super::variant::RapierSetup;
use crate::collision::{CollisionMesh, Ellipsoid, SlideSettings, Trace};
use crate::sim::controller::clamp_speed;
use crate::sim::detectors::speed_gain::speed_gain;
use crate::sim::{
    CallInputs, Findings, FrameRecord, History, Markers, PlayerParams, PlayerState, StepDynamics,
};
use crate::sim::{StanceChange, StepOutcome, sanitize_dt};

impl RapierSetup {
    fn controller(self, params: &PlayerParams) -> KinematicCharacterController {
        let mut c = KinematicCharacterController::default();
        if self == RapierSetup::Autostep {
            c.autostep = Some(CharacterAutostep {
                max_height: CharacterLength::Absolute(params.max_step_height_m),
                min_width: CharacterLength::Absolute(0.1),
                include_dynamic_bodies: false,
            });
        }
        c
    }
}

/// The scene's triangles as one rapier trimesh collider, in a world stepped once (the query
/// pipeline reads the broad phase).
pub fn world(mesh: &CollisionMesh) -> Option<PhysicsWorld> {
    let v = |p: Vec3| rapier3d::math::Vector::new(p.x, p.y, p.z);
    let verts = mesh.positions().iter().map(|&p| v(p)).collect();
    let idx = (0..mesh.triangle_count() as u32)
        .map(|i| mesh.triangle_indices(i))
        .collect();
    let collider = ColliderBuilder::trimesh(verts, idx).ok()?;
    let mut world = PhysicsWorld::default();
    world.insert_collider(collider, None);
    world.step();
    Some(world)
}

/// `run` walked by rapier's controller at `rate_hz`: the frames, in order, in a history whose
/// detectors marked them.
pub fn walk(world: &PhysicsWorld, run: &Run, setup: RapierSetup, rate_hz: f64) -> History {
    let params = PlayerParams::default().sanitized();
    let settings = SlideSettings::default();
    let dt = sanitize_dt((1.0 / rate_hz) as f32);
    let radii = params.radii(false);
    let shape = Capsule::new_y(radii.y - radii.x, radii.x);
    let controller = setup.controller(&params);
    let mut history = History::new(usize::MAX);
    let mut state = PlayerState::standing_at(run.start_feet.as_vec3(), radii);
    for frame in 0..frame_count(run, rate_hz) {
        let input = input_at(run, frame as f64 * f64::from(dt)).sanitized();
        let before = state;
        let requested_move = intended_velocity(&mut state, &input, &params, dt) * dt;
        let c = state.center;
        let moved = controller.move_shape(
            dt,
            &world.query_pipeline(),
            &shape,
            &Pose::translation(c.x, c.y, c.z),
            rapier3d::math::Vector::new(requested_move.x, requested_move.y, requested_move.z),
            |_| {},
        );
        let t = moved.translation;
        state.center += Vec3::new(t.x, t.y, t.z);
        state.grounded = moved.grounded;
        if state.grounded {
            state.velocity_mps.y = state.velocity_mps.y.max(0.0);
        }
        history.push(FrameRecord {
            frame,
            dt_secs: dt,
            input,
            params,
            before,
            call: CallInputs {
                ellipsoid: Ellipsoid::new(before.center, radii).ok(),
                requested_move,
                heading: None,
                settings,
            },
            stance: StanceChange::None,
            trace: Trace::default(),
            outcome: StepOutcome::Other(format!("rapier3d 0.36 {setup:?}")),
            after: state,
            markers: Markers::default(),
            dynamics: StepDynamics {
                objects: Vec::new(),
                platform: None,
            },
            game: None,
            findings: Findings {
                // Horizontal: rapier's snap and autostep move it up and down by design. A step
                // that asks for less than `MIN_ASKED_M` is at rest: what it moves then is drift,
                // which the drift checks measure (as a ratio it would read millions of %).
                speed_gain: (flat(requested_move).length() >= MIN_ASKED_M)
                    .then(|| {
                        speed_gain(
                            flat(requested_move),
                            flat(state.center - before.center),
                            Vec3::ZERO,
                        )
                    })
                    .flatten(),
                ..Default::default()
            },
        });
    }
    history
}

/// A horizontal move asked for shorter than this (m) is no move for the speed-gain ratio.
const MIN_ASKED_M: f32 = 1e-4;

/// The character's velocity this step (m/s), kept in `state`: towards the wished velocity by
/// the walker's friction (air control in the air), a jump when grounded, gravity.
fn intended_velocity(
    state: &mut PlayerState,
    input: &crate::sim::PlayerInput,
    params: &PlayerParams,
    dt: f32,
) -> Vec3 {
    let speed = if input.run {
        params.run_speed_mps
    } else {
        params.walk_speed_mps
    };
    let wish = input.wish_direction() * speed;
    let mut v = state.velocity_mps;
    let air = if state.grounded {
        1.0
    } else {
        params.air_control
    };
    let blend = 1.0 - (-params.ground_friction_per_sec * air * dt).exp();
    v.x += (wish.x - v.x) * blend;
    v.z += (wish.z - v.z) * blend;
    if state.grounded && input.jump {
        v.y = params.jump_speed_mps;
    }
    v.y -= params.gravity_mps2 * dt;
    state.velocity_mps = clamp_speed(v, params.max_speed_mps);
    state.velocity_mps
}

fn flat(v: Vec3) -> Vec3 {
    Vec3::new(v.x, 0.0, v.z)
}
