//! Scene 13 — a body dropped on the seam of two touching boxes (Godot #29392).
//!
//! Geometry: two 1 m cubes side by side, touching at x = 0 (separate solids).
//! Motion: dropped from 1.5 m above the seam, no input, for 3 s.
//! Report: a body resting on the seam between two touching boxes slides by itself.
//! Adaptation: none beyond the ellipsoid.

use super::prelude::*;

pub fn scene() -> IssueScene {
    let run = Run::new("dropped on the seam", DVec3::new(0.0, 1.5, 0.0), 0.0)
        .script([Segment::idle(3.0)])
        .checks([
            Check::NoDrift { max_m: 0.001 },
            Check::NoJitter { max_m: 0.0005 },
        ]);
    IssueScene {
        number: 13,
        slug: "box_seam",
        title: "Dropped on the seam of two touching boxes: stays put",
        report: Report {
            source: "Godot #29392",
            url: "https://github.com/godotengine/godot/issues/29392",
            text: "A body placed on the seam between two touching box colliders slides along by itself.",
        },
        adaptation: "None beyond the ellipsoid.",
        ground: Ground::Full,
        parts: vec![
            Part::cuboid(
                "box_west",
                MaterialId::Step,
                DVec3::new(-1.0, 0.0, -0.5),
                DVec3::new(0.0, 1.0, 0.5),
            ),
            Part::cuboid(
                "box_east",
                MaterialId::Step,
                DVec3::new(0.0, 0.0, -0.5),
                DVec3::new(1.0, 1.0, 0.5),
            ),
        ],
        runs: vec![run],
        expect_pass: &Variant::OURS,
        expect_why: "both top faces are met with the same normal",
        focus: (0, 0.8),
    }
}
