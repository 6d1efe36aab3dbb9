//! The collision core of slidescope: a swept ellipsoid against a static triangle level,
//! collide-and-slide, and a full per-iteration trace (seed 001 ch. 12, with seeds 000, 002 and
//! 003).
//!
//! A crate of its own so a game can use the same solver the debugger shows: it depends on glam
//! only (serde derives sit behind the `serde` feature, which slidescope's scenario files use).
//! No I/O, GPU or UI.
//!
//! Spaces: world-space values carry no suffix; ellipsoid-space ("eSpace", where the ellipsoid
//! is a unit sphere) values carry the `_es` suffix.
//!
//! ```
//! use glam::Vec3;
//! use slidescope_collision::{CollisionMesh, Ellipsoid, SlideSettings, collide_and_slide};
//!
//! // A 10 m floor at y = 0 and a wall at z = -2 facing +z.
//! let mesh = CollisionMesh::from_triangles(&[
//!     [Vec3::new(-5.0, 0.0, 5.0), Vec3::new(5.0, 0.0, 5.0), Vec3::new(0.0, 0.0, -5.0)],
//!     [Vec3::new(-5.0, 0.0, -2.0), Vec3::new(5.0, 0.0, -2.0), Vec3::new(0.0, 5.0, -2.0)],
//! ])?;
//! let player = Ellipsoid::new(Vec3::new(0.0, 0.91, 0.0), Vec3::new(0.4, 0.9, 0.4))?;
//! // Walk 3 m towards the wall: stopped 0.4 m (the radius) plus the skin in front of it.
//! let r = collide_and_slide(&mesh, &player, Vec3::new(0.0, 0.0, -3.0), &SlideSettings::default(), None)?;
//! assert!((r.position.z - (-2.0 + 0.4)).abs() < 1e-3);
//! # Ok::<(), slidescope_collision::CollisionError>(())
//! ```

pub mod aabb;
pub mod batch;
pub mod bvh;
mod candidates;
pub mod case;
pub mod contact;
pub mod detect;
pub mod distance;
pub mod dynamic;
pub mod ellipsoid;
pub mod error;
pub mod frame;
pub mod internal_edge;
pub mod mesh;
pub mod ray;
pub mod settings;
#[cfg(feature = "serde")]
mod settings_file;
pub mod slide;
pub mod solvers;
pub mod sweep;
pub mod trace;
pub mod world;

pub use aabb::Aabb;
pub use batch::{Mover, SlideBatch, collide_and_slide_batch};
pub use bvh::Bvh;
pub use case::{CaseKind, CaseMask, Feature, feature_at_point};
pub use contact::{Contact, ContactSource};
pub use detect::Scratch;
pub use dynamic::{DynamicObject, DynamicScene, ObjectId, ObjectPoses, RigidPose, SetId};
pub use ellipsoid::{ESpace, Ellipsoid};
pub use error::CollisionError;
pub use mesh::{CollisionMesh, MeshBuildReport, Triangle};
pub use ray::{RayHit, raycast, raycast_objects};
pub use settings::{
    BroadPhase, DebugKnobs, NarrowPhaseKind, Response, ResponseOptions, SlideSettings, Tuning,
};
pub use slide::{
    ContactExtents, SlideResult, SweepResult, collide_and_slide, collide_and_slide_in,
    collide_and_slide_with, sweep, sweep_in, sweep_with, sweep_with_solver,
};
pub use slidescope_conventions::{
    self as conventions, Conventions, IterationLimit, Padding, Roots, ShortMotion, Sidedness,
};
pub use sweep::{CaseOutcome, CaseResults, ContactTime, NarrowPhase, SweepHit, TriangleEs};
pub use trace::{
    CandidateTrace, DynamicSweepTrace, EndReason, FallbackTrace, IterationTrace, ResponseTrace,
    Trace,
};
pub use world::CollisionWorld;
