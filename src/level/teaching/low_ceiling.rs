//! Station: a low ceiling to crouch under — a 6 m tunnel, 2 m wide, with 1.2 m of clearance.
//! A standing ellipsoid (1.8 m) is stopped by the ceiling's edge; a crouched one slides
//! through touching floor and ceiling (seed 001 fig. 12.13).

use super::material::MaterialId;
use super::solid::Part;
use super::station::{StationPlan, on_floor, p};

/// Clear height between the floor and the underside of the ceiling (metres).
pub const CLEARANCE_M: f64 = 1.2;

pub fn plan() -> StationPlan {
    let top = CLEARANCE_M + 0.3;
    StationPlan {
        name: "low_ceiling",
        label: "Low ceiling, 1.2 m clearance: crouch to get through",
        seed_ref: "fig. 12.13",
        parts: vec![
            Part::cuboid(
                "wall_left",
                MaterialId::Wall,
                p(-1.3, 0.0, -3.0),
                p(-1.0, CLEARANCE_M, 3.0),
            ),
            Part::cuboid(
                "wall_right",
                MaterialId::Wall,
                p(1.0, 0.0, -3.0),
                p(1.3, CLEARANCE_M, 3.0),
            ),
            Part::cuboid(
                "ceiling",
                MaterialId::Ceiling,
                p(-1.3, CLEARANCE_M, -3.0),
                p(1.3, top, 3.0),
            ),
        ],
        spawn: on_floor(0.0, 4.5),
        look: p(0.0, 0.6, 0.0),
    }
}
