//! The world / ellipsoid-space switch of the 3D view (seed 001 12.2.4, figs. 12.10–12.12): one
//! linear map applied by the renderer to everything it draws — level, ellipsoids, sweeps,
//! contacts, planes — so the scene built in world space is shown in eSpace without re-computing
//! anything.
//!
//! The map is the frame's eSpace map `diag(1/r)·Aᵀ` (see [`ESpace`]) followed by the rotation
//! `A` back onto the world axes, i.e. `A·diag(1/r)·Aᵀ`: the ellipsoid becomes the unit sphere
//! and the camera keeps its orientation (the extra rotation preserves lengths and angles, so
//! it shows eSpace faithfully). It is applied about a pivot (the ellipsoid's centre at the
//! cursor) instead of the world origin — a translation, which keeps the view centred. `blend`
//! goes linearly from the identity (world, 0) to that map (eSpace, 1); both ends are
//! symmetric positive definite, so every blend is invertible.
//!
//! Normals are covectors: under a linear map `L` a surface normal becomes `L⁻ᵀ n`. Arrows the
//! scene marks as normals ([`DebugScene::normals`](super::DebugScene)) are re-aimed by
//! [`SpaceMap::normal_arrow`] so they stay perpendicular to the mapped surface (in eSpace the
//! contact normal points from the contact to the unit sphere's centre).

use glam::{Mat3, Mat4, Vec3};

use super::Camera;
use crate::collision::ESpace;

/// A linear map about a pivot: `p ↦ pivot + linear · (p − pivot)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpaceMap {
    pub linear: Mat3,
    /// World point that stays in place.
    pub pivot: Vec3,
}

impl Default for SpaceMap {
    fn default() -> Self {
        Self::IDENTITY
    }
}

impl SpaceMap {
    /// World space.
    pub const IDENTITY: Self = Self {
        linear: Mat3::IDENTITY,
        pivot: Vec3::ZERO,
    };

    /// The view `blend` (0 world … 1 eSpace, clamped) of the ellipsoid with `radii` (m) and
    /// principal `axes` (columns), about `pivot` (world). Radii that are not finite and > 0
    /// give the identity.
    pub fn espace_blend(radii: Vec3, axes: Mat3, pivot: Vec3, blend: f32) -> Self {
        let b = if blend.is_finite() {
            blend.clamp(0.0, 1.0)
        } else {
            0.0
        };
        if b == 0.0 || !(radii.is_finite() && radii.min_element() > 0.0) || !pivot.is_finite() {
            return Self::IDENTITY;
        }
        let to_es = ESpace::new(radii, axes).world_to_es();
        let full = axes * to_es;
        let linear = Mat3::IDENTITY * (1.0 - b) + full * b;
        if !(linear.is_finite() && linear.determinant() > 1e-12) {
            return Self::IDENTITY;
        }
        Self { linear, pivot }
    }

    pub fn is_identity(&self) -> bool {
        self.linear == Mat3::IDENTITY
    }

    /// World point → displayed point.
    pub fn point(&self, p: Vec3) -> Vec3 {
        self.pivot + self.linear * (p - self.pivot)
    }

    /// Displayed point → world point.
    pub fn unmap_point(&self, p: Vec3) -> Vec3 {
        self.pivot + self.linear.inverse() * (p - self.pivot)
    }

    /// Displayed direction → world direction (unit).
    pub fn unmap_dir(&self, d: Vec3) -> Vec3 {
        (self.linear.inverse() * d).normalize_or_zero()
    }

    /// The 4×4 matrix of [`SpaceMap::point`] (for the shaders).
    pub fn matrix(&self) -> Mat4 {
        let t = self.pivot - self.linear * self.pivot;
        Mat4::from_cols(
            self.linear.x_axis.extend(0.0),
            self.linear.y_axis.extend(0.0),
            self.linear.z_axis.extend(0.0),
            t.extend(1.0),
        )
    }

    /// The inverse transpose of the linear part (for shading normals).
    pub fn normal_matrix(&self) -> Mat3 {
        self.linear.inverse().transpose()
    }

    /// The world-space vector to draw for a normal arrow `vector` (world) so that, once
    /// mapped, it points along the mapped surface normal `L⁻ᵀ n` with the same displayed
    /// length as `vector`.
    pub fn normal_arrow(&self, vector: Vec3) -> Vec3 {
        if self.is_identity() {
            return vector;
        }
        let len = vector.length();
        let shown = self.normal_matrix() * vector;
        self.linear.inverse() * (shown.normalize_or_zero() * len)
    }

    /// The camera for the mapped view: the target mapped, the eye kept at the same offset
    /// (so the camera's distance and direction stay what the rig chose).
    pub fn camera(&self, camera: Camera) -> Camera {
        let target = self.point(camera.target);
        Camera {
            eye: target + (camera.eye - camera.target),
            target,
            ..camera
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const R: Vec3 = Vec3::new(0.4, 0.9, 0.4);

    #[test]
    fn full_blend_turns_the_ellipsoid_into_the_unit_sphere_about_its_centre() {
        let c = Vec3::new(3.0, 1.0, -2.0);
        let m = SpaceMap::espace_blend(R, Mat3::IDENTITY, c, 1.0);
        assert!((m.point(c) - c).length() < 1e-6);
        for d in [Vec3::X * R.x, Vec3::Y * R.y, Vec3::Z * R.z] {
            assert!(((m.point(c + d) - c).length() - 1.0).abs() < 1e-5);
        }
        assert_eq!(
            SpaceMap::espace_blend(R, Mat3::IDENTITY, c, 0.0),
            SpaceMap::IDENTITY
        );
        let half = SpaceMap::espace_blend(R, Mat3::IDENTITY, c, 0.5);
        let y = (half.point(c + Vec3::Y * R.y) - c).length();
        assert!((y - (0.9 * 0.5 + 0.5)).abs() < 1e-5, "{y}");
    }

    #[test]
    fn rotated_axes_map_the_ellipsoid_to_the_unit_sphere_too() {
        let axes = Mat3::from_quat(glam::Quat::from_euler(glam::EulerRot::XYZ, 0.3, -0.7, 1.1));
        let m = SpaceMap::espace_blend(R, axes, Vec3::ZERO, 1.0);
        for (i, r) in R.to_array().into_iter().enumerate() {
            let p = axes.col(i) * r;
            assert!((m.point(p).length() - 1.0).abs() < 1e-5);
        }
        let p = Vec3::new(0.3, -1.0, 2.0);
        assert!((m.unmap_point(m.point(p)) - p).length() < 1e-5);
    }

    #[test]
    fn normal_arrows_stay_perpendicular_to_the_mapped_surface() {
        // A slope: plane with world normal n through the origin; u lies in it.
        let n = Vec3::new(0.0, 0.9, 0.4).normalize();
        let u = Vec3::new(0.0, -0.4, 0.9);
        let m = SpaceMap::espace_blend(R, Mat3::IDENTITY, Vec3::ZERO, 0.7);
        let shown = m.linear * m.normal_arrow(n * 0.5);
        assert!(shown.dot(m.linear * u).abs() < 1e-5, "{shown}");
        assert!((shown.length() - 0.5).abs() < 1e-5);
        assert!(shown.dot(m.linear * n) > 0.0, "keeps its side");
    }

    #[test]
    fn degenerate_inputs_give_the_identity() {
        for r in [Vec3::ZERO, Vec3::splat(f32::NAN), Vec3::new(1.0, -1.0, 1.0)] {
            assert!(SpaceMap::espace_blend(r, Mat3::IDENTITY, Vec3::ZERO, 1.0).is_identity());
        }
        assert!(SpaceMap::espace_blend(R, Mat3::IDENTITY, Vec3::ZERO, f32::NAN).is_identity());
    }
}
