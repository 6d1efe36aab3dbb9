//! The static sphere–polygon overlap test of seed 004 ("is it inside right now?"), with its
//! readers' two corrections behind a switch, for before/after comparisons.
//!
//! The blog's three checks, for a sphere (centre `c`, radius `r`) and a convex polygon:
//! 1. `|d| < r` with `d` the signed distance of `c` to the polygon's plane, else no overlap;
//! 2. the projection `i = c − d·N` inside the polygon (by the blog's angle sum: the angles
//!    subtended by the edges at `i` add up to 360°): overlap;
//! 3. for each edge `P₀ → P₁` with unit direction `E`: `cd = (i − P₀)·E`, the closest point
//!    `P₀ + cd·E`, overlap if its distance to `i` is below the radius.
//!
//! As published, step 3 compares an in-plane distance with the sphere's whole radius and uses
//! the infinite line through the edge. The readers' corrections (comments 2 and 3):
//! - [`StaticCorrections::plane_circle_radius`]: the sphere cuts the plane in a circle of radius
//!   `√(r² − d²)`; compare with that;
//! - [`StaticCorrections::clamp_to_segment`]: clamp `cd` to `[0, |P₁ − P₀|]` so the closest
//!   point lies on the edge segment.
//!
//! Both uncorrected forms only ever *add* overlaps (false positives): a sphere whose plane
//! circle is smaller than `r`, and a sphere beside the extension of an edge. With both
//! corrections the test is exact (it is then `distance(c, polygon) < r`).
//!
//! [`static_overlap`] runs it for an ellipsoid in eSpace (the unit sphere, seed 001 12.2.4).

use glam::Vec3;

use super::UnitSpace;
use crate::Ellipsoid;

/// The readers' corrections of seed 004, each on its own switch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct StaticCorrections {
    /// Use the plane circle's radius `√(r² − d²)` in the edge test (comment 3).
    pub plane_circle_radius: bool,
    /// Clamp the closest point to the edge segment (comment 2).
    pub clamp_to_segment: bool,
}

impl StaticCorrections {
    /// The blog as published.
    pub const NONE: Self = Self {
        plane_circle_radius: false,
        clamp_to_segment: false,
    };
    /// Both corrections: exact.
    pub const BOTH: Self = Self {
        plane_circle_radius: true,
        clamp_to_segment: true,
    };
}

/// Which step of the test decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StaticStep {
    /// Step 1: farther than the radius from the plane (or a degenerate polygon).
    OutsidePlane,
    /// Step 2: the projected centre is inside the polygon.
    CentreInside,
    /// Step 3: edge `i` (from vertex `i` to `i + 1`) is within the radius.
    Edge(u8),
    /// Step 3 found no edge within the radius.
    NoEdge,
}

/// The outcome of the static test, in the space it ran in (world for [`static_overlap`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StaticOverlap {
    pub overlaps: bool,
    pub step: StaticStep,
    /// The projected centre `i` on the polygon's plane.
    pub projected_center: Vec3,
    /// The point the deciding step measured to (the projected centre for step 2, the closest
    /// edge point for step 3), if any.
    pub closest: Option<Vec3>,
}

/// Seed 004's sphere–polygon test (any one space). `polygon` is convex and planar.
pub fn sphere_polygon_overlap(
    center: Vec3,
    radius: f32,
    polygon: &[Vec3],
    corrections: StaticCorrections,
) -> StaticOverlap {
    let n = polygon.len();
    let mut out = StaticOverlap {
        overlaps: false,
        step: StaticStep::OutsidePlane,
        projected_center: center,
        closest: None,
    };
    if n < 3 {
        return out;
    }
    let p0 = polygon[0];
    let Some(normal) = super::polygon_normal(polygon) else {
        return out;
    };
    // Step 1.
    let d = (center - p0).dot(normal);
    if d.is_nan() || d.abs() >= radius {
        return out;
    }
    // Step 2: angle sum at the projected centre.
    let i = center - normal * d;
    out.projected_center = i;
    let mut sum = 0.0f32;
    let mut on_vertex = false;
    for k in 0..n {
        let a = polygon[k] - i;
        let b = polygon[(k + 1) % n] - i;
        let (la, lb) = (a.length(), b.length());
        if !(la > 1e-12 && lb > 1e-12) {
            on_vertex = true;
            break;
        }
        sum += (a.dot(b) / (la * lb)).clamp(-1.0, 1.0).acos();
    }
    if on_vertex || (sum - std::f32::consts::TAU).abs() < 1e-3 {
        out.overlaps = true;
        out.step = StaticStep::CentreInside;
        out.closest = Some(i);
        return out;
    }
    // Step 3.
    let reach = if corrections.plane_circle_radius {
        (radius * radius - d * d).max(0.0).sqrt()
    } else {
        radius
    };
    out.step = StaticStep::NoEdge;
    for k in 0..n {
        let (a, b) = (polygon[k], polygon[(k + 1) % n]);
        let len = (b - a).length();
        if len.is_nan() || len <= 0.0 {
            continue;
        }
        let e = (b - a) / len;
        let mut cd = (i - a).dot(e);
        if corrections.clamp_to_segment {
            cd = cd.clamp(0.0, len);
        }
        let closest = a + e * cd;
        if (i - closest).length() < reach {
            out.overlaps = true;
            out.step = StaticStep::Edge(k.min(255) as u8);
            out.closest = Some(closest);
            return out;
        }
    }
    out
}

/// Seed 004 for an ellipsoid: the test on the unit sphere in eSpace (relative to the centre),
/// points mapped back to world.
pub fn static_overlap(
    ellipsoid: &Ellipsoid,
    polygon: &[Vec3],
    corrections: StaticCorrections,
) -> StaticOverlap {
    let us = UnitSpace::new(ellipsoid);
    let mut stack = [Vec3::ZERO; 16];
    let mut heap = Vec::new();
    let local: &mut [Vec3] = if polygon.len() <= stack.len() {
        &mut stack[..polygon.len()]
    } else {
        heap.resize(polygon.len(), Vec3::ZERO);
        &mut heap
    };
    for (o, p) in local.iter_mut().zip(polygon) {
        *o = us.point(*p);
    }
    let mut r = sphere_polygon_overlap(Vec3::ZERO, 1.0, local, corrections);
    r.projected_center = us.point_to_world(r.projected_center);
    r.closest = r.closest.map(|p| us.point_to_world(p));
    r
}
