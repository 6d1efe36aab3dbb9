//! Swept unit sphere against one edge cylinder of the Minkowski sum (seed 001 12.7–12.8,
//! `SphereIntersectLineSegment` with the embedded correction of 12.8.1).
//!
//! With `E` the unit edge direction and `L = c − a`, the centre is on the infinite cylinder
//! when `|(L + t v) × E|² = 1`. The hit counts only if its projection on the edge lies inside
//! the segment; past either end the vertex spheres take over.

use glam::Vec3;

use super::ContactTime;
use super::lane::{along_edge, edge_quadratic};
use super::quadratic::{exit_root, first_root_in_range};

/// First contact with the segment `a..b` (open cylinder, no caps): `(time, normal_es, point_es)`.
/// Embedded starts moving away from the edge are not contacts.
#[inline]
pub fn sweep_edge(
    c: Vec3,
    v: Vec3,
    a: Vec3,
    b: Vec3,
    t_max: f32,
) -> Option<(ContactTime, Vec3, Vec3)> {
    // perf: no square root on the (common) miss path; figure not recorded, commit c36af82
    let e = b - a;
    let ee = e.length_squared();
    if ee < 1e-14 {
        return None;
    }
    let l = c - a;
    let (q, _) = edge_quadratic(l.into(), v.into(), e.into());
    if q.c < 0.0 {
        let s = l.dot(e);
        if !(0.0..=ee).contains(&s) {
            return None;
        }
        let on_edge = a + e * (s / ee);
        let d = c - on_edge;
        let dist = d.length();
        let n = if dist > 1e-12 {
            d / dist
        } else {
            // Centre on the edge itself: push out against the motion, perpendicular to E.
            let w = -v + e * (v.dot(e) / ee);
            w.normalize_or(e.any_orthonormal_vector())
        };
        if v.dot(n) > 0.0 {
            return None;
        }
        return Some((
            ContactTime::Embedded {
                depth_es: 1.0 - dist,
            },
            n,
            on_edge,
        ));
    }
    let t = first_root_in_range(q.a, q.b, q.c, t_max)?;
    on_segment_at(c + v * t, a, e, ee).map(|(n, p)| (ContactTime::Toi(t), n, p))
}

/// The centre `center` on the cylinder of the segment from `a` along `e` (`ee = |e|²`): its
/// normal and the point on the edge, if that point lies within the segment.
#[inline]
fn on_segment_at(center: Vec3, a: Vec3, e: Vec3, ee: f32) -> Option<(Vec3, Vec3)> {
    let s = along_edge(center.into(), a.into(), e.into());
    if !(0.0..=ee).contains(&s) {
        return None;
    }
    let on_edge = a + e * (s / ee);
    Some(((center - on_edge).normalize_or_zero(), on_edge))
}

/// The first root after the start with the segment `a..b`, as Fauerby 2003's
/// `getLowestRoot` takes it: a start inside the cylinder meets it where it leaves (the exit
/// root, its normal pointing out along the motion), if that is on the segment by `t_max`.
#[inline]
pub fn sweep_edge_after_start(
    c: Vec3,
    v: Vec3,
    a: Vec3,
    b: Vec3,
    t_max: f32,
) -> Option<(ContactTime, Vec3, Vec3)> {
    let e = b - a;
    let ee = e.length_squared();
    let (q, _) = edge_quadratic((c - a).into(), v.into(), e.into());
    if ee < 1e-14 || q.c >= 0.0 {
        return sweep_edge(c, v, a, b, t_max);
    }
    let t = exit_root(q.a, q.b, q.c).filter(|&t| t <= t_max)?;
    on_segment_at(c + v * t, a, e, ee).map(|(n, p)| (ContactTime::Toi(t), n, p))
}
