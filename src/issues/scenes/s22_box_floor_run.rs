//! Scene 22 — running across a flat box floor (rapier #809).
//!
//! Geometry: the floor is a box 30 × 1 × 30 m with its top face at y = 0, filling a hole of the
//! same size in the scene's floor sheet.
//! Motion: from (0, 0, 12) run −Z for 3 s.
//! Report: a 3D kinematic character driven by rapier's `KinematicCharacterController` jumps and
//! jitters while it walks across a flat box-shaped floor (the reporter's repro walks a capsule
//! back and forth at 9 m/s, 30 Hz, gravity 30 m/s², snap to ground off); tuning the offset, the
//! normal nudge factor or f64 precision did not help.
//! Adaptation: the walker's own speed (run, 7 m/s) and gravity (9.81 m/s²) at the suite's four
//! step rates (30 Hz among them), one way only: a turn back would count as a back-and-forth in
//! the jitter metric; the ellipsoid instead of a capsule.

use super::prelude::*;

const HALF_M: f64 = 15.0;

pub fn scene() -> IssueScene {
    let floor = Part::cuboid(
        "box_floor",
        MaterialId::Floor,
        DVec3::new(-HALF_M, -1.0, -HALF_M),
        DVec3::new(HALF_M, 0.0, HALF_M),
    );
    let run = Run::new("running across", feet(0.0, 12.0), 0.0)
        .script([Segment::run(3.0)])
        .checks([
            Check::Progress { min_m: 18.0 },
            Check::NoJitter { max_m: 0.0005 },
            Check::NoFlicker { max_frames: 0 },
            Check::NoHang { max_frames: 0 },
        ]);
    IssueScene {
        number: 22,
        slug: "box_floor_run",
        title: "Running across a flat box floor: no bouncing",
        report: Report {
            source: "rapier #809",
            url: "https://github.com/dimforge/rapier/issues/809",
            text: "A kinematic character driven by rapier's KinematicCharacterController jumps and jitters while walking across a flat box-shaped floor; tuning the offset, the normal nudge factor or f64 precision did not help.",
        },
        adaptation: "The walker's own run speed (7 m/s) and gravity (9.81 m/s²) instead of the repro's 9 m/s and 30 m/s², run one way only, at the suite's four step rates; the ellipsoid instead of a capsule.",
        ground: Ground::Hole(HALF_M),
        parts: vec![floor],
        runs: vec![run],
        expect_pass: &Variant::OURS,
        expect_why: "all pass: the walker runs a skin above the box's top face and its pull down meets that face every step; the report's bounce is rapier's (its column)",
        focus: (0, 1.0),
    }
}
