//! What the player asks for during one fixed step: the keys and the view yaw, sampled by the
//! app (WASD, Space, Shift, Ctrl/C, F, and the noclip up/down keys). Values come from the UI and
//! can be anything, so [`PlayerInput::sanitized`] makes them safe before a step reads them.

use glam::Vec3;
use serde::{Deserialize, Serialize};

/// The inputs of one step.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayerInput {
    /// Forward (+1) / back (−1) axis, in [−1, 1].
    pub forward: f32,
    /// Right (+1) / left (−1) axis, in [−1, 1].
    pub right: f32,
    /// View yaw in radians about +Y; 0 looks down −Z, positive turns left (counter-clockwise
    /// seen from above, the right-handed convention).
    pub yaw_rad: f32,
    /// Jump (taken only when grounded).
    pub jump: bool,
    /// Run speed instead of walk speed.
    pub run: bool,
    /// Crouch (held).
    pub crouch: bool,
    /// Noclip flight (the app toggles this with F and sends the current mode every step).
    pub noclip: bool,
    /// Noclip: fly up.
    pub fly_up: bool,
    /// Noclip: fly down.
    pub fly_down: bool,
}

fn axis(v: f32) -> f32 {
    if v.is_nan() { 0.0 } else { v.clamp(-1.0, 1.0) }
}

impl PlayerInput {
    /// Axes clamped to [−1, 1] (NaN → 0); yaw wrapped to [0, 2π) (non-finite → 0).
    pub fn sanitized(&self) -> Self {
        let yaw = if self.yaw_rad.is_finite() {
            self.yaw_rad.rem_euclid(std::f32::consts::TAU)
        } else {
            0.0
        };
        Self {
            forward: axis(self.forward),
            right: axis(self.right),
            yaw_rad: if yaw.is_finite() && yaw < std::f32::consts::TAU {
                yaw
            } else {
                0.0
            },
            ..*self
        }
    }

    /// True when a move axis is pressed noticeably.
    pub fn wants_to_move(&self) -> bool {
        self.forward.abs() > 0.1 || self.right.abs() > 0.1
    }

    /// The horizontal wish direction (world, length ≤ 1) from the axes and the yaw. Expects a
    /// sanitized input.
    pub fn wish_direction(&self) -> Vec3 {
        let (sin, cos) = self.yaw_rad.sin_cos();
        let forward = Vec3::new(-sin, 0.0, -cos);
        let right = Vec3::new(cos, 0.0, -sin);
        let wish = forward * self.forward + right * self.right;
        let len = wish.length();
        if len > 1.0 { wish / len } else { wish }
    }
}
