//! Typed errors of the collision core. Bad input never panics and never yields NaN.
//!
//! `Display` is written by hand rather than derived with `thiserror`: the core is a crate a
//! game depends on alone, with glam as its only dependency.

use std::fmt;

/// Why a collision query refused its input.
#[derive(Debug, Clone, PartialEq)]
pub enum CollisionError {
    NonFiniteCenter([f32; 3]),
    NonFiniteVelocity([f32; 3]),
    BadRadii([f32; 3]),
    AxesNotOrthonormal(f32),
    EmptyMesh,
    BadPose(String),
    UnknownObject(String),
    BadSetting {
        name: &'static str,
        reason: String,
    },
    /// A batch's mover `index` was refused (see `batch::collide_and_slide_batch`).
    Mover {
        index: usize,
        error: Box<CollisionError>,
    },
    /// A batch was given a result slice of another length than its movers.
    BatchLength {
        movers: usize,
        results: usize,
    },
}

impl fmt::Display for CollisionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NonFiniteCenter(c) => write!(f, "ellipsoid centre is not finite: {c:?}"),
            Self::NonFiniteVelocity(v) => write!(f, "velocity is not finite: {v:?}"),
            Self::BadRadii(r) => write!(f, "ellipsoid radii must be finite and > 0, got {r:?}"),
            Self::AxesNotOrthonormal(d) => {
                write!(
                    f,
                    "ellipsoid axes must be orthonormal (max deviation {d:e})"
                )
            }
            Self::EmptyMesh => write!(f, "the collision mesh has no triangles"),
            Self::BadPose(s) => write!(
                f,
                "dynamic object pose is not a finite rigid transform: {s}"
            ),
            Self::UnknownObject(s) => write!(f, "no such dynamic {s}"),
            Self::BadSetting { name, reason } => write!(f, "invalid setting {name}: {reason}"),
            Self::Mover { index, error } => write!(f, "mover {index}: {error}"),
            Self::BatchLength { movers, results } => write!(
                f,
                "a batch of {movers} movers needs as many result slots, got {results}"
            ),
        }
    }
}

impl std::error::Error for CollisionError {}
