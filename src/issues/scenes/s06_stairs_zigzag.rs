//! Scene 6 — stairs beside a wall, "not stairs" and a zig-zag wall (Jolt's obstacle course).
//!
//! Geometry: (a) at x = −6, 6 steps of 0.3 m rise and 0.3 m run, 2 m wide, going −Z from
//! z = 0, with a 3 m high wall along their left side; (b) at x = 0, 6 steps of 0.3 m rise
//! and only 0.05 m run (a near-vertical staircase, "not stairs"); (c) at x = 6, a wall of 25
//! one-metre segments along −Z whose direction turns by ±10°…±60° at every joint, making
//! internal corners of varying angle.
//! Motion: (a) and (b) walk −Z from z = 2 for 3 s; (c) walks −Z from (4.8, 1) for 5 s held at
//! 20° into the wall.
//! Report: Jolt's course: stairs must be climbed, also beside a wall; "not stairs" are a
//! steep face the character must not climb as if they were steps; the zig-zag wall's
//! internal corners must not catch a character sliding along it.
//! Adaptation: the walker climbs a step lip up to 0.3 m (`max_step_height_m`), so 0.3 m
//! stairs sit exactly at its limit; whether they are climbed depends on the step rate.

use super::prelude::*;

fn steps(name: &str, x: f64, run: f64, parts: &mut Vec<Part>) {
    for k in 1..=6 {
        let kf = k as f64;
        parts.push(Part::cuboid(
            &format!("{name}_{k}"),
            MaterialId::Step,
            DVec3::new(x - 1.0, 0.0, -6.0 * run - 2.0),
            DVec3::new(x + 1.0, 0.3 * kf, -run * (kf - 1.0)),
        ));
    }
}

/// Turn (degrees) at zig-zag joint `k`.
fn turn(k: usize) -> f64 {
    let size = 10.0 + 10.0 * (k % 6) as f64;
    if k.is_multiple_of(2) { size } else { -size }
}

pub fn scene() -> IssueScene {
    let mut parts = Vec::new();
    steps("stairs", -6.0, 0.3, &mut parts);
    parts.push(Part::cuboid(
        "stairs_wall",
        MaterialId::Wall,
        DVec3::new(-7.2, 0.0, -4.0),
        DVec3::new(-7.0, 3.0, 1.0),
    ));
    steps("not_stairs", 0.0, 0.05, &mut parts);
    // Zig-zag: segments of 1 m heading −Z on average, each turned from the last.
    let mut at = DVec3::new(6.0, 0.0, 2.0);
    for k in 0..25 {
        let heading = turn(k) / 2.0; // degrees from −Z towards +X
        let dir = DVec3::new(heading.to_radians().sin(), 0.0, -heading.to_radians().cos());
        let centre = at + dir * 0.5;
        let yaw = (-dir.z).atan2(dir.x).to_degrees();
        parts.push(Part::yawed_box(
            &format!("zigzag_{k:02}"),
            MaterialId::Corner,
            centre + DVec3::X * 0.1,
            DVec3::new(1.02, 2.0, 0.2),
            yaw,
        ));
        at += dir;
    }
    let into = DVec3::new(20f64.to_radians().sin(), 0.0, -(20f64.to_radians().cos()));
    let runs = vec![
        Run::new("stairs beside a wall", feet(-6.0, 2.0), 0.0)
            .script([Segment::walk(3.0)])
            .checks([Check::Climbs { min_m: 1.7 }]),
        Run::new("not stairs (0.05 m run)", feet(0.0, 2.0), 0.0)
            .script([Segment::walk(3.0)])
            .checks([Check::StaysBelow { max_m: 0.35 }]),
        Run::new("zig-zag wall", feet(4.8, 1.0), yaw_towards(into))
            .script([Segment::walk(5.0)])
            .checks([
                Check::Progress { min_m: 12.0 },
                Check::NotStuck { max_frames: 0 },
            ]),
    ];
    IssueScene {
        number: 6,
        slug: "stairs_zigzag",
        title: "Stairs beside a wall, \"not stairs\", a zig-zag wall",
        report: Report {
            source: "Jolt CharacterBaseTest",
            url: "https://github.com/jrouwe/JoltPhysics/blob/master/Samples/Tests/Character/CharacterBaseTest.cpp",
            text: "Jolt's character obstacle course: stairs of 0.3 m rise beside a wall, a 'not stairs' staircase with 0.05 m runs, and a 25-segment zig-zag wall with internal corners of varying angle.",
        },
        adaptation: "The stair rise equals the walker's step limit (0.3 m), so the climb is decided by a few millimetres and by the step rate.",
        ground: Ground::Full,
        parts,
        runs,
        expect_pass: &Variant::OURS,
        expect_why: "stairs are climbed at 60 Hz, the steep face is not, the zig-zag slides",
        focus: (0, 0.6),
    }
}
