//! Stations: ramps of 20°, 35° and 50°, each rising 1.5 m onto a plateau. The slope of the
//! contact plane decides whether the slide carries the character up (the same mechanism as
//! the low steps of seed 001 fig. 12.6) or whether it is too steep to walk.

use super::material::MaterialId;
use super::solid::Part;
use super::station::{StationPlan, on_floor, p};

/// Height of every ramp and of the plateau behind it.
pub const RISE_M: f64 = 1.5;
/// `z` of the top edge of the ramp; the plateau extends from here to `z = -3.5`.
const TOP_Z: f64 = -1.5;

/// A ramp rising towards −Z at `slope_deg`, 3 m wide, with a 2 m deep plateau behind it.
pub fn plan(name: &'static str, label: &'static str, slope_deg: f64) -> StationPlan {
    let run = RISE_M / slope_deg.to_radians().tan();
    let foot_z = TOP_Z + run;
    // Right-triangle cross-section in the plane x = −1.5, swept 3 m along +X.
    let section = [
        p(-1.5, 0.0, foot_z),
        p(-1.5, 0.0, TOP_Z),
        p(-1.5, RISE_M, TOP_Z),
    ];
    StationPlan {
        name,
        label,
        seed_ref: "fig. 12.6",
        parts: vec![
            Part::prism("ramp", MaterialId::Slope, &section, p(3.0, 0.0, 0.0)),
            Part::cuboid(
                "plateau",
                MaterialId::Wall,
                p(-1.5, 0.0, -3.5),
                p(1.5, RISE_M, TOP_Z),
            ),
        ],
        spawn: on_floor(0.0, 4.5),
        look: p(0.0, 0.75, TOP_Z),
    }
}

pub fn twenty() -> StationPlan {
    plan(
        "ramp_20",
        "Ramp at 20°: walkable, the slide keeps most of the speed",
        20.0,
    )
}

pub fn thirty_five() -> StationPlan {
    plan(
        "ramp_35",
        "Ramp at 35°: walkable but slow, slides back without input",
        35.0,
    )
}

pub fn fifty() -> StationPlan {
    plan(
        "ramp_50",
        "Ramp at 50°: too steep, the character slides down",
        50.0,
    )
}
