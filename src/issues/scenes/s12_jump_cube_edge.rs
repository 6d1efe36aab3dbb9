//! Scene 12 — a jump into a cube's edge (Jolt #363).
//!
//! Geometry: a box 2 m wide, 1.2 m high and 1.5 m deep, its front face at z = −1.
//! Motion: from (0, 0, 0.5) hold forward and jump for 2 s (the walker jumps whenever it is on
//! the ground), into the box's top front edge.
//! Report: a character jumping into the edge of a box sticks to the edge and gains sideways
//! speed.
//! Adaptation: the jump (4.5 m/s, apex 1.03 m) brings the ellipsoid's side, not its bottom, to
//! the 1.2 m edge.

use super::prelude::*;

pub fn scene() -> IssueScene {
    let run = Run::new("jump into the edge", feet(0.0, 0.5), 0.0)
        .script([Segment::jump(2.0)])
        .checks([
            Check::NoSpeedGain { max_pct: 1.0 },
            Check::NoHang { max_frames: 3 },
        ]);
    IssueScene {
        number: 12,
        slug: "jump_cube_edge",
        title: "Jumping into a box's top edge: no sticking, no sideways speed",
        report: Report {
            source: "Jolt #363",
            url: "https://github.com/jrouwe/JoltPhysics/issues/363",
            text: "A character that jumps into the edge of a box sticks to the edge and gains sideways velocity.",
        },
        adaptation: "The box is 1.2 m high so the jump meets its edge with the side of the ellipsoid.",
        ground: Ground::Full,
        parts: vec![Part::cuboid(
            "cube",
            MaterialId::Step,
            DVec3::new(-1.0, 0.0, -2.5),
            DVec3::new(1.0, 1.2, -1.0),
        )],
        runs: vec![run],
        expect_pass: &Variant::OURS,
        expect_why: "the integration velocity is the input projected onto the planes met: never longer",
        focus: (0, 0.3),
    }
}
