//! A level prepared for comparisons: the mesh, its merged coplanar polygons and the BVH
//! candidates of a query.

use glam::{Mat3, Vec3};
use slidescope_collision::solvers::{ConvexPolygon, MergeReport, SolverQuery, merge_coplanar};
use slidescope_collision::{Aabb, CollisionMesh};

/// A level prepared for comparisons: the mesh and its merged polygons.
pub struct Scene<'a> {
    pub mesh: &'a CollisionMesh,
    pub polygons: Vec<ConvexPolygon>,
    pub polygon_of: Vec<u32>,
    pub merge: MergeReport,
}

impl<'a> Scene<'a> {
    pub fn new(mesh: &'a CollisionMesh) -> Self {
        let (polygons, polygon_of, merge) = merge_coplanar(mesh);
        Self {
            mesh,
            polygons,
            polygon_of,
            merge,
        }
    }

    /// Candidate triangles of a query, ascending: the BVH box query of the swept ellipsoid.
    pub fn candidates(&self, q: &SolverQuery, out: &mut Vec<u32>) {
        out.clear();
        let e = &q.ellipsoid;
        let abs = Mat3::from_cols(
            e.axes.x_axis.abs(),
            e.axes.y_axis.abs(),
            e.axes.z_axis.abs(),
        );
        let h = abs * e.radii * 1.01 + Vec3::splat(1e-3);
        let (a, b) = (e.center, e.center + q.velocity);
        self.mesh
            .bvh()
            .query(&Aabb::new(a.min(b) - h, a.max(b) + h), out);
        out.sort_unstable();
    }
}
