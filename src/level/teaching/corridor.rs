//! Station: a narrow corridor, 0.9 m between two parallel 8 m walls. Entering at an angle
//! the character slides along one wall, then the other (seed 001 fig. 12.2: the slide keeps
//! only the velocity's component along the wall).

use super::material::MaterialId;
use super::solid::Part;
use super::station::{StationPlan, on_floor, p};

/// Clear width between the walls (metres).
pub const WIDTH_M: f64 = 0.9;

pub fn plan() -> StationPlan {
    let half = WIDTH_M / 2.0;
    StationPlan {
        name: "corridor_narrow",
        label: "Narrow corridor, 0.9 m: slide between two parallel walls",
        seed_ref: "fig. 12.2",
        parts: vec![
            Part::cuboid(
                "wall_left",
                MaterialId::Slide,
                p(-half - 0.3, 0.0, -4.0),
                p(-half, 2.5, 4.0),
            ),
            Part::cuboid(
                "wall_right",
                MaterialId::Slide,
                p(half, 0.0, -4.0),
                p(half + 0.3, 2.5, 4.0),
            ),
        ],
        spawn: on_floor(-1.0, 5.5),
        look: p(0.0, 1.0, 2.0),
    }
}
