//! The player's state between fixed steps (seed 001 12.2.3: the application keeps its own
//! velocity and overwrites it with the integration velocity the collision system returns).

use glam::Vec3;

use crate::collision::ObjectId;
use serde::{Deserialize, Serialize};

/// Where the player is and how it moves. World space, metres and m/s.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct PlayerState {
    /// Ellipsoid centre (m).
    pub center: Vec3,
    /// Velocity (m/s).
    pub velocity_mps: Vec3,
    /// The last move touched walkable ground (see [`ground`](super::ground)).
    pub grounded: bool,
    /// The last move rested on a step lip: the lowest contact was an edge or vertex within
    /// `max_step_height_m` of the bottom. Drives like the ground (so stairs are climbed by
    /// sliding, seed 001 12.6/12.7) but does not allow a jump.
    #[serde(default)]
    pub on_step_lip: bool,
    /// Using the crouch radii.
    pub crouched: bool,
    /// Flying without collision.
    pub noclip: bool,
    /// The dynamic object the player stood on after the last move (lowest contact on it while
    /// grounded): the next step rides it.
    #[serde(default)]
    pub ground_object: Option<ObjectId>,
}

impl PlayerState {
    /// Standing at rest with the ellipsoid's bottom at `feet` (m) for radii `radii`.
    pub fn standing_at(feet: Vec3, radii: Vec3) -> Self {
        Self {
            center: feet + Vec3::Y * radii.y,
            ..Default::default()
        }
    }

    /// True when every number is finite.
    pub fn is_finite(&self) -> bool {
        self.center.is_finite() && self.velocity_mps.is_finite()
    }
}
