//! The level a game's moves are re-solved on: its triangles as sent (`MESH`), or a level file
//! it names (`LEVEL_FILE`, checked against its hash), plus the moving objects it sent
//! (`OBJECT_MESH`). Contacts keep the game's triangle numbering; the loader's numbering can
//! differ when the game sent triangles the loader drops, so both ways are mapped here.

use std::path::{Path, PathBuf};

use glam::{Quat, Vec3};
use slidescope_probe::read::Mesh;

use crate::collision::{CollisionMesh, DynamicScene, ObjectId, RigidPose};
use crate::level::builder::LevelParts;
use crate::level::{Level, LevelErrorKind, LevelHash, LoadStats, PrimitiveSource};

/// A level a game named, ready to re-solve on and to draw.
#[derive(Debug, Clone)]
pub struct ProbeLevel {
    /// FNV-1a 64 of the mesh bytes (`MESH`) or of the file (`LEVEL_FILE`).
    pub hash: u64,
    /// Shown in the title and the HUD.
    pub name: String,
    /// The level file, for `LEVEL_FILE`.
    pub path: Option<PathBuf>,
    /// Static triangles (render and collision) and, in `dynamic`, the game's moving objects.
    pub level: Level,
    /// The game's id of each moving object, in [`ObjectId`] order.
    pub object_ids: Vec<u32>,
    /// Game triangle index of each loader triangle (`MESH`: the loader skips triangles with a
    /// bad index or a non-finite corner before numbering); `None`: the same numbering.
    game_index: Option<Vec<u32>>,
}

impl ProbeLevel {
    /// The level of a `MESH` record.
    pub fn from_mesh(mesh: &Mesh) -> Result<Self, String> {
        let n = mesh.positions.len();
        let positions: Vec<Vec3> = mesh.positions.iter().map(|&p| Vec3::from(p)).collect();
        let game_index: Vec<u32> = (0..mesh.indices.len() as u32)
            .filter(|&g| {
                mesh.indices[g as usize]
                    .iter()
                    .all(|&k| (k as usize) < n && positions[k as usize].is_finite())
            })
            .collect();
        let mut parts = LevelParts::new();
        parts
            .add_batch(
                positions,
                &[],
                mesh.indices.iter().copied(),
                false,
                PrimitiveSource {
                    node_index: 0,
                    node_name: Some("the game's level".into()),
                    mesh_index: 0,
                    mesh_name: None,
                    primitive_index: 0,
                    material: None,
                },
            )
            .map_err(|e| format!("the game's level mesh: {e}"))?;
        let level = match parts.finish() {
            Ok(level) => level,
            Err(LevelErrorKind::NoTriangles(_)) => return Ok(Self::nothing(mesh)),
            Err(e) => return Err(format!("the game's level mesh: {e}")),
        };
        Ok(Self {
            hash: mesh.hash,
            name: format!(
                "the game's level ({} triangles, {:016x})",
                mesh.indices.len(),
                mesh.hash
            ),
            path: None,
            level,
            object_ids: Vec::new(),
            game_index: Some(game_index),
        })
    }

    /// A `MESH` with no triangle to hit (none sent, or none with area): a level with nothing
    /// in it, where every move's path is clear, not "no level" (a test level, a game in the
    /// air). The game's triangles keep their numbers: none is in the re-solve.
    fn nothing(mesh: &Mesh) -> Self {
        let level = Level {
            collision: CollisionMesh::empty(),
            render_meshes: Vec::new(),
            materials: Vec::new(),
            spawn_points: Vec::new(),
            stats: LoadStats {
                triangles_loaded: 0,
                triangles_in_file: mesh.indices.len(),
                dropped_degenerate: 0,
                dropped_non_finite: 0,
                dropped_bad_index: 0,
                skipped_non_triangle_primitives: 0,
                vertices: 0,
                bounds: CollisionMesh::empty().bounds(),
                load_ms: 0.0,
                file_bytes: 0,
                heap_bytes: 0,
                dynamic_objects: 0,
                skipped_animation_channels: 0,
            },
            dynamic: DynamicScene::default(),
            animations: Vec::new(),
        };
        Self {
            hash: mesh.hash,
            name: format!(
                "the game's level ({} triangles, none to hit, {:016x})",
                mesh.indices.len(),
                mesh.hash
            ),
            path: None,
            level,
            object_ids: Vec::new(),
            game_index: Some(Vec::new()),
        }
    }

    /// Whether the level has no triangle to hit.
    pub fn is_empty(&self) -> bool {
        self.collision().triangle_count() == 0
    }

    /// The level of a `LEVEL_FILE` record: `path` relative to `base`, its bytes hashing to
    /// `hash`. The file's own animated nodes are left out (moving objects come from the game).
    pub fn from_file(base: &Path, path: &str, hash: u64) -> Result<Self, String> {
        let file = base.join(path);
        let found =
            LevelHash::of_file(&file).map_err(|e| format!("level file {}: {e}", file.display()))?;
        if found.value() != hash {
            return Err(format!(
                "level file {} has changed (hash {:016x}, the game sent {hash:016x})",
                file.display(),
                found.value()
            ));
        }
        let mut level = Level::load(&file).map_err(|e| e.to_string())?;
        level.dynamic = DynamicScene::default();
        level.animations.clear();
        let name = file.file_name().map_or_else(
            || file.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        Ok(Self {
            hash,
            name,
            path: Some(file),
            level,
            object_ids: Vec::new(),
            game_index: None,
        })
    }

    pub fn collision(&self) -> &CollisionMesh {
        &self.level.collision
    }

    pub fn objects(&self) -> &DynamicScene {
        &self.level.dynamic
    }

    /// The core's index of the game's triangle `game` (`None`: not kept, or out of range).
    pub fn core_triangle(&self, game: u32) -> Option<u32> {
        let loader = match &self.game_index {
            Some(map) => map.binary_search(&game).ok()? as u32,
            None => game,
        };
        let mesh = self.collision();
        // Kept triangles keep their loader order, so source ids increase with the index.
        let (mut lo, mut hi) = (0u32, mesh.triangle_count() as u32);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match mesh.source_id(mid).cmp(&loader) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(mid),
            }
        }
        None
    }

    /// The game's index of the core's triangle `core`.
    pub fn game_triangle(&self, core: u32) -> Option<u32> {
        let mesh = self.collision();
        ((core as usize) < mesh.triangle_count()).then_some(())?;
        let loader = mesh.source_id(core);
        match &self.game_index {
            Some(map) => map.get(loader as usize).copied(),
            None => Some(loader),
        }
    }

    /// This level with the game's moving objects (`(game id, mesh)` in arrival order),
    /// each at rest at the identity until poses arrive. Objects whose mesh has no usable
    /// triangle are left out and named in the returned problems.
    pub fn with_objects(&self, objects: &[(u32, Mesh)]) -> (Self, Vec<String>) {
        let mut scene = DynamicScene::default();
        let mut ids = Vec::new();
        let mut problems = Vec::new();
        for (id, mesh) in objects {
            let set = scene.add_set();
            let positions = mesh.positions.iter().map(|&p| Vec3::from(p)).collect();
            match scene.add_object(
                set,
                format!("game object {id}"),
                positions,
                &mesh.indices,
                RigidPose::IDENTITY,
            ) {
                Ok(_) => ids.push(*id),
                Err(e) => problems.push(format!("game object {id} left out: {e}")),
            }
        }
        let mut level = self.clone();
        level.level.dynamic = scene;
        level.object_ids = ids;
        (level, problems)
    }

    /// The core's id of the game's object `game`.
    pub fn object(&self, game: u32) -> Option<ObjectId> {
        self.object_ids
            .iter()
            .position(|&g| g == game)
            .map(|i| ObjectId(i as u32))
    }
}

/// A probe pose as the core's rigid pose (`None` when not finite or not a rotation).
pub fn rigid_pose(p: &slidescope_probe::Pose) -> Option<RigidPose> {
    let pose = RigidPose::new(Quat::from_array(p.rotation), Vec3::from(p.translation));
    pose.is_valid().then_some(pose)
}
