//! Scene 23 — a 90° internal corner (Godot #32182).
//!
//! Geometry: two walls 3 m high and 0.2 m thick meeting at a right angle at (0, 0, −3): one along
//! x (its face at z = −3, facing +Z), one along z (its face at x = 0, facing −X).
//! Motion: two runs from (−3, 0, 0), walking for 3 s into the corner: along its bisector, and 20°
//! off it.
//! Report: `move_and_slide()` jitters when a KinematicBody collides with corners, "sometimes
//! even with simple 90° corners", visible in every project that uses it, Godot's FPS tutorial
//! included.
//! Adaptation: the walls are boxes (the tutorial's level is a mesh); the ellipsoid instead of a
//! capsule.

use super::prelude::*;

pub fn scene() -> IssueScene {
    let parts = vec![
        Part::cuboid(
            "wall_north",
            MaterialId::Corner,
            DVec3::new(-6.0, 0.0, -3.2),
            DVec3::new(0.2, 3.0, -3.0),
        ),
        Part::cuboid(
            "wall_east",
            MaterialId::Corner,
            DVec3::new(0.0, 0.0, -3.2),
            DVec3::new(0.2, 3.0, 3.0),
        ),
    ];
    let runs = [0.0f64, 20.0]
        .into_iter()
        .map(|off| {
            let a = (-45.0 + off).to_radians();
            let dir = DVec3::new(a.cos(), 0.0, a.sin());
            Run::new(
                format!("{off:.0}° off the bisector"),
                feet(-3.0, 0.0),
                yaw_towards(dir),
            )
            .script([Segment::walk(3.0)])
            .checks([Check::NoJitter { max_m: 0.001 }])
        })
        .collect();
    IssueScene {
        number: 23,
        slug: "square_corner",
        title: "Walking into a 90° internal corner: rest, no jitter",
        report: Report {
            source: "Godot #32182",
            url: "https://github.com/godotengine/godot/issues/32182",
            text: "move_and_slide() jitters when a KinematicBody collides with corners, sometimes even with simple 90 degree corners; visible in every project that uses it, Godot's FPS tutorial included.",
        },
        adaptation: "The walls are boxes, not the tutorial's mesh; the ellipsoid instead of a capsule.",
        ground: Ground::Full,
        parts,
        runs,
        expect_pass: &Variant::OURS,
        expect_why: "all pass: in a right-angled corner the slide off one wall runs straight into the other and the impulse filter stops it there, at every rate; the report's jitter is rapier's here (its column, 6.3 mm at 60 Hz)",
        focus: (1, 2.0),
    }
}
