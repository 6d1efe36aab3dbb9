//! Ray casts against the collision mesh (world space): picking a triangle under the mouse, the
//! third-person camera's line of sight, finding the floor under a point. Möller–Trumbore per
//! triangle, both sides, through the same best-first BVH walk as detection.

use glam::Vec3;

use super::{CollisionError, CollisionMesh};

/// The nearest triangle a ray hits.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RayHit {
    pub triangle: u32,
    /// Distance from the origin along the (unit) direction, metres.
    pub distance: f32,
    pub point: Vec3,
    /// The triangle's unit normal, turned to face the ray's origin.
    pub normal: Vec3,
    /// True when the ray hit the triangle's front side.
    pub front: bool,
}

/// The nearest hit of the ray `origin + s · dir` for `s` in `[0, max_distance]` (`dir` need not
/// be unit; distances are in metres along it). Ties go to the lowest triangle index.
pub fn raycast(
    mesh: &CollisionMesh,
    origin: Vec3,
    dir: Vec3,
    max_distance: f32,
) -> Result<Option<RayHit>, CollisionError> {
    if !origin.is_finite() {
        return Err(CollisionError::NonFiniteCenter(origin.to_array()));
    }
    let len = dir.length();
    if !(dir.is_finite() && len > 0.0 && max_distance.is_finite() && max_distance >= 0.0) {
        return Err(CollisionError::NonFiniteVelocity(dir.to_array()));
    }
    let dir = dir / len;
    let delta = dir * max_distance;
    let items = mesh.bvh().items();
    let mut best: Option<(f32, u32, Vec3)> = None;
    mesh.bvh()
        .sweep_query(origin, delta, Vec3::splat(1e-6), &mut Vec::new(), |slots| {
            for k in slots {
                let ti = items[k];
                let Some(s) = ray_triangle(origin, dir, mesh.slot_vertices(k)) else {
                    continue;
                };
                if s > max_distance {
                    continue;
                }
                let better = best.is_none_or(|(bs, bt, _)| s < bs || (s == bs && ti < bt));
                if better {
                    best = Some((s, ti, mesh.triangle(ti).normal));
                }
            }
            best.map_or(1.0, |(s, _, _)| {
                if max_distance > 0.0 {
                    s / max_distance
                } else {
                    0.0
                }
            })
        });
    Ok(best.map(|(s, triangle, n)| {
        let front = n.dot(dir) < 0.0;
        RayHit {
            triangle,
            distance: s,
            point: origin + dir * s,
            normal: if front { n } else { -n },
            front,
        }
    }))
}

/// Möller–Trumbore, two-sided: distance along the unit `dir`, if the ray hits at `s >= 0`.
#[inline]
fn ray_triangle(origin: Vec3, dir: Vec3, [a, b, c]: [Vec3; 3]) -> Option<f32> {
    let e1 = b - a;
    let e2 = c - a;
    let p = dir.cross(e2);
    let det = e1.dot(p);
    if det.abs() < 1e-12 {
        return None;
    }
    let inv = 1.0 / det;
    let t = origin - a;
    let u = t.dot(p) * inv;
    if !(0.0..=1.0).contains(&u) {
        return None;
    }
    let q = t.cross(e1);
    let v = dir.dot(q) * inv;
    if v < 0.0 || u + v > 1.0 {
        return None;
    }
    let s = e2.dot(q) * inv;
    (s >= 0.0).then_some(s)
}
