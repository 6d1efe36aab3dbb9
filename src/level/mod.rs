//! Levels: glTF 2.0 / OBJ files → [`Level`] (collision mesh, render meshes, materials, spawn
//! points, load statistics). Files are untrusted: every failure is a one-line [`LevelError`]
//! naming the file, never a panic.
//!
//! Layers, each importing only those below it: the [`Level`] type (`loaded_level`, with
//! `level_animation`) and the errors ← `spawn`, `builder` ← the loaders (`gltf_*`, `obj_load`,
//! with `source` and `glb_container`) ← `level_load` (`Level::load`: picks the loader). Beside
//! them, apart from the loaders: the teaching-level generator ([`teaching`], which writes its
//! GLB through `glb_container`), the scenario format ([`scenario`]) and sweep query files
//! ([`query`]); they read a level only through `Level::load`.

pub mod builder;
pub mod content_hash;
mod glb_container;
mod gltf_accessor;
pub mod gltf_anim;
mod gltf_buffers;
mod gltf_load;
mod gltf_material;
pub mod level_animation;
pub mod level_error;
mod level_load;
mod loaded_level;
mod obj_load;
pub mod query;
pub mod scenario;
pub mod source;
pub mod spawn;
pub mod teaching;
pub mod winding;

pub use content_hash::LevelHash;
pub use glb_container::pack_glb;
pub use level_animation::{KeyInterpolation, LevelAnimation, NodeChannels, Track};
pub use level_error::{LevelError, LevelErrorKind, UriRefusal};
pub use loaded_level::{Level, LoadStats, Material, PrimitiveSource, RenderMesh, SpawnPoint};
pub use source::{DEFAULT_MAX_FILE_BYTES, LevelFormat, LoadOptions};
