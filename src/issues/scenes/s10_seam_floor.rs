//! Scene 10 — two flush floor patches with a seam (rapier #182).
//!
//! Geometry: the ground has a 32 m square hole filled by two separate 16 × 32 m floor patches
//! (two nodes, no shared vertices) meeting at x = 0.
//! Motion: from (−3, 0, 0) walk +X across the seam for 2 s.
//! Report: a character walking from one collider onto another, flush with it, sinks or
//! catches at the seam between them.
//! Adaptation: the patches are 16 × 32 m (the report's 16 × 16 m, made long enough to fill the
//! ground's square hole); the seam is the same.

use super::prelude::*;

pub fn scene() -> IssueScene {
    let run = Run::new("across the seam", feet(-3.0, 0.0), -90.0)
        .script([Segment::walk(2.0)])
        .checks([
            Check::NoSinking { max_m: 0.001 },
            Check::Progress { min_m: 7.0 },
            Check::Straight { max_m: 0.01 },
            Check::NotStuck { max_frames: 0 },
        ]);
    IssueScene {
        number: 10,
        slug: "seam_floor",
        title: "Walking across the seam of two flush floor patches: no sinking, no catching",
        report: Report {
            source: "rapier #182",
            url: "https://github.com/dimforge/rapier/issues/182",
            text: "Two flush 16 x 16 m floor colliders side by side: a character crossing from one to the other sinks into, or catches on, the seam between them.",
        },
        adaptation: "The patches are 16 x 32 m so they fill the ground's square hole.",
        ground: Ground::Hole(16.0),
        parts: vec![
            Part::surface(
                "patch_west",
                MaterialId::Floor,
                vec![floor_quad(-16.0, -16.0, 0.0, 16.0, 0.0)],
            ),
            Part::surface(
                "patch_east",
                MaterialId::Seam,
                vec![floor_quad(0.0, -16.0, 16.0, 16.0, 0.0)],
            ),
        ],
        runs: vec![run],
        expect_pass: &Variant::OURS,
        expect_why: "the seam is met as a face of both patches",
        focus: (0, 0.7),
    }
}
