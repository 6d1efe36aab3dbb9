//! Station: a wedge — the floor under a ceiling that slopes down to meet it. Walking in, the
//! ellipsoid ends up touching floor and ceiling at the same time (seed 001 fig. 12.13:
//! simultaneous colliders share one new centre).

use super::material::MaterialId;
use super::solid::Part;
use super::station::{StationPlan, on_floor, p};

/// Height of the ceiling's underside at the open end (z = +3 m); it meets the floor at z = −3 m.
pub const MOUTH_HEIGHT_M: f64 = 2.2;

pub fn plan() -> StationPlan {
    // Cross-section in the plane x = −1.5, swept 3 m along +X.
    let section = [
        p(-1.5, MOUTH_HEIGHT_M, 3.0),
        p(-1.5, 0.0, -3.0),
        p(-1.5, 2.5, -3.0),
        p(-1.5, 2.5, 3.0),
    ];
    StationPlan {
        name: "wedge_sloped_ceiling",
        label: "Floor under a sloping ceiling: floor and ceiling hit at once",
        seed_ref: "fig. 12.13",
        parts: vec![Part::prism(
            "sloped_ceiling",
            MaterialId::Ceiling,
            &section,
            p(3.0, 0.0, 0.0),
        )],
        spawn: on_floor(0.0, 4.5),
        look: p(0.0, 0.5, -1.0),
    }
}
