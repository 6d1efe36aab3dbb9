//! Levels: glTF 2.0 / OBJ files → [`Level`] (collision mesh, render meshes, materials, spawn
//! points, load statistics). Files are untrusted: every failure is a one-line [`LevelError`]
//! naming the file, never a panic.

pub mod builder;
pub mod content_hash;
pub mod error;
mod gltf_accessor;
pub mod gltf_anim;
mod gltf_buffers;
mod gltf_load;
mod gltf_material;
#[allow(clippy::module_inception)]
mod level;
mod obj_load;
pub mod query;
pub mod scenario;
pub mod source;
pub mod spawn;
pub mod teaching;
pub mod winding;

pub use content_hash::LevelHash;
pub use error::{LevelError, LevelErrorKind, UriRefusal};
pub use gltf_anim::{KeyInterpolation, LevelAnimation, NodeChannels, Track};
pub use gltf_buffers::pack_glb;
pub use level::{Level, LoadStats, Material, PrimitiveSource, RenderMesh, SpawnPoint};
pub use source::{DEFAULT_MAX_FILE_BYTES, LevelFormat, LoadOptions};
