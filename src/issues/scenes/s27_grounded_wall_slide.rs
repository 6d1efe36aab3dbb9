//! Scene 27 — sliding against a wall from rest while grounded (Godot #85971).
//!
//! Geometry: a wall 30 m long and 3 m high, its face at z = −1, on the floor.
//! Motion: three runs, each standing 0.1 m off the wall at (−10, 0, −0.5), then walking for 3 s
//! at 30°, 45° and 60° into it: the player accelerates from rest while sliding along the wall
//! and the floor.
//! Report: a CharacterBody3D accelerated towards a wall at an angle slides smoothly while
//! floating, but on the floor its velocity grows on some frames and shrinks on others, and with
//! gravity applied the slide becomes "sticky": it briefly stops at points along the wall
//! (Godot physics and Jolt in Godot 4.2).
//! Adaptation: the walker's own acceleration (ground friction) and gravity; the ellipsoid
//! instead of a capsule.

use super::prelude::*;

pub fn scene() -> IssueScene {
    let runs = [30.0, 45.0, 60.0]
        .into_iter()
        .map(|deg| {
            let mut run = wall_slide_run(deg, feet(-10.0, -0.5));
            run.checks.push(Check::NoSpeedGain { max_pct: 1.0 });
            run
        })
        .collect();
    IssueScene {
        number: 27,
        slug: "grounded_wall_slide",
        title: "Accelerating along a wall while on the floor: smooth, never sticky",
        report: Report {
            source: "Godot #85971",
            url: "https://github.com/godotengine/godot/issues/85971",
            text: "A CharacterBody3D accelerated towards a wall at an angle slides smoothly while floating, but on the floor its velocity grows on some frames and shrinks on others, and with gravity the slide becomes sticky, briefly stopping at points along the wall.",
        },
        adaptation: "The walker's own acceleration and gravity; the ellipsoid instead of a capsule.",
        ground: Ground::Full,
        parts: vec![long_wall()],
        runs,
        expect_pass: &Variant::OURS,
        expect_why: "all pass: the slide keeps the along-wall part of each step's motion, so the speed grows as the friction gives it, on the floor as off it; the report's jitter is rapier's here (its column, 2.8–12 mm at 60 Hz)",
        focus: (1, 1.0),
    }
}
