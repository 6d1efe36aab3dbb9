//! Stations: external corners — a square block turned 45° and a 45° wedge pointing at the
//! approach. Hitting the corner edge gives an edge contact whose slide plane depends on the
//! angle of approach (seed 001 fig. 12.3–12.5).

use super::material::MaterialId;
use super::snap::yaw_dir;
use super::solid::Part;
use super::station::{StationPlan, on_floor, p};

/// A 3 × 3 m block, 2.5 m high, with a 90° corner facing the spawn.
pub fn right_angle() -> StationPlan {
    StationPlan {
        name: "external_corner_90",
        label: "External 90° corner: slide around the edge",
        seed_ref: "fig. 12.3-12.5",
        parts: vec![Part::yawed_box(
            "block",
            MaterialId::Corner,
            p(0.0, 0.0, 0.0),
            p(3.0, 2.5, 3.0),
            45.0,
        )],
        spawn: on_floor(0.3, 4.5),
        look: p(0.0, 1.0, 0.0),
    }
}

/// A triangular prism whose 45° apex points at the spawn.
pub fn sharp() -> StationPlan {
    let apex = p(0.0, 0.0, 2.0);
    // Sides leave the apex at ±22.5° from −Z (−Z is yaw 90°), 3 m long.
    let left = apex + yaw_dir(112.5) * 3.0;
    let right = apex + yaw_dir(67.5) * 3.0;
    StationPlan {
        name: "external_corner_45",
        label: "External 45° corner (sharp wedge): edge and vertex contacts",
        seed_ref: "fig. 12.3-12.5",
        parts: vec![Part::prism(
            "wedge",
            MaterialId::Corner,
            &[apex, left, right],
            p(0.0, 2.5, 0.0),
        )],
        spawn: on_floor(0.3, 4.5),
        look: p(0.0, 1.0, 0.0),
    }
}
