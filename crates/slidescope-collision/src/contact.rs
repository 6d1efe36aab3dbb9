//! A contact found by detection, in both spaces.

use glam::Vec3;

use super::dynamic::{ObjectId, SetId};
use super::{ContactTime, Feature};

/// What a contact's triangle belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ContactSource {
    /// The static level mesh; `Contact::triangle` indexes it.
    #[default]
    Static,
    /// A dynamic object; `Contact::triangle` indexes the object's model-space mesh. The
    /// contact was found against the object's previous pose and carried into its current
    /// pose (seed 001 12.12.1): `center`, `point` and `normal` are at the current pose.
    Dynamic { object: ObjectId, set: SetId },
}

impl ContactSource {
    /// The dynamic object, if any.
    pub fn object(self) -> Option<ObjectId> {
        match self {
            ContactSource::Static => None,
            ContactSource::Dynamic { object, .. } => Some(object),
        }
    }
}

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
    /// Static mesh or which dynamic object.
    #[cfg_attr(feature = "serde", serde(default))]
    pub source: ContactSource,
}
