//! Saving and loading a recording: the history's frames as versioned JSON. Writes are atomic (a
//! temporary file in the same folder, flushed, then renamed over the target). Loading returns a
//! new value and never touches the history that is open; a corrupt, truncated, foreign or newer
//! file is a typed error.
//!
//! JSON keeps every `f32` exactly (shortest round-trip formatting), so a loaded recording
//! holds the same bits as the saved one.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::FrameRecord;

/// The `format` field of every recording file.
pub const RECORDING_FORMAT: &str = "slidescope-recording";
/// The version this build writes and the newest it reads. Version 2 holds a frame's heading
/// beside its move (`heading`); version 1 held it in the frame's settings, and still reads.
pub const RECORDING_VERSION: u32 = 2;

/// A saved run: consecutive frames, oldest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Recording {
    pub format: String,
    pub version: u32,
    /// Free text (the level path, say), shown in the UI.
    #[serde(default)]
    pub level: String,
    pub frames: Vec<FrameRecord>,
}

impl Recording {
    pub fn new(level: impl Into<String>, frames: Vec<FrameRecord>) -> Self {
        Self {
            format: RECORDING_FORMAT.to_owned(),
            version: RECORDING_VERSION,
            level: level.into(),
            frames,
        }
    }
}

/// Why a recording could not be saved or loaded.
#[derive(Debug, thiserror::Error)]
pub enum RecordingError {
    #[error("cannot read or write {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path} is not a valid recording (corrupt or truncated): {source}")]
    Corrupt {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error("{path} is not a slidescope recording (format {found:?})")]
    WrongFormat { path: PathBuf, found: String },
    #[error(
        "{path} was written by a newer slidescope (version {found}, this build reads up to {supported})"
    )]
    NewerVersion {
        path: PathBuf,
        found: u32,
        supported: u32,
    },
    #[error("{path}: frames are not consecutive at frame {frame}")]
    Gap { path: PathBuf, frame: u64 },
}

/// Only the header, read first so a newer file is reported as such rather than as corrupt.
#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
}

/// Writes `recording` to `path` atomically: a sibling temporary file is written, flushed and
/// renamed over `path`, so a crash or full disk never leaves a half-written recording there.
pub fn save_recording(path: &Path, recording: &Recording) -> Result<(), RecordingError> {
    let io = |source| RecordingError::Io {
        path: path.to_owned(),
        source,
    };
    // The page has no disk: the bytes become a download (`vfs::write_atomic`).
    #[cfg(target_arch = "wasm32")]
    return serde_json::to_vec(recording)
        .map_err(|e| io(std::io::Error::other(e)))
        .and_then(|bytes| crate::vfs::write_atomic(path, &bytes).map_err(io));
    #[cfg(not(target_arch = "wasm32"))]
    {
        let file_name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "recording".to_owned());
        let tmp = path.with_file_name(format!(".{file_name}.tmp-{}", std::process::id()));
        let result = (|| {
            let file = std::fs::File::create(&tmp).map_err(io)?;
            let mut w = std::io::BufWriter::new(file);
            serde_json::to_writer(&mut w, recording).map_err(|e| io(std::io::Error::other(e)))?;
            let file = w.into_inner().map_err(|e| io(e.into_error()))?;
            file.sync_all().map_err(io)?;
            std::fs::rename(&tmp, path).map_err(io)
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result
    }
}

/// Reads a recording. Checks the format, the version and that frames are consecutive.
pub fn load_recording(path: &Path) -> Result<Recording, RecordingError> {
    let bytes = crate::vfs::read(path).map_err(|source| RecordingError::Io {
        path: path.to_owned(),
        source,
    })?;
    parse_recording(path, &bytes)
}

/// A version-1 recording: its frames held the walker's heading in their settings.
fn first_version(bytes: &[u8]) -> Result<Recording, serde_json::Error> {
    let mut v: serde_json::Value = serde_json::from_slice(bytes)?;
    let frames = v.get_mut("frames").and_then(|f| f.as_array_mut());
    for frame in frames.into_iter().flatten() {
        if let Some(f) = frame.as_object_mut() {
            crate::level::query::heading_out_of_settings(f);
        }
    }
    serde_json::from_value(v)
}

/// [`load_recording`] on bytes already read (`path` only names the source in errors).
pub fn parse_recording(path: &Path, bytes: &[u8]) -> Result<Recording, RecordingError> {
    let corrupt = |source| RecordingError::Corrupt {
        path: path.to_owned(),
        source,
    };
    let header: Header = serde_json::from_slice(bytes).map_err(corrupt)?;
    if header.format != RECORDING_FORMAT {
        return Err(RecordingError::WrongFormat {
            path: path.to_owned(),
            found: header.format,
        });
    }
    if header.version > RECORDING_VERSION {
        return Err(RecordingError::NewerVersion {
            path: path.to_owned(),
            found: header.version,
            supported: RECORDING_VERSION,
        });
    }
    let holds_heading = bytes.windows(9).any(|w| w == b"\"heading\"");
    let recording: Recording = if header.version < 2 && holds_heading {
        first_version(bytes).map_err(corrupt)?
    } else {
        serde_json::from_slice(bytes).map_err(corrupt)?
    };
    for w in recording.frames.windows(2) {
        if w[0].frame.checked_add(1) != Some(w[1].frame) {
            return Err(RecordingError::Gap {
                path: path.to_owned(),
                frame: w[1].frame,
            });
        }
    }
    Ok(recording)
}
