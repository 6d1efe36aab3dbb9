//! The ground floor all stations stand on: an open, upward-facing sheet at y = 0 covering
//! the whole level, with a square hole that the seam-floor station's grid fills exactly.

use glam::DVec3;

use super::material::MaterialId;
use super::solid::{Face, Part};

/// The floor covering `-half_extent..half_extent` in x and z, minus the square hole
/// `hole_centre ± hole_half` (world metres). Four rectangles, two triangles each.
pub fn with_hole(half_extent: f64, hole_centre: DVec3, hole_half: f64) -> Part {
    let (e, h) = (half_extent, hole_half);
    let (hx0, hx1) = (hole_centre.x - h, hole_centre.x + h);
    let (hz0, hz1) = (hole_centre.z - h, hole_centre.z + h);
    let rects = [
        (-e, e, -e, hz0),    // all of x, in front of the hole
        (-e, e, hz1, e),     // all of x, behind the hole
        (-e, hx0, hz0, hz1), // left of the hole
        (hx1, e, hz0, hz1),  // right of the hole
    ];
    let faces = rects
        .iter()
        .map(|&(x0, x1, z0, z1)| Face {
            // Counter-clockwise seen from above (+Y).
            vertices: vec![
                DVec3::new(x0, 0.0, z0),
                DVec3::new(x0, 0.0, z1),
                DVec3::new(x1, 0.0, z1),
                DVec3::new(x1, 0.0, z0),
            ],
        })
        .collect();
    Part::surface("floor", MaterialId::Floor, faces)
}
