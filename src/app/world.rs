//! The level the app walks in: collision mesh + render geometry + named stations. Built from a
//! level file (through the loader) or, when no file is available, from the small built-in level
//! generated here.

use std::path::{Path, PathBuf};

use glam::Vec3;

use crate::collision::CollisionMesh;
use crate::render::geometry::{box_triangles, floor_triangles};
use crate::render::{LevelGeometry, MeshBatch};

/// A named place to teleport to (world-space point under the feet).
#[derive(Debug, Clone, PartialEq)]
pub struct Station {
    pub name: String,
    pub feet: Vec3,
}

pub struct World {
    /// File name or "built-in level".
    pub name: String,
    pub path: Option<PathBuf>,
    pub collision: CollisionMesh,
    pub geometry: LevelGeometry,
    pub stations: Vec<Station>,
    /// Shown in the HUD (e.g. why the built-in level is used).
    pub note: Option<String>,
}

impl World {
    /// Loads a level file. Errors are one displayable line naming the file.
    pub fn load(path: &Path) -> Result<Self, String> {
        Err(format!(
            "{}: cannot load level files yet: the level loader (branch `level`) is not merged",
            path.display()
        ))
    }

    /// The small level generated in code: a floor, a ramp, stairs, a low tunnel, an internal
    /// corner, a thin pillar and a one-sided wall, with a station in front of each.
    pub fn builtin(note: Option<String>) -> Self {
        let floor_c = [0.34, 0.36, 0.40, 1.0];
        let floor_c2 = [0.27, 0.29, 0.33, 1.0];
        let block_c = [0.62, 0.58, 0.50, 1.0];
        let ramp_c = [0.45, 0.55, 0.40, 1.0];
        let wall_c = [0.50, 0.45, 0.58, 1.0];

        // A 30 m checkerboard of 2 m tiles (the squares make motion readable).
        let (mut floor, mut floor2) = (Vec::new(), Vec::new());
        for i in 0..15 {
            for j in 0..15 {
                let (x, z) = (-15.0 + 2.0 * i as f32, -15.0 + 2.0 * j as f32);
                let tile = floor_triangles([x, z], [x + 2.0, z + 2.0], 0.0);
                if (i + j) % 2 == 0 {
                    floor.extend(tile)
                } else {
                    floor2.extend(tile)
                }
            }
        }
        let mut blocks = Vec::new();
        // Stairs: 6 steps of 0.2 m rising towards -Z, at x in [3, 5].
        for i in 0..6 {
            let z0 = -2.0 - 0.4 * i as f32;
            blocks.extend(box_triangles(
                Vec3::new(3.0, 0.0, z0 - 0.4),
                Vec3::new(5.0, 0.2 * (i + 1) as f32, z0),
            ));
        }
        // Low tunnel: two walls and a roof at 1.2 m (crouch to pass), at x in [-5, -3].
        blocks.extend(box_triangles(
            Vec3::new(-5.4, 0.0, -6.0),
            Vec3::new(-5.0, 1.2, -2.0),
        ));
        blocks.extend(box_triangles(
            Vec3::new(-3.0, 0.0, -6.0),
            Vec3::new(-2.6, 1.2, -2.0),
        ));
        blocks.extend(box_triangles(
            Vec3::new(-5.4, 1.2, -6.0),
            Vec3::new(-2.6, 1.5, -2.0),
        ));
        // Thin pillar (edge and vertex contacts).
        blocks.extend(box_triangles(
            Vec3::new(-0.1, 0.0, 3.9),
            Vec3::new(0.1, 2.5, 4.1),
        ));
        // Internal corner.
        let mut walls = box_triangles(Vec3::new(6.0, 0.0, 4.0), Vec3::new(10.0, 2.5, 4.3));
        walls.extend(box_triangles(
            Vec3::new(9.7, 0.0, 0.0),
            Vec3::new(10.0, 2.5, 4.0),
        ));
        // A ramp of about 27° rising towards -Z, at x in [-10, -8].
        let ramp = {
            let (a, b) = (Vec3::new(-10.0, 0.0, -2.0), Vec3::new(-8.0, 0.0, -2.0));
            let (c, d) = (Vec3::new(-8.0, 2.0, -6.0), Vec3::new(-10.0, 2.0, -6.0));
            let mut t = vec![[a, b, c], [a, c, d]];
            t.extend(box_triangles(
                Vec3::new(-10.0, 0.0, -9.0),
                Vec3::new(-8.0, 2.0, -6.0),
            ));
            t
        };
        // One-sided wall: a single quad facing +Z (seen from behind it is tinted).
        let one_sided = {
            let (a, b) = (Vec3::new(-4.0, 0.0, 6.0), Vec3::new(-1.0, 0.0, 6.0));
            let (c, d) = (Vec3::new(-1.0, 2.0, 6.0), Vec3::new(-4.0, 2.0, 6.0));
            vec![[a, b, c], [a, c, d]]
        };

        let groups = [
            (floor, floor_c),
            (floor2, floor_c2),
            (blocks, block_c),
            (ramp, ramp_c),
            (walls, wall_c),
            (one_sided, wall_c),
        ];
        let all: Vec<[Vec3; 3]> = groups.iter().flat_map(|(t, _)| t.iter().copied()).collect();
        let geometry = LevelGeometry {
            batches: groups
                .iter()
                .map(|(t, c)| MeshBatch::from_triangles(t, *c))
                .collect(),
        };
        let collision = match CollisionMesh::from_triangles(&all) {
            Ok(m) => m,
            // The triangles above are fixed and valid; an error here is a programming bug.
            Err(e) => unreachable!("built-in level is invalid: {e}"),
        };
        let station = |name: &str, x: f32, z: f32| Station {
            name: name.to_string(),
            feet: Vec3::new(x, 0.0, z),
        };
        Self {
            name: "built-in level".into(),
            path: None,
            collision,
            geometry,
            stations: vec![
                station("Start", 0.0, 0.0),
                station("Stairs", 4.0, -0.5),
                station("Low tunnel (crouch)", -4.0, -0.5),
                station("Ramp", -9.0, 0.0),
                station("Thin pillar", 0.0, 2.5),
                station("Internal corner", 8.5, 2.0),
                station("One-sided wall (behind)", -2.5, 8.0),
            ],
            note,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_level_has_stations_above_its_floor() {
        let w = World::builtin(None);
        assert!(w.collision.triangle_count() > 100);
        assert_eq!(w.geometry.triangle_count(), w.collision.triangle_count());
        let b = w.collision.bounds();
        for s in &w.stations {
            assert!((b.min.x..=b.max.x).contains(&s.feet.x), "{}", s.name);
            assert!((b.min.z..=b.max.z).contains(&s.feet.z), "{}", s.name);
        }
    }
}
