//! The level the app walks in: collision mesh + render geometry + named stations. Built from a
//! level file through the loader, or — when no file is available — from the teaching level
//! generated in code (`level::teaching`).

use std::path::{Path, PathBuf};

use glam::Vec3;

use crate::collision::{
    CollisionMesh, CollisionWorld, Contact, DynamicObject, ObjectId, ObjectPoses, RigidPose,
};
use crate::level::{Level, LoadOptions, teaching, winding};
use crate::render::{LevelGeometry, MeshBatch, auto_exposure};
use crate::scene::world_triangles;
use crate::sim::Movers;

/// A named place to teleport to.
#[derive(Debug, Clone, PartialEq)]
pub struct Station {
    pub name: String,
    /// World-space point under the feet.
    pub feet: Vec3,
    /// Point to look at after teleporting, when the level says.
    pub look: Option<Vec3>,
}

pub struct World {
    /// File name or "teaching level (built in)".
    pub name: String,
    pub path: Option<PathBuf>,
    pub collision: CollisionMesh,
    pub geometry: LevelGeometry,
    pub stations: Vec<Station>,
    /// Shown in the HUD (e.g. why the built-in level is used).
    pub note: Option<String>,
    /// Per render mesh, in loader triangle order: (first triangle in the numbering of
    /// `CollisionMesh::source_id`, "node …, mesh …, material …") for the inspector.
    pub triangle_sources: Vec<(u32, String)>,
    /// The file winds clockwise ([`winding::looks_clockwise`]): drawn with front and back
    /// swapped so the back-face tint still marks one-sided walls.
    pub clockwise: bool,
    /// The level's dynamic objects (animated nodes) and their animations.
    pub movers: Movers,
    /// Per dynamic object, in id order: its triangles in model space and its draw colour.
    pub dynamic_geometry: Vec<MeshBatch>,
    /// The exposure that makes this level's materials readable ([`auto_exposure`]).
    pub auto_exposure: f32,
}

/// Colour used for meshes without a material (linear RGB).
const DEFAULT_COLOR: [f32; 4] = [0.6, 0.6, 0.6, 1.0];

fn srgb_to_linear(c: f32) -> f32 {
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// Linear draw colour of a material: the texture's mean colour (stored sRGB) times the base
/// colour factor when there is a texture, else the base colour.
pub fn material_color(m: &crate::level::Material) -> [f32; 4] {
    let b = m.base_color;
    match m.texture_mean_color {
        Some(t) => [
            srgb_to_linear(t[0]) * b[0],
            srgb_to_linear(t[1]) * b[1],
            srgb_to_linear(t[2]) * b[2],
            1.0,
        ],
        None => [b[0], b[1], b[2], 1.0],
    }
}

impl World {
    /// The world corners of a contact's triangle: the level's, or a dynamic object's at the
    /// current pose in `poses` (where the contact was carried to).
    pub fn contact_triangle(&self, contact: &Contact, poses: &[ObjectPoses]) -> Option<[Vec3; 3]> {
        world_triangles::contact_triangle(self.collision_world(), contact, poses)
    }

    /// Moving object `object` with its previous and current poses as `poses` (a history
    /// frame's) records them, or its own poses when `poses` has none for it.
    pub fn object_poses(
        &self,
        object: ObjectId,
        poses: &[ObjectPoses],
    ) -> Option<(&DynamicObject, RigidPose, RigidPose)> {
        world_triangles::object_poses(self.collision_world(), object, poses)
    }

    /// The level mesh and its moving objects, as queries and the scene builders read them.
    pub fn collision_world(&self) -> CollisionWorld<'_> {
        self.movers.world(&self.collision)
    }

    /// Loads a level file. Errors are one displayable line naming the file.
    pub fn load(path: &Path) -> Result<Self, String> {
        let level = Level::load(path).map_err(|e| e.to_string())?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        Ok(Self::from_level(level, name, Some(path.to_path_buf())))
    }

    /// A world from a loaded level: one render batch per mesh, coloured by its material.
    pub fn from_level(level: Level, name: String, path: Option<PathBuf>) -> Self {
        let batches = level
            .render_meshes
            .iter()
            .map(|m| MeshBatch {
                positions: m.positions.clone(),
                normals: m.normals.clone(),
                indices: m.indices.clone(),
                color: m
                    .material
                    .and_then(|i| level.materials.get(i))
                    .map_or(DEFAULT_COLOR, material_color),
            })
            .collect();
        let stations = level
            .spawn_points
            .iter()
            .map(|s| Station {
                name: s.name.clone(),
                feet: s.feet,
                // The stored facing, as a point 3 m ahead at eye height.
                look: s.facing().map(|d| s.feet + d * 3.0 + Vec3::Y),
            })
            .collect();
        let triangle_sources = level
            .render_meshes
            .iter()
            .map(|m| (m.first_triangle, describe_source(&level, m)))
            .collect();
        let eyes: Vec<Vec3> = level
            .spawn_points
            .iter()
            .map(|p| p.feet + Vec3::Y)
            .collect();
        let clockwise = winding::looks_clockwise(&level.collision, &eyes);
        let dynamic_geometry = dynamic_geometry(&level);
        let movers = Movers::from_level(&level);
        let geometry = LevelGeometry { batches };
        Self {
            auto_exposure: auto_exposure(&geometry),
            name,
            path,
            triangle_sources,
            clockwise,
            movers,
            dynamic_geometry,
            collision: level.collision,
            geometry,
            stations,
            note: None,
        }
    }

    /// The teaching level generated in code (no file needed, e.g. when `assets/teaching.glb`
    /// is missing): the generator's `.glb` bytes read back through the loader, so it is the
    /// same level as the file — stations, materials and moving objects included.
    pub fn builtin(note: Option<String>) -> Self {
        let path = Path::new(teaching::ASSET_PATH);
        let level = teaching::build()
            .to_glb()
            .map_err(|e| e.to_string())
            .and_then(|bytes| {
                Level::from_bytes(path, bytes, &LoadOptions::default()).map_err(|e| e.to_string())
            });
        let level = match level {
            Ok(l) => l,
            // The generator's output is fixed and tested (tests/suite/teaching_level.rs): an
            // error here is a programming bug, not user data.
            Err(e) => unreachable!("teaching level is invalid: {e}"),
        };
        let mut world = Self::from_level(level, "teaching level (built in)".into(), None);
        world.note = note;
        world
    }

    /// Where collision triangle `tri` came from (node, mesh, material), for the inspector.
    pub fn triangle_source(&self, tri: u32) -> String {
        let id = self.collision.source_id(tri);
        let k = self
            .triangle_sources
            .partition_point(|(first, _)| *first <= id);
        match k.checked_sub(1).and_then(|k| self.triangle_sources.get(k)) {
            Some((first, text)) => format!("{text}, triangle {}", id - first),
            None => format!("source id {id}"),
        }
    }
}

/// Each dynamic object's model-space triangles (flat normals), coloured by the material of
/// its animated node.
fn dynamic_geometry(level: &Level) -> Vec<MeshBatch> {
    level
        .dynamic
        .objects()
        .iter()
        .map(|o| {
            let color = level
                .animations
                .iter()
                .find(|a| a.set == o.set)
                .and_then(|a| a.material)
                .and_then(|i| level.materials.get(i))
                .map_or(DEFAULT_COLOR, material_color);
            let tris: Vec<[Vec3; 3]> = (0..o.mesh().triangle_count() as u32)
                .filter_map(|i| o.mesh().get_triangle(i).map(|t| t.vertices))
                .collect();
            MeshBatch::from_triangles(&tris, color)
        })
        .collect()
}

fn describe_source(level: &Level, m: &crate::level::RenderMesh) -> String {
    let s = &m.source;
    let name = |n: &Option<String>, i: usize| n.clone().unwrap_or_else(|| format!("#{i}"));
    let material = m
        .material
        .and_then(|i| level.materials.get(i))
        .map_or("none".to_string(), |mat| {
            mat.name.clone().unwrap_or_else(|| "unnamed".into())
        });
    format!(
        "node {}, mesh {} primitive {}, material {material}",
        name(&s.node_name, s.node_index),
        name(&s.mesh_name, s.mesh_index),
        s.primitive_index
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_level_has_stations_inside_its_bounds() {
        let w = World::builtin(None);
        assert!(w.collision.triangle_count() > 100);
        assert_eq!(w.geometry.triangle_count(), w.collision.triangle_count());
        assert!(w.stations.len() > 10);
        let b = w.collision.bounds();
        for s in &w.stations {
            assert!((b.min.x..=b.max.x).contains(&s.feet.x), "{}", s.name);
            assert!((b.min.z..=b.max.z).contains(&s.feet.z), "{}", s.name);
        }
    }

    #[test]
    fn textured_material_colour_is_linearised_and_tinted() {
        let m = crate::level::Material {
            name: None,
            base_color: [1.0, 0.5, 1.0, 1.0],
            texture_mean_color: Some([1.0, 1.0, 0.0, 1.0]),
        };
        assert_eq!(material_color(&m), [1.0, 0.5, 0.0, 1.0]);
    }

    #[test]
    fn failed_load_is_one_line_naming_the_file() {
        let Err(e) = World::load(Path::new("/nonexistent/level.glb")) else {
            panic!("loading a missing file must fail");
        };
        assert!(e.contains("level.glb") && !e.contains('\n'), "{e}");
    }
}
