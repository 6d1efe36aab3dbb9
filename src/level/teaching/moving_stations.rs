//! The moving stations (seed 001 12.12 figs. 12.40–12.47): a lift next to a landing,
//! a conveyor-like platform, a sliding door between two posts and a bar spinning at shin
//! height. The static parts are ordinary station parts; the moving parts are [`Mover`]s,
//! written as animated glTF nodes (translation or rotation channels, LINEAR keys) that the
//! loader plays as dynamic objects. Mover geometry is not in the static collision mesh.

use glam::{DQuat, DVec3};

use super::material::MaterialId;
use super::solid::Part;
use super::station::{StationPlan, on_floor, p};

/// Height the lift climbs (m): its top goes from 0.1 to the landing's top.
pub const LIFT_RISE_M: f64 = 2.9;
/// Height of the landing beside the lift (m).
pub const LANDING_HEIGHT_M: f64 = 3.0;
/// The spinning bar: length from the pivot (m), bottom and top heights (m), seconds a turn.
pub const BAR_LENGTH_M: f64 = 2.5;
pub const BAR_BOTTOM_M: f64 = 0.2;
pub const BAR_TOP_M: f64 = 0.4;
pub const BAR_TURN_SECS: f32 = 2.0;

/// How a mover's keys are interpolated (glTF sampler interpolation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoverKeys {
    Linear,
    Step,
}

/// A moving part: geometry about its node's origin, the node's rest translation (station
/// local), and keyframes (seconds → station-local translation, or → rotation).
#[derive(Debug, Clone)]
pub struct Mover {
    pub name: &'static str,
    /// The station it belongs to (placed with that station's origin).
    pub station: &'static str,
    pub part: Part,
    /// Translation keys (station local), empty when only rotating.
    pub translation_keys: Vec<(f32, DVec3)>,
    /// Rotation keys, empty when only translating.
    pub rotation_keys: Vec<(f32, DQuat)>,
    /// Station-local translation of the node when it has no translation keys.
    pub rest: DVec3,
    pub keys: MoverKeys,
}

impl Mover {
    /// Station-local translation at key 0 (the rest pose written into the node).
    pub fn rest_translation(&self) -> DVec3 {
        self.translation_keys.first().map_or(self.rest, |k| k.1)
    }
}

/// The lift station: a landing 3 m high; the lift (a mover) beside it, the conveyor nearby.
pub fn lift_plan() -> StationPlan {
    StationPlan {
        name: "lift",
        label: "Lift and moving platform: ride moving geometry",
        seed_ref: "fig. 12.40-12.47",
        parts: vec![Part::cuboid(
            "landing",
            MaterialId::Step,
            p(1.0, 0.0, -1.5),
            p(3.5, LANDING_HEIGHT_M, 1.5),
        )],
        spawn: on_floor(-3.0, 0.0),
        look: p(0.0, 1.0, 0.0),
    }
}

/// The door station: two posts; the sliding door and the spinning bar are movers.
pub fn door_plan() -> StationPlan {
    StationPlan {
        name: "door_and_bar",
        label: "Sliding door and spinning bar: moving geometry has right of way",
        seed_ref: "fig. 12.42",
        parts: vec![
            Part::cuboid(
                "post_left",
                MaterialId::Opening,
                p(-0.7, 0.0, -0.1),
                p(-0.5, 2.4, 0.1),
            ),
            Part::cuboid(
                "post_right",
                MaterialId::Opening,
                p(0.5, 0.0, -0.1),
                p(0.7, 2.4, 0.1),
            ),
        ],
        spawn: on_floor(0.0, -1.5),
        look: p(0.0, 1.0, 0.0),
    }
}

fn slab(name: &str) -> Part {
    Part::cuboid(
        name,
        MaterialId::Slide,
        p(-1.0, 0.0, -1.0),
        p(1.0, 0.1, 1.0),
    )
}

/// Every mover, in file order.
pub fn movers() -> Vec<Mover> {
    let lift_at = p(-0.05, 0.0, 0.0);
    let up = p(0.0, LIFT_RISE_M, 0.0);
    let conveyor_at = p(-1.5, 0.0, -3.0);
    let door_at = p(-1.9, 0.0, 0.25);
    let turn = |k: f64| DQuat::from_rotation_y(k * std::f64::consts::FRAC_PI_2);
    vec![
        Mover {
            name: "lift_car",
            station: "lift",
            part: slab("lift_car"),
            translation_keys: vec![
                (0.0, lift_at),
                (1.5, lift_at),
                (4.5, lift_at + up),
                (6.5, lift_at + up),
                (9.5, lift_at),
                (10.0, lift_at),
            ],
            rotation_keys: Vec::new(),
            rest: lift_at,
            keys: MoverKeys::Linear,
        },
        Mover {
            name: "moving_platform",
            station: "lift",
            part: slab("moving_platform"),
            translation_keys: vec![
                (0.0, conveyor_at),
                (4.0, conveyor_at + p(4.0, 0.0, 0.0)),
                (8.0, conveyor_at),
            ],
            rotation_keys: Vec::new(),
            rest: conveyor_at,
            keys: MoverKeys::Linear,
        },
        Mover {
            name: "sliding_door",
            station: "door_and_bar",
            part: Part::cuboid(
                "sliding_door",
                MaterialId::Slide,
                p(-0.6, 0.0, -0.05),
                p(0.6, 2.2, 0.05),
            ),
            translation_keys: vec![
                (0.0, door_at),
                (1.0, door_at),
                (2.0, door_at + p(1.9, 0.0, 0.0)),
                (4.0, door_at + p(1.9, 0.0, 0.0)),
                (5.0, door_at),
                (6.0, door_at),
            ],
            rotation_keys: Vec::new(),
            rest: door_at,
            keys: MoverKeys::Linear,
        },
        Mover {
            name: "spinning_bar",
            station: "door_and_bar",
            part: Part::cuboid(
                "spinning_bar",
                MaterialId::Corner,
                p(0.0, BAR_BOTTOM_M, -0.05),
                p(BAR_LENGTH_M, BAR_TOP_M, 0.05),
            ),
            translation_keys: Vec::new(),
            // A quarter turn a key: slerp takes the short way, so a full turn needs four.
            rotation_keys: (0..=4)
                .map(|k| (BAR_TURN_SECS * k as f32 / 4.0, turn(f64::from(k))))
                .collect(),
            rest: p(0.0, 0.0, 3.0),
            keys: MoverKeys::Linear,
        },
    ]
}
