//! Running scenarios headless: one file, or every `*.json` in a folder as a regression suite.
//! The replay is the same `collide_and_slide` call the app and the tests make (DESIGN "One
//! code path"); the CLI (`slidescope run`) and `tests/suite/scenarios_run.rs` both go through here.
//! A scenario with dynamic objects (version 2, seed 001 12.12) loads the level file's objects,
//! gives them the stored previous and current poses and replays through
//! `collide_and_slide_in`, exactly as the sim stepped.

use std::path::{Path, PathBuf};

use super::{Scenario, ScenarioError};
use crate::collision::{
    CollisionMesh, CollisionWorld, DynamicScene, Scratch, SlideResult, Trace, collide_and_slide_in,
};
use crate::level::LevelHash;
use crate::level::query::Geometry;

/// What replaying a scenario gave.
#[derive(Debug, Clone, PartialEq)]
pub struct Replay {
    pub result: SlideResult,
    pub trace: Trace,
    /// One line per failed expectation; empty when all passed (or there were none).
    pub failures: Vec<String>,
}

impl Replay {
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

/// The folder a scenario's level path is relative to.
fn base_dir(path: &Path) -> &Path {
    path.parent().unwrap_or(Path::new("."))
}

impl Scenario {
    /// Builds the collision mesh; `path` is the scenario file (level paths are relative to its
    /// folder). A level must be pinned by its `level_hash`, and the file must still match it.
    pub fn mesh(&self, path: &Path) -> Result<CollisionMesh, ScenarioError> {
        self.require_pinned(path)?;
        self.query
            .mesh(base_dir(path))
            .map_err(|source| ScenarioError::Geometry {
                path: path.to_owned(),
                source,
            })
    }

    /// A level file must be pinned by its `level_hash`.
    fn require_pinned(&self, path: &Path) -> Result<(), ScenarioError> {
        let base = base_dir(path);
        if let Geometry::Level {
            level,
            level_hash: None,
        } = &self.query.geometry
        {
            let file = base.join(level);
            let hint = LevelHash::of_file(&file)
                .map(|h| format!("; add \"level_hash\": \"{h}\""))
                .unwrap_or_default();
            return Err(ScenarioError::Invalid {
                path: path.to_owned(),
                reason: format!("level {} has no level_hash{hint}", level.display()),
            });
        }
        Ok(())
    }

    /// The level's dynamic objects at the scenario's poses (`path` is the scenario file).
    /// Errors when the scenario poses an object the level does not have.
    pub fn dynamic_scene(
        &self,
        path: &Path,
        mut scene: DynamicScene,
    ) -> Result<DynamicScene, ScenarioError> {
        let applied = scene.apply_poses(&self.objects);
        if applied != self.objects.len() {
            let missing = self
                .objects
                .iter()
                .find(|p| scene.object(p.object).is_none())
                .map_or(0, |p| p.object.0);
            return Err(ScenarioError::Invalid {
                path: path.to_owned(),
                reason: format!(
                    "object {missing} is not a dynamic object of the level ({} objects)",
                    scene.len()
                ),
            });
        }
        Ok(scene)
    }

    /// Replays the scenario on `mesh` (static only) and checks its expectations.
    pub fn replay_on(&self, path: &Path, mesh: &CollisionMesh) -> Result<Replay, ScenarioError> {
        self.replay_in(path, CollisionWorld::static_only(mesh))
    }

    /// Replays the scenario on `world` (the static mesh and the objects at their poses) and
    /// checks its expectations.
    pub fn replay_in(
        &self,
        path: &Path,
        world: CollisionWorld<'_>,
    ) -> Result<Replay, ScenarioError> {
        let collision = |source| ScenarioError::Collision {
            path: path.to_owned(),
            source,
        };
        let q = &self.query;
        let ellipsoid = q.ellipsoid.at(q.start).map_err(collision)?;
        let mut trace = Trace::default();
        let result = collide_and_slide_in(
            world,
            &ellipsoid,
            q.motion(),
            &q.settings,
            &mut Scratch::default(),
            Some(&mut trace),
        )
        .map_err(collision)?;
        let failures = self.expect.check(&result, &trace);
        Ok(Replay {
            result,
            trace,
            failures,
        })
    }

    /// Builds the mesh and replays (`path` is the scenario file, for relative level paths).
    pub fn replay(&self, path: &Path) -> Result<Replay, ScenarioError> {
        if self.objects.is_empty() {
            let mesh = self.mesh(path)?;
            return self.replay_on(path, &mesh);
        }
        self.require_pinned(path)?;
        let level = self
            .query
            .geometry
            .level(base_dir(path))
            .map_err(|source| ScenarioError::Geometry {
                path: path.to_owned(),
                source,
            })?
            .ok_or_else(|| ScenarioError::Invalid {
                path: path.to_owned(),
                reason: "\"objects\" need a level file".into(),
            })?;
        let scene = self.dynamic_scene(path, level.dynamic)?;
        self.replay_in(path, CollisionWorld::new(&level.collision, &scene))
    }
}

/// Reads and replays one scenario file.
pub fn run_file(path: &Path) -> Result<(Scenario, Replay), ScenarioError> {
    let scenario = Scenario::read(path)?;
    let replay = scenario.replay(path)?;
    Ok((scenario, replay))
}

/// The scenario files of a folder: every `*.json` directly inside it, sorted by name.
pub fn scenario_files(folder: &Path) -> Result<Vec<PathBuf>, ScenarioError> {
    let read = |source| ScenarioError::Read {
        path: folder.to_owned(),
        source,
    };
    let mut files = Vec::new();
    for entry in std::fs::read_dir(folder).map_err(read)? {
        let p = entry.map_err(read)?.path();
        if p.is_file() && p.extension().is_some_and(|e| e == "json") {
            files.push(p);
        }
    }
    if files.is_empty() {
        return Err(ScenarioError::EmptyFolder {
            path: folder.to_owned(),
        });
    }
    files.sort();
    Ok(files)
}

/// One scenario of a suite run.
#[derive(Debug)]
pub struct SuiteEntry {
    pub file: PathBuf,
    pub outcome: Result<(Scenario, Replay), ScenarioError>,
}

/// The verdict on one suite entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    Fail,
    Error,
}

impl SuiteEntry {
    pub fn verdict(&self) -> Verdict {
        match &self.outcome {
            Ok((_, r)) if r.passed() => Verdict::Pass,
            Ok(_) => Verdict::Fail,
            Err(_) => Verdict::Error,
        }
    }
}

/// Runs every scenario file of `folder` (a broken file is an `Error` entry; the rest still
/// run).
pub fn run_folder(folder: &Path) -> Result<Vec<SuiteEntry>, ScenarioError> {
    Ok(scenario_files(folder)?
        .into_iter()
        .map(|file| {
            let outcome = run_file(&file);
            SuiteEntry { file, outcome }
        })
        .collect())
}
