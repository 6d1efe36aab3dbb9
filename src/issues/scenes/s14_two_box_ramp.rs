//! Scene 14 — a ramp built from two boxes (Godot #75647).
//!
//! Geometry: two boards 3 m wide, 0.5 m thick, tilted 20° and sunk into the floor so the
//! first's top face starts on the floor at z = 0, the second 10 m long with its foot 2.5 m
//! further up the first and 2 cm lower, so the two overlap and the surface has a 2 cm lip where
//! the second emerges. The second is long enough that no walk reaches its top end in the 3 s
//! (at 3 m long, a walker keeping its horizontal speed on the slope walked over the top end,
//! and the crest's one turn from rising to falling counted as jitter).
//! Motion: from (0, 0, 2) walk −Z up the ramp for 3 s.
//! Report: a CharacterBody3D moving against a ramp made of two box shapes gets stuck and
//! keeps bouncing/shaking in place.
//! Adaptation: the report's boxes are a StaticBody3D with two BoxShape3Ds; here two solids.

use super::prelude::*;

pub fn scene() -> IssueScene {
    let tilt = 20f64.to_radians();
    let up = DVec3::new(0.0, tilt.sin(), -tilt.cos());
    let normal = DVec3::new(0.0, tilt.cos(), tilt.sin());
    // Each box sunk into the floor by its thickness, so its top face starts on the floor.
    let first_foot = -normal * 0.5;
    let second_foot = up * 2.5 - normal * 0.52;
    let run = Run::new("up the ramp", feet(0.0, 2.0), 0.0)
        .script([Segment::walk(3.0)])
        .checks([
            Check::Climbs { min_m: 1.5 },
            Check::NotStuck { max_frames: 0 },
            Check::NoJitter { max_m: 0.002 },
        ]);
    IssueScene {
        number: 14,
        slug: "two_box_ramp",
        title: "Walking up a ramp made of two overlapping boxes: no sticking, no bouncing",
        report: Report {
            source: "Godot #75647",
            url: "https://github.com/godotengine/godot/issues/75647",
            text: "CharacterBody3D moving with move_and_slide gets stuck against a StaticBody3D made of two BoxShape3Ds close to one another, and keeps bouncing/shaking when trying to move.",
        },
        adaptation: "The second box is 2 cm lower than the first's surface, a lip the ellipsoid must roll over.",
        ground: Ground::Full,
        parts: vec![
            board(
                "box_low",
                MaterialId::Slope,
                first_foot,
                DVec3::NEG_Z,
                3.0,
                3.0,
                0.5,
                20.0,
            ),
            board(
                "box_high",
                MaterialId::Slope,
                second_foot,
                DVec3::NEG_Z,
                3.0,
                10.0,
                0.5,
                20.0,
            ),
        ],
        runs: vec![run],
        expect_pass: &Variant::OURS,
        expect_why: "the lip is met low on the ellipsoid and lifts it",
        focus: (0, 1.0),
    }
}
