//! Station: small debris scattered on the floor — 24 low boxes (3–15 cm high) at random
//! turns that the slide response should carry the character over (seed 001 fig. 12.9).

use super::material::MaterialId;
use super::snap::SplitMix64;
use super::solid::Part;
use super::station::{StationPlan, on_floor, p};

/// Number of debris pieces.
pub const PIECES: u32 = 24;

pub fn plan() -> StationPlan {
    let mut rng = SplitMix64::new(0x00de_b215);
    let parts = (1..=PIECES)
        .map(|i| {
            let centre = p(rng.range(-2.0, 2.0), 0.0, rng.range(-2.0, 2.0));
            let size = p(
                rng.range(0.05, 0.3),
                rng.range(0.03, 0.15),
                rng.range(0.05, 0.3),
            );
            let yaw = rng.range(0.0, 180.0);
            Part::yawed_box(
                &format!("debris_{i:02}"),
                MaterialId::Step,
                centre,
                size,
                yaw,
            )
        })
        .collect();
    StationPlan {
        name: "debris",
        label: "Small debris on the floor: walk over it without stopping",
        seed_ref: "fig. 12.8, 12.9",
        parts,
        spawn: on_floor(0.0, 3.5),
        look: p(0.0, 0.0, 0.0),
    }
}
