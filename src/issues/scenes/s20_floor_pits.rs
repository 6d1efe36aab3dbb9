//! Scene 20 — a floor with small pits (PhysX #400).
//!
//! Geometry: the ground has a 16 m square hole filled by a floor of 0.5 m cells in which every
//! other cell of every other row (1 m apart) is a pit 0.5 × 0.5 m and 0.1 m deep (bottom and
//! four walls).
//! Motion: from (−7, 0, 0.25) walk +X over the pits for 3 s.
//! Report: PhysX's character controller catches in small holes in the floor, narrower than
//! the character, when walking over them.
//! Adaptation: none beyond the ellipsoid (0.8 m wide, wider than a pit).

use super::prelude::*;

const HALF_M: f64 = 8.0;
const CELL_M: f64 = 0.5;
const DEPTH_M: f64 = 0.1;

fn pit(x0: f64, z0: f64, faces: &mut Vec<Face>) {
    let (x1, z1, d) = (x0 + CELL_M, z0 + CELL_M, -DEPTH_M);
    faces.push(floor_quad(x0, z0, x1, z1, d));
    let p = DVec3::new;
    // Walls facing into the pit.
    faces.push(Face {
        vertices: vec![p(x0, 0.0, z0), p(x0, d, z0), p(x0, d, z1), p(x0, 0.0, z1)],
    });
    faces.push(Face {
        vertices: vec![p(x1, 0.0, z1), p(x1, d, z1), p(x1, d, z0), p(x1, 0.0, z0)],
    });
    faces.push(Face {
        vertices: vec![p(x1, 0.0, z0), p(x1, d, z0), p(x0, d, z0), p(x0, 0.0, z0)],
    });
    faces.push(Face {
        vertices: vec![p(x0, 0.0, z1), p(x0, d, z1), p(x1, d, z1), p(x1, 0.0, z1)],
    });
}

pub fn scene() -> IssueScene {
    let n = (2.0 * HALF_M / CELL_M) as u32;
    let mut faces = Vec::new();
    for i in 0..n {
        for j in 0..n {
            let (x0, z0) = (-HALF_M + CELL_M * i as f64, -HALF_M + CELL_M * j as f64);
            if i.is_multiple_of(2) && j.is_multiple_of(2) {
                pit(x0, z0, &mut faces);
            } else {
                faces.push(floor_quad(x0, z0, x0 + CELL_M, z0 + CELL_M, 0.0));
            }
        }
    }
    let run = Run::new("over the pits", feet(-7.0, 0.25), -90.0)
        .script([Segment::walk(3.0)])
        .checks([
            Check::Progress { min_m: 8.0 },
            Check::NotStuck { max_frames: 0 },
            Check::NoSinking { max_m: 0.12 },
        ]);
    IssueScene {
        number: 20,
        slug: "floor_pits",
        title: "Walking over a floor with small pits: no catching",
        report: Report {
            source: "PhysX #400",
            url: "https://github.com/NVIDIA-Omniverse/PhysX/issues/400",
            text: "PhysX's character controller catches in small holes in the floor, narrower than the character, while walking over them.",
        },
        adaptation: "None beyond the ellipsoid.",
        ground: Ground::Hole(HALF_M),
        parts: vec![Part::surface("pitted_floor", MaterialId::Seam, faces)],
        runs: vec![run],
        expect_pass: &Variant::OURS,
        expect_why: "at 60 Hz the walker dips into each pit and climbs out; at 120 and 240 Hz it stalls in one",
        focus: (0, 0.5),
    }
}
