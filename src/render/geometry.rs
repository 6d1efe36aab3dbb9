//! What the level renderer draws: world-space triangle batches with one colour each. Built from
//! a loaded level or from triangles made in code; knows nothing about files.

use glam::Vec3;

/// One material batch: indexed triangles in world space and the colour they are drawn with.
#[derive(Debug, Clone, PartialEq)]
pub struct MeshBatch {
    pub positions: Vec<Vec3>,
    /// Unit normals, one a vertex (same length as `positions`).
    pub normals: Vec<Vec3>,
    /// Three a triangle, counter-clockwise from the front.
    pub indices: Vec<u32>,
    /// Linear RGB, alpha ignored (the level is opaque).
    pub color: [f32; 4],
}

impl MeshBatch {
    /// A batch from world-space triangles (flat normals; degenerate triangles get `+Y`).
    pub fn from_triangles(triangles: &[[Vec3; 3]], color: [f32; 4]) -> Self {
        let mut positions = Vec::with_capacity(triangles.len() * 3);
        let mut normals = Vec::with_capacity(triangles.len() * 3);
        for t in triangles {
            let n = (t[1] - t[0])
                .cross(t[2] - t[0])
                .try_normalize()
                .unwrap_or(Vec3::Y);
            positions.extend_from_slice(t);
            normals.extend_from_slice(&[n, n, n]);
        }
        let indices = (0..positions.len() as u32).collect();
        Self {
            positions,
            normals,
            indices,
            color,
        }
    }

    pub fn triangle_count(&self) -> usize {
        self.indices.len() / 3
    }
}

/// All batches of a level.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LevelGeometry {
    pub batches: Vec<MeshBatch>,
}

impl LevelGeometry {
    pub fn triangle_count(&self) -> usize {
        self.batches.iter().map(MeshBatch::triangle_count).sum()
    }
}

/// The twelve triangles of an axis-aligned box, outward facing.
pub fn box_triangles(min: Vec3, max: Vec3) -> Vec<[Vec3; 3]> {
    let c = |x: bool, y: bool, z: bool| {
        Vec3::new(
            if x { max.x } else { min.x },
            if y { max.y } else { min.y },
            if z { max.z } else { min.z },
        )
    };
    // Each face as four corners counter-clockwise seen from outside.
    let faces = [
        [
            c(true, false, false),
            c(true, true, false),
            c(true, true, true),
            c(true, false, true),
        ], // +X
        [
            c(false, false, true),
            c(false, true, true),
            c(false, true, false),
            c(false, false, false),
        ], // -X
        [
            c(false, true, false),
            c(false, true, true),
            c(true, true, true),
            c(true, true, false),
        ], // +Y
        [
            c(false, false, true),
            c(false, false, false),
            c(true, false, false),
            c(true, false, true),
        ], // -Y
        [
            c(false, false, true),
            c(true, false, true),
            c(true, true, true),
            c(false, true, true),
        ], // +Z
        [
            c(true, false, false),
            c(false, false, false),
            c(false, true, false),
            c(true, true, false),
        ], // -Z
    ];
    faces
        .iter()
        .flat_map(|f| [[f[0], f[1], f[2]], [f[0], f[2], f[3]]])
        .collect()
}

/// A horizontal rectangle at height `y`, facing up.
pub fn floor_triangles(min_xz: [f32; 2], max_xz: [f32; 2], y: f32) -> Vec<[Vec3; 3]> {
    let a = Vec3::new(min_xz[0], y, min_xz[1]);
    let b = Vec3::new(min_xz[0], y, max_xz[1]);
    let c = Vec3::new(max_xz[0], y, max_xz[1]);
    let d = Vec3::new(max_xz[0], y, min_xz[1]);
    vec![[a, b, c], [a, c, d]]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_faces_point_outward() {
        let tris = box_triangles(Vec3::splat(-1.0), Vec3::splat(1.0));
        assert_eq!(tris.len(), 12);
        for t in tris {
            let n = (t[1] - t[0]).cross(t[2] - t[0]);
            let centroid = (t[0] + t[1] + t[2]) / 3.0;
            assert!(n.dot(centroid) > 0.0, "inward face {t:?}");
        }
    }

    #[test]
    fn floor_faces_up() {
        for t in floor_triangles([-1.0, -1.0], [1.0, 1.0], 0.0) {
            assert!((t[1] - t[0]).cross(t[2] - t[0]).y > 0.0);
        }
    }
}
