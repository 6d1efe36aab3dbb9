//! Station: a thin wall, a 5 cm thick box. A large step or a fast character can tunnel
//! through thin geometry unless the sweep is continuous (seed 001 fig. 12.16: the swept
//! sphere covers the whole path, not just its end points).

use super::material::MaterialId;
use super::solid::Part;
use super::station::{StationPlan, on_floor, p};

/// Thickness of the wall (metres).
pub const THICKNESS_M: f64 = 0.05;

pub fn plan() -> StationPlan {
    let h = THICKNESS_M / 2.0;
    StationPlan {
        name: "thin_wall",
        label: "Thin wall, 5 cm thick: no tunnelling at any speed",
        seed_ref: "fig. 12.16",
        parts: vec![Part::cuboid(
            "wall",
            MaterialId::Slide,
            p(-2.0, 0.0, -h),
            p(2.0, 2.5, h),
        )],
        spawn: on_floor(-2.5, 3.0),
        look: p(0.0, 1.0, 0.0),
    }
}
