//! A `CONVENTIONS` record's entries (`docs/probe-format.md`, kind 9) to and from
//! [`Conventions`]: the one place that maps each key and value.

use crate::format::convention as key;
use crate::types::{Conventions, Sidedness, UpAxis};

const UP: [UpAxis; 6] = [
    UpAxis::PosY,
    UpAxis::PosZ,
    UpAxis::NegY,
    UpAxis::NegZ,
    UpAxis::PosX,
    UpAxis::NegX,
];
const SIDES: [Sidedness; 3] = [
    Sidedness::TwoSided,
    Sidedness::BehindIgnored,
    Sidedness::LeavingIgnored,
];

fn index_of<T: PartialEq>(all: &[T], x: T) -> u32 {
    all.iter().position(|a| *a == x).unwrap_or(0) as u32
}

impl Conventions {
    /// The declared fields as `(key, value)` entries, in key order.
    pub fn entries(&self) -> Vec<(u32, u32)> {
        let b = |x: Option<bool>| x.map(u32::from);
        let f = |x: Option<f32>| x.map(f32::to_bits);
        [
            (key::PADDING, b(self.padding_along_velocity)),
            (key::SHORT_MOTION, b(self.short_motion_dropped)),
            (key::MIN_MOTION_ES, f(self.min_motion_es)),
            (key::MIN_MOTION_M, f(self.min_motion_m)),
            (key::DEAD_ZONE_M, f(self.dead_zone_m)),
            (key::ITERATION_LIMIT, b(self.keep_last_on_limit)),
            (key::SIDEDNESS, self.sidedness.map(|s| index_of(&SIDES, s))),
            (key::IMPULSE_FILTER, b(self.impulse_filter)),
            (key::UP_AXIS, self.up_axis.map(|u| index_of(&UP, u))),
            (key::HANDEDNESS, b(self.left_handed)),
            (key::FRONT_WINDING, b(self.clockwise_front)),
            (key::MISSING, self.missing),
            (key::ROOTS, b(self.roots_after_start_only)),
        ]
        .into_iter()
        .filter_map(|(k, v)| v.map(|v| (k, v)))
        .collect()
    }

    /// Sets the field of one entry; `false` for a key or value this reader does not know
    /// (left undeclared, counted by the caller).
    pub fn set_entry(&mut self, k: u32, v: u32) -> bool {
        let flag = |v: u32| (v <= 1).then_some(v == 1);
        let float = |v: u32| Some(f32::from_bits(v)).filter(|x| x.is_finite() && *x >= 0.0);
        let set = |slot: &mut Option<bool>| flag(v).map(|x| *slot = Some(x)).is_some();
        let setf = |slot: &mut Option<f32>| float(v).map(|x| *slot = Some(x)).is_some();
        match k {
            key::PADDING => set(&mut self.padding_along_velocity),
            key::SHORT_MOTION => set(&mut self.short_motion_dropped),
            key::MIN_MOTION_ES => setf(&mut self.min_motion_es),
            key::MIN_MOTION_M => setf(&mut self.min_motion_m),
            key::DEAD_ZONE_M => setf(&mut self.dead_zone_m),
            key::ITERATION_LIMIT => set(&mut self.keep_last_on_limit),
            key::SIDEDNESS => SIDES
                .get(v as usize)
                .map(|s| self.sidedness = Some(*s))
                .is_some(),
            key::IMPULSE_FILTER => set(&mut self.impulse_filter),
            key::UP_AXIS => UP
                .get(v as usize)
                .map(|u| self.up_axis = Some(*u))
                .is_some(),
            key::HANDEDNESS => set(&mut self.left_handed),
            key::FRONT_WINDING => set(&mut self.clockwise_front),
            key::MISSING => {
                self.missing = Some(v);
                true
            }
            key::ROOTS => set(&mut self.roots_after_start_only),
            _ => false,
        }
    }

    /// The re-solve flips each triangle's winding: a left-handed game with counter-clockwise
    /// fronts, or a right-handed one with clockwise fronts (the same numbers seen in a mirror).
    pub fn flips_winding(&self) -> bool {
        self.left_handed.unwrap_or(false) != self.clockwise_front.unwrap_or(false)
    }
}
