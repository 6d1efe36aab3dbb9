//! Scene 11 — a two-triangle slope and a slope-to-floor transition (Jolt #736, #1860).
//!
//! Geometry: a 25° wedge 6 m wide rising −Z from z = 0 to z = −6 (its slope one quad: two
//! triangles), with a plateau box behind it.
//! Motion: (a) from (−2, 0, 1) walk diagonally up across the slope's diagonal for 2 s;
//! (b) from the plateau at (0, 2.8, −7.5) walk +Z down the slope onto the floor for 2.5 s.
//! Report: Jolt #736: a character jitters on a slope made of two triangles; Jolt #1860: it
//! jitters on the transition from a slope to flat ground.
//! Adaptation: none beyond the ellipsoid.

use super::prelude::*;

pub fn scene() -> IssueScene {
    let (parts, rise) = slope_with_plateau(25.0);
    let dir = DVec3::new(0.6, 0.0, -0.8);
    let runs = vec![
        Run::new("diagonally up", feet(-2.0, 1.0), yaw_towards(dir))
            .script([Segment::walk(2.0)])
            .checks([
                Check::NoJitter { max_m: 0.002 },
                Check::NoFlicker { max_frames: 0 },
            ]),
        Run::new(
            "down onto the floor",
            DVec3::new(0.0, rise + SPAWN_LIFT_M, -7.5),
            180.0,
        )
        .script([Segment::walk(2.5)])
        .checks([
            Check::NoJitter { max_m: 0.002 },
            Check::NoFlicker { max_frames: 0 },
        ]),
    ];
    IssueScene {
        number: 11,
        slug: "slope_transition",
        title: "A two-triangle slope and the slope-to-floor transition: no jitter",
        report: Report {
            source: "Jolt #736, #1860",
            url: "https://github.com/jrouwe/JoltPhysics/issues/736",
            text: "Jolt #736: a character on a slope made of two triangles jitters; Jolt #1860 (https://github.com/jrouwe/JoltPhysics/issues/1860): it jitters where a slope meets flat ground.",
        },
        adaptation: "None beyond the ellipsoid.",
        ground: Ground::Full,
        parts,
        runs,
        expect_pass: &Variant::OURS,
        expect_why: "one plane at a time is enough on a slope",
        focus: (1, 1.2),
    }
}
