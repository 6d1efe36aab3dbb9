//! Scene 4 — funnels (Jolt's obstacle course).
//!
//! Geometry: a 2-, a 3- and a 4-sided funnel 8 m apart in x, each made of plates 0.1 m thick
//! and 3 m long tilted 40° rising outwards from 0.1 m around the funnel's axis (the 3- and
//! 4-sided plates are wide enough to overlap their neighbours, so the funnel is closed).
//! Motion: one run per funnel: dropped from 2.5 m above its axis, no input, for 3 s.
//! Report: Jolt's course drops the character into funnels of 40° plates; it must come to rest
//! at the bottom without jittering between the plates or sticking to one.
//! Adaptation: none beyond the ellipsoid.

use super::prelude::*;

const TILT_DEG: f64 = 40.0;
const LENGTH_M: f64 = 3.0;
const INNER_M: f64 = 0.1;

fn funnel(sides: usize, centre: DVec3, parts: &mut Vec<Part>) {
    let reach = INNER_M + LENGTH_M * TILT_DEG.to_radians().cos();
    let width = if sides == 2 {
        4.0
    } else {
        2.0 * reach * (std::f64::consts::PI / sides as f64).tan() + 0.2
    };
    for k in 0..sides {
        let a = std::f64::consts::TAU * k as f64 / sides as f64;
        let out = DVec3::new(a.cos(), 0.0, a.sin());
        parts.push(board(
            &format!("funnel{sides}_plate{k}"),
            MaterialId::Slope,
            centre + out * INNER_M,
            out,
            width,
            LENGTH_M,
            0.1,
            TILT_DEG,
        ));
    }
}

pub fn scene() -> IssueScene {
    let mut parts = Vec::new();
    let mut runs = Vec::new();
    for (i, sides) in [2usize, 3, 4].into_iter().enumerate() {
        let centre = DVec3::new((i as f64 - 1.0) * 8.0, 0.0, 0.0);
        funnel(sides, centre, &mut parts);
        runs.push(
            Run::new(
                format!("{sides} sides"),
                centre + DVec3::new(0.0, 2.5, 0.0),
                0.0,
            )
            .script([Segment::idle(3.0)])
            .checks([
                Check::NoJitter { max_m: 0.001 },
                Check::NoSpeedGain { max_pct: 1.0 },
                Check::NoHang { max_frames: 3 },
            ]),
        );
    }
    IssueScene {
        number: 4,
        slug: "funnels",
        title: "Dropped into 2-, 3- and 4-sided funnels of 40° plates: rest, no jitter",
        report: Report {
            source: "Jolt CharacterBaseTest",
            url: "https://github.com/jrouwe/JoltPhysics/blob/master/Samples/Tests/Character/CharacterBaseTest.cpp",
            text: "Jolt's character obstacle course: funnels of 2, 3 and 4 plates tilted 40 degrees. A character dropped in must settle at the bottom without jittering or sticking.",
        },
        adaptation: "The plates start 0.1 m from the axis, so the 0.8 m wide ellipsoid rests on them above the floor.",
        ground: Ground::Full,
        parts,
        runs,
        expect_pass: &[],
        expect_why: "both fail: the landing turns the fall into sideways motion that climbs a plate (27 mm), then the slide alternates between two plates every frame",
        focus: (1, 1.0),
    }
}
