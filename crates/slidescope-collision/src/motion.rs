//! What one call asks: the displacement and, for a walker's ground move, where it heads. The
//! per-call input beside the settings a game keeps ([`SlideSettings`](crate::SlideSettings)).

use glam::Vec3;

/// The motion one call of [`collide_and_slide`](crate::collide_and_slide) asks for (world). A
/// `Vec3` converts into it with no heading, so most calls pass the displacement alone.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Motion {
    /// Displacement asked for this call (m): velocity × dt.
    pub velocity: Vec3,
    /// Where the mover heads (world, horizontal; its length does not matter): with the plane
    /// solver, when the motion asked goes that way, no slide turns it back against it (Quake
    /// 2's "stop dead" with the player's heading as the original velocity). A walker gives it
    /// for a ground move; `None`: no heading.
    pub heading: Option<Vec3>,
}

impl Motion {
    /// `velocity` with no heading.
    pub fn new(velocity: Vec3) -> Self {
        Self {
            velocity,
            heading: None,
        }
    }

    /// The same motion heading along `heading`.
    pub fn heading(self, heading: Vec3) -> Self {
        Self {
            heading: Some(heading),
            ..self
        }
    }
}

impl From<Vec3> for Motion {
    fn from(velocity: Vec3) -> Self {
        Self::new(velocity)
    }
}
