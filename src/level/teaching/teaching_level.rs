//! The teaching level as built: its stations placed in the grid, the ground floor, the start
//! and the movers, and its triangles in world space. [`build`](super::build) makes it;
//! [`glb`](super::glb) writes it.

use glam::Vec3;

use super::moving_stations::Mover;
use super::solid::Part;
use super::station::TeachingStation;

/// A mover placed in the level: `origin` is its station's origin (world).
#[derive(Debug, Clone)]
pub struct PlacedMover {
    pub mover: Mover,
    pub origin: Vec3,
}

/// A station placed in the level: its world-space description, the translation of its node
/// and its parts in station-local coordinates.
#[derive(Debug, Clone)]
pub struct PlacedStation {
    pub station: TeachingStation,
    /// World position of the station's local origin (the node's translation), on the floor.
    pub origin: Vec3,
    pub parts: Vec<Part>,
}

/// The whole teaching level, ready to be written or turned into triangles.
#[derive(Debug, Clone)]
pub struct TeachingLevel {
    pub stations: Vec<PlacedStation>,
    /// Ground floor in world coordinates (its node has no transform).
    pub floor: Part,
    /// The level's start (`info_player_start`): the centre of the middle cell, facing −Z.
    pub start: TeachingStation,
    /// Moving parts (animated nodes), not part of [`TeachingLevel::world_triangles`].
    pub movers: Vec<PlacedMover>,
}

/// Triangles of the level in world space, one vertex per face corner (faces keep their own
/// vertices, as in the file), in file order: the floor first, then the stations.
#[derive(Debug, Clone, Default)]
pub struct WorldTriangles {
    pub positions: Vec<Vec3>,
    pub triangles: Vec<[u32; 3]>,
    /// Per triangle: 0 for the floor, `1 + i` for station `i`.
    pub station_ids: Vec<u32>,
}

impl TeachingLevel {
    /// Number of triangles in the level.
    pub fn triangle_count(&self) -> usize {
        self.floor.triangle_count()
            + self
                .stations
                .iter()
                .flat_map(|s| &s.parts)
                .map(Part::triangle_count)
                .sum::<usize>()
    }

    /// World-space triangles (station translations applied in `f32`, as a loader would).
    pub fn world_triangles(&self) -> WorldTriangles {
        let mut out = WorldTriangles::default();
        let mut add = |part: &Part, origin: Vec3, id: u32| {
            for face in &part.faces {
                let first = out.positions.len() as u32;
                out.positions
                    .extend(face.vertices.iter().map(|v| v.as_vec3() + origin));
                for i in 1..face.vertices.len().saturating_sub(1) as u32 {
                    out.triangles.push([first, first + i, first + i + 1]);
                    out.station_ids.push(id);
                }
            }
        };
        add(&self.floor, Vec3::ZERO, 0);
        for (i, s) in self.stations.iter().enumerate() {
            for part in &s.parts {
                add(part, s.origin, 1 + i as u32);
            }
        }
        out
    }
}
