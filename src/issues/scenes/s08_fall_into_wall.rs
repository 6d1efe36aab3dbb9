//! Scene 8 — falling while moving into a wall (bevy_rapier #520).
//!
//! Geometry: a wall 20 m long and 6 m high, its face at z = −1.
//! Motion: start with the feet 3 m up at (0, 3, 0) and hold forward (−Z, into the wall) for
//! 2 s while falling.
//! Report: a character controller falling while moving into a wall ends up embedded in it.
//! Adaptation: none beyond the ellipsoid.

use super::prelude::*;

pub fn scene() -> IssueScene {
    let run = Run::new("fall into the wall", DVec3::new(0.0, 3.0, 0.0), 0.0)
        .script([Segment::walk(2.0)])
        .checks([Check::NoJitter { max_m: 0.002 }]);
    IssueScene {
        number: 8,
        slug: "fall_into_wall",
        title: "Falling while walking into a wall: never embedded",
        report: Report {
            source: "bevy_rapier #520",
            url: "https://github.com/dimforge/bevy_rapier/issues/520",
            text: "A kinematic character controller that falls while moving into a wall ends up embedded in the wall.",
        },
        adaptation: "None beyond the ellipsoid.",
        ground: Ground::Full,
        parts: vec![Part::cuboid(
            "wall",
            MaterialId::Wall,
            DVec3::new(-10.0, 0.0, -1.3),
            DVec3::new(10.0, 6.0, -1.0),
        )],
        runs: vec![run],
        expect_pass: &Variant::OURS,
        expect_why: "every contact backs off by the skin, also in the floor/wall crease",
        focus: (0, 0.6),
    }
}
