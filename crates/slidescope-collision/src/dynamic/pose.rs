//! Rigid transforms of dynamic objects (world space, metres): the seed's object matrices
//! restricted to rotation + translation (seed 001 12.12.1), so the "velocity matrix" between two
//! poses is again rigid and its inverse is exact.

use glam::{Quat, Vec3};

/// A rigid transform `p ↦ rotation · p + translation` (model → world).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RigidPose {
    /// Unit quaternion.
    pub rotation: Quat,
    /// Metres, world.
    pub translation: Vec3,
}

impl Default for RigidPose {
    fn default() -> Self {
        Self::IDENTITY
    }
}

impl RigidPose {
    pub const IDENTITY: Self = Self {
        rotation: Quat::IDENTITY,
        translation: Vec3::ZERO,
    };

    /// A pose from a rotation (normalised here) and a translation.
    pub fn new(rotation: Quat, translation: Vec3) -> Self {
        Self {
            rotation: rotation.normalize(),
            translation,
        }
    }

    pub fn from_translation(translation: Vec3) -> Self {
        Self {
            rotation: Quat::IDENTITY,
            translation,
        }
    }

    /// True when every number is finite and the rotation is a unit quaternion (±1e-3).
    pub fn is_valid(&self) -> bool {
        self.rotation.is_finite()
            && self.translation.is_finite()
            && (self.rotation.length_squared() - 1.0).abs() < 1e-3
    }

    #[inline]
    pub fn transform_point(&self, p: Vec3) -> Vec3 {
        self.rotation * p + self.translation
    }

    #[inline]
    pub fn transform_vector(&self, v: Vec3) -> Vec3 {
        self.rotation * v
    }

    pub fn inverse(&self) -> Self {
        let r = self.rotation.conjugate();
        Self {
            rotation: r,
            translation: -(r * self.translation),
        }
    }

    /// `self ∘ other`: apply `other` first.
    pub fn then_after(&self, other: &Self) -> Self {
        Self {
            rotation: (self.rotation * other.rotation).normalize(),
            translation: self.transform_point(other.translation),
        }
    }

    /// The seed's velocity matrix (12.12.1, `Inverse(Last) · Current` in D3DX row-vector
    /// order): the world → world motion that takes a point attached to the object at
    /// `previous` to where it is at `current`.
    pub fn motion(previous: &Self, current: &Self) -> Self {
        current.then_after(&previous.inverse())
    }

    /// The rotation about the world up axis (+Y) this pose applies, radians in (−π, π]: the
    /// heading change of something riding the object.
    pub fn yaw_rad(&self) -> f32 {
        let x = self.rotation * Vec3::X;
        let flat = Vec3::new(x.x, 0.0, x.z);
        if flat.length_squared() < 1e-12 {
            return 0.0;
        }
        // Heading of +X: a positive yaw (counter-clockwise seen from above, right-handed about
        // +Y) turns +X towards −Z.
        (-flat.z).atan2(flat.x)
    }

    /// Interpolates translation linearly and rotation by slerp (`s` in [0, 1]).
    pub fn lerp(&self, other: &Self, s: f32) -> Self {
        Self {
            rotation: self.rotation.slerp(other.rotation, s).normalize(),
            translation: self.translation.lerp(other.translation, s),
        }
    }
}
