//! Scene 5 — bump strips (Jolt's obstacle course).
//!
//! Geometry: across two 2 m wide lanes, strips 0.05 m deep and 0.01 m high every 0.5 m (left
//! lane, x = −3) and strips 0.3 m deep and 0.1 m high every 2 m (right lane, x = 3), from
//! z = −0.5 to z = −12.
//! Motion: one run per lane, walking −Z from z = 1 for 3 s.
//! Report: Jolt's course has rows of small bumps; a character must walk over them at full
//! speed without being launched, stopped or slowed.
//! Adaptation: none beyond the ellipsoid.

use super::prelude::*;

fn lane(x: f64, every: f64, deep: f64, high: f64, name: &str, parts: &mut Vec<Part>) {
    let mut z = -0.5;
    let mut k = 0;
    while z > -12.0 {
        parts.push(Part::cuboid(
            &format!("{name}_{k:02}"),
            MaterialId::Step,
            DVec3::new(x - 1.0, 0.0, z - deep),
            DVec3::new(x + 1.0, high, z),
        ));
        z -= every;
        k += 1;
    }
}

pub fn scene() -> IssueScene {
    let mut parts = Vec::new();
    lane(-3.0, 0.5, 0.05, 0.01, "small", &mut parts);
    lane(3.0, 2.0, 0.3, 0.1, "large", &mut parts);
    let run = |label: &str, x: f64, high: f32| {
        Run::new(label, feet(x, 1.0), 0.0)
            .script([Segment::walk(3.0)])
            .checks([
                Check::Progress { min_m: 8.7 },
                Check::StaysBelow { max_m: high + 0.05 },
                Check::NoSpeedGain { max_pct: 1.0 },
                Check::NotStuck { max_frames: 0 },
            ])
    };
    IssueScene {
        number: 5,
        slug: "bumps",
        title: "Walking over 1 cm and 10 cm bump strips: no launch, no stop",
        report: Report {
            source: "Jolt CharacterBaseTest",
            url: "https://github.com/jrouwe/JoltPhysics/blob/master/Samples/Tests/Character/CharacterBaseTest.cpp",
            text: "Jolt's character obstacle course: bumps 0.05 x 0.01 m every 0.5 m and 0.3 x 0.1 m every 2 m. Walking across should be smooth.",
        },
        adaptation: "None: the strips are Jolt's sizes, 2 m long across the path.",
        ground: Ground::Full,
        parts,
        runs: vec![
            run("1 cm strips", -3.0, 0.01),
            run("10 cm strips", 3.0, 0.1),
        ],
        expect_pass: &Variant::OURS,
        expect_why: "a strip's edge is met low on the ellipsoid and the slide lifts it over",
        focus: (1, 0.8),
    }
}
