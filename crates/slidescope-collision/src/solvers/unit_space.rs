//! The ellipsoid's unit-sphere space as the seeds write it (seed 000 §4, seed 002), and a
//! polygon's normal, shared by every solver.

use glam::{Mat3, Vec3};

use crate::Ellipsoid;

/// The ellipsoid's maps in the form the seeds use, relative to its start centre.
///
/// `unit_to_world = axes · diag(radii)` (seed 000 §4 `M_unit→ellipsoid`), its inverse
/// `world_to_unit = diag(1/radii) · axesᵀ`, and the inverse transpose for normals
/// (`axes · diag(1/radii)`, seed 002's gradient).
#[derive(Debug, Clone, Copy)]
pub(crate) struct UnitSpace {
    pub center: Vec3,
    pub unit_to_world: Mat3,
    pub world_to_unit: Mat3,
    pub normal_to_world: Mat3,
}

impl UnitSpace {
    pub fn new(e: &Ellipsoid) -> Self {
        let r = e.radii;
        Self {
            center: e.center,
            unit_to_world: e.axes * Mat3::from_diagonal(r),
            world_to_unit: Mat3::from_diagonal(r.recip()) * e.axes.transpose(),
            normal_to_world: e.axes * Mat3::from_diagonal(r.recip()),
        }
    }
    /// World point → unit-sphere space, relative to the start centre.
    #[inline]
    pub fn point(&self, p: Vec3) -> Vec3 {
        self.world_to_unit * (p - self.center)
    }
    /// Unit-sphere space (relative) → world point.
    #[inline]
    pub fn point_to_world(&self, p: Vec3) -> Vec3 {
        self.center + self.unit_to_world * p
    }
    /// Unit-sphere normal → unit world normal.
    #[inline]
    pub fn normal(&self, n: Vec3) -> Vec3 {
        (self.normal_to_world * n).normalize_or_zero()
    }
}

/// Unit normal of a planar polygon (counter-clockwise about it), by Newell's method in f64
/// relative to the first vertex. Levels hold slivers (T-junction triangles with areas of
/// 1e-7 m² and edges of metres); an f32 cross product gets their normal wrong by up to a
/// radian, and a method that projects the vertices onto the plane (seed 000, seed 004) then
/// moves them by decimetres. `None` for a degenerate polygon.
pub fn polygon_normal(points: &[Vec3]) -> Option<Vec3> {
    let n = points.len();
    if n < 3 {
        return None;
    }
    let o = points[0].as_dvec3();
    let mut acc = glam::DVec3::ZERO;
    for i in 0..n {
        let p = points[i].as_dvec3() - o;
        let q = points[(i + 1) % n].as_dvec3() - o;
        acc += p.cross(q);
    }
    let len = acc.length();
    let u = (acc / len).as_vec3();
    (len > 0.0 && len.is_finite() && u.is_finite()).then_some(u)
}
