//! Scene 9 — a ramp with internal edges (rapier #95).
//!
//! Geometry: a 15° ramp 12 m wide rising −Z from z = 0 in three coplanar 3 m segments, each a
//! quad of two triangles (one open sheet of six triangles, diagonals alternating), ending on
//! a plateau box.
//! Motion: standing on the ramp 0.5 m above its foot, walk diagonally (20° to the right of
//! straight up) for 2 s, across both seams.
//! Report: a character moving over a trimesh ramp veers along the triangles' internal edges
//! instead of going straight.
//! Adaptation: none beyond the ellipsoid; the path's straightness is the criterion.

use super::prelude::*;

pub fn scene() -> IssueScene {
    let slope = 15f64.to_radians().tan();
    let y = |z: f64| -z * slope;
    let mut faces = Vec::new();
    for k in 0..3 {
        let (z0, z1) = (-3.0 * k as f64, -3.0 * (k + 1) as f64);
        let q = [
            DVec3::new(-6.0, y(z0), z0),
            DVec3::new(6.0, y(z0), z0),
            DVec3::new(6.0, y(z1), z1),
            DVec3::new(-6.0, y(z1), z1),
        ];
        // Two triangles per quad, the diagonal alternating between segments.
        let tris = if k % 2 == 0 {
            [[q[0], q[1], q[2]], [q[0], q[2], q[3]]]
        } else {
            [[q[0], q[1], q[3]], [q[1], q[2], q[3]]]
        };
        faces.extend(tris.map(|t| Face {
            vertices: t.to_vec(),
        }));
    }
    let top = y(-9.0);
    let dir = DVec3::new(20f64.to_radians().sin(), 0.0, -(20f64.to_radians().cos()));
    let start = DVec3::new(-0.5, y(-0.5) + SPAWN_LIFT_M, -0.5);
    let run = Run::new("diagonally up", start, yaw_towards(dir))
        .script([Segment::walk(2.0)])
        .checks([
            Check::Straight { max_m: 0.02 },
            Check::Climbs { min_m: 1.0 },
        ]);
    IssueScene {
        number: 9,
        slug: "ramp_internal_edges",
        title: "Walking up a ramp made of three coplanar segments: no veering",
        report: Report {
            source: "rapier #95",
            url: "https://github.com/dimforge/rapier/issues/95",
            text: "A character moving across a ramp built from several triangles veers along the internal edges between them instead of keeping its direction.",
        },
        adaptation: "The ramp is one open sheet of six triangles; the criterion is the path's straightness over the whole climb.",
        ground: Ground::Full,
        parts: vec![
            Part::surface("ramp", MaterialId::Slope, faces),
            Part::cuboid(
                "plateau",
                MaterialId::Wall,
                DVec3::new(-6.0, 0.0, -12.0),
                DVec3::new(6.0, top, -9.0),
            ),
        ],
        runs: vec![run],
        expect_pass: &[],
        expect_why: "both fail: the path bends 2.6 cm over the climb; at 120 and 240 Hz the walker also stalls on the 15 degree slope",
        focus: (0, 0.8),
    }
}
