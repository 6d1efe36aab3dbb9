//! Swept unit sphere against one vertex sphere of the Minkowski sum (seed 001 12.9,
//! `SphereIntersectPoint`; seed 003 16.18 sphere/sphere): `|c + t v − p|² = 1`.

use glam::Vec3;

use super::ContactTime;
use super::lane::vertex_quadratic;
use super::quadratic::{exit_root, first_root_in_range};

/// Time and normal of the first contact with the point `p`, or an embedded start.
/// Returns `(time, normal_es)`; embedded starts moving away from `p` are not contacts.
#[inline]
pub fn sweep_vertex(c: Vec3, v: Vec3, p: Vec3, t_max: f32) -> Option<(ContactTime, Vec3)> {
    let d = c - p;
    let dist2 = d.length_squared();
    if dist2 < 1.0 {
        let dist = dist2.sqrt();
        // Centre exactly on the vertex: push out against the motion.
        let n = if dist > 1e-12 {
            d / dist
        } else {
            (-v).normalize_or(Vec3::Y)
        };
        if v.dot(n) > 0.0 {
            return None;
        }
        return Some((
            ContactTime::Embedded {
                depth_es: 1.0 - dist,
            },
            n,
        ));
    }
    let q = vertex_quadratic(d.into(), v.into(), v.length_squared());
    let t = first_root_in_range(q.a, q.b, q.c, t_max)?;
    let n = (d + v * t).normalize_or_zero();
    Some((ContactTime::Toi(t), n))
}

/// The first root after the start with the point `p`, as Fauerby 2003's `getLowestRoot`
/// takes it: a start inside the sphere meets it where it leaves (the exit root), by `t_max`.
#[inline]
pub fn sweep_vertex_after_start(
    c: Vec3,
    v: Vec3,
    p: Vec3,
    t_max: f32,
) -> Option<(ContactTime, Vec3)> {
    let d = c - p;
    let dist2 = d.length_squared();
    if dist2 >= 1.0 {
        return sweep_vertex(c, v, p, t_max);
    }
    let q = vertex_quadratic(d.into(), v.into(), v.length_squared());
    let t = exit_root(q.a, q.b, q.c).filter(|&t| t <= t_max)?;
    Some((ContactTime::Toi(t), (d + v * t).normalize_or_zero()))
}
