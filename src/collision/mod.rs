//! The collision core: a swept ellipsoid against a static triangle level, collide-and-slide,
//! and a full per-iteration trace (seed 001 ch. 12, with seeds 000, 002 and 003).
//!
//! Depends on glam only (serde derives sit behind the `serde` feature, on by default, so
//! scenario files can store these types without mirroring them). No I/O, GPU or UI.
//!
//! Spaces: world-space values carry no suffix; ellipsoid-space ("eSpace", where the ellipsoid
//! is a unit sphere) values carry the `_es` suffix.

pub mod aabb;
pub mod bvh;
pub mod case;
pub mod contact;
pub mod detect;
pub mod distance;
pub mod dynamic;
pub mod ellipsoid;
pub mod error;
pub mod frame;
pub mod mesh;
pub mod ray;
pub mod respond;
pub mod settings;
pub mod solvers;
pub mod sweep;
pub mod trace;
pub mod world;

pub use aabb::Aabb;
pub use bvh::Bvh;
pub use case::{CaseKind, CaseMask, Feature};
pub use contact::{Contact, ContactSource};
pub use detect::Scratch;
pub use dynamic::{DynamicObject, DynamicScene, ObjectId, ObjectPoses, RigidPose, SetId};
pub use ellipsoid::{ESpace, Ellipsoid};
pub use error::CollisionError;
pub use mesh::{CollisionMesh, MeshBuildReport, Triangle};
pub use ray::{RayHit, raycast, raycast_objects};
pub use respond::{
    ContactExtents, SlideResult, SweepResult, collide_and_slide, collide_and_slide_in,
    collide_and_slide_with, sweep, sweep_in, sweep_with, sweep_with_solver,
};
pub use settings::{BroadPhase, NarrowPhaseKind, SlideSettings};
pub use sweep::{CaseOutcome, CaseResults, ContactTime, NarrowPhase, SweepHit, TriangleEs};
pub use trace::{
    CandidateTrace, DynamicSweepTrace, EndReason, FallbackTrace, IterationTrace, ResponseTrace,
    Trace,
};
pub use world::CollisionWorld;
