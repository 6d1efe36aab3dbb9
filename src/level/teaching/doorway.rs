//! Station: a narrow doorway, 0.8 m wide and 2.1 m high, in a 0.2 m thick wall — exactly the
//! width of the nominal 0.4 m-radius character, so it has to be entered straight (seed 001
//! fig. 12.10: why an ellipsoid fits through doors a sphere cannot).

use super::material::MaterialId;
use super::solid::Part;
use super::station::{StationPlan, on_floor, p};

/// Clear width of the opening (metres).
pub const WIDTH_M: f64 = 0.8;
/// Clear height of the opening (metres).
pub const HEIGHT_M: f64 = 2.1;

pub fn plan() -> StationPlan {
    let (half, top, t) = (WIDTH_M / 2.0, 2.5, 0.1);
    StationPlan {
        name: "doorway_narrow",
        label: "Narrow doorway, 0.8 m wide: fits only when entered straight",
        seed_ref: "fig. 12.10",
        parts: vec![
            Part::cuboid(
                "jamb_left",
                MaterialId::Opening,
                p(-3.0, 0.0, -t),
                p(-half, top, t),
            ),
            Part::cuboid(
                "jamb_right",
                MaterialId::Opening,
                p(half, 0.0, -t),
                p(3.0, top, t),
            ),
            Part::cuboid(
                "lintel",
                MaterialId::Opening,
                p(-half, HEIGHT_M, -t),
                p(half, top, t),
            ),
        ],
        spawn: on_floor(0.0, 4.0),
        look: p(0.0, 1.0, 0.0),
    }
}
