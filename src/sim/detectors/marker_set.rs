//! A set of [`MarkerKind`]s, as a record keeps them (a saved recording stores the bits, one a
//! kind in [`MarkerKind::ALL`] order).

use serde::{Deserialize, Serialize};

use super::MarkerKind;

/// A set of [`MarkerKind`]s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Markers(u32);

impl Markers {
    pub const NONE: Markers = Markers(0);
    pub const ALL: Markers = Markers((1 << MarkerKind::ALL.len()) - 1);

    fn bit(kind: MarkerKind) -> u32 {
        1 << (kind as u8)
    }

    pub fn with(mut self, kind: MarkerKind, on: bool) -> Self {
        if on {
            self.0 |= Self::bit(kind);
        } else {
            self.0 &= !Self::bit(kind);
        }
        self
    }

    /// Both sets together.
    pub fn union(self, other: Markers) -> Self {
        Markers(self.0 | other.0)
    }

    pub fn contains(self, kind: MarkerKind) -> bool {
        self.0 & Self::bit(kind) != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn intersects(self, other: Markers) -> bool {
        self.0 & other.0 != 0
    }

    /// The kinds in the set, in [`MarkerKind::ALL`] order.
    pub fn kinds(self) -> impl Iterator<Item = MarkerKind> {
        MarkerKind::ALL
            .into_iter()
            .filter(move |k| self.contains(*k))
    }
}
