//! The loaded level: the collision mesh and the render meshes side by side but separate
//! (seed 001 12.2.1: collision geometry may differ from render geometry), materials, the
//! source of every triangle, spawn points and load statistics. All positions are world space.
//! What every loader builds (through `builder`) and never imports a loader: reading a file is
//! [`Level::load`](super::level_load).

use glam::Vec3;

use super::level_animation::LevelAnimation;
use crate::collision::{Aabb, CollisionError, CollisionMesh, DynamicScene};

/// A material, reduced to what the level renderer draws.
#[derive(Debug, Clone, PartialEq)]
pub struct Material {
    pub name: Option<String>,
    /// Linear RGBA base colour factor (glTF `baseColorFactor`, OBJ `Kd` with alpha 1).
    pub base_color: [f32; 4],
    /// Mean RGBA (0..1, as stored, i.e. sRGB) of the embedded PNG base colour texture, when
    /// there is one and it decoded.
    pub texture_mean_color: Option<[f32; 4]>,
}

/// Where a run of triangles came from in the file (one glTF primitive instance or one OBJ
/// model), shown by the inspector.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrimitiveSource {
    /// glTF node index (OBJ: model index).
    pub node_index: usize,
    /// glTF node name (OBJ: the object/group name).
    pub node_name: Option<String>,
    pub mesh_index: usize,
    pub mesh_name: Option<String>,
    /// Index of the primitive inside its mesh (OBJ: always 0).
    pub primitive_index: usize,
    /// Index into [`Level::materials`].
    pub material: Option<usize>,
}

/// One drawable batch in world space: a glTF primitive instance with its node transform
/// applied, or an OBJ model.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderMesh {
    pub positions: Vec<Vec3>,
    /// Unit normals, one a vertex (computed from the triangles when the file has none).
    pub normals: Vec<Vec3>,
    /// Three a triangle, counter-clockwise from the front, into `positions`.
    pub indices: Vec<u32>,
    /// Index into [`Level::materials`].
    pub material: Option<usize>,
    pub source: PrimitiveSource,
    /// Index of this mesh's first triangle in the loader's triangle numbering, which is the
    /// numbering of [`CollisionMesh::source_id`].
    pub first_triangle: u32,
}

impl RenderMesh {
    pub fn triangle_count(&self) -> usize {
        self.indices.len() / 3
    }
}

/// A place the player can start, on the floor.
#[derive(Debug, Clone, PartialEq)]
pub struct SpawnPoint {
    pub name: String,
    /// World-space point under the player's feet.
    pub feet: Vec3,
    /// The position exactly as the file stored it, with the key it was stored under (e.g.
    /// `("hull_center", …)`); `None` for an automatic spawn point.
    pub stored: Option<(String, Vec3)>,
    /// True when the loader chose this point because the file had none.
    pub automatic: bool,
    /// The facing stored with it (Quake's `angle` key, as the shared levels and the teaching
    /// level write it): degrees counter-clockwise about +Y seen from above, 0 = +X.
    pub angle_deg: Option<f32>,
}

impl SpawnPoint {
    /// Unit horizontal direction of [`SpawnPoint::angle_deg`] (Quake `(x, y, z)` → glTF
    /// `(x, z, −y)`: 0° is +X, 90° is −Z).
    pub fn facing(&self) -> Option<Vec3> {
        let a = self.angle_deg?.to_radians();
        Some(Vec3::new(a.cos(), 0.0, -a.sin()))
    }
}

/// What a load did and cost.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LoadStats {
    /// Triangles in the collision mesh.
    pub triangles_loaded: usize,
    /// Triangles the file described (loaded + all dropped).
    pub triangles_in_file: usize,
    pub dropped_degenerate: usize,
    pub dropped_non_finite: usize,
    pub dropped_bad_index: usize,
    /// Primitives of mode points, lines, line loop or line strip (not collidable).
    pub skipped_non_triangle_primitives: usize,
    /// Vertices in the collision mesh.
    pub vertices: usize,
    /// World-space bounds of the collision triangles.
    pub bounds: Aabb,
    /// Wall-clock time of `Level::load`, in milliseconds.
    pub load_ms: f64,
    /// Size of the level file (without external buffers), in bytes.
    pub file_bytes: u64,
    /// Heap bytes held by the level (collision mesh + BVH + render meshes).
    pub heap_bytes: usize,
    /// Animated nodes loaded as dynamic objects.
    pub dynamic_objects: usize,
    /// Animation channels not played (scale, weights, CUBICSPLINE, bad data, nested).
    pub skipped_animation_channels: usize,
}

impl LoadStats {
    pub fn dropped(&self) -> usize {
        self.dropped_degenerate + self.dropped_non_finite + self.dropped_bad_index
    }
}

/// A level ready to walk in.
#[derive(Debug, Clone)]
pub struct Level {
    pub collision: CollisionMesh,
    pub render_meshes: Vec<RenderMesh>,
    pub materials: Vec<Material>,
    /// From the file (`asset.extras.spawn_points`), or one automatic point.
    pub spawn_points: Vec<SpawnPoint>,
    pub stats: LoadStats,
    /// Animated nodes as dynamic objects (model-space triangles; not in `collision` nor in
    /// `render_meshes`: draw each object's mesh at its poses).
    pub dynamic: DynamicScene,
    /// One a dynamic object set, in node order.
    pub animations: Vec<LevelAnimation>,
}

impl Level {
    /// Moves every animated object set to its pose at `t_secs` (seed `ObjectSetUpdated`: the
    /// pose before becomes the previous pose).
    pub fn animate(&mut self, t_secs: f64) -> Result<(), CollisionError> {
        for a in &self.animations {
            let pose = a.pose_at(t_secs);
            self.dynamic.update_set(a.set, |_| pose)?;
        }
        Ok(())
    }

    /// The render mesh and source of collision triangle `tri` (`None` when out of range).
    pub fn triangle_source(&self, tri: u32) -> Option<(&RenderMesh, u32)> {
        self.collision.get_triangle(tri)?;
        let input = self.collision.source_id(tri);
        let k = self
            .render_meshes
            .partition_point(|m| m.first_triangle <= input)
            .checked_sub(1)?;
        let mesh = self.render_meshes.get(k)?;
        let local = input - mesh.first_triangle;
        ((local as usize) < mesh.triangle_count()).then_some((mesh, local))
    }

    /// Heap bytes held by the level.
    pub fn heap_bytes(&self) -> usize {
        let render: usize = self
            .render_meshes
            .iter()
            .map(|m| {
                (m.positions.capacity() + m.normals.capacity()) * std::mem::size_of::<Vec3>()
                    + m.indices.capacity() * 4
            })
            .sum();
        self.collision.heap_bytes() + render + self.dynamic.heap_bytes()
    }
}
