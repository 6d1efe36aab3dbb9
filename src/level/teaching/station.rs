//! What a station is: a labelled situation from seed 001 chapter 12, its parts, and where
//! the character starts and looks when the app teleports there.

use glam::{DVec3, Vec3};

use super::solid::Part;

/// Height of the spawn feet above the floor they stand on (metres): the character settles
/// onto the floor on its first frame instead of starting in contact.
pub const SPAWN_LIFT_M: f64 = 0.02;

/// Half height of the nominal standing character the stations are sized for (radii
/// 0.4 × 0.9 × 0.4 m): `hull_center = feet + (0, HULL_HALF_HEIGHT_M, 0)` in the spawn points.
pub const HULL_HALF_HEIGHT_M: f32 = 0.9;

/// One station of the built-in teaching level, in world space (metres, +Y up).
#[derive(Debug, Clone, PartialEq)]
pub struct TeachingStation {
    /// Node name in the `.glb` (unique, snake_case).
    pub name: &'static str,
    /// One-line description shown in the station list.
    pub label: &'static str,
    /// The seed 001 figure(s) the station reproduces, e.g. `"fig. 12.13"`.
    pub seed_ref: &'static str,
    /// World-space feet position of the character (the bottom of the ellipsoid).
    pub spawn: Vec3,
    /// World-space point the camera looks at from the spawn.
    pub look: Vec3,
}

impl TeachingStation {
    /// Facing from `spawn` to `look` as a yaw in whole degrees, counter-clockwise about +Y
    /// seen from above, 0 = +X (the Quake `angle` convention of the shared levels' spawn
    /// points, mapped to glTF axes). In `0..360`.
    pub fn yaw_deg(&self) -> i32 {
        let d = self.look - self.spawn;
        let deg = f64::from(-d.z).atan2(f64::from(d.x)).to_degrees().round() as i32;
        deg.rem_euclid(360)
    }
}

/// A station as the generator builds it: station-local geometry (the node's translation is
/// added by whoever reads the file) and local spawn/look points.
#[derive(Debug, Clone)]
pub struct StationPlan {
    pub name: &'static str,
    pub label: &'static str,
    pub seed_ref: &'static str,
    pub parts: Vec<Part>,
    /// Local feet position, already lifted by [`SPAWN_LIFT_M`].
    pub spawn: DVec3,
    pub look: DVec3,
}

/// Shorthand for station-local points.
pub fn p(x: f64, y: f64, z: f64) -> DVec3 {
    DVec3::new(x, y, z)
}

/// Local feet position on the ground floor (y = 0) at `(x, z)`.
pub fn on_floor(x: f64, z: f64) -> DVec3 {
    p(x, SPAWN_LIFT_M, z)
}
