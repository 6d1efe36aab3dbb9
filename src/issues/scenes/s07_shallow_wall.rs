//! Scene 7 — walking into a wall at a shallow angle (bevy_rapier #489).
//!
//! Geometry: a wall 20 m long, 3 m high, its face at z = −1.
//! Motion: from (−9, 0, 0) walk for 4 s at 10° into the wall.
//! Report: "When moving a character controller towards a vertical wall at an angle, it will
//! eventually get stuck. It may slide a bit at first, but it always gets stuck until the
//! direction of movement points away from the wall" (rapier's KinematicCharacterController).
//! Adaptation: an ellipsoid instead of a capsule; rapier's offset is our skin (1e-3 eSpace).

use super::prelude::*;

pub fn scene() -> IssueScene {
    let dir = DVec3::new(10f64.to_radians().cos(), 0.0, -(10f64.to_radians().sin()));
    let run = Run::new("10° into the wall", feet(-9.0, 0.0), yaw_towards(dir))
        .script([Segment::walk(4.0)])
        .checks([
            Check::Progress { min_m: 14.0 },
            Check::NotStuck { max_frames: 0 },
            Check::NoJitter { max_m: 0.001 },
        ]);
    IssueScene {
        number: 7,
        slug: "shallow_wall",
        title: "Walking into a wall at 10°: slides, never sticks",
        report: Report {
            source: "bevy_rapier #489",
            url: "https://github.com/dimforge/bevy_rapier/issues/489",
            text: "KinematicCharacterController gets stuck on vertical walls: moving towards a wall at an angle, the character slides a bit at first, then always gets stuck until the movement points away from the wall; a larger offset did not help.",
        },
        adaptation: "An ellipsoid instead of rapier's capsule; the offset is the skin.",
        ground: Ground::Full,
        parts: vec![Part::cuboid(
            "wall",
            MaterialId::Slide,
            DVec3::new(-10.0, 0.0, -1.2),
            DVec3::new(10.0, 3.0, -1.0),
        )],
        runs: vec![run],
        expect_pass: &Variant::OURS,
        expect_why: "the skin is pushed back along the normal every contact, so the slide keeps its distance",
        focus: (0, 1.5),
    }
}
