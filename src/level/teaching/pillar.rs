//! Station: an octagonal pillar, 0.8 m across the corners and 3 m high. Walking into it off
//! centre, the ellipsoid meets faces, edges and vertical edges in turn and slides around it
//! (seed 001 fig. 12.3–12.5 repeated around a convex column).

use super::material::MaterialId;
use super::snap::yaw_dir;
use super::solid::Part;
use super::station::{StationPlan, on_floor, p};

/// Distance from the axis to each vertical edge (metres).
pub const CIRCUMRADIUS_M: f64 = 0.4;

pub fn plan() -> StationPlan {
    let base: Vec<_> = (0..8)
        .map(|k| yaw_dir(22.5 + 45.0 * f64::from(k)) * CIRCUMRADIUS_M)
        .collect();
    StationPlan {
        name: "pillar",
        label: "Octagonal pillar: slide around a column",
        seed_ref: "fig. 12.3-12.5",
        parts: vec![Part::prism(
            "pillar",
            MaterialId::Opening,
            &base,
            p(0.0, 3.0, 0.0),
        )],
        spawn: on_floor(0.2, 3.5),
        look: p(0.0, 1.0, 0.0),
    }
}
