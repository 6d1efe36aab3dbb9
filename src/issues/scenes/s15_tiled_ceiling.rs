//! Scene 15 — sliding along a low ceiling made of tiles, with a diagonal edge (Godot #87477).
//!
//! Geometry: a ceiling of ten 1 m tiles (separate 3 m wide, 0.5 m thick boxes, flush
//! underneath at 2.3 m) along −Z from z = 0; the first tile's front edge runs diagonally
//! (45° in plan, from (−1.5, 2) to (1.5, −1)).
//! Motion: from (0, 0, 3) hold forward and jump for 3 s: every jump presses the ellipsoid's
//! top into the tiles while it moves along them.
//! Report: a CharacterBody2D moving along a tilemap ceiling with move_and_slide gets stuck
//! for no apparent reason where the tiles meet.
//! Adaptation: the report is 2D with gravity pressing the body into the ceiling; here the
//! jumps do the pressing, and the tile seams are the same kind of internal edges.

use super::prelude::*;

const CEILING_M: f64 = 2.3;

pub fn scene() -> IssueScene {
    let mut parts = Vec::new();
    // The diagonal tile: its front edge from (−1.5, 2) to (1.5, −1) in plan.
    let diagonal = [
        DVec3::new(-1.5, CEILING_M, 2.0),
        DVec3::new(1.5, CEILING_M, -1.0),
        DVec3::new(-1.5, CEILING_M, -1.0),
    ];
    parts.push(Part::prism(
        "tile_diagonal",
        MaterialId::Ceiling,
        &diagonal,
        DVec3::new(0.0, 0.5, 0.0),
    ));
    for k in 1..10 {
        let z = -(k as f64);
        parts.push(Part::cuboid(
            &format!("tile_{k:02}"),
            MaterialId::Ceiling,
            DVec3::new(-1.5, CEILING_M, z - 1.0),
            DVec3::new(1.5, CEILING_M + 0.5, z),
        ));
    }
    let run = Run::new("jumping along the tiles", feet(0.0, 3.0), 0.0)
        .script([Segment::jump(3.0)])
        .checks([
            Check::Progress { min_m: 6.0 },
            Check::NoHang { max_frames: 3 },
            Check::NoSpeedGain { max_pct: 1.0 },
        ]);
    IssueScene {
        number: 15,
        slug: "tiled_ceiling",
        title: "Jumping along a low ceiling of tiles with a diagonal edge: no sticking",
        report: Report {
            source: "Godot #87477",
            url: "https://github.com/godotengine/godot/issues/87477",
            text: "A CharacterBody2D moving with move_and_slide along a tilemap ceiling, placed exactly under it, gets stuck where some tiles meet, for no apparent reason.",
        },
        adaptation: "3D, with jumps pressing the ellipsoid into the ceiling; the tiles are separate boxes like a tilemap's.",
        ground: Ground::Full,
        parts,
        runs: vec![run],
        expect_pass: &Variant::OURS,
        expect_why: "tile seams under a flat ceiling are met as faces",
        focus: (0, 0.4),
    }
}
