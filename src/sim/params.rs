//! The player controller's tunables (seed 001 12.2.3: the application owns the physics —
//! speeds, gravity, friction — and hands the collision system a per-step displacement).
//!
//! Everything here can be edited live from the UI, so [`PlayerParams::sanitized`] clamps every
//! field into a usable range (NaN becomes the default) before a step uses it.

use glam::Vec3;
use serde::{Deserialize, Serialize};

/// Speeds, gravity, friction and ellipsoid shapes of the walking player. Units: metres,
/// seconds, degrees.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayerParams {
    /// Ground speed with the move keys held (m/s).
    pub walk_speed_mps: f32,
    /// Ground speed while running (m/s).
    pub run_speed_mps: f32,
    /// Ground speed while crouched (m/s).
    pub crouch_speed_mps: f32,
    /// Upward speed given by a jump (m/s); the apex is `v² / 2g` above the take-off.
    pub jump_speed_mps: f32,
    /// Gravity acceleration, pointing down (m/s²).
    pub gravity_mps2: f32,
    /// Ground friction rate (1/s): on the ground the horizontal velocity approaches the wished
    /// velocity by `1 − exp(−friction · dt)` per step.
    pub ground_friction_per_sec: f32,
    /// Fraction (0..1) of the ground friction rate available in the air (air control).
    pub air_control: f32,
    /// Ellipsoid radii standing (m).
    pub standing_radii: Vec3,
    /// Ellipsoid radii crouched (m); the feet stay where they are when switching.
    pub crouch_radii: Vec3,
    /// Grounded threshold: steepest slope (degrees from horizontal) that counts as ground.
    /// The lowest contact of a step is ground when the ellipsoid's normal there is at most this
    /// steep (seed 001 12.15: "minimum y of the contact extents near −Radius.y").
    pub max_ground_slope_deg: f32,
    /// Highest step lip (m above the ellipsoid's bottom) that still drives like the ground
    /// while climbing over it.
    pub max_step_height_m: f32,
    /// Flight speed in noclip mode (m/s).
    pub noclip_speed_mps: f32,
    /// Speeds are clamped to this (m/s) so nothing can grow without bound.
    pub max_speed_mps: f32,
    /// Which walker steps the player: the seed's, or the snap walker.
    pub walker: Walker,
}

impl Default for PlayerParams {
    fn default() -> Self {
        Self {
            walk_speed_mps: 4.0,
            run_speed_mps: 7.0,
            crouch_speed_mps: 2.0,
            jump_speed_mps: 4.5,
            gravity_mps2: 9.81,
            ground_friction_per_sec: 10.0,
            air_control: 0.1,
            standing_radii: Vec3::new(0.4, 0.9, 0.4),
            crouch_radii: Vec3::new(0.4, 0.6, 0.4),
            max_ground_slope_deg: 45.0,
            max_step_height_m: 0.3,
            noclip_speed_mps: 8.0,
            max_speed_mps: 100.0,
            walker: Walker::Seed,
        }
    }
}

/// Smallest and largest radius accepted (m).
pub const MIN_RADIUS_M: f32 = 0.01;
pub const MAX_RADIUS_M: f32 = 100.0;

fn clamp_or(value: f32, lo: f32, hi: f32, fallback: f32) -> f32 {
    if value.is_nan() {
        fallback
    } else {
        value.clamp(lo, hi)
    }
}

fn clamp_radii(r: Vec3, fallback: Vec3) -> Vec3 {
    Vec3::new(
        clamp_or(r.x, MIN_RADIUS_M, MAX_RADIUS_M, fallback.x),
        clamp_or(r.y, MIN_RADIUS_M, MAX_RADIUS_M, fallback.y),
        clamp_or(r.z, MIN_RADIUS_M, MAX_RADIUS_M, fallback.z),
    )
}

impl PlayerParams {
    /// Every field clamped into its usable range; NaN fields take the default. The crouch
    /// height is at most the standing height.
    pub fn sanitized(&self) -> Self {
        let d = Self::default();
        let max_speed = clamp_or(self.max_speed_mps, 0.1, 1000.0, d.max_speed_mps);
        let speed = |v: f32, dv: f32| clamp_or(v, 0.0, max_speed, dv.min(max_speed));
        let standing = clamp_radii(self.standing_radii, d.standing_radii);
        let mut crouch = clamp_radii(self.crouch_radii, d.crouch_radii);
        crouch.y = crouch.y.min(standing.y);
        Self {
            walk_speed_mps: speed(self.walk_speed_mps, d.walk_speed_mps),
            run_speed_mps: speed(self.run_speed_mps, d.run_speed_mps),
            crouch_speed_mps: speed(self.crouch_speed_mps, d.crouch_speed_mps),
            jump_speed_mps: speed(self.jump_speed_mps, d.jump_speed_mps),
            gravity_mps2: clamp_or(self.gravity_mps2, 0.0, 1000.0, d.gravity_mps2),
            ground_friction_per_sec: clamp_or(
                self.ground_friction_per_sec,
                0.0,
                1000.0,
                d.ground_friction_per_sec,
            ),
            air_control: clamp_or(self.air_control, 0.0, 1.0, d.air_control),
            standing_radii: standing,
            crouch_radii: crouch,
            max_ground_slope_deg: clamp_or(self.max_ground_slope_deg, 0.0, 89.0, 45.0),
            max_step_height_m: clamp_or(self.max_step_height_m, 0.0, 2.0 * standing.y, 0.3),
            noclip_speed_mps: speed(self.noclip_speed_mps, d.noclip_speed_mps),
            max_speed_mps: max_speed,
            walker: self.walker,
        }
    }

    /// Radii for the given stance (m).
    pub fn radii(&self, crouched: bool) -> Vec3 {
        if crouched {
            self.crouch_radii
        } else {
            self.standing_radii
        }
    }
}

/// Which walker steps the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Walker {
    /// Seed 001 12.2.3 / 12.15: a pull two skins down in every grounded move, the integration
    /// velocity kept.
    #[default]
    Seed,
    /// Ground moves in the ground's plane without gravity, then snapped down to the ground
    /// within the step height (this module).
    Snap,
}

impl Walker {
    pub const ALL: [Walker; 2] = [Walker::Seed, Walker::Snap];

    pub fn name(self) -> &'static str {
        match self {
            Walker::Seed => "seed (pull down)",
            Walker::Snap => "snap to ground",
        }
    }
}
