//! Station: a V-shaped notch — two 45° slopes meeting in a crease at floor level, 6 m long.
//! Walking along the crease the ellipsoid rests on both slopes at once; stepping off the
//! bottom line, each slope pushes it back onto the other (the internal-corner case of seed
//! 001 fig. 12.15, turned to lie on the ground).

use super::material::MaterialId;
use super::solid::Part;
use super::station::{StationPlan, on_floor, p};

/// Slope of each side of the V (degrees from horizontal): 2 m across, 2 m up.
pub const SIDE_SLOPE_DEG: f64 = 45.0;

pub fn plan() -> StationPlan {
    let along = p(0.0, 0.0, 6.0);
    StationPlan {
        name: "v_notch",
        label: "V-shaped notch: two 45° slopes meeting in a crease",
        seed_ref: "fig. 12.15",
        parts: vec![
            Part::prism(
                "slope_left",
                MaterialId::Slope,
                &[p(0.0, 0.0, -3.0), p(-2.0, 0.0, -3.0), p(-2.0, 2.0, -3.0)],
                along,
            ),
            Part::prism(
                "slope_right",
                MaterialId::Slope,
                &[p(0.0, 0.0, -3.0), p(2.0, 0.0, -3.0), p(2.0, 2.0, -3.0)],
                along,
            ),
        ],
        spawn: on_floor(0.0, 4.0),
        look: p(0.0, 0.5, -1.0),
    }
}
