//! Scene 2 — ramps wedged against a leaning wall (Jolt's obstacle course).
//!
//! Geometry: 9 boards 2 × 0.1 × 4 m tilted 0°–80° in 10° steps (foot at z = 0, 3 m apart in
//! x); across each, at z = −2.5, a wall 2 m wide, 4 m long and 0.1 m thick leaning 20° from
//! vertical back over the ramp, so ramp and wall close into a wedge.
//! Motion: one run per ramp, walking −Z from z = 3 for 4 s into the wedge.
//! Report: Jolt's course puts ramps against walls to make wedged corners, where a slide
//! between two planes that close on each other must come to rest instead of jittering or
//! pushing into either.
//! Adaptation: none beyond the ellipsoid; the ramps past 40° are not walkable, so the walker
//! reaches the wedge only on the lower ones.

use super::prelude::*;

fn x_of(i: usize) -> f64 {
    (i as f64 - 4.0) * 3.0
}

pub fn scene() -> IssueScene {
    let mut parts = Vec::new();
    let mut runs = Vec::new();
    for i in 0..9 {
        let tilt = 10.0 * i as f64;
        let x = x_of(i);
        parts.push(board(
            &format!("ramp_{:02}", tilt as u32),
            MaterialId::Slope,
            DVec3::new(x, 0.0, 0.0),
            DVec3::NEG_Z,
            2.0,
            4.0,
            0.1,
            tilt,
        ));
        parts.push(board(
            &format!("wall_{:02}", tilt as u32),
            MaterialId::Wall,
            DVec3::new(x, 0.0, -2.5),
            DVec3::NEG_Z,
            2.0,
            4.0,
            0.1,
            110.0,
        ));
        runs.push(
            Run::new(format!("{tilt:.0}°"), feet(x, 3.0), 0.0)
                .script([Segment::walk(4.0)])
                .checks([
                    Check::NoJitter { max_m: 0.002 },
                    Check::NoSpeedGain { max_pct: 1.0 },
                ]),
        );
    }
    IssueScene {
        number: 2,
        slug: "wedged_ramps",
        title: "Ramps meeting a wall leaning 20°: come to rest in the wedge",
        report: Report {
            source: "Jolt CharacterBaseTest",
            url: "https://github.com/jrouwe/JoltPhysics/blob/master/Samples/Tests/Character/CharacterBaseTest.cpp",
            text: "Jolt's character obstacle course: ramps of 0 to 80 degrees each meeting a 0.1 x 4 x 2 m wall tilted 20 degrees, making wedged corners that the character walks into.",
        },
        adaptation: "The walls hinge on their foot like the ramps and lean back over them, so the wedge closes above the ramp.",
        ground: Ground::Full,
        parts,
        runs,
        expect_pass: &[],
        expect_why: "both fail: the ellipsoid ping-pongs between ramp and wall from frame to frame (2.5-5.3 mm); the crease response only acts within one call",
        focus: (2, 1.5),
    }
}
