//! What the game's own contacts say about which triangles it collides with: a contact on a
//! triangle whose plane has the centre behind it, or on one the move's velocity leaves
//! (normal · velocity > 0, the first iteration's), contradicts culling those. A sidedness
//! switch is not detected where the file contradicts it (a port whose bug walks it through a
//! wall has moves that culling what is behind would reconcile, yet it hits walls from behind).

use serde::Serialize;

use super::switches::Switch;
use crate::collision::{Conventions, Sidedness};
use crate::probe::ProbeLevel;
use crate::sim::GameMove;

/// The game's contacts on triangles of the level, and how many of them a culling rule would
/// have ignored.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct SideFacts {
    pub contacts: u64,
    /// The centre at contact behind the triangle's plane.
    pub behind: u64,
    /// The first iteration's contact on a triangle the move's velocity leaves.
    pub leaving: u64,
}

/// A share of the contacts (1 in this many) that contradicts a culling rule.
const CONTRADICTS: u64 = 100;

impl SideFacts {
    /// Adds `g`'s contacts that name a triangle of `level`.
    pub fn add(&mut self, g: &GameMove, level: &ProbeLevel) {
        if g.missing & slidescope_probe::format::missing::CONTACT_CENTER != 0 {
            return; // placeholders, not where the game touched
        }
        for c in &g.contacts {
            let tri = c.triangle.and_then(|t| level.collision().get_triangle(t));
            let Some(tri) = tri else { continue };
            self.contacts += 1;
            let off = c.center - tri.vertices[0];
            self.behind += u64::from(off.dot(tri.normal) < 0.0);
            let leaves = c.iteration == 0 && tri.normal.dot(g.input.velocity) > 0.0;
            self.leaving += u64::from(leaves);
        }
    }

    /// Whether the contacts contradict the culling `switch` sets (1 % of them or more).
    pub fn contradicts(&self, switch: Switch) -> bool {
        let mut c = Conventions::default();
        switch.apply(&mut c, 1e-3);
        let against = match c.sidedness {
            Sidedness::TwoSided => return false,
            Sidedness::BehindIgnored => self.behind,
            Sidedness::LeavingIgnored => self.leaving,
        };
        against > 0 && against * CONTRADICTS >= self.contacts
    }
}
