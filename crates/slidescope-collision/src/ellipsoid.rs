//! The ellipsoid and its eSpace map (seed 001 12.2.4, seed 000 §3 for arbitrary axes).
//!
//! eSpace is the linear map that turns the ellipsoid into a unit sphere:
//! `v_es = diag(1/r) · Aᵀ · v` where the columns of `A` are the ellipsoid's principal axes in
//! world space. Points are mapped about the world origin, exactly as seed 001 divides positions
//! by the radius vector. Normals go back to world space through the inverse transpose
//! (`A · diag(1/r)`) and are re-normalised (seed 002: the gradient of the ellipsoid surface).

use glam::{Mat3, Vec3};

use super::CollisionError;

/// Largest deviation from orthonormal accepted for `axes` (|AᵀA − I| elementwise).
pub const AXES_TOLERANCE: f32 = 1e-4;

/// An ellipsoid in world space.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ellipsoid {
    /// Centre, world space (metres).
    pub center: Vec3,
    /// Semi-axis lengths along the three principal axes (metres), all > 0.
    pub radii: Vec3,
    /// Principal axes as the columns of an orthonormal matrix (world space). Identity for the
    /// common axis-aligned case.
    pub axes: Mat3,
}

impl Ellipsoid {
    /// An axis-aligned ellipsoid. Errors on non-finite centre or radii that are not finite and > 0.
    #[inline]
    pub fn new(center: Vec3, radii: Vec3) -> Result<Self, CollisionError> {
        Self::with_axes(center, radii, Mat3::IDENTITY)
    }

    /// A sphere of `radius` metres.
    #[inline]
    pub fn sphere(center: Vec3, radius: f32) -> Result<Self, CollisionError> {
        Self::new(center, Vec3::splat(radius))
    }

    /// An ellipsoid with arbitrary principal axes (columns of `axes`, must be orthonormal).
    #[inline]
    pub fn with_axes(center: Vec3, radii: Vec3, axes: Mat3) -> Result<Self, CollisionError> {
        let e = Self {
            center,
            radii,
            axes,
        };
        e.validate()?;
        Ok(e)
    }

    /// Checks the invariants; every query calls this on its input.
    // perf: inlined, no store-forwarding stall; set-up 116 → 106 ns (~10 %), commit 2c1f2e7
    #[inline]
    pub fn validate(&self) -> Result<(), CollisionError> {
        if !self.center.is_finite() {
            return Err(CollisionError::NonFiniteCenter(self.center.to_array()));
        }
        if !self.radii.is_finite() || self.radii.min_element() <= 0.0 {
            return Err(CollisionError::BadRadii(self.radii.to_array()));
        }
        if self.axes == Mat3::IDENTITY {
            return Ok(());
        }
        self.validate_axes()
    }

    /// The rotated ellipsoid's check: orthonormal, right-handed axes.
    fn validate_axes(&self) -> Result<(), CollisionError> {
        let gram = self.axes.transpose() * self.axes;
        let dev = (gram - Mat3::IDENTITY)
            .to_cols_array()
            .iter()
            .fold(0.0f32, |m, v| {
                if v.is_nan() {
                    f32::INFINITY
                } else {
                    m.max(v.abs())
                }
            });
        if dev > AXES_TOLERANCE || self.axes.determinant() <= 0.0 {
            return Err(CollisionError::AxesNotOrthonormal(dev));
        }
        Ok(())
    }

    /// True when the axes are the identity (the fast, seed-001 case).
    pub fn is_axis_aligned(&self) -> bool {
        self.axes == Mat3::IDENTITY
    }

    /// The eSpace map of this ellipsoid.
    #[inline(always)]
    pub fn space(&self) -> ESpace {
        ESpace::new(self.radii, self.axes)
    }
}

/// The linear maps between world space and eSpace for one ellipsoid shape.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ESpace {
    world_to_es: Mat3,
    es_to_world: Mat3,
    normal_es_to_world: Mat3,
}

impl ESpace {
    /// Builds the map for `radii` (> 0) and orthonormal `axes` (columns).
    #[inline(always)]
    pub fn new(radii: Vec3, axes: Mat3) -> Self {
        let inv_r = radii.recip();
        // An axis-aligned ellipsoid's maps are the diagonals themselves. The same bits: each
        // diagonal entry is a radius (or its reciprocal) times 1 plus zero terms, and each
        // off-diagonal sum holds a `1 · 0 = +0` term, so it is `+0` even where the axes hold a
        // `-0.0`. Not for a reciprocal that overflows (a subnormal radius), where the products
        // give `inf · 0 = NaN`.
        // perf: diagonals, not three 3×3 products; three.js walks 523 → 516 ns, commit b50ad94
        if axes == Mat3::IDENTITY && inv_r.is_finite() {
            return Self {
                world_to_es: Mat3::from_diagonal(inv_r),
                es_to_world: Mat3::from_diagonal(radii),
                normal_es_to_world: Mat3::from_diagonal(inv_r),
            };
        }
        let world_to_es = Mat3::from_diagonal(inv_r) * axes.transpose();
        let es_to_world = axes * Mat3::from_diagonal(radii);
        let normal_es_to_world = axes * Mat3::from_diagonal(inv_r);
        Self {
            world_to_es,
            es_to_world,
            normal_es_to_world,
        }
    }

    /// World point → eSpace point (linear, about the world origin).
    #[inline]
    pub fn point_to_es(&self, p: Vec3) -> Vec3 {
        self.world_to_es * p
    }
    /// World displacement → eSpace displacement.
    #[inline]
    pub fn vector_to_es(&self, v: Vec3) -> Vec3 {
        self.world_to_es * v
    }
    /// eSpace point → world point.
    #[inline]
    pub fn point_to_world(&self, p_es: Vec3) -> Vec3 {
        self.es_to_world * p_es
    }
    /// eSpace displacement → world displacement.
    #[inline]
    pub fn vector_to_world(&self, v_es: Vec3) -> Vec3 {
        self.es_to_world * v_es
    }
    /// eSpace surface normal → unit world normal (inverse transpose, then normalised).
    #[inline]
    pub fn normal_to_world(&self, n_es: Vec3) -> Vec3 {
        (self.normal_es_to_world * n_es).normalize_or_zero()
    }
    /// World normal → unit eSpace normal (transpose of `es_to_world`, then normalised).
    #[inline]
    pub fn normal_to_es(&self, n: Vec3) -> Vec3 {
        (self.es_to_world.transpose() * n).normalize_or_zero()
    }
    /// The world → eSpace matrix.
    pub fn world_to_es(&self) -> Mat3 {
        self.world_to_es
    }
    /// The eSpace → world matrix.
    pub fn es_to_world(&self) -> Mat3 {
        self.es_to_world
    }
}

#[cfg(test)]
mod tests {
    use glam::{Mat3, Vec3};

    use super::ESpace;

    /// The axis-aligned maps built as diagonals carry the very bits of the 3×3 products, for
    /// ordinary, tiny, huge and subnormal radii, and for identity axes written with `-0.0`.
    #[test]
    fn axis_aligned_maps_equal_the_products_bit_for_bit() {
        let bits = |m: Mat3| m.to_cols_array().map(f32::to_bits);
        let negative_zeros =
            Mat3::from_cols_array(&[1.0, -0.0, -0.0, -0.0, 1.0, -0.0, -0.0, -0.0, 1.0]);
        for radii in [
            Vec3::new(0.4, 0.9, 0.4),
            Vec3::splat(0.5),
            Vec3::new(1e-30, 3.0, 7e12),
            Vec3::new(1e-39, 1.0, 2.0),
        ] {
            for axes in [Mat3::IDENTITY, negative_zeros] {
                let got = ESpace::new(radii, axes);
                let inv = radii.recip();
                let products = [
                    Mat3::from_diagonal(inv) * axes.transpose(),
                    axes * Mat3::from_diagonal(radii),
                    axes * Mat3::from_diagonal(inv),
                ];
                let got = [got.world_to_es, got.es_to_world, got.normal_es_to_world];
                for (g, want) in got.into_iter().zip(products) {
                    assert_eq!(bits(g), bits(want), "radii {radii}, axes {axes}");
                }
            }
        }
    }
}
