//! The JSON query of the core's command line (`slidescope slide` / `slidescope sweep`): the
//! geometry (a level path or inline triangles), the ellipsoid, the start, the velocity, the
//! settings and case mask. Scenario files (`level::scenario`) extend this with a format
//! version, a name and expectations; both share these types.
//!
//! A level may carry its content hash (`level_hash`, see [`LevelHash`]); when present the file
//! is checked against it before it is loaded (scenario files require it).
//!
//! ```json
//! { "mode": "slide",
//!   "triangles": [[[-5,0,5],[5,0,5],[0,0,-5]]],
//!   "ellipsoid": { "radii": [0.4, 0.9, 0.4] },
//!   "start": [0, 1, 0], "velocity": [1, -0.1, 0],
//!   "settings": { "cases": { "edge": false } } }
//! ```

use std::path::{Path, PathBuf};

use glam::{Mat3, Vec3};
use serde::{Deserialize, Serialize};

use super::content_hash::LevelHash;
use crate::collision::{
    CollisionError, CollisionMesh, Ellipsoid, SlideResult, SlideSettings, SweepResult, Trace,
    collide_and_slide, sweep,
};

/// What the query asks the core to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QueryMode {
    /// Full collide-and-slide with a trace.
    #[default]
    Slide,
    /// One detection along the velocity (first contacts only).
    Sweep,
}

/// Where the triangles come from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Geometry {
    /// A level file, relative to the query file's folder, optionally pinned by its content
    /// hash.
    Level {
        level: PathBuf,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        level_hash: Option<LevelHash>,
    },
    /// World-space triangles inline.
    Triangles { triangles: Vec<[Vec3; 3]> },
}

/// The ellipsoid's shape (its centre is the query's `start`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EllipsoidShape {
    /// Semi-axes in metres.
    pub radii: Vec3,
    /// Principal axes as three column vectors (orthonormal); identity when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub axes: Option<[Vec3; 3]>,
}

impl EllipsoidShape {
    pub fn at(&self, center: Vec3) -> Result<Ellipsoid, CollisionError> {
        let axes = self
            .axes
            .map_or(Mat3::IDENTITY, |[x, y, z]| Mat3::from_cols(x, y, z));
        Ellipsoid::with_axes(center, self.radii, axes)
    }
}

/// One query of the core.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Query {
    #[serde(default)]
    pub mode: QueryMode,
    #[serde(flatten)]
    pub geometry: Geometry,
    pub ellipsoid: EllipsoidShape,
    /// Ellipsoid centre at the start, world (m).
    pub start: Vec3,
    /// Requested motion, world (m).
    pub velocity: Vec3,
    /// The mover's heading with it (a walker's ground move; see `Motion::heading`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heading: Option<Vec3>,
    #[serde(default)]
    pub settings: SlideSettings,
}

/// Files written while the heading was one of the settings hold it in `settings`: moves it out
/// beside the velocity (where `obj` has none of its own).
pub fn heading_out_of_settings(obj: &mut serde_json::Map<String, serde_json::Value>) {
    let settings = obj.get_mut("settings").and_then(|s| s.as_object_mut());
    if let Some(h) = settings.and_then(|s| s.remove("heading")) {
        obj.entry("heading").or_insert(h);
    }
}

impl Query {
    /// What the query asks the core for: its velocity and heading.
    pub fn motion(&self) -> crate::collision::Motion {
        crate::collision::Motion {
            velocity: self.velocity,
            heading: self.heading,
        }
    }
}

/// What running a query produced.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "mode")]
pub enum QueryOutput {
    Slide { result: SlideResult, trace: Trace },
    Sweep { hit: Option<SweepHitOut> },
}

/// A sweep's answer in serialisable form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SweepHitOut {
    pub time: crate::collision::ContactTime,
    pub contacts: Vec<crate::collision::Contact>,
}

impl From<SweepResult> for SweepHitOut {
    fn from(r: SweepResult) -> Self {
        Self {
            time: r.time,
            contacts: r.contacts,
        }
    }
}

/// Errors of reading or running a query.
#[derive(Debug, thiserror::Error)]
pub enum QueryError {
    #[error("{path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: not a valid query: {source}")]
    Parse {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error("level file {} not found", path.display())]
    MissingLevel { path: PathBuf },
    #[error(
        "level {} has changed: its hash is {found}, the file expects {expected}",
        path.display()
    )]
    HashMismatch {
        path: PathBuf,
        expected: LevelHash,
        found: LevelHash,
    },
    #[error("{0}")]
    Level(#[from] super::LevelError),
    #[error("{0}")]
    Collision(#[from] CollisionError),
}

impl Geometry {
    /// Builds the collision mesh. A level path is resolved against `base_dir`; with a
    /// `level_hash` the file must still have that hash.
    pub fn mesh(&self, base_dir: &Path) -> Result<CollisionMesh, QueryError> {
        match self {
            Geometry::Level { .. } => Ok(self
                .level(base_dir)?
                .map(|l| l.collision)
                .ok_or(QueryError::Collision(CollisionError::EmptyMesh))?),
            Geometry::Triangles { triangles } => Ok(CollisionMesh::from_triangles(triangles)?),
        }
    }

    /// Loads the level file (hash checked as in [`Geometry::mesh`]) with its dynamic objects;
    /// `None` for inline triangles.
    pub fn level(&self, base_dir: &Path) -> Result<Option<super::Level>, QueryError> {
        match self {
            Geometry::Level { level, level_hash } => {
                let path = base_dir.join(level);
                let missing = || QueryError::MissingLevel { path: path.clone() };
                if !path.is_file() {
                    return Err(missing());
                }
                if let Some(expected) = *level_hash {
                    let found =
                        LevelHash::of_file(&path).map_err(|source| match source.kind() {
                            std::io::ErrorKind::NotFound => missing(),
                            _ => QueryError::Read {
                                path: path.clone(),
                                source,
                            },
                        })?;
                    if found != expected {
                        return Err(QueryError::HashMismatch {
                            path,
                            expected,
                            found,
                        });
                    }
                }
                Ok(Some(super::Level::load(&path)?))
            }
            Geometry::Triangles { .. } => Ok(None),
        }
    }
}

impl Query {
    /// Reads a query from a JSON file.
    pub fn read(path: &Path) -> Result<Self, QueryError> {
        let text = crate::vfs::read_to_string(path).map_err(|source| QueryError::Read {
            path: path.to_owned(),
            source,
        })?;
        serde_json::from_str(&text).map_err(|source| QueryError::Parse {
            path: path.to_owned(),
            source,
        })
    }

    /// Builds the collision mesh (a level path is resolved against `base_dir`).
    pub fn mesh(&self, base_dir: &Path) -> Result<CollisionMesh, QueryError> {
        self.geometry.mesh(base_dir)
    }

    /// Runs the query on `mesh`.
    pub fn run(&self, mesh: &CollisionMesh) -> Result<QueryOutput, CollisionError> {
        let e = self.ellipsoid.at(self.start)?;
        Ok(match self.mode {
            QueryMode::Slide => {
                let mut trace = Trace::default();
                let result =
                    collide_and_slide(mesh, &e, self.motion(), &self.settings, Some(&mut trace))?;
                QueryOutput::Slide { result, trace }
            }
            QueryMode::Sweep => QueryOutput::Sweep {
                hit: sweep(mesh, &e, self.velocity, &self.settings)?.map(Into::into),
            },
        })
    }
}
