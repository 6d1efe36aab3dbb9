//! Station: a long wall at 30° to the approach — the character slides along it
//! (seed 001 fig. 12.1/12.2: the remaining velocity is projected onto the wall plane).

use super::material::MaterialId;
use super::solid::Part;
use super::station::{StationPlan, on_floor, p};

pub fn plan() -> StationPlan {
    StationPlan {
        name: "wall_slide",
        label: "Wall at 30° to the approach: slide along it",
        seed_ref: "fig. 12.1, 12.2",
        parts: vec![Part::yawed_box(
            "wall",
            MaterialId::Slide,
            p(0.0, 0.0, 0.0),
            p(7.0, 2.5, 0.3),
            30.0,
        )],
        spawn: on_floor(0.0, 3.5),
        look: p(0.0, 1.0, 0.0),
    }
}
