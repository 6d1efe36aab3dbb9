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
pub mod ellipsoid;
pub mod error;
pub mod mesh;

pub use aabb::Aabb;
pub use bvh::Bvh;
pub use case::{CaseKind, CaseMask, Feature};
pub use ellipsoid::{ESpace, Ellipsoid};
pub use error::CollisionError;
pub use mesh::{CollisionMesh, MeshBuildReport, Triangle};
