//! Scene 16 — an internal corner wider than 90° (Quake 2's `PM_StepSlideMove`).
//!
//! Geometry: two walls 5 m long and 3 m high meeting at (0, 0, −3) at 120° (each 30° off the
//! x axis, opening towards +Z).
//! Motion: from (−0.5, 0, 3) walk −Z for 3 s, along the bisector half a metre to its west: the
//! walk meets the west wall, slides along it into the corner and rests there. (Walking at an
//! angle to the bisector, the first wall turns the walk's x back once, a deflection the jitter
//! check would count; walking parallel to it, only the corner can make the centre go back.)
//! Report: in a corner the slide alternates between the two walls; Quake 2's player move
//! gives up and "stops dead" when the velocity turns against the original one
//! (`if (DotProduct (pml.velocity, primal_velocity) <= 0)`), which is what seed 001's
//! impulse filter does; without such a stop the character jitters in the corner.
//! Adaptation: none beyond the ellipsoid.

use super::prelude::*;

pub fn scene() -> IssueScene {
    let apex = DVec3::new(0.0, 0.0, -3.0);
    let wall = |name: &str, yaw: f64| {
        let d = DVec3::new(yaw.to_radians().cos(), 0.0, -yaw.to_radians().sin());
        Part::yawed_box(
            name,
            MaterialId::Corner,
            apex + d * 2.5,
            DVec3::new(5.2, 3.0, 0.2),
            yaw,
        )
    };
    let run = Run::new("into the corner", feet(-0.5, 3.0), 0.0)
        .script([Segment::walk(3.0)])
        .checks([Check::NoJitter { max_m: 0.001 }]);
    IssueScene {
        number: 16,
        slug: "wide_corner",
        title: "Walking into a 120° internal corner: rest, no jitter",
        report: Report {
            source: "Quake 2 pmove.c",
            url: "https://github.com/id-Software/Quake-2/blob/master/qcommon/pmove.c",
            text: "Quake 2's PM_StepSlideMove clips the velocity against every plane hit; in a corner the clipped velocity alternates between the walls, so it 'stops dead' when the velocity opposes the original one. Without such a stop a character jitters in corners.",
        },
        adaptation: "The walls meet at 120 degrees, wider than the 90 degrees usually tested.",
        ground: Ground::Full,
        parts: vec![wall("wall_east", -30.0), wall("wall_west", -150.0)],
        runs: vec![run],
        expect_pass: &[],
        expect_why: "all fail: in the corner the slide alternates between the walls from frame to frame (2.4 mm at 60 Hz); the impulse filter stops each call, not the next one",
        focus: (0, 2.5),
    }
}
