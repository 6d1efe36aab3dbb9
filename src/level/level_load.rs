//! Reading a level file: the format from the magic bytes (`glTF`) or the extension, then the
//! loader for it (`gltf_load`, `obj_load`), each of which builds a [`Level`] through
//! `builder`. The one file that knows every loader; nothing below it imports it.

use std::path::Path;
use web_time::Instant;

use super::level_error::LevelError;
use super::loaded_level::Level;
use super::source::{self, LevelFormat, LoadOptions};
use super::{gltf_load, obj_load};

impl Level {
    /// Loads a `.glb`, `.gltf` or `.obj` file with the default [`LoadOptions`].
    pub fn load(path: impl AsRef<Path>) -> Result<Self, LevelError> {
        Self::load_with(path, &LoadOptions::default())
    }

    /// Loads a level; the format comes from the magic bytes (`glTF`) or the extension.
    pub fn load_with(path: impl AsRef<Path>, options: &LoadOptions) -> Result<Self, LevelError> {
        let path = path.as_ref();
        let started = Instant::now();
        let bytes = source::read_within_budget(path, options.max_file_bytes)
            .map_err(|k| LevelError::new(path, k))?;
        let mut level = Self::from_bytes(path, bytes, options)?;
        level.stats.load_ms = started.elapsed().as_secs_f64() * 1e3;
        Ok(level)
    }

    /// A level from a file's bytes already in memory (`path` names it in errors and anchors
    /// relative URIs); the same parsing as [`Level::load_with`].
    pub fn from_bytes(
        path: &Path,
        bytes: Vec<u8>,
        options: &LoadOptions,
    ) -> Result<Self, LevelError> {
        let started = Instant::now();
        let file_bytes = bytes.len() as u64;
        let format = source::detect_format(path, &bytes).map_err(|k| LevelError::new(path, k))?;
        let parts = match format {
            LevelFormat::Glb | LevelFormat::GltfJson => {
                gltf_load::load_gltf(path, bytes, format, options)?
            }
            LevelFormat::Obj => obj_load::load_obj(path, bytes, options)?,
        };
        let mut level = parts.finish().map_err(|k| LevelError::new(path, k))?;
        level.stats.file_bytes = file_bytes;
        level.stats.load_ms = started.elapsed().as_secs_f64() * 1e3;
        Ok(level)
    }
}
