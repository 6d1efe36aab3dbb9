//! A contact found by detection, in both spaces.

use glam::Vec3;

use super::{ContactTime, Feature};

/// One contact between the swept ellipsoid and a triangle.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Contact {
    /// Index of the triangle in the collision mesh.
    pub triangle: u32,
    /// Which part of the Minkowski sum was touched.
    pub feature: Feature,
    pub time: ContactTime,
    /// Ellipsoid centre when touching (before the skin push-back), world.
    pub center: Vec3,
    /// The touched point (on the triangle and on the ellipsoid surface), world.
    pub point: Vec3,
    /// Unit slide-plane normal in world space: the ellipsoid's surface normal at `point`
    /// (the eSpace normal through the inverse transpose, seed 002), pointing away from the
    /// triangle.
    pub normal: Vec3,
    /// The same three in eSpace (about the world origin, see [`ESpace`](super::ESpace)).
    pub center_es: Vec3,
    pub point_es: Vec3,
    /// Unit eSpace normal, from the contact point to the sphere centre.
    pub normal_es: Vec3,
}
