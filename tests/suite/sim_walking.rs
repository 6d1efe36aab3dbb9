//! The walking player on generated geometry (seed 001 12.2.3/12.15): rest,
//! falling, stairs, ramps, jumping, crouching, step-rate independence and noclip.
use crate::common;

use common::*;
use glam::Vec3;
use slidescope::collision::{CollisionMesh, SlideSettings};
use slidescope::sim::{
    FixedStep, PlayerInput, PlayerParams, PlayerState, Sim, StanceChange, StepOutcome,
};

/// Yaw that makes "forward" point along +x.
const YAW_PLUS_X: f32 = -std::f32::consts::FRAC_PI_2;

fn forward_x() -> PlayerInput {
    PlayerInput {
        forward: 1.0,
        yaw_rad: YAW_PLUS_X,
        ..Default::default()
    }
}

fn sim_at(feet: Vec3, hz: f64) -> Sim {
    Sim::with_clock(
        feet,
        PlayerParams::default(),
        SlideSettings::default(),
        FixedStep::new(hz, 8),
    )
}

/// Runs `secs` of simulated time with one input; returns the states after every step.
fn run(sim: &mut Sim, mesh: &CollisionMesh, input: PlayerInput, secs: f32) -> Vec<PlayerState> {
    let steps = (secs / sim.dt_secs()).round() as usize;
    (0..steps).map(|_| sim.step(mesh, &input)).collect()
}

const STAND_Y: f32 = 0.9;

#[test]
fn stands_still_on_a_flat_floor_without_drift_or_jitter() {
    let m = mesh(&floor(0.0, 10.0));
    let mut sim = sim_at(v(1.0, 0.3, -2.0), 60.0);
    let states = run(&mut sim, &m, PlayerInput::default(), 3.0);
    let landed = states
        .iter()
        .position(|s| s.grounded)
        .expect("lands on the floor");
    assert!(landed < 30, "landed after {landed} steps");
    let rest = states[landed + 1].center;
    for (i, s) in states.iter().enumerate().skip(landed) {
        assert!(s.grounded, "grounded every frame after landing (step {i})");
        assert_vec_close(s.center, rest, 1e-5, "no drift or jitter");
    }
    assert_close(rest.x, 1.0, 1e-6, "no horizontal drift x");
    assert_close(rest.z, -2.0, 1e-6, "no horizontal drift z");
    assert_eq!(states.last().unwrap().velocity_mps, Vec3::ZERO);
}

#[test]
fn falls_and_lands_at_the_expected_height() {
    let m = mesh(&floor(0.0, 10.0));
    let mut sim = sim_at(v(0.0, 2.0, 0.0), 60.0);
    let states = run(&mut sim, &m, PlayerInput::default(), 1.5);
    // Free fall of 2 m takes sqrt(2·2/g) = 0.64 s.
    let landed = states.iter().position(|s| s.grounded).unwrap();
    let t_land = (landed + 1) as f32 / 60.0;
    assert!((0.6..0.72).contains(&t_land), "landed at {t_land} s");
    let last = states.last().unwrap();
    // Resting on the skin: the centre is radius + skin (1e-3 eSpace = 0.9 mm) above the floor.
    assert_close(last.center.y, STAND_Y, 2e-3, "rest height");
    assert!(last.center.y >= STAND_Y, "never below the floor");
}

#[test]
fn walks_up_low_stairs_with_risers_from_15_to_25_cm() {
    for riser in [0.15f32, 0.2, 0.25] {
        let m = mesh(&stairs(riser, 4));
        let mut sim = sim_at(v(0.0, 0.0, 0.0), 60.0);
        let states = run(&mut sim, &m, forward_x(), 4.0);
        let end = states.last().unwrap();
        assert!(
            end.center.x > 4.0,
            "riser {riser}: walked past the stairs: {}",
            end.center
        );
        assert_close(end.center.y, STAND_Y + 4.0 * riser, 0.01, "on the top step");
        assert!(end.grounded, "riser {riser}: grounded on top");
    }
}

#[test]
fn does_not_walk_up_a_60_cm_step() {
    let m = mesh(&stairs(0.6, 1));
    let mut sim = sim_at(v(0.0, 0.0, 0.0), 60.0);
    let states = run(&mut sim, &m, forward_x(), 4.0);
    let end = states.last().unwrap();
    // Stopped touching the riser's top edge (0.3 m below the centre: 0.377 m in front).
    assert!(
        end.center.x < 1.0 - 0.35,
        "stopped at the riser: {}",
        end.center
    );
    let highest = states.iter().map(|s| s.center.y).fold(f32::MIN, f32::max);
    assert!(highest < STAND_Y + 0.3, "never climbed: highest {highest}");
    assert_close(end.center.y, STAND_Y, 0.01, "still on the floor");
}

#[test]
fn walks_up_a_20_degree_ramp() {
    let m = mesh(&ramp(20.0, 20.0));
    let mut sim = sim_at(v(0.0, 0.0, 0.0), 60.0);
    let states = run(&mut sim, &m, forward_x(), 4.0);
    let end = states.last().unwrap();
    // 4 s at up to 4 m/s: well up the ramp, standing on it.
    assert!(end.center.x > 8.0, "went up the ramp: {}", end.center);
    let surface_y = (end.center.x - 1.0) * 20f32.to_radians().tan();
    assert!(end.center.y > surface_y, "above the surface");
    assert!(end.grounded, "grounded on a 20° slope");
    let grounded_share = states.iter().filter(|s| s.grounded).count() as f32 / states.len() as f32;
    assert!(
        grounded_share > 0.9,
        "grounded {grounded_share} of the time"
    );
}

#[test]
fn does_not_walk_up_a_50_degree_ramp() {
    let m = mesh(&ramp(50.0, 20.0));
    let mut sim = sim_at(v(0.0, 0.0, 0.0), 60.0);
    let states = run(&mut sim, &m, forward_x(), 6.0);
    let last_second = &states[states.len() - 60..];
    let highest = last_second
        .iter()
        .map(|s| s.center.y)
        .fold(f32::MIN, f32::max);
    assert!(
        highest < STAND_Y + 0.5,
        "stays at the foot of the ramp: highest {highest}"
    );
    let x_max = states.iter().map(|s| s.center.x).fold(f32::MIN, f32::max);
    assert!(x_max < 2.0, "made no headway: x {x_max}");
}

fn jump_apex(hz: f64) -> f32 {
    let m = mesh(&floor(0.0, 10.0));
    let mut sim = sim_at(v(0.0, 0.0, 0.0), hz);
    run(&mut sim, &m, PlayerInput::default(), 0.5);
    let rest_y = sim.player().center.y;
    assert!(sim.player().grounded);
    let jump = PlayerInput {
        jump: true,
        ..Default::default()
    };
    sim.step(&m, &jump);
    let states = run(&mut sim, &m, PlayerInput::default(), 2.0);
    let apex = states.iter().map(|s| s.center.y).fold(f32::MIN, f32::max);
    assert!(states.last().unwrap().grounded, "landed again");
    apex - rest_y
}

#[test]
fn jump_height_matches_v_squared_over_2g() {
    let p = PlayerParams::default();
    let expected = p.jump_speed_mps.powi(2) / (2.0 * p.gravity_mps2);
    for hz in [60.0, 20.0] {
        let h = jump_apex(hz);
        assert!(
            (h - expected).abs() / expected < 0.03,
            "{hz} Hz: apex {h} m vs {expected} m"
        );
    }
}

#[test]
fn jump_is_refused_in_the_air() {
    let m = mesh(&floor(0.0, 10.0));
    let mut sim = sim_at(v(0.0, 3.0, 0.0), 60.0);
    let jump = PlayerInput {
        jump: true,
        ..Default::default()
    };
    let after = sim.step(&m, &jump);
    assert!(
        after.velocity_mps.y < 0.0,
        "still falling: {}",
        after.velocity_mps
    );
}

/// Floor plus a slab whose underside is at `ceiling_y`, covering x in [2, 6].
fn low_ceiling(ceiling_y: f32) -> CollisionMesh {
    let mut tris = floor(0.0, 20.0).to_vec();
    tris.extend(solid_box(
        v(2.0, ceiling_y, -3.0),
        v(6.0, ceiling_y + 0.3, 3.0),
    ));
    mesh(&tris)
}

#[test]
fn crouches_under_a_low_ceiling_and_refuses_to_stand_there() {
    // The crouched ellipsoid is 1.2 m tall; the ceiling underside is at 1.25 m.
    let m = low_ceiling(1.25);
    let mut sim = sim_at(v(0.0, 0.0, 0.0), 60.0);
    run(&mut sim, &m, PlayerInput::default(), 0.3);
    // Standing, the ceiling edge stops the player.
    let standing = run(&mut sim, &m, forward_x(), 1.5);
    assert!(standing.last().unwrap().center.x < 2.0, "blocked standing");
    let crouch_walk = PlayerInput {
        crouch: true,
        ..forward_x()
    };
    let crouched = run(&mut sim, &m, crouch_walk, 1.5);
    let under = *crouched.last().unwrap();
    assert!(under.crouched);
    assert!(
        (2.5..5.5).contains(&under.center.x),
        "under the slab: {}",
        under.center
    );
    assert_close(
        under.center.y,
        0.6,
        2e-3,
        "crouched centre, feet on the floor",
    );
    // Release crouch under the slab: refused, stays crouched, does not move up.
    let release = PlayerInput::default();
    run(&mut sim, &m, release, 0.2);
    let rec = sim.history().last().unwrap();
    assert_eq!(rec.stance, StanceChange::StandRefused);
    assert!(sim.player().crouched);
    assert_close(sim.player().center.y, 0.6, 2e-3, "still crouched");
    // Walk out without crouch held: stands up once clear.
    let states = run(&mut sim, &m, forward_x(), 2.0);
    let end = states.last().unwrap();
    assert!(
        end.center.x > 6.4 && !end.crouched,
        "stood up past the slab: {end:?}"
    );
    assert_close(end.center.y, STAND_Y, 2e-3, "standing height");
}

#[test]
fn crouching_keeps_the_feet_in_place() {
    let m = mesh(&floor(0.0, 10.0));
    let mut sim = sim_at(v(0.0, 0.0, 0.0), 60.0);
    run(&mut sim, &m, PlayerInput::default(), 0.3);
    let crouch = PlayerInput {
        crouch: true,
        ..Default::default()
    };
    run(&mut sim, &m, crouch, 0.3);
    assert!(sim.player().crouched && sim.player().grounded);
    assert_close(sim.player().center.y, 0.6, 2e-3, "feet stay on the floor");
    run(&mut sim, &m, PlayerInput::default(), 0.3);
    assert!(!sim.player().crouched);
    assert_close(sim.player().center.y, STAND_Y, 2e-3, "stood up");
}

#[test]
fn same_outcome_at_60_hz_and_20_hz() {
    // Walk to full speed, jump, land, stop: friction is exact per step and gravity is
    // integrated exactly, so the step rate only shows in contact timing. (A change of wished
    // speed on the take-off step itself is rate dependent: the ground acts for one step.)
    let m = mesh(&floor(0.0, 40.0));
    let script = |sim: &mut Sim| {
        run(sim, &m, PlayerInput::default(), 0.5);
        run(sim, &m, forward_x(), 2.0);
        let jump = PlayerInput {
            jump: true,
            ..forward_x()
        };
        run(sim, &m, jump, 0.1);
        run(sim, &m, forward_x(), 0.9);
        run(sim, &m, PlayerInput::default(), 1.5);
        *sim.player()
    };
    let a = script(&mut sim_at(v(-3.0, 0.0, 0.0), 60.0));
    let b = script(&mut sim_at(v(-3.0, 0.0, 0.0), 20.0));
    assert!(a.grounded && b.grounded);
    assert!(a.center.x > 8.0, "went somewhere: {}", a.center);
    assert_vec_close(a.center, b.center, 0.05, "60 Hz vs 20 Hz end position");
}

#[test]
fn noclip_passes_through_a_wall() {
    let mut tris = floor(0.0, 20.0).to_vec();
    tris.extend(solid_box(v(2.0, -1.0, -5.0), v(2.5, 5.0, 5.0)));
    let m = mesh(&tris);
    // Control: walking stops at the wall.
    let mut walker = sim_at(v(0.0, 0.0, 0.0), 60.0);
    run(&mut walker, &m, forward_x(), 2.0);
    assert!(walker.player().center.x < 2.0 - 0.39, "walking is stopped");
    let mut flyer = sim_at(v(0.0, 0.0, 0.0), 60.0);
    let fly = PlayerInput {
        noclip: true,
        ..forward_x()
    };
    run(&mut flyer, &m, fly, 1.0);
    assert!(
        flyer.player().center.x > 5.0,
        "flew through: {}",
        flyer.player().center
    );
    assert!(flyer.player().noclip);
    assert_eq!(flyer.history().last().unwrap().outcome, StepOutcome::Noclip);
}
