//! Scene 30 — put down on a face too steep to stand on: it must slide off (FlaxEngine #3915).
//!
//! Geometry: two boards 3 m wide and 4 m long, sunk into the floor so their top faces rise
//! from the floor, one at 50° and one at 65°, both steeper than the walker's 45°.
//! Motion: the player is put down just above the middle of a board's face and given no input
//! for 3 s.
//! Report: a FlaxEngine `CharacterController` (PhysX's character controller) set to "Prevent
//! Climbing and Force Sliding" stays where it is put on a steep surface (a rotated cube or a
//! sphere) instead of sliding down it.
//! Adaptation: the report gives no angle; two boards steeper than the walker's limit. The
//! check is how far below where it was put down the player ends: put down 1.5 to 1.8 m up
//! the face, a player that slides off falls that far; one that stays, nothing.

use super::prelude::*;

/// The player's standing radii (m), to put it down just clear of a tilted face.
const RADII: DVec3 = DVec3::new(0.4, 0.9, 0.4);

pub fn scene() -> IssueScene {
    let boards = [(50.0, -3.5), (65.0, 3.5)];
    let parts = boards.iter().map(|&(deg, x)| steep_board(deg, x)).collect();
    let runs = boards
        .iter()
        .map(|&(deg, x)| {
            Run::new(format!("{deg:.0}°"), put_down(deg, x), 0.0)
                .script([Segment::idle(3.0)])
                .checks([Check::SlidesDown { min_m: 1.0 }])
        })
        .collect();
    IssueScene {
        number: 30,
        slug: "steep_face_slide",
        title: "Put down on a face too steep to stand on: slides off it",
        report: Report {
            source: "FlaxEngine #3915",
            url: "https://github.com/FlaxEngine/FlaxEngine/issues/3915",
            text: "A CharacterController set to 'Prevent Climbing and Force Sliding' does not slide off surfaces with steep angles (a rotated cube or a sphere): it stays where it was put.",
        },
        adaptation: "Boards at 50 and 65 degrees (the report gives no angle); the walker's own gravity; the ellipsoid instead of a capsule.",
        ground: Ground::Full,
        parts,
        runs,
        expect_pass: &Variant::OURS,
        expect_why: "all pass: a face steeper than walkable is not ground, so gravity's step slides the player down it",
        focus: (0, 0.3),
    }
}

/// The board rising −Z at `deg`, centred on `x`, its top face starting on the floor at z = 0.
fn steep_board(deg: f64, x: f64) -> Part {
    let t = deg.to_radians();
    let normal = DVec3::new(0.0, t.cos(), t.sin());
    board(
        &format!("board_{deg:.0}"),
        MaterialId::Slope,
        DVec3::new(x, 0.0, 0.0) - normal * 0.5,
        DVec3::NEG_Z,
        3.0,
        4.0,
        0.5,
        deg,
    )
}

/// The feet of a player put down 2 cm clear of the middle of the board's face.
fn put_down(deg: f64, x: f64) -> DVec3 {
    let t = deg.to_radians();
    let (up, normal) = (
        DVec3::new(0.0, t.sin(), -t.cos()),
        DVec3::new(0.0, t.cos(), t.sin()),
    );
    let support = (RADII * normal).length() + 0.02;
    let center = DVec3::new(x, 0.0, 0.0) + up * 2.0 + normal * support;
    center - DVec3::Y * RADII.y
}
