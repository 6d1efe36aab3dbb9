//! Stations: a flight of low steps the slide response climbs by itself, and a flight of tall
//! steps it must not climb (seed 001 fig. 12.6/12.7: the higher the contact on the sphere,
//! the steeper the slide plane), plus the wall-beside-steps internal corner of fig. 12.15.
//!
//! Each step is its own closed box standing on the floor (a solid staircase, no gaps under
//! the treads); neighbouring steps touch face to face.

use glam::DVec3;

use super::material::MaterialId;
use super::solid::Part;
use super::station::{StationPlan, on_floor, p};

/// Dimensions of one flight that climbs towards −Z.
#[derive(Debug, Clone, Copy)]
pub struct Flight {
    pub steps: u32,
    pub riser_m: f64,
    pub tread_m: f64,
    /// Extra depth of the top step, a landing to stand on.
    pub landing_m: f64,
    /// Across the flight: `x` from `x_min` to `x_max`.
    pub x_min: f64,
    pub x_max: f64,
    /// `z` of the first riser.
    pub z_front: f64,
}

impl Flight {
    /// One box per step, named `step_01`, `step_02`, … from the bottom, each mapped by `map`
    /// (e.g. a quarter turn) before it is built.
    pub fn parts(&self, material: MaterialId, map: impl Fn(DVec3) -> DVec3) -> Vec<Part> {
        (1..=self.steps)
            .map(|i| {
                let i_f = f64::from(i);
                let z_near = self.z_front - (i_f - 1.0) * self.tread_m;
                let mut z_far = self.z_front - i_f * self.tread_m;
                if i == self.steps {
                    z_far -= self.landing_m;
                }
                let base = [
                    p(self.x_min, 0.0, z_far),
                    p(self.x_max, 0.0, z_far),
                    p(self.x_max, 0.0, z_near),
                    p(self.x_min, 0.0, z_near),
                ]
                .map(&map);
                let up = map(p(0.0, i_f * self.riser_m, 0.0));
                Part::prism(&format!("step_{i:02}"), material, &base, up)
            })
            .collect()
    }
}

/// Six 0.2 m risers, 0.35 m treads: the ellipsoid slides up them.
pub fn low() -> StationPlan {
    let flight = Flight {
        steps: 6,
        riser_m: 0.2,
        tread_m: 0.35,
        landing_m: 1.5,
        x_min: -1.0,
        x_max: 1.0,
        z_front: 2.0,
    };
    StationPlan {
        name: "stairs_low",
        label: "Low stairs, 0.2 m risers: the slide plane carries the character up",
        seed_ref: "fig. 12.6",
        parts: flight.parts(MaterialId::Step, |q| q),
        spawn: on_floor(0.0, 4.0),
        look: p(0.0, 0.6, 0.0),
    }
}

/// Three 0.6 m risers, 0.8 m treads: the contact is high on the ellipsoid and it stops.
pub fn tall() -> StationPlan {
    let flight = Flight {
        steps: 3,
        riser_m: 0.6,
        tread_m: 0.8,
        landing_m: 1.2,
        x_min: -1.0,
        x_max: 1.0,
        z_front: 2.0,
    };
    StationPlan {
        name: "stairs_tall",
        label: "Tall stairs, 0.6 m risers: a near-vertical slide plane stops the character",
        seed_ref: "fig. 12.7",
        parts: flight.parts(MaterialId::Step, |q| q),
        spawn: on_floor(0.0, 4.0),
        look: p(0.0, 0.6, 0.0),
    }
}

/// A wall running past the side of a flight of 0.3 m steps: pushing diagonally into the
/// corner between the wall and the first riser makes the response bounce between the two.
pub fn wall_beside_steps() -> StationPlan {
    let flight = Flight {
        steps: 4,
        riser_m: 0.3,
        tread_m: 0.5,
        landing_m: 1.0,
        x_min: 0.0,
        x_max: 2.5,
        z_front: 0.5,
    };
    let mut parts = flight.parts(MaterialId::Step, |q| q);
    parts.push(Part::cuboid(
        "wall",
        MaterialId::Corner,
        p(-0.3, 0.0, -2.5),
        p(0.0, 2.5, 3.0),
    ));
    StationPlan {
        name: "corner_wall_steps",
        label: "Internal corner between a wall and the side of the steps: jitter filter",
        seed_ref: "fig. 12.15",
        parts,
        spawn: on_floor(1.5, 3.5),
        look: p(0.0, 0.3, 0.5),
    }
}
