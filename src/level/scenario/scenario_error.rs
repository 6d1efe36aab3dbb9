//! Why a scenario file could not be read, written or run. Every message is one line and names
//! the scenario file.

use std::path::PathBuf;

use crate::collision::CollisionError;
use crate::level::query::QueryError;

#[derive(Debug, thiserror::Error)]
pub enum ScenarioError {
    #[error("{}: cannot read: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: cannot write: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: not a valid scenario (malformed JSON or wrong field): {source}", path.display())]
    Parse {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error("{}: not a slidescope scenario (format {found:?})", path.display())]
    WrongFormat { path: PathBuf, found: String },
    #[error(
        "{}: scenario version {found} is newer than this build reads (up to {supported}); update slidescope",
        path.display()
    )]
    NewerVersion {
        path: PathBuf,
        found: u32,
        supported: u32,
    },
    #[error("{}: unknown scenario version {found}", path.display())]
    UnknownVersion { path: PathBuf, found: u32 },
    #[error("{}: unknown field `{field}` (typo?)", path.display())]
    UnknownField { path: PathBuf, field: String },
    #[error("{}: {reason}", path.display())]
    Invalid { path: PathBuf, reason: String },
    #[error("{}: {source}", path.display())]
    Geometry { path: PathBuf, source: QueryError },
    #[error("{}: the core refused the inputs: {source}", path.display())]
    Collision {
        path: PathBuf,
        source: CollisionError,
    },
    #[error("{}: no scenario files (*.json) in this folder", path.display())]
    EmptyFolder { path: PathBuf },
    #[error("cannot make a scenario from this call: {0}")]
    NotACollisionCall(String),
}
