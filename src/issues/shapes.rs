//! Shapes the issue scenes are built from, on top of the teaching level's prisms: tilted boards
//! (Jolt's ramps are thin boxes turned about their foot) and flat quads.

use glam::DVec3;

use crate::level::teaching::{Face, MaterialId, Part};

/// A board `width` m wide (across the held direction), `length` m long and `thick` m thick whose
/// bottom foot edge lies on `foot` (its middle), rising away from the viewer (towards `forward`, a
/// horizontal unit vector) at `tilt_deg` from the floor. Tilts past 90° lean back over the foot.
#[allow(clippy::too_many_arguments)] // a board's eight numbers read best spelled out
pub fn board(
    name: &str,
    material: MaterialId,
    foot: DVec3,
    forward: DVec3,
    width: f64,
    length: f64,
    thick: f64,
    tilt_deg: f64,
) -> Part {
    let (s, c) = tilt_deg.to_radians().sin_cos();
    let along = forward * c + DVec3::Y * s; // up the board
    let normal = DVec3::Y * c - forward * s; // out of its top face
    let across = forward.cross(DVec3::Y).normalize() * width; // sweep direction
    let base = [
        foot - across / 2.0,
        foot - across / 2.0 + along * length,
        foot - across / 2.0 + along * length + normal * thick,
        foot - across / 2.0 + normal * thick,
    ];
    Part::prism(name, material, &base, across)
}

/// A flat horizontal quad at height `y` between `(x0, z0)` and `(x1, z1)`, facing up.
pub fn floor_quad(x0: f64, z0: f64, x1: f64, z1: f64, y: f64) -> Face {
    Face {
        vertices: vec![
            DVec3::new(x0, y, z0),
            DVec3::new(x0, y, z1),
            DVec3::new(x1, y, z1),
            DVec3::new(x1, y, z0),
        ],
    }
}

/// A wedge 6 m wide rising −Z at `slope_deg` from z = 0 to z = −6 (its slope one quad: two
/// triangles) and a 3 m plateau box behind it at the same height. Returns the parts and the
/// height (m).
pub fn slope_with_plateau(slope_deg: f64) -> (Vec<Part>, f64) {
    let rise = 6.0 * slope_deg.to_radians().tan();
    let section = [
        DVec3::new(-3.0, 0.0, 0.0),
        DVec3::new(-3.0, 0.0, -6.0),
        DVec3::new(-3.0, rise, -6.0),
    ];
    let parts = vec![
        Part::prism(
            "slope",
            MaterialId::Slope,
            &section,
            DVec3::new(6.0, 0.0, 0.0),
        ),
        Part::cuboid(
            "plateau",
            MaterialId::Wall,
            DVec3::new(-3.0, 0.0, -9.0),
            DVec3::new(3.0, rise, -6.0),
        ),
    ];
    (parts, rise)
}

/// The wall the wall-slide scenes (17, 25, 27, 28) slide along: 30 m long and 3 m high, its face
/// at z = −1.
pub fn long_wall() -> Part {
    Part::cuboid(
        "wall",
        MaterialId::Slide,
        DVec3::new(-15.0, 0.0, -1.2),
        DVec3::new(15.0, 3.0, -1.0),
    )
}
