//! The eSpace frame of one query. eSpace is defined about the world origin (see
//! [`ESpace`]); the arithmetic runs relative to the query's start centre instead, so a level
//! 100 m from the origin keeps full f32 precision near the ellipsoid. Values in this frame are
//! "local eSpace"; [`Frame::to_es`] adds the origin back.

use glam::{Mat3, Vec3, Vec3A};

use super::{Aabb, ESpace, Ellipsoid};

#[derive(Debug, Clone, Copy)]
pub struct Frame {
    pub space: ESpace,
    /// World point mapped to local eSpace zero.
    pub origin: Vec3,
    origin_es: Vec3,
    /// `1 / radii` when the axes are the identity: the map is then a per-axis scale (the
    /// common case, and bit-identical to the matrix product).
    inv_radii: Option<Vec3>,
    /// World half-extents of the ellipsoid's bounding box.
    half_extents: Vec3,
    /// An axis-aligned ellipsoid with three equal radii, whose scan may read a mesh's stored
    /// normals: eSpace is a uniform scale of the world, so a triangle's eSpace normal is its
    /// world normal. Set by [`Frame::for_mesh`] only.
    sphere: bool,
}

impl Frame {
    #[inline(always)]
    pub fn new(ellipsoid: &Ellipsoid) -> Self {
        let space = ellipsoid.space();
        let abs_axes = Mat3::from_cols(
            ellipsoid.axes.x_axis.abs(),
            ellipsoid.axes.y_axis.abs(),
            ellipsoid.axes.z_axis.abs(),
        );
        Self {
            space,
            origin: ellipsoid.center,
            origin_es: space.point_to_es(ellipsoid.center),
            inv_radii: ellipsoid.is_axis_aligned().then(|| ellipsoid.radii.recip()),
            half_extents: abs_axes * ellipsoid.radii,
            sphere: false,
        }
    }

    /// The frame of `ellipsoid`'s query against a mesh whose box is `bounds`. A sphere's frame
    /// reads the mesh's stored normals (see `detect`) where every vertex maps to finite local
    /// eSpace, from this origin or from any other within reach of the box (the exact contact's
    /// rebasing): the box's corners map within a quarter of f32's range (the map is monotonic
    /// per axis, so the corners bound every point inside). Otherwise, for any other ellipsoid
    /// and for a frame made by [`Frame::new`], each triangle's normal is built per test.
    #[inline(always)]
    pub fn for_mesh(ellipsoid: &Ellipsoid, bounds: Aabb) -> Self {
        let r = ellipsoid.radii;
        // The map of `local_es` for an axis-aligned ellipsoid, from the ellipsoid's own fields.
        // perf: not the frame's fresh fields (store forwarding); +20 ns a sweep, commit 1af4ce8
        let (centre, inv) = (Vec3A::from(ellipsoid.center), Vec3A::from(r.recip()));
        let within = |p: Vec3| {
            let local = (Vec3A::from(p) - centre) * inv;
            local.abs().cmplt(Vec3A::splat(f32::MAX / 4.0)).all()
        };
        Self {
            sphere: ellipsoid.is_axis_aligned()
                && r.x == r.y
                && r.y == r.z
                && within(bounds.min)
                && within(bounds.max),
            ..Self::new(ellipsoid)
        }
    }

    /// The same frame about another world point (the exact contact's re-centring: a frame
    /// 1,000 radii from where the ellipsoid now is quantizes its local eSpace to ~6e-5).
    pub fn rebased(&self, origin: Vec3) -> Self {
        Self {
            origin,
            origin_es: self.space.point_to_es(origin),
            ..*self
        }
    }

    /// Does this frame's scan read the mesh's stored normals ([`Frame::for_mesh`])?
    #[inline]
    pub fn is_sphere(&self) -> bool {
        self.sphere
    }

    /// World point → local eSpace.
    #[inline]
    pub fn local_es(&self, p: Vec3) -> Vec3 {
        self.local_es_a(p.into())
    }
    /// [`local_es`](Self::local_es) of a point already in SIMD lanes (the BVH scan loads a
    /// leaf's vertices that way). Lane arithmetic is the same IEEE f32 operations as the
    /// scalar form, so both give the same bits.
    #[inline]
    pub fn local_es_a(&self, p: Vec3A) -> Vec3 {
        match self.inv_radii {
            Some(inv) => ((p - Vec3A::from(self.origin)) * Vec3A::from(inv)).into(),
            None => self.space.vector_to_es(Vec3::from(p) - self.origin),
        }
    }
    /// A world triangle's vertices in local eSpace.
    // perf: written out, not an array `map` (store forwarding); 8 % of the crowd, commit 872fdc6
    #[inline(always)]
    pub fn triangle_local_es(&self, [a, b, c]: [Vec3; 3]) -> [Vec3; 3] {
        self.triangle_local_es_a([a.into(), b.into(), c.into()])
    }
    /// [`triangle_local_es`](Self::triangle_local_es) of vertices already in lanes.
    #[inline(always)]
    pub fn triangle_local_es_a(&self, [a, b, c]: [Vec3A; 3]) -> [Vec3; 3] {
        [self.local_es_a(a), self.local_es_a(b), self.local_es_a(c)]
    }
    /// Local eSpace → eSpace about the world origin.
    #[inline]
    pub fn local_to_es(&self, p_local_es: Vec3) -> Vec3 {
        p_local_es + self.origin_es
    }
    /// Local eSpace → world point.
    #[inline]
    pub fn local_to_world(&self, p_local_es: Vec3) -> Vec3 {
        self.origin + self.space.vector_to_world(p_local_es)
    }

    /// World half-extents of the ellipsoid's box, grown by `margin_es` eSpace units.
    pub fn bounds_half_extents(&self, margin_es: f32) -> Vec3 {
        self.half_extents * (1.0 + margin_es) + Vec3::splat(1e-5)
    }

    /// World box of the ellipsoid swept from `c_local` along `v_local` (local eSpace), grown by
    /// `margin_es` eSpace units so contacts at the skin distance are not missed.
    pub fn swept_bounds(&self, c_local: Vec3, v_local: Vec3, margin_es: f32) -> Aabb {
        let start = self.local_to_world(c_local);
        let end = self.local_to_world(c_local + v_local);
        let h = self.bounds_half_extents(margin_es);
        Aabb::new(start.min(end) - h, start.max(end) + h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_sphere_that_maps_the_mesh_box_finitely_reads_stored_normals() {
        let bounds = Aabb::new(Vec3::splat(-1e3), Vec3::splat(1e3));
        let frame = |e: Ellipsoid| Frame::for_mesh(&e, bounds);
        assert!(frame(Ellipsoid::sphere(Vec3::ZERO, 0.5).unwrap()).is_sphere());
        assert!(!Frame::new(&Ellipsoid::sphere(Vec3::ZERO, 0.5).unwrap()).is_sphere());
        assert!(!frame(Ellipsoid::new(Vec3::ZERO, Vec3::new(0.4, 0.9, 0.4)).unwrap()).is_sphere());
        let turned = glam::Mat3::from_cols(Vec3::new(0.0, 0.0, -1.0), Vec3::Y, Vec3::X);
        let e = Ellipsoid::with_axes(Vec3::ZERO, Vec3::splat(0.5), turned).unwrap();
        assert!(!frame(e).is_sphere());
        // 1e3 m over a 1e-37 m radius is past a quarter of f32's range.
        assert!(!frame(Ellipsoid::sphere(Vec3::ZERO, 1e-37).unwrap()).is_sphere());
        assert!(frame(Ellipsoid::sphere(Vec3::ZERO, 1e-30).unwrap()).is_sphere());
    }
}
