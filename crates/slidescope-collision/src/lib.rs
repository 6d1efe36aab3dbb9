//! Collide-and-slide for a game's character: an ellipsoid against a triangle level.
//!
//! ```
//! # use glam::Vec3;
//! # use slidescope_collision::{CollisionMesh, Ellipsoid, SlideSettings, collide_and_slide};
//! # let triangles = [[Vec3::new(-5.0, 0.0, 5.0), Vec3::new(5.0, 0.0, 5.0), Vec3::ZERO]];
//! # let (mut centre, velocity, dt) = (Vec3::Y, Vec3::X, 1.0 / 60.0);
//! let level = CollisionMesh::from_triangles(&triangles)?; // once, when the level loads
//! let settings = SlideSettings::default();
//! // each frame:
//! let player = Ellipsoid::new(centre, Vec3::new(0.4, 0.9, 0.4))?;
//! let moved = collide_and_slide(&level, &player, velocity * dt, &settings, None)?;
//! centre = moved.position;
//! # Ok::<(), slidescope_collision::CollisionError>(())
//! ```
//!
//! The calls: [`collide_and_slide`] moves one character; the `_with` form reuses the caller's
//! [`Scratch`] (no allocation once warm), the `_in` form takes a [`CollisionWorld`] (the level
//! and its moving objects, [`DynamicScene`]) and a scratch, and [`collide_and_slide_batch`]
//! moves a crowd on threads. [`sweep`] (and [`sweep_in`], with moving objects) reports the
//! first contacts without sliding; [`sweep_with`] writes them into the caller's buffers;
//! [`raycast`] casts a ray. Passing `Some(&mut trace)` fills a [`Trace`] with every
//! detect/respond iteration: what slidescope's debugger shows. [`SlideSettings`] holds what a
//! game tunes ([`Tuning`]), the conventions on which ports differ ([`Conventions`]), the
//! response ([`ResponseOptions`]) and the debugger's knobs ([`DebugKnobs`]); what changes per
//! call is the [`Motion`]: the displacement (a `Vec3` converts into one) and, for a walker's
//! ground move, its heading for the plane solver's climb rule. The [`solvers`] the
//! debugger compares and the [`debug`] module are for tools, not games.
//!
//! The core of slidescope (seed 001 ch. 12, with seeds 000, 002 and 003), a crate of its own
//! so a game runs the code the debugger shows: it depends on glam only (serde derives sit
//! behind the `serde` feature, which slidescope's scenario files use). No I/O, GPU or UI.
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

// Functions stay short enough to read at once (`clippy.toml`: 80 lines).
#![warn(clippy::too_many_lines)]

mod aabb;
mod batch;
mod bvh;
mod candidates;
mod case;
mod contact;
mod detect;
mod distance;
mod dynamic;
mod ellipsoid;
mod error;
mod frame;
mod internal_edge;
mod mesh;
mod motion;
mod ray;
mod settings;
#[cfg(feature = "serde")]
mod settings_file;
mod slide;
pub mod solvers;
mod sweep;
mod trace;
mod world;

pub use aabb::Aabb;
pub use batch::{Mover, SlideBatch, collide_and_slide_batch};
pub use case::{CaseKind, CaseMask, Feature};
pub use contact::{Contact, ContactSource};
pub use detect::Scratch;
pub use dynamic::{DynamicObject, DynamicScene, ObjectId, ObjectPoses, RigidPose, SetId};
pub use ellipsoid::{ESpace, Ellipsoid};
pub use error::CollisionError;
pub use mesh::{CollisionMesh, MeshBuildReport, Triangle};
pub use motion::Motion;
pub use ray::{RayHit, raycast, raycast_objects};
pub use settings::{
    BroadPhase, DebugKnobs, NarrowPhaseKind, Response, ResponseOptions, SlideSettings, Tuning,
};
pub use slide::{
    ContactExtents, SlideResult, SweepResult, collide_and_slide, collide_and_slide_in,
    collide_and_slide_with, sweep, sweep_in, sweep_with,
};
pub use slidescope_conventions::{
    self as conventions, Conventions, IterationLimit, Padding, Projection, Roots, ShortMotion,
    Sidedness,
};
pub use sweep::{CaseOutcome, CaseResults, ContactTime};
pub use trace::{
    CandidateTrace, DynamicSweepTrace, EndReason, FallbackTrace, IterationTrace, ResponseTrace,
    Trace,
};
pub use world::CollisionWorld;
// The core's own paths to what `debug` offers others.
pub(crate) use bvh::Bvh;
pub(crate) use sweep::SweepHit;

/// What the debugger, the tests and the benches read beside a game's calls (a game needs none
/// of it): the internal-edge test, exact distances, a triangle in eSpace and each round part's
/// roots for the Minkowski view, the narrow phase's trait, the feature a point lies on, and
/// the broad phase's BVH and slab test.
pub mod debug {
    pub use crate::bvh::{Bvh, slab_entry, sweep_slabs};
    pub use crate::case::feature_at_point;
    pub use crate::distance::*;
    pub use crate::internal_edge::{INTERNAL_EDGE_DEG, internal_neighbour};
    pub use crate::sweep::roots::{PartRoots, part_roots};
    pub use crate::sweep::{NarrowPhase, SweepHit, TriangleEs};
}
