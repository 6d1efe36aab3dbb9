//! The contact one iteration of a game's own collide-and-slide responded to, as the game sent
//! it through the probe: kept on a [`GameMove`](super::game_move::GameMove) and compared with
//! the reference's contacts ([`Comparison`](super::move_comparison::Comparison)).

use glam::Vec3;
use serde::{Deserialize, Serialize};

use crate::collision::{CaseKind, Feature};

/// The contact one iteration of the game's loop responded to.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct GameContact {
    pub iteration: u32,
    /// The case the game says it touched, if it said.
    pub case: Option<CaseKind>,
    /// The feature of the triangle under the game's contact point (named by slidescope from
    /// the point, within 1e-4 eSpace); `None` when the triangle is unknown.
    pub feature: Option<Feature>,
    /// Fraction of that iteration's velocity.
    pub t: f32,
    /// Centre at contact, before padding (world, m).
    pub center: Vec3,
    /// Touched point (world, m).
    pub point: Vec3,
    /// Unit slide normal (world).
    pub normal: Vec3,
    /// The triangle in the re-solve's mesh (the core's numbering), when known and kept.
    pub triangle: Option<u32>,
    /// The triangle as the game numbered it.
    pub game_triangle: Option<u32>,
}

impl GameContact {
    /// The case to show: the game's word, else the one named from the point.
    pub fn case_kind(&self) -> Option<CaseKind> {
        self.case.or(self.feature.map(Feature::kind))
    }

    /// ", tri N" in the re-solve's numbering (the reference's and the triangle picker's), with
    /// the game's own number where it differs (a level with degenerate triangles the core
    /// drops).
    pub fn triangle_label(&self) -> String {
        match (self.triangle, self.game_triangle) {
            (Some(c), Some(g)) if c != g => format!(", tri {c} (the game's {g})"),
            (Some(c), _) => format!(", tri {c}"),
            (None, Some(g)) => format!(", the game's tri {g} (not in the re-solve)"),
            (None, None) => String::new(),
        }
    }
}
