//! The walking player with moving geometry: riding a lift and a rotating platform,
//! a sliding door and a fast rotating bar pushing the player, and bit-identical replays of a
//! run with dynamic objects.
use crate::common;

use common::*;
use glam::{Quat, Vec3};
use slidescope::collision::{
    CollisionMesh, CollisionWorld, DynamicScene, Ellipsoid, ObjectId, RigidPose, SetId,
    SlideSettings,
};
use slidescope::sim::{FixedStep, PlayerInput, PlayerParams, Sim, replay_frames_in};

const RADII: Vec3 = Vec3::new(0.4, 0.9, 0.4);

fn sim_at(feet: Vec3, hz: f64) -> Sim {
    Sim::with_clock(
        feet,
        PlayerParams::default(),
        SlideSettings::default(),
        FixedStep::new(hz, 8),
    )
}

fn one_box(half: Vec3, pose: RigidPose) -> (DynamicScene, SetId, ObjectId) {
    let mut scene = DynamicScene::new();
    let set = scene.add_set();
    let (p, i) = box_mesh(-half, half);
    let id = scene.add_object(set, "object", p, &i, pose).unwrap();
    (scene, set, id)
}

/// Steps `secs` with `input`, moving the set to `pose(t)` at each step's end first; calls
/// `check(step, t_end, sim, scene)` after every step.
#[allow(clippy::too_many_arguments)]
fn drive(
    sim: &mut Sim,
    mesh: &CollisionMesh,
    scene: &mut DynamicScene,
    set: SetId,
    secs: f64,
    input: &PlayerInput,
    pose: impl Fn(f64) -> RigidPose,
    mut check: impl FnMut(usize, f64, &Sim, &DynamicScene),
) {
    let steps = (secs / sim.clock().step_secs()).round() as usize;
    for k in 0..steps {
        let t_end = sim.time_secs() + sim.clock().step_secs();
        scene.update_set(set, |_| pose(t_end)).unwrap();
        sim.step(CollisionWorld::new(mesh, scene), input);
        check(k, t_end, sim, scene);
    }
}

/// Lift top height (m) over time: rest 0.5 s, up 3 m in 2 s, rest 0.5 s, down in 2 s, rest.
fn lift_top_m(t: f64) -> f32 {
    let t = t as f32;
    let rise = |s: f32| 3.0 * s.clamp(0.0, 1.0);
    if t < 2.5 {
        rise((t - 0.5) / 2.0)
    } else {
        3.0 - rise((t - 3.0) / 2.0)
    }
}

fn ride_the_lift(hz: f64) {
    // The static floor lies below the lift's slab, so the lift is what the player stands on.
    let floor_mesh = mesh(&floor(-0.5, 20.0));
    // The lift: a 3 × 0.2 × 3 slab whose top starts flush with the floor, off to the side.
    let half = v(1.5, 0.1, 1.5);
    let pose = |t: f64| RigidPose::from_translation(v(5.0, lift_top_m(t) - 0.1, 0.0));
    let (mut scene, set, id) = one_box(half, pose(0.0));
    let mut sim = sim_at(v(5.2, 0.0, 0.3), hz);
    let start_xz = v(5.2, 0.0, 0.3);
    let mut worst_gap = 0.0f32;
    let mut top_reached = 0.0f32;
    drive(
        &mut sim,
        &floor_mesh,
        &mut scene,
        set,
        6.0,
        &PlayerInput::default(),
        pose,
        |k, t, sim, scene| {
            let p = sim.player();
            let top = lift_top_m(t);
            let gap = p.center.y - RADII.y - top;
            top_reached = top_reached.max(p.center.y - RADII.y);
            let e = Ellipsoid::new(p.center, RADII).unwrap();
            let clear = clearance_to_triangles_es(&e, object_triangles_now(scene, id));
            assert!(
                clear >= 1.0 - 1e-3,
                "{hz} Hz step {k}: inside the lift ({clear})"
            );
            assert!(
                gap >= -2e-3,
                "{hz} Hz step {k}: below the lift top by {gap} m"
            );
            if k > 2 {
                assert!(p.grounded, "{hz} Hz step {k}: not grounded (gap {gap} m)");
                assert_eq!(p.ground_object, Some(id), "{hz} Hz step {k}");
                worst_gap = worst_gap.max(gap.abs());
            }
            let drift = (v(p.center.x, 0.0, p.center.z) - start_xz).length();
            assert!(drift < 1e-3, "{hz} Hz step {k}: slid {drift} m sideways");
        },
    );
    assert!(top_reached > 2.99, "{hz} Hz: rode only to {top_reached} m");
    assert!(
        worst_gap < 0.01,
        "{hz} Hz: floated {worst_gap} m above the lift"
    );
    let p = sim.player();
    assert_close(
        p.center.y - RADII.y,
        0.0,
        0.01,
        "back down on the floor level",
    );
}

#[test]
fn riding_a_lift_up_and_down_at_60_hz_stays_on_it() {
    ride_the_lift(60.0);
}

#[test]
fn riding_a_lift_up_and_down_at_20_hz_stays_on_it() {
    ride_the_lift(20.0);
}

#[test]
fn closing_door_pushes_the_player_out_and_never_inside() {
    // A 1.2 m wide, 0.1 m thick sliding door moves along +x from x = −1.5 to 0 in 0.5 s,
    // through a player standing in the doorway at x = 0.
    let floor_mesh = mesh(&floor(0.0, 20.0));
    let half = v(0.6, 1.1, 0.05);
    let door_x = |t: f64| -1.5 + 1.5 * (t as f32 / 0.5).clamp(0.0, 1.0);
    let pose = |t: f64| RigidPose::from_translation(v(door_x(t), 1.1, 0.0));
    let (mut scene, set, id) = one_box(half, pose(0.0));
    for hz in [60.0, 20.0] {
        let mut scene = scene.clone();
        let mut sim = sim_at(v(0.0, 0.0, 0.0), hz);
        drive(
            &mut sim,
            &floor_mesh,
            &mut scene,
            set,
            1.0,
            &PlayerInput::default(),
            pose,
            |k, _, sim, scene| {
                let e = Ellipsoid::new(sim.player().center, RADII).unwrap();
                let clear = clearance_to_triangles_es(&e, object_triangles_now(scene, id));
                assert!(
                    clear >= 1.0 - 1e-3,
                    "{hz} Hz step {k}: inside the door ({clear})"
                );
            },
        );
        let x = sim.player().center.x;
        assert!(
            x >= 0.6 + 0.4 - 2e-3,
            "{hz} Hz: not pushed clear of the door: x = {x}"
        );
    }
    scene.settle();
}

fn rotating_bar(hz: f64, omega_rad_s: f32) {
    // A 2.5 m bar at shin height (0.2–0.4 m) turning about the y axis at the origin.
    let floor_mesh = mesh(&floor(0.0, 20.0));
    let mut scene = DynamicScene::new();
    let set = scene.add_set();
    let (p, i) = box_mesh(v(0.0, 0.2, -0.05), v(2.5, 0.4, 0.05));
    let id = scene
        .add_object(set, "bar", p, &i, RigidPose::IDENTITY)
        .unwrap();
    let pose =
        move |t: f64| RigidPose::new(Quat::from_rotation_y(omega_rad_s * t as f32), Vec3::ZERO);
    // The player stands 1.4 m out, 40° ahead of the bar.
    let a = 40f32.to_radians();
    let mut sim = sim_at(v(1.4 * a.cos(), 0.0, -1.4 * a.sin()), hz);
    let mut pushed = false;
    drive(
        &mut sim,
        &floor_mesh,
        &mut scene,
        set,
        1.0,
        &PlayerInput::default(),
        pose,
        |k, t, sim, scene| {
            let c = sim.player().center;
            let e = Ellipsoid::new(c, RADII).unwrap();
            let clear = clearance_to_triangles_es(&e, object_triangles_now(scene, id));
            assert!(
                clear >= 1.0 - 1e-3,
                "{hz} Hz step {k}: inside the bar ({clear})"
            );
            let reach = v(c.x, 0.0, c.z).length();
            // Hopping over the bar (pushed up by its edge) is not passing through it.
            if reach < 2.5 + RADII.x && c.y - RADII.y < 0.4 {
                // Angle of the player ahead of the bar, in (−π, π]: never behind it.
                let bar = omega_rad_s * t as f32;
                let player = (-c.z).atan2(c.x);
                let rel = (player - bar + std::f32::consts::PI).rem_euclid(std::f32::consts::TAU)
                    - std::f32::consts::PI;
                assert!(
                    rel > -0.05,
                    "{hz} Hz step {k}: the bar passed through ({rel} rad, y {})",
                    c.y
                );
            }
            pushed |= (c - v(1.4 * a.cos(), 0.9, -1.4 * a.sin())).length() > 0.5;
        },
    );
    assert!(pushed, "{hz} Hz: the bar never moved the player");
}

#[test]
fn fast_rotating_bar_at_shin_height_never_passes_through_at_60_hz() {
    // 2 turns a second: 12° a step, tip speed 31 m/s.
    rotating_bar(60.0, 4.0 * std::f32::consts::PI);
}

#[test]
fn fast_rotating_bar_at_shin_height_never_passes_through_at_20_hz() {
    // 1.5 turns a second: 27° a step.
    rotating_bar(20.0, 3.0 * std::f32::consts::PI);
}

#[test]
fn standing_on_a_rotating_platform_turns_with_it() {
    let floor_mesh = mesh(&floor(-5.0, 20.0));
    let omega = 0.8f32;
    let pose =
        move |t: f64| RigidPose::new(Quat::from_rotation_y(omega * t as f32), v(0.0, -0.1, 0.0));
    let (mut scene, set, id) = one_box(v(3.0, 0.1, 3.0), pose(0.0));
    let start = v(1.5, 0.0, 0.0);
    let mut sim = sim_at(start, 60.0);
    let mut yaw = 0.0f32;
    let secs = 3.0;
    drive(
        &mut sim,
        &floor_mesh,
        &mut scene,
        set,
        secs,
        &PlayerInput::default(),
        pose,
        |_, _, _, _| {},
    );
    yaw += sim.take_platform_yaw_rad();
    let turned = omega * secs as f32;
    let expected = Quat::from_rotation_y(turned) * start;
    let c = sim.player().center;
    assert_vec_close(
        v(c.x, 0.0, c.z),
        expected,
        0.03,
        "position follows the rotation",
    );
    assert_close(yaw, turned, 0.02, "view yaw turned with the platform");
    assert_eq!(sim.player().ground_object, Some(id));
}

#[test]
fn conveyor_carries_the_player_and_walking_adds_to_it() {
    // A platform moving +z at 1 m/s; the player walks +x on it.
    let floor_mesh = mesh(&floor(-5.0, 30.0));
    let pose = |t: f64| RigidPose::from_translation(v(0.0, -0.1, t as f32));
    let (mut scene, set, _) = one_box(v(6.0, 0.1, 6.0), pose(0.0));
    let mut sim = sim_at(v(-3.0, 0.0, 0.0), 60.0);
    let walk = PlayerInput {
        forward: 1.0,
        yaw_rad: -std::f32::consts::FRAC_PI_2,
        ..Default::default()
    };
    drive(
        &mut sim,
        &floor_mesh,
        &mut scene,
        set,
        2.0,
        &walk,
        pose,
        |_, _, _, _| {},
    );
    let c = sim.player().center;
    assert_close(c.z, 2.0, 0.03, "carried 2 m along +z");
    assert!(c.x > -3.0 + 6.0, "walked along +x too: {c}");
}

#[test]
fn replay_of_a_run_with_dynamic_objects_is_bit_identical() {
    let floor_mesh = mesh(&floor(0.0, 20.0));
    let pose = |t: f64| RigidPose::from_translation(v(5.0, lift_top_m(t) - 0.1, 0.0));
    let (mut scene, set, _) = one_box(v(1.5, 0.1, 1.5), pose(0.0));
    let original_scene = scene.clone();
    let mut sim = sim_at(v(5.2, 0.0, 0.3), 60.0);
    let walk = PlayerInput {
        forward: 0.3,
        yaw_rad: 0.4,
        ..Default::default()
    };
    drive(
        &mut sim,
        &floor_mesh,
        &mut scene,
        set,
        3.0,
        &walk,
        pose,
        |_, _, _, _| {},
    );
    let frames: Vec<_> = sim.history().iter().cloned().collect();
    assert!(frames.iter().all(|f| f.dynamics.objects.len() == 1));
    assert!(frames.iter().any(|f| f.dynamics.platform.is_some()));
    // Through JSON (a saved recording) and back.
    let json = serde_json::to_string(&frames).unwrap();
    let loaded: Vec<slidescope::sim::FrameRecord> = serde_json::from_str(&json).unwrap();
    assert_eq!(loaded, frames);
    let replayed = replay_frames_in(&floor_mesh, Some(&original_scene), &loaded, None);
    assert_eq!(replayed, frames);
}
