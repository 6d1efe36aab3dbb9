//! Typed errors of the collision core. Bad input never panics and never yields NaN.

/// Why a collision query refused its input.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CollisionError {
    #[error("ellipsoid centre is not finite: {0:?}")]
    NonFiniteCenter([f32; 3]),
    #[error("velocity is not finite: {0:?}")]
    NonFiniteVelocity([f32; 3]),
    #[error("ellipsoid radii must be finite and > 0, got {0:?}")]
    BadRadii([f32; 3]),
    #[error("ellipsoid axes must be orthonormal (max deviation {0:e})")]
    AxesNotOrthonormal(f32),
    #[error("the collision mesh has no triangles")]
    EmptyMesh,
    #[error("dynamic object pose is not a finite rigid transform: {0}")]
    BadPose(String),
    #[error("no such dynamic {0}")]
    UnknownObject(String),
    #[error("invalid setting {name}: {reason}")]
    BadSetting { name: &'static str, reason: String },
}
