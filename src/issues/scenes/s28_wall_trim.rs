//! Scene 28 — sliding along a wall with a protruding trim (Godot #89784).
//!
//! Geometry: a wall 30 m long and 3 m high, its face at z = −1, with a trim along it: a strip
//! 0.1 m high standing 3 cm out of the face, its bottom 0.5 m above the floor (a window sill or
//! a door's moulding, as in the report's building).
//! Motion: three runs from (−13, 0, 0), walking for 3 s at 5°, 10° and 20° into the wall.
//! Report: walking along a lightly protruding trim of a building's mesh, a CharacterBody3D
//! (capsule) slows down or stops; the higher the trim, the worse.
//! Adaptation: one straight trim along one wall (the report's is a building imported from
//! Blender); the ellipsoid instead of a capsule.

use super::prelude::*;

pub fn scene() -> IssueScene {
    let parts = vec![
        long_wall(),
        Part::cuboid(
            "trim",
            MaterialId::Step,
            DVec3::new(-15.0, 0.5, -1.0),
            DVec3::new(15.0, 0.6, -0.97),
        ),
    ];
    let runs = [5.0, 10.0, 20.0]
        .into_iter()
        .map(|deg| wall_slide_run(deg, feet(-13.0, 0.0)))
        .collect();
    IssueScene {
        number: 28,
        slug: "wall_trim",
        title: "Sliding along a wall with a 3 cm trim: never slowed, never stuck",
        report: Report {
            source: "Godot #89784",
            url: "https://github.com/godotengine/godot/issues/89784",
            text: "Walking along a lightly protruding trim (window or door moulding) of a building's mesh, a CharacterBody3D with a capsule slows down or stops completely; the higher the trim, the worse.",
        },
        adaptation: "One straight trim along one wall instead of a building's mouldings; the ellipsoid instead of a capsule.",
        ground: Ground::Full,
        parts,
        runs,
        expect_pass: &[],
        expect_why: "all fail: the trim meets the ellipsoid below its equator, so the slide along the wall lifts the player off the floor (4 mm) and it drops back, a bump at every contact with the trim (2.6 mm at 60 Hz)",
        focus: (1, 1.5),
    }
}
