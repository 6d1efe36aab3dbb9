//! Scene 17 — sliding along a wall at less than 24° (s&box #1250).
//!
//! Geometry: a wall 30 m long and 3 m high, its face at z = −1.
//! Motion: four runs from (−13, 0, 0), walking for 3 s at 5°, 10°, 15° and 20° into the wall.
//! Report: "Walking along or strafing into walls at shallow angles causes the player to get
//! stuck … at an angle of <24 degrees … your view jitters as you repeatedly get stuck and
//! automatically unstuck" (s&box's WalkController / MoveHelper).
//! Adaptation: none beyond the ellipsoid.

use super::prelude::*;

pub fn scene() -> IssueScene {
    let runs = [5.0, 10.0, 15.0, 20.0]
        .into_iter()
        .map(|deg| wall_slide_run(deg, feet(-13.0, 0.0)))
        .collect();
    IssueScene {
        number: 17,
        slug: "wall_slide_angles",
        title: "Sliding along a wall at 5°–20°: smooth, never stuck",
        report: Report {
            source: "s&box #1250",
            url: "https://github.com/Facepunch/sbox-issues/issues/1250",
            text: "Walking along or strafing into walls at shallow angles (velocity close to parallel with the wall, under 24 degrees) makes the player repeatedly get stuck and unstuck, and the view jitters.",
        },
        adaptation: "None beyond the ellipsoid.",
        ground: Ground::Full,
        parts: vec![long_wall()],
        runs,
        expect_pass: &Variant::OURS,
        expect_why: "the slide keeps the skin distance, so a shallow wall is met once and then slid along",
        focus: (0, 1.0),
    }
}
