//! Scene 3 — a wall of pillars (Jolt's obstacle course).
//!
//! Geometry: 30 pillars 0.2 × 5 × 0.2 m, 0.2 m apart (centres 0.4 m apart) along x from
//! x = −6, their front faces at z = −0.9.
//! Motion: from (−6.5, 0, 0.3), walk for 3 s at 30° into the wall, sliding along it.
//! Report: Jolt's course has a wall of thin pillars with gaps narrower than the character;
//! sliding along it must be smooth, not a bump at every pillar corner.
//! Adaptation: the gaps (0.2 m) are narrower than the ellipsoid (0.8 m), as in Jolt's course.

use super::prelude::*;

pub fn scene() -> IssueScene {
    let parts = (0..30)
        .map(|i| {
            let x = -6.0 + 0.4 * i as f64;
            Part::cuboid(
                &format!("pillar_{i:02}"),
                MaterialId::Opening,
                DVec3::new(x - 0.1, 0.0, -1.1),
                DVec3::new(x + 0.1, 5.0, -0.9),
            )
        })
        .collect();
    let dir = DVec3::new(30f64.to_radians().cos(), 0.0, -(30f64.to_radians().sin()));
    let run = Run::new("30° into the wall", feet(-6.5, 0.3), yaw_towards(dir))
        .script([Segment::walk(3.0)])
        .checks([
            Check::Progress { min_m: 8.0 },
            Check::NoJitter { max_m: 0.002 },
            Check::NotStuck { max_frames: 0 },
        ]);
    IssueScene {
        number: 3,
        slug: "pillar_wall",
        title: "Sliding along a wall of 30 thin pillars: no bumping",
        report: Report {
            source: "Jolt CharacterBaseTest",
            url: "https://github.com/jrouwe/JoltPhysics/blob/master/Samples/Tests/Character/CharacterBaseTest.cpp",
            text: "Jolt's character obstacle course: a wall of 30 pillars 0.2 x 5 x 0.2 m spaced 0.2 m apart. A character sliding along it should glide past the pillar corners without bumping.",
        },
        adaptation: "None: the pillars and gaps are Jolt's.",
        ground: Ground::Full,
        parts,
        runs: vec![run],
        expect_pass: &[],
        expect_why: "both fail: the ellipsoid dips ~5 mm into every 0.2 m gap and the next pillar's edge pushes it back out (5.8 mm bumps)",
        focus: (0, 1.0),
    }
}
