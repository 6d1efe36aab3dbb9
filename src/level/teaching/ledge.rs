//! Station: a ledge to fall off — a 2.2 m high platform reached by ten 0.2 m steps. The
//! character starts on the platform looking over its edge; walking off, the sweep finds no
//! ground and gravity takes over until the floor is hit (seed 001 fig. 12.6 for the way up).

use super::material::MaterialId;
use super::solid::Part;
use super::stairs::Flight;
use super::station::{StationPlan, p};

/// Height of the platform top above the floor (metres).
pub const PLATFORM_HEIGHT_M: f64 = 2.2;

pub fn plan() -> StationPlan {
    let mut parts = vec![Part::cuboid(
        "platform",
        MaterialId::Step,
        p(-3.5, 0.0, -3.0),
        p(-0.5, PLATFORM_HEIGHT_M, 1.0),
    )];
    // Ten steps climbing towards −X onto the platform's +X side: the flight is built
    // climbing towards −Z and turned a quarter (z → x, x → −z).
    let flight = Flight {
        steps: 10,
        riser_m: 0.2,
        tread_m: 0.35,
        landing_m: 0.0,
        x_min: 1.5,
        x_max: 3.0,
        z_front: 3.0,
    };
    parts.extend(flight.parts(MaterialId::Wall, |q| p(q.z, q.y, -q.x)));
    StationPlan {
        name: "ledge_drop",
        label: "Ledge 2.2 m high (stairs up on its side): walk off and fall",
        seed_ref: "fig. 12.6",
        parts,
        spawn: p(-2.0, PLATFORM_HEIGHT_M + super::station::SPAWN_LIFT_M, 0.5),
        look: p(-2.0, 0.0, 4.0),
    }
}
