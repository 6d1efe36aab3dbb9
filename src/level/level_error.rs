//! Typed load errors. Every message is one line and names the file it is about.

use std::fmt;
use std::path::{Path, PathBuf};

/// A level file could not be loaded. Displays as `<file>: <what went wrong>` on one line.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}: {kind}", file.display())]
pub struct LevelError {
    /// The file the problem is about (the level itself, or a buffer/material file it names).
    pub file: PathBuf,
    pub kind: LevelErrorKind,
}

impl LevelError {
    pub fn new(file: impl AsRef<Path>, kind: LevelErrorKind) -> Self {
        Self {
            file: file.as_ref().to_path_buf(),
            kind,
        }
    }
}

/// What went wrong, without the file name.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LevelErrorKind {
    #[error("file not found")]
    NotFound,
    #[error("cannot read: {0}")]
    Io(String),
    #[error("file is {size} bytes, over the load budget of {budget} bytes")]
    TooLarge { size: u64, budget: u64 },
    #[error("not a glTF (.gltf/.glb) or OBJ (.obj) file")]
    UnknownFormat,
    #[error("malformed glTF JSON: {0}")]
    Json(String),
    #[error("malformed or truncated GLB container: {0}")]
    Glb(String),
    #[error("buffer {buffer}: refused URI {uri:?}: {reason}")]
    RefusedUri {
        buffer: usize,
        uri: String,
        reason: UriRefusal,
    },
    #[error("buffer {buffer}: {message}")]
    Buffer { buffer: usize, message: String },
    #[error("bufferView {view}: {message}")]
    BufferView { view: usize, message: String },
    #[error("accessor {accessor}: {message}")]
    Accessor { accessor: usize, message: String },
    #[error("invalid glTF: {0}")]
    Invalid(String),
    #[error("unsupported glTF feature: {0}")]
    Unsupported(String),
    #[error("OBJ: {0}")]
    Obj(String),
    #[error("no usable triangles: {0}")]
    NoTriangles(String),
}

/// Why a URI inside a level file was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UriRefusal {
    /// `http:`/`https:`: levels never reach the network.
    Network,
    /// Any other scheme (`file:`, `ftp:` …).
    Scheme,
    /// `/x`, `C:\x`, `\\server\x`.
    Absolute,
    /// A `..` component, or a path that resolves outside the level's folder.
    EscapesFolder,
    /// A `data:` URI that is not valid base64.
    BadDataUri,
}

impl fmt::Display for UriRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Network => "network URIs are not followed",
            Self::Scheme => "only data: URIs and relative paths are allowed",
            Self::Absolute => "absolute paths are not allowed",
            Self::EscapesFolder => "the path leaves the level's folder",
            Self::BadDataUri => "data: URI is not valid base64",
        })
    }
}
