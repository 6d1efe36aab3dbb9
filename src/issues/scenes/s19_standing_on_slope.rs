//! Scene 19 — standing still on a walkable slope (avian #949).
//!
//! Geometry: a 30° wedge 6 m wide rising −Z from z = 0 to z = −6, a plateau box behind it.
//! Motion: placed on the slope at (0, ·, −3), no input, for 5 s.
//! Report: avian's move-and-slide character examples slid down walkable slopes when standing
//! still: the shape cast moved past the skin width, depenetration then pushed the character
//! out along the slope's normal, and gravity took it down a little every frame.
//! Adaptation: none beyond the ellipsoid.

use super::prelude::*;

pub fn scene() -> IssueScene {
    let (parts, _) = slope_with_plateau(30.0);
    let y = 3.0 * 30f64.to_radians().tan();
    let run = Run::new("standing still", DVec3::new(0.0, y + 0.05, -3.0), 0.0)
        .script([Segment::idle(5.0)])
        .checks([Check::NoDrift { max_m: 0.001 }]);
    IssueScene {
        number: 19,
        slug: "standing_on_slope",
        title: "Standing still on a 30° slope: no drifting down",
        report: Report {
            source: "avian #949",
            url: "https://github.com/avianphysics/avian/pull/949",
            text: "Characters in avian's kinematic examples slid down walkable slopes while standing still; the shape cast ignored the skin width, so depenetration pushed the character along the slope normal every frame.",
        },
        adaptation: "None beyond the ellipsoid.",
        ground: Ground::Full,
        parts,
        runs: vec![run],
        expect_pass: &[],
        expect_why: "both fail: the walker's gravity step is projected onto the slope every frame, so it drifts down (1.2 m in 5 s), exactly avian's symptom",
        focus: (0, 1.0),
    }
}
