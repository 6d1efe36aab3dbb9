//! Scene 25 — sliding along a wall and the floor at once, at a very shallow angle (Godot #93334).
//!
//! Geometry: a wall 30 m long and 3 m high, its face at z = −1, on the floor.
//! Motion: three runs from (−13, 0, −0.2), almost touching the wall, walking for 3 s at 1°, 2° and
//! 3° into it.
//! Report: a CharacterBody3D sliding against a wall and the floor at the same time, at a very
//! shallow angle, moves up to twice as fast as it should; it starts above 60 physics ticks per
//! second and happens more often the higher the rate (Godot 4.2.2, both box shapes).
//! Adaptation: the walker's own speed; the ellipsoid instead of a box; the suite's four rates.

use super::prelude::*;

pub fn scene() -> IssueScene {
    let runs = [1.0f64, 2.0, 3.0]
        .into_iter()
        .map(|deg| {
            let dir = DVec3::new(deg.to_radians().cos(), 0.0, -deg.to_radians().sin());
            Run::new(format!("{deg:.0}°"), feet(-13.0, -0.2), yaw_towards(dir))
                .script([Segment::walk(3.0)])
                .checks([
                    Check::NoSpeedGain { max_pct: 1.0 },
                    Check::Progress { min_m: 10.0 },
                    Check::NoJitter { max_m: 0.001 },
                ])
        })
        .collect();
    IssueScene {
        number: 25,
        slug: "shallow_wall_speed",
        title: "Sliding along a wall and the floor at 1°–3°: no speed gain at any rate",
        report: Report {
            source: "Godot #93334",
            url: "https://github.com/godotengine/godot/issues/93334",
            text: "A CharacterBody3D sliding against a wall and a floor at the same time, at a very shallow angle, goes up to twice as fast as it should; it starts above 60 physics ticks per second and happens more often the higher the rate.",
        },
        adaptation: "The walker's own speed; the ellipsoid instead of a box; the suite's four step rates.",
        ground: Ground::Full,
        parts: vec![long_wall()],
        runs,
        expect_pass: &Variant::OURS,
        expect_why: "all pass: the slide keeps the along-wall part of the motion and the floor takes none, at every rate; the report's gain shows in rapier's column at 120 and 240 Hz (1.3 %, 3.1 %)",
        focus: (1, 1.0),
    }
}
