//! Grounded state from the contact extents of a move (seed 001 12.15, `CollExtentsMin/Max`).
//!
//! The extents are contact-point offsets from the ellipsoid centre (world). The lowest contact
//! has `y = min.y`; on an ellipsoid with radii `(rx, ry, rz)` a surface point at height
//! `y = −k·ry` has the world normal `(… , k/ry, …)` normalised, with `1 − k²` of the unit-sphere
//! normal spread horizontally. Its slope is therefore fixed by `k` alone (for `rx = rz`), so
//! "min y near −radii.y" and "the normal there is walkable" are one test: `k ≥ k_min(slope)`.
//! For `rx ≠ rz` the smaller horizontal radius is used, which is the steeper (stricter) case.

use glam::Vec3;

use crate::collision::{CollisionMesh, ContactExtents, Ellipsoid, Feature, SlideSettings, sweep};

/// The `y` component of the unit world normal of the ellipsoid surface at height `−k·ry`
/// below the centre (`k` in [0, 1]), for horizontal radius `r_h`.
pub fn ground_normal_y(k: f32, radii: Vec3) -> f32 {
    let k = k.clamp(0.0, 1.0);
    let r_h = radii.x.min(radii.z);
    let a = k / radii.y;
    let b2 = (1.0 - k * k) / (r_h * r_h);
    let len = (a * a + b2).sqrt();
    if len > 0.0 { a / len } else { 0.0 }
}

/// How far below the centre the lowest contact sits, as a fraction `k` of `radii.y`
/// (1 = the very bottom, 0 = level with the centre). `None` when nothing was touched.
pub fn lowest_contact_depth(extents: Option<ContactExtents>, radii: Vec3) -> Option<f32> {
    let e = extents?;
    let k = -e.min.y / radii.y;
    k.is_finite().then_some(k)
}

/// Grounded: the lowest contact point's surface normal is at most `max_slope_deg` from
/// vertical-up (and the point is below the centre).
pub fn is_grounded(extents: Option<ContactExtents>, radii: Vec3, max_slope_deg: f32) -> bool {
    let Some(k) = lowest_contact_depth(extents, radii) else {
        return false;
    };
    if k <= 0.0 {
        return false;
    }
    // A tiny tolerance so a flat floor (normal y = 1 up to rounding) always counts.
    ground_normal_y(k, radii) >= max_slope_deg.to_radians().cos() - 1e-4
}

/// Distance of the step-lip probe below the final position (m).
pub const LIP_PROBE_M: f32 = 0.01;

/// True when the move ended resting on a step lip rather than on ground or a steep face: the
/// lowest contact is within `max_step_height_m` of the ellipsoid's bottom, and a short sweep
/// down from `center` meets an edge or a vertex first (a face there is a slope, not a lip).
pub fn is_on_step_lip(
    mesh: &CollisionMesh,
    extents: Option<ContactExtents>,
    center: Vec3,
    radii: Vec3,
    max_step_height_m: f32,
    settings: &SlideSettings,
) -> bool {
    let Some(k) = lowest_contact_depth(extents, radii) else {
        return false;
    };
    if k * radii.y < radii.y - max_step_height_m {
        return false;
    }
    let Ok(e) = Ellipsoid::new(center, radii) else {
        return false;
    };
    match sweep(mesh, &e, Vec3::NEG_Y * LIP_PROBE_M, settings) {
        Ok(Some(hit)) => hit
            .contacts
            .first()
            .is_some_and(|c| matches!(c.feature, Feature::Edge(_) | Feature::Vertex(_))),
        _ => false,
    }
}
