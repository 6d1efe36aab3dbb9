//! The static collision mesh: world-space vertices, triangles and a per-triangle source id,
//! plus the BVH broad phase (seed 001 12.2.1: collision geometry is kept apart from render
//! geometry). Triangles are stored in BVH leaf order so a leaf's triangles are one contiguous
//! block; `slot_of` maps a triangle index back to its slot.
//!
//! Each triangle's unit normal is computed once, in f64 from its world vertices, and kept in
//! slot order: a sphere's detection reads it instead of building an f64 normal per test. An
//! ellipsoid's eSpace normal depends on its radii, so it still builds its own
//! (`TriangleEs::new`), as does every query of a moving object's mesh (posed vertices): there
//! the stored normals are not read.
//!
//! Memory, per triangle: leaf-ordered indices 12 B, normal 12 B, slot 4 B, source id 4 B, BVH
//! items 4 B and nodes ≈ 20 B, plus the shared vertices (≈ 9 B on real levels). The build keeps
//! no per-triangle boxes: the BVH asks for them.

// perf: a sphere reads stored normals, frame set-up inlined; sweep 796 → 688 ns, commit 539dea1

use glam::{Vec3, Vec3A};

use super::{Aabb, Bvh, CollisionError};

/// How many input triangles were dropped at build time, and why.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MeshBuildReport {
    /// Triangles handed to the builder.
    pub input_triangles: usize,
    /// Zero-area triangles (collinear or repeated vertices).
    pub dropped_degenerate: usize,
    /// Triangles with a NaN or infinite coordinate.
    pub dropped_non_finite: usize,
    /// Triangles with a vertex index past the end of the vertex array.
    pub dropped_bad_index: usize,
}

impl MeshBuildReport {
    pub fn dropped(&self) -> usize {
        self.dropped_degenerate + self.dropped_non_finite + self.dropped_bad_index
    }
}

/// One triangle of the collision mesh, in world space.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Triangle {
    /// Vertices, counter-clockwise seen from the front (the side `normal` points to).
    pub vertices: [Vec3; 3],
    /// Unit normal, `(v1 - v0) × (v2 - v0)` normalised.
    pub normal: Vec3,
}

/// A triangle soup ready for queries. Immutable once built.
#[derive(Debug, Clone)]
pub struct CollisionMesh {
    positions: Vec<Vec3>,
    /// Vertex indices of the triangle in BVH slot `k` (slot order = `bvh.items()` order).
    leaf_indices: Vec<[u32; 3]>,
    /// Unit normal of the triangle in slot `k` (`unit_normal_f64`), apart from the indices:
    /// only a sphere's detection reads it.
    // perf: not beside the indices; there it cost the ellipsoids' crowd 1.5 %, commit 539dea1
    slot_normals: Vec<Vec3>,
    /// BVH slot of triangle `i`.
    slot_of: Vec<u32>,
    /// Source id of triangle `i`.
    source_ids: Vec<u32>,
    bounds: Aabb,
    bvh: Bvh,
    report: MeshBuildReport,
}

impl CollisionMesh {
    /// Builds a mesh from world-space `positions` and `triangles` (vertex indices).
    /// `source_ids[i]` tags triangle `i` (a caller-defined id, e.g. a glTF primitive); pass an
    /// empty slice for all zeros. Degenerate, non-finite and out-of-range triangles are dropped
    /// and counted in [`CollisionMesh::report`]; surviving triangles keep their input order.
    ///
    /// Errors with [`CollisionError::EmptyMesh`] when no triangle survives.
    pub fn new(
        positions: Vec<Vec3>,
        triangles: &[[u32; 3]],
        source_ids: &[u32],
    ) -> Result<Self, CollisionError> {
        let mut report = MeshBuildReport {
            input_triangles: triangles.len(),
            ..Default::default()
        };
        let mut kept = Vec::with_capacity(triangles.len());
        let mut ids = Vec::with_capacity(triangles.len());
        for (i, tri) in triangles.iter().enumerate() {
            let Some(v) = tri
                .iter()
                .map(|&k| positions.get(k as usize).copied())
                .collect::<Option<Vec<Vec3>>>()
            else {
                report.dropped_bad_index += 1;
                continue;
            };
            if !(v[0].is_finite() && v[1].is_finite() && v[2].is_finite()) {
                report.dropped_non_finite += 1;
                continue;
            }
            if triangle_normal(v[0], v[1], v[2]).is_none() {
                report.dropped_degenerate += 1;
                continue;
            }
            kept.push(*tri);
            ids.push(source_ids.get(i).copied().unwrap_or(0));
        }
        if kept.is_empty() {
            return Err(CollisionError::EmptyMesh);
        }
        let tri_box = |i: u32| Aabb::from_points(&kept[i as usize].map(|k| positions[k as usize]));
        let bvh = Bvh::build(kept.len(), tri_box);
        let bounds = bvh.bounds();
        let leaf_indices: Vec<[u32; 3]> = bvh.items().iter().map(|&t| kept[t as usize]).collect();
        drop(kept);
        let slot_normals = leaf_indices
            .iter()
            .map(|tri| {
                let [a, b, c] = tri.map(|k| positions[k as usize]);
                // A kept triangle has an f32 normal. Its f64 one is missing only when the
                // three vertices lie exactly on a line (the f32 cross product of the rounded
                // edges was not zero): the f32 plane is the best there is for a sphere's test.
                unit_normal_f64(a, b, c)
                    .or_else(|| triangle_normal(a, b, c))
                    .unwrap_or(Vec3::Y)
            })
            .collect();
        let mut slot_of = vec![0u32; leaf_indices.len()];
        for (slot, &t) in bvh.items().iter().enumerate() {
            slot_of[t as usize] = slot as u32;
        }
        Ok(Self {
            positions,
            leaf_indices,
            slot_normals,
            slot_of,
            source_ids: ids,
            bounds,
            bvh,
            report,
        })
    }

    /// A mesh with no triangle: every sweep through it is clear. [`new`](Self::new) refuses an
    /// empty mesh (a level file without triangles is an error); this is for a caller that means
    /// "nothing to hit", such as a game whose probe sends an empty level. Its bounds are the
    /// empty box at the origin.
    pub fn empty() -> Self {
        Self {
            positions: Vec::new(),
            leaf_indices: Vec::new(),
            slot_normals: Vec::new(),
            slot_of: Vec::new(),
            source_ids: Vec::new(),
            bounds: Aabb::new(Vec3::ZERO, Vec3::ZERO),
            bvh: Bvh::build(0, |_| Aabb::new(Vec3::ZERO, Vec3::ZERO)),
            report: MeshBuildReport::default(),
        }
    }

    /// Convenience: a mesh from a list of world-space triangles (source id = triangle index).
    pub fn from_triangles(triangles: &[[Vec3; 3]]) -> Result<Self, CollisionError> {
        let positions: Vec<Vec3> = triangles.iter().flatten().copied().collect();
        let idx: Vec<[u32; 3]> = (0..triangles.len() as u32)
            .map(|i| [3 * i, 3 * i + 1, 3 * i + 2])
            .collect();
        let ids: Vec<u32> = (0..triangles.len() as u32).collect();
        Self::new(positions, &idx, &ids)
    }

    /// Number of triangles kept.
    pub fn triangle_count(&self) -> usize {
        self.slot_of.len()
    }

    /// Number of vertices (shared between triangles).
    pub fn vertex_count(&self) -> usize {
        self.positions.len()
    }

    /// Vertex indices of triangle `i`. Panics if `i >= triangle_count()` (an internal index).
    #[inline]
    pub fn triangle_indices(&self, i: u32) -> [u32; 3] {
        self.leaf_indices[self.slot_of[i as usize] as usize]
    }

    /// Triangle `i` in world space. Panics if `i >= triangle_count()` (an internal index).
    #[inline]
    pub fn triangle(&self, i: u32) -> Triangle {
        let vertices = self.triangle_indices(i).map(|k| self.positions[k as usize]);
        let [a, b, c] = vertices;
        Triangle {
            vertices,
            // Zero-area triangles were dropped at build time, so this is always `Some`.
            normal: triangle_normal(a, b, c).unwrap_or(Vec3::Y),
        }
    }

    /// Triangle `i`, or `None` when out of range (for indices that came from a file or the UI).
    pub fn get_triangle(&self, i: u32) -> Option<Triangle> {
        ((i as usize) < self.triangle_count()).then(|| self.triangle(i))
    }

    /// Vertices of the triangle in BVH slot `k` (see [`Bvh::items`]).
    #[inline]
    pub fn slot_vertices(&self, k: usize) -> [Vec3; 3] {
        self.leaf_indices[k].map(|i| self.positions[i as usize])
    }

    /// [`slot_normal`](Self::slot_normal) of triangle `i`. Panics if `i >= triangle_count()`.
    #[inline]
    pub fn stored_normal(&self, i: u32) -> Vec3 {
        self.slot_normals[self.slot_of[i as usize] as usize]
    }

    /// Unit normal of the triangle in BVH slot `k`, from its world vertices in f64
    /// (`unit_normal_f64`): a sphere's eSpace normal (the scan's, see `detect`).
    #[inline]
    pub fn slot_normal(&self, k: usize) -> Vec3 {
        self.slot_normals[k]
    }

    /// [`slot_vertices`](Self::slot_vertices) as SIMD vectors, each loaded straight from the
    /// vertex array.
    // perf: no `[Vec3; 3]` read back as lanes (store forwarding); ~7 % of a sweep, commit 02533f5
    #[inline]
    pub fn slot_vertices_a(&self, k: usize) -> [Vec3A; 3] {
        self.leaf_indices[k].map(|i| {
            let p = &self.positions[i as usize];
            Vec3A::new(p.x, p.y, p.z)
        })
    }

    /// The caller-defined source id of triangle `i`.
    pub fn source_id(&self, i: u32) -> u32 {
        self.source_ids.get(i as usize).copied().unwrap_or(0)
    }

    /// The shared vertex array (world space).
    pub fn positions(&self) -> &[Vec3] {
        &self.positions
    }

    /// World-space bounds of all kept triangles.
    pub fn bounds(&self) -> Aabb {
        self.bounds
    }

    pub fn bvh(&self) -> &Bvh {
        &self.bvh
    }

    /// What the builder dropped.
    pub fn report(&self) -> MeshBuildReport {
        self.report
    }

    /// Heap bytes held by the mesh and its BVH.
    pub fn heap_bytes(&self) -> usize {
        self.positions.capacity() * std::mem::size_of::<Vec3>()
            + self.leaf_indices.capacity() * std::mem::size_of::<[u32; 3]>()
            + self.slot_normals.capacity() * std::mem::size_of::<Vec3>()
            + (self.slot_of.capacity() + self.source_ids.capacity()) * std::mem::size_of::<u32>()
            + self.bvh.heap_bytes()
    }
}

/// Unit normal of a triangle computed in f64 (edges, cross product, length) and rounded to f32;
/// `None` if it has zero area (or its vertices are not finite). The mesh stores it of each
/// triangle's world vertices; [`TriangleEs::new`](crate::sweep::TriangleEs::new) builds it of
/// eSpace vertices.
#[inline]
pub fn unit_normal_f64(a: Vec3, b: Vec3, c: Vec3) -> Option<Vec3> {
    let [a, b, c] = [a.as_dvec3(), b.as_dvec3(), c.as_dvec3()];
    let n = (b - a).cross(c - a);
    let len = n.length();
    let u = (n / len).as_vec3();
    (len > 0.0 && len.is_finite() && u.is_finite()).then_some(u)
}

/// Unit normal of a triangle, `None` if it has zero area (or the area underflows).
pub fn triangle_normal(a: Vec3, b: Vec3, c: Vec3) -> Option<Vec3> {
    let n = (b - a).cross(c - a);
    let len = n.length();
    if len > 0.0 && len.is_finite() {
        let u = n / len;
        u.is_finite().then_some(u)
    } else {
        None
    }
}
