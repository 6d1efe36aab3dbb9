//! Accumulates world-space triangles from any file format, then builds the [`Level`]: one
//! collision mesh (with BVH) over all triangles, and one render mesh per primitive instance.
//!
//! Triangles with an out-of-range index or a non-finite vertex are dropped here (and counted),
//! so the render meshes never see them; degenerate ones are dropped and counted by
//! [`CollisionMesh::new`] (the render meshes keep them: they are harmless to draw).

use glam::Vec3;

use super::level_animation::LevelAnimation;
use super::level_error::LevelErrorKind;
use super::loaded_level::{Level, LoadStats, Material, PrimitiveSource, RenderMesh, SpawnPoint};
use super::spawn;
use crate::collision::{Aabb, CollisionError, CollisionMesh, DynamicScene};

/// One primitive instance's slice of the shared arrays.
#[derive(Debug)]
struct Batch {
    first_vertex: usize,
    vertex_count: usize,
    first_triangle: usize,
    /// Start of this batch's normals in the shared `normals` array, if the file had them.
    first_normal: Option<usize>,
    source: PrimitiveSource,
}

/// Everything a loader produced, before the collision mesh is built.
#[derive(Debug, Default)]
pub struct LevelParts {
    positions: Vec<Vec3>,
    /// Normals of the batches that have them (only those: no padding for the others).
    normals: Vec<Vec3>,
    /// Global vertex indices; triangle `i` has source id `i`.
    triangles: Vec<[u32; 3]>,
    batches: Vec<Batch>,
    pub materials: Vec<Material>,
    /// Spawn points stored in the file (empty: an automatic one is chosen).
    pub spawn_points: Vec<SpawnPoint>,
    dropped_non_finite: usize,
    dropped_bad_index: usize,
    pub skipped_non_triangle: usize,
    /// Animated nodes played as dynamic objects, and the objects.
    pub dynamic: DynamicScene,
    pub animations: Vec<LevelAnimation>,
    pub skipped_animation_channels: usize,
}

impl LevelParts {
    pub fn new() -> Self {
        Self::default()
    }

    /// Room for `vertices` more vertices (`with_normals` of them with normals) and
    /// `triangles` more triangles: exact capacities keep the peak memory down.
    pub fn reserve(&mut self, vertices: usize, with_normals: usize, triangles: usize) {
        self.positions.reserve_exact(vertices);
        self.normals.reserve_exact(with_normals);
        self.triangles.reserve_exact(triangles);
    }

    /// Adds one primitive instance. `positions` and `normals` are world space (`normals` empty
    /// or one a vertex); `triangles` holds local indices into `positions`. With `flip` the
    /// winding is reversed (negative-determinant transforms).
    pub fn add_batch(
        &mut self,
        positions: impl IntoIterator<Item = Vec3>,
        normals: &[Vec3],
        triangles: impl IntoIterator<Item = [u32; 3]>,
        flip: bool,
        source: PrimitiveSource,
    ) -> Result<(), LevelErrorKind> {
        let first_vertex = self.positions.len();
        self.positions.extend(positions);
        let vertex_count = self.positions.len() - first_vertex;
        let first_normal = (normals.len() == vertex_count && vertex_count > 0).then(|| {
            self.normals.extend_from_slice(normals);
            self.normals.len() - vertex_count
        });
        let base = u32::try_from(first_vertex)
            .ok()
            .filter(|b| {
                b.checked_add(vertex_count as u32).is_some() && vertex_count <= u32::MAX as usize
            })
            .ok_or_else(|| LevelErrorKind::Unsupported("more than 4 billion vertices".into()))?;
        let first_triangle = self.triangles.len();
        let verts = &self.positions[first_vertex..];
        for t in triangles {
            if t.iter().any(|&k| k as usize >= vertex_count) {
                self.dropped_bad_index += 1;
                continue;
            }
            if t.iter().any(|&k| !verts[k as usize].is_finite()) {
                self.dropped_non_finite += 1;
                continue;
            }
            let t = if flip { [t[0], t[2], t[1]] } else { t };
            self.triangles.push(t.map(|k| k + base));
        }
        if self.triangles.len() > u32::MAX as usize {
            return Err(LevelErrorKind::Unsupported(
                "more than 4 billion triangles".into(),
            ));
        }
        self.batches.push(Batch {
            first_vertex,
            vertex_count,
            first_triangle,
            first_normal,
            source,
        });
        Ok(())
    }

    /// Builds the collision mesh and BVH, then splits the arrays into render meshes.
    pub fn finish(self) -> Result<Level, LevelErrorKind> {
        let Self {
            positions,
            normals,
            triangles,
            batches,
            materials,
            spawn_points,
            dropped_non_finite,
            dropped_bad_index,
            skipped_non_triangle,
            dynamic,
            animations,
            skipped_animation_channels,
        } = self;
        let ids: Vec<u32> = (0..triangles.len() as u32).collect();
        let collision = match CollisionMesh::new(positions, &triangles, &ids) {
            Ok(mesh) => mesh,
            Err(CollisionError::EmptyMesh) => {
                let dropped = triangles.len() + dropped_non_finite + dropped_bad_index;
                return Err(no_triangles(skipped_non_triangle, dropped));
            }
            Err(e) => return Err(LevelErrorKind::NoTriangles(e.to_string())),
        };
        drop(ids);
        let positions = collision.positions();

        let render_meshes =
            render_meshes(&batches, &triangles, positions, &normals, materials.len());
        drop(normals);
        drop(triangles);

        let report = collision.report();
        let spawn_points = if spawn_points.is_empty() {
            vec![spawn::automatic_spawn(&collision)]
        } else {
            spawn_points
        };
        let bounds: Aabb = collision.bounds();
        let mut level = Level {
            stats: LoadStats {
                triangles_loaded: collision.triangle_count(),
                triangles_in_file: report.input_triangles + dropped_non_finite + dropped_bad_index,
                dropped_degenerate: report.dropped_degenerate,
                dropped_non_finite: report.dropped_non_finite + dropped_non_finite,
                dropped_bad_index: report.dropped_bad_index + dropped_bad_index,
                skipped_non_triangle_primitives: skipped_non_triangle,
                vertices: collision.vertex_count(),
                bounds,
                load_ms: 0.0,
                file_bytes: 0,
                heap_bytes: 0,
                dynamic_objects: dynamic.len(),
                skipped_animation_channels,
            },
            collision,
            render_meshes,
            materials,
            spawn_points,
            dynamic,
            animations,
        };
        level.stats.heap_bytes = level.heap_bytes();
        Ok(level)
    }
}

/// The render meshes of the level's batches: each batch's vertices, its triangles' indices
/// into them, and its normals (the file's, normalised, or computed from the triangles).
fn render_meshes(
    batches: &[Batch],
    triangles: &[[u32; 3]],
    positions: &[Vec3],
    normals: &[Vec3],
    material_count: usize,
) -> Vec<RenderMesh> {
    let mut render_meshes = Vec::with_capacity(batches.len());
    for (k, b) in batches.iter().enumerate() {
        let end_triangle = batches
            .get(k + 1)
            .map_or(triangles.len(), |n| n.first_triangle);
        let base = b.first_vertex as u32;
        let tris = &triangles[b.first_triangle..end_triangle];
        let vertex_range = b.first_vertex..b.first_vertex + b.vertex_count;
        let batch_positions = positions[vertex_range.clone()].to_vec();
        let indices: Vec<u32> = tris.iter().flatten().map(|&i| i - base).collect();
        let batch_normals = match b.first_normal {
            Some(first) => normalized(&normals[first..first + b.vertex_count]),
            None => computed_normals(&batch_positions, &indices),
        };
        let material = b.source.material.filter(|&m| m < material_count);
        render_meshes.push(RenderMesh {
            positions: batch_positions,
            normals: batch_normals,
            indices,
            material,
            source: PrimitiveSource {
                material,
                ..b.source.clone()
            },
            first_triangle: b.first_triangle as u32,
        });
    }
    render_meshes
}

fn normalized(normals: &[Vec3]) -> Vec<Vec3> {
    normals
        .iter()
        .map(|n| {
            let u = n.normalize_or_zero();
            if u == Vec3::ZERO { Vec3::Y } else { u }
        })
        .collect()
}

/// Area-weighted vertex normals; vertices on no (or only degenerate) triangles get +Y.
fn computed_normals(positions: &[Vec3], indices: &[u32]) -> Vec<Vec3> {
    let mut sums = vec![Vec3::ZERO; positions.len()];
    for t in indices.chunks_exact(3) {
        let [a, b, c] = [t[0], t[1], t[2]].map(|k| k as usize);
        let n = (positions[b] - positions[a]).cross(positions[c] - positions[a]);
        if n.is_finite() {
            sums[a] += n;
            sums[b] += n;
            sums[c] += n;
        }
    }
    for n in &mut sums {
        let u = n.normalize_or_zero();
        *n = if u == Vec3::ZERO { Vec3::Y } else { u };
    }
    sums
}

/// Rejects a triangle-less result with a message that says what the file did contain.
fn no_triangles(skipped: usize, dropped: usize) -> LevelErrorKind {
    LevelErrorKind::NoTriangles(format!(
        "{dropped} triangles dropped, {skipped} non-triangle primitives skipped"
    ))
}
