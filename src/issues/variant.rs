//! The response variants the scorecard compares side by side (issue 15 §4): the seed's loop and
//! the settings added next to it, never replacing it.

use serde::Serialize;

use crate::collision::{Response, SlideSettings};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// Seed 001 12.3 / 12.15: one slide plane per iteration.
    Seed,
    /// Slide along the crease of two planes, stop dead at three (`Response::Crease`).
    Crease,
}

impl Variant {
    pub const ALL: [Variant; 2] = [Variant::Seed, Variant::Crease];

    /// Column heading.
    pub fn label(self) -> &'static str {
        match self {
            Variant::Seed => "seed",
            Variant::Crease => "crease",
        }
    }

    /// `base` with this variant's switches set.
    pub fn settings(self, base: &SlideSettings) -> SlideSettings {
        let mut s = *base;
        s.response = match self {
            Variant::Seed => Response::Seed,
            Variant::Crease => Response::Crease,
        };
        s
    }
}
