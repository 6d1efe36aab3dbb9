//! A triangle in a query's eSpace: its vertices and unit normal (seed 001 12.3).

use glam::Vec3;

/// A triangle mapped into the eSpace frame of a query.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TriangleEs {
    /// Vertices, counter-clockwise about `normal_es`.
    pub vertices_es: [Vec3; 3],
    /// Unit normal in eSpace.
    pub normal_es: Vec3,
}

impl TriangleEs {
    /// From eSpace vertices; `None` if the triangle has no area in eSpace.
    ///
    /// The normal is computed in f64 (edges and cross product): a rotated ellipsoid's eSpace
    /// turns a level's long triangles into thin ones, whose f32 normal was off by enough to
    /// move face contacts by up to 2e-4 in t, 4e-5 eSpace, 50 m from the origin
    /// (`slidescope compare`, test `decomposed_face_hit_on_thin_espace_triangle_matches_reference`).
    /// The same normal the mesh stores for a sphere, of world vertices
    /// (`mesh::unit_normal_f64`).
    #[inline]
    pub fn new(vertices_es: [Vec3; 3]) -> Option<Self> {
        let [a, b, c] = vertices_es;
        let normal_es = crate::mesh::unit_normal_f64(a, b, c)?;
        Some(Self {
            vertices_es,
            normal_es,
        })
    }
}
