//! Scene 24 — sliding along a wall that is a mesh (s&box #8217).
//!
//! Geometry: a wall 30 m long and 3 m high whose face (at z = −1, facing +Z) is a mesh of 1 m
//! squares, two triangles each, the diagonals alternating from square to square.
//! Motion: four runs from (−13, 0, 0), walking for 3 s into the wall at 5°, 15°, 30° and 45°.
//! Report: s&box's CharacterController slides along the walls of a room made of convex hulls,
//! but rubbing against the walls of a scene mesh (mesh colliders) it jitters and at some angles
//! gets stuck, snagging on the walls.
//! Adaptation: one wall instead of a room, its mesh a regular grid (the report's room is any
//! scene mesh); the ellipsoid instead of a capsule.

use super::prelude::*;

/// The wall's face: 1 m squares, each split along one diagonal or the other in turn.
fn mesh_face() -> Vec<Face> {
    let mut faces = Vec::new();
    for i in -15..15 {
        for j in 0..3 {
            let (x0, x1, y0, y1) = (i as f64, i as f64 + 1.0, j as f64, j as f64 + 1.0);
            let [a, b, c, d] =
                [(x0, y0), (x1, y0), (x1, y1), (x0, y1)].map(|(x, y)| DVec3::new(x, y, -1.0));
            let tris = if (i + j) % 2 == 0 {
                [[a, b, c], [a, c, d]]
            } else {
                [[a, b, d], [b, c, d]]
            };
            faces.extend(tris.map(|t| Face {
                vertices: t.to_vec(),
            }));
        }
    }
    faces
}

pub fn scene() -> IssueScene {
    let runs = [5.0, 15.0, 30.0, 45.0]
        .into_iter()
        .map(|deg| wall_slide_run(deg, feet(-13.0, 0.0)))
        .collect();
    IssueScene {
        number: 24,
        slug: "mesh_wall",
        title: "Sliding along a wall made of a triangle mesh: smooth, never stuck",
        report: Report {
            source: "s&box #8217",
            url: "https://github.com/Facepunch/sbox-issues/issues/8217",
            text: "The CharacterController slides along walls made of hulls, but rubbing against the walls of a scene mesh (mesh colliders) it gets jittery and at some angles fully stuck, snagging on the walls.",
        },
        adaptation: "One wall of a regular grid of triangles instead of a room of any scene mesh; the ellipsoid instead of a capsule.",
        ground: Ground::Full,
        parts: vec![Part::surface("mesh_wall", MaterialId::Slide, mesh_face())],
        runs,
        expect_pass: &Variant::OURS,
        expect_why: "all pass: the grid's edges lie in the wall's plane, and a centre a skin off the plane meets them only as the face; the report's jitter is rapier's here (its column, 3.7–6.4 mm at 60 Hz)",
        focus: (2, 1.5),
    }
}
