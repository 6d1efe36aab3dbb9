//! "Open scenario…": a scenario file's level — pinned
//! by its content hash — or its inline triangles become the app's world, and its one
//! `collide_and_slide` call, replayed through the core on that world's mesh, becomes a
//! one-frame history paused at its first iteration. Loading is a pure function of the file
//! (no window), so tests and the lessons call [`load_scenario`] directly; the app swaps its
//! world only when everything loaded (a bad file loses nothing already open).

use std::path::{Path, PathBuf};

use crate::collision::CollisionWorld;
use glam::Vec3;

use super::world::World;
use crate::level::query::Geometry;
use crate::level::scenario::RecordedCall;
use crate::level::scenario::Scenario;
use crate::level::{Level, LevelHash, PrimitiveSource};
use crate::sim::{FrameRecord, single_call_frame};

/// Fixed step used to turn the call's integration velocity into m/s (the app's 60 Hz).
const DT_SECS: f32 = 1.0 / 60.0;

/// A scenario ready to show: its world, the call as a frame record, and the replay's verdict.
pub struct OpenedScenario {
    pub path: PathBuf,
    pub scenario: Scenario,
    pub world: World,
    /// Frame 0: the call's inputs, trace and result.
    pub record: FrameRecord,
    /// Failed expectations of the replay (empty: all passed or none).
    pub failures: Vec<String>,
}

/// Reads `path`, loads its geometry and replays its call. Errors are one line naming the file.
pub fn load_scenario(path: &Path) -> Result<OpenedScenario, String> {
    let scenario = Scenario::read(path).map_err(|e| e.to_string())?;
    let world = scenario_world(&scenario, path)?;
    // Version 2: the level's moving objects at the scenario's poses; without poses
    // the level is static, as in `slidescope run`.
    let replay = if scenario.objects.is_empty() {
        scenario.replay_on(path, &world.collision)
    } else {
        scenario
            .dynamic_scene(path, world.movers.scene().clone())
            .and_then(|scene| {
                scenario.replay_in(path, CollisionWorld::new(&world.collision, &scene))
            })
    }
    .map_err(|e| e.to_string())?;
    let q = &scenario.query;
    let ellipsoid = q
        .ellipsoid
        .at(q.start)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let record = single_call_frame(
        RecordedCall {
            ellipsoid: &ellipsoid,
            motion: q.motion(),
            settings: &q.settings,
            result: &replay.result,
            trace: &replay.trace,
            objects: &scenario.objects,
        },
        DT_SECS,
    );
    Ok(OpenedScenario {
        path: path.to_owned(),
        failures: replay.failures,
        scenario,
        world,
        record,
    })
}

/// The world a scenario runs in: its level file (the hash must match) or its triangles.
fn scenario_world(scenario: &Scenario, path: &Path) -> Result<World, String> {
    let base = path.parent().unwrap_or(Path::new("."));
    match &scenario.query.geometry {
        Geometry::Level { level, level_hash } => {
            let file = base.join(level);
            let Some(expected) = level_hash else {
                return Err(format!(
                    "{}: level {} has no level_hash",
                    path.display(),
                    level.display()
                ));
            };
            let found = LevelHash::of_file(&file)
                .map_err(|e| format!("{}: level {}: {e}", path.display(), file.display()))?;
            if found != *expected {
                return Err(format!(
                    "{}: level {} has changed (hash {found}, the scenario expects {expected})",
                    path.display(),
                    file.display()
                ));
            }
            World::load(&file)
        }
        Geometry::Triangles { triangles } => {
            let level =
                triangles_level(triangles).map_err(|e| format!("{}: {e}", path.display()))?;
            let name = path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            Ok(World::from_level(level, name, None))
        }
    }
}

/// A level of inline triangles: one render batch, the collision mesh in the same order.
fn triangles_level(triangles: &[[Vec3; 3]]) -> Result<Level, String> {
    let mut parts = crate::level::builder::LevelParts::new();
    let positions: Vec<Vec3> = triangles.iter().flatten().copied().collect();
    let n = triangles.len() as u32;
    parts
        .add_batch(
            positions,
            &[],
            (0..n).map(|i| [3 * i, 3 * i + 1, 3 * i + 2]),
            false,
            PrimitiveSource {
                node_index: 0,
                node_name: Some("scenario triangles".into()),
                mesh_index: 0,
                mesh_name: None,
                primitive_index: 0,
                material: None,
            },
        )
        .map_err(|e| e.to_string())?;
    parts.finish().map_err(|e| e.to_string())
}
