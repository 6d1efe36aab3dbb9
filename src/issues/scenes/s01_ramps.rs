//! Scene 1 — ramps at every tilt (Jolt's character obstacle course, `CharacterBaseTest`).
//!
//! Geometry: 18 boards 2 m wide, 5 m long and 0.1 m thick, their foot edge on the floor at
//! z = 0, tilted 0°, 10° … 170° (past 90° they lean back over the walker), 3 m apart in x.
//! Motion: one run per board, walking −Z from 6 m in front of its foot (clear of the
//! overhangs) for 7 s (a 40° slope slows the walker to 0.8 m/s).
//! Report: Jolt's obstacle course walks characters up ramps of increasing slope; a ramp up to
//! the walkable limit must be climbed to its top, a steeper one or an overhang must not be.
//! Adaptation: the board's 0.1 m thickness is a step at its foot, which the 0.4 × 0.9 × 0.4
//! ellipsoid's rounded bottom rolls over; the walkable limit is the walker's 45°.

use super::prelude::*;

/// Tilt of board `i` (degrees).
fn tilt(i: usize) -> f64 {
    10.0 * i as f64
}

fn x_of(i: usize) -> f64 {
    (i as f64 - 8.5) * 3.0
}

pub fn scene() -> IssueScene {
    let parts = (0..18)
        .map(|i| {
            board(
                &format!("ramp_{:03}", tilt(i) as u32),
                MaterialId::Slope,
                DVec3::new(x_of(i), 0.0, 0.0),
                DVec3::NEG_Z,
                2.0,
                5.0,
                0.1,
                tilt(i),
            )
        })
        .collect();
    let runs = (0..18)
        .map(|i| {
            let t = tilt(i);
            let top = 5.0 * t.to_radians().sin() + 0.1 * t.to_radians().cos();
            // The rise counts from the start, placed SPAWN_LIFT_M above the floor: 90 % of the
            // top above the resting height (on the 0° board the old 90 % of 0.1 m was reached
            // only by bouncing over its edge).
            let checks = if t <= 40.0 {
                vec![Check::Climbs {
                    min_m: (0.9 * top - SPAWN_LIFT_M) as f32,
                }]
            } else {
                vec![Check::StaysBelow { max_m: 0.35 }]
            };
            Run::new(format!("{t:.0}°"), feet(x_of(i), 6.0), 0.0)
                .script([Segment::walk(7.0)])
                .checks(checks)
        })
        .collect();
    IssueScene {
        number: 1,
        slug: "ramps",
        title: "Ramps tilted 0°–170°: climb the walkable ones, not the rest",
        report: Report {
            source: "Jolt CharacterBaseTest",
            url: "https://github.com/jrouwe/JoltPhysics/blob/master/Samples/Tests/Character/CharacterBaseTest.cpp",
            text: "Jolt's character obstacle course: ramps 2 x 0.1 x 5 m at 0 to 170 degrees in 10 degree steps. A character walking into each must climb the walkable ones and be stopped by the steep ones and the overhangs.",
        },
        adaptation: "Boards hinge on their foot edge instead of turning about their centre, so every one meets the floor; the walker's walkable limit is 45 degrees.",
        ground: Ground::Full,
        parts,
        runs,
        expect_pass: &Variant::OURS,
        expect_why: "a single slide plane is all a ramp needs",
        focus: (4, 1.2),
    }
}
