//! Scene 29 — walking up a slope beside a leaning wall, then letting go (ezEngine #1942,
//! Jolt #2036).
//!
//! Geometry: a 15° slope 6 m wide rising −Z from z = 0 to z = −12; along its +X side a wall
//! whose face leans back 20° from vertical (a 70° face, too steep to walk), its foot at
//! x = 1.5 below the slope, running the slope's length.
//! Motion: from the foot of the slope walk for 2 s up it, heading 25° into the wall (the
//! report's "camera between the moving direction and the wall"), then no input for 2 s.
//! Report: a character moving up a tilted surface near a tilted wall gains speed from "some
//! strange force", which keeps moving it after the move key is released; the Jolt issue traces
//! it to the stair-walk pass activating on the slope beside the wall.
//! Adaptation: the scene in the report (`test.zip`) is not public in text; here one slope and
//! one leaning wall with the angles the videos show; the walker's own gravity, friction and
//! climbing instead of Jolt's stair walk; the ellipsoid instead of a capsule.

use super::prelude::*;

pub fn scene() -> IssueScene {
    let rise = 12.0 * 15f64.to_radians().tan();
    let slope = Part::prism(
        "slope",
        MaterialId::Slope,
        &[
            DVec3::new(-3.0, 0.0, 0.0),
            DVec3::new(-3.0, 0.0, -12.0),
            DVec3::new(-3.0, rise, -12.0),
        ],
        DVec3::new(6.0, 0.0, 0.0),
    );
    // The wall's section across the slope: its face from (1.5, −0.5) leaning back 20° up to
    // 5 m high, the solid behind it; extruded along the slope's length.
    let lean = 20f64.to_radians().tan();
    let wall = Part::prism(
        "leaning_wall",
        MaterialId::Wall,
        &[
            DVec3::new(1.5, -0.5, 0.5),
            DVec3::new(1.5 + 5.5 * lean, 5.0, 0.5),
            DVec3::new(5.0, 5.0, 0.5),
            DVec3::new(5.0, -0.5, 0.5),
        ],
        DVec3::new(0.0, 0.0, -13.0),
    );
    let dir = DVec3::new(25f64.to_radians().sin(), 0.0, -25f64.to_radians().cos());
    let run = Run::new(
        "up beside the wall, then let go",
        feet(0.6, 1.0),
        yaw_towards(dir),
    )
    .script([Segment::walk(2.0), Segment::idle(2.0)])
    .checks([
        Check::Climbs { min_m: 0.8 },
        Check::NoSpeedGain { max_pct: 1.0 },
        Check::NoDriftAfterRelease { max_m: 0.001 },
    ]);
    IssueScene {
        number: 29,
        slug: "tilted_wall_slope",
        title: "Up a slope beside a leaning wall, then letting go: no speed gained, no drift",
        report: Report {
            source: "ezEngine #1942 / Jolt #2036",
            url: "https://github.com/ezEngine/ezEngine/issues/1942",
            text: "When the player is moving up a tilted surface near a tilted wall some strange force adds to its velocity, even after the move key is released; traced in Jolt #2036 to the stair-walk pass activating on sloped ground.",
        },
        adaptation: "One 15-degree slope and one wall leaning back 20 degrees (the report's scene file is not public in text); the walker's own climbing instead of Jolt's stair walk.",
        ground: Ground::Full,
        parts: vec![slope, wall],
        runs: vec![run],
        expect_pass: &[],
        expect_why: "all fail: no speed is gained along the leaning wall, but once the keys are let go the walker's gravity step slides the player back down the slope (scene 19's cause)",
        focus: (0, 2.6),
    }
}
