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
    /// The seed's response with the contact centre made exact (`SlideSettings::exact_contact`).
    Exact,
    /// The seed's response sliding on the face at seams in flat surfaces
    /// (`SlideSettings::internal_edge_filter`).
    InternalEdge,
    /// The seed's response with grazing contacts at eSpace distance 1 reported
    /// (`SlideSettings::touching_counts`).
    Touching,
}

impl Variant {
    pub const ALL: [Variant; 5] = [
        Variant::Seed,
        Variant::Crease,
        Variant::Exact,
        Variant::InternalEdge,
        Variant::Touching,
    ];

    /// Column heading.
    pub fn label(self) -> &'static str {
        match self {
            Variant::Seed => "seed",
            Variant::Crease => "crease",
            Variant::Exact => "exact",
            Variant::InternalEdge => "int-edge",
            Variant::Touching => "touch",
        }
    }

    /// `base` with this variant's switches set.
    pub fn settings(self, base: &SlideSettings) -> SlideSettings {
        let mut s = *base;
        s.response = match self {
            Variant::Seed | Variant::Exact | Variant::InternalEdge | Variant::Touching => {
                Response::Seed
            }
            Variant::Crease => Response::Crease,
        };
        s.exact_contact = self == Variant::Exact;
        s.internal_edge_filter = self == Variant::InternalEdge;
        s.touching_counts = self == Variant::Touching;
        s
    }
}
