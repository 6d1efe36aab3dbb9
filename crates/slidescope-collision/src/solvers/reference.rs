//! The judge: a slow, f64 sweep that shares no code with the other solvers.
//!
//! In eSpace (the ellipsoid is the unit sphere) the swept centre is `c(t) = t·v` and the
//! ellipsoid touches a triangle exactly when `f(t) = |c(t) − closest(c(t))| = 1`, with
//! `closest` the nearest point of the triangle (computed here in f64 by its own Voronoi-region
//! walk, Ericson 5.1.5). The distance from a point moving on a line to a convex set is convex
//! in `t`, so `{t : f(t) ≤ 1}` is one interval and its start is found by
//! - `f(0) ≤ 1`: the start overlaps (embedded if the motion goes deeper);
//! - else, if `f(1) > 1`, a golden-section search for the minimum of `f` on `[0, 1]` (stopping
//!   as soon as a point with `f ≤ 1` is seen); no such point: no contact;
//! - bisection between the last `f > 1` and the first `f ≤ 1` (64 halvings, f64).
//!
//! Nothing here is seed code; it only uses the definition of contact. The contact point is the
//! closest point at the contact time, the normal the (eSpace) direction from it to the centre,
//! mapped to world by the ellipsoid's gradient (inverse transpose).

use glam::{DMat3, DVec3, Vec3};

use super::{SolverHit, SolverQuery, SweepSolver};
use crate::{ContactTime, Feature};

/// Golden-section iterations (bracket shrinks to 0.618⁶⁰ ≈ 3e-13).
const GOLDEN_ITERATIONS: u32 = 60;
/// Bisection iterations.
const BISECTION_ITERATIONS: u32 = 64;

/// The f64 reference solver.
#[derive(Debug, Clone, Copy, Default)]
pub struct Reference;

/// The ellipsoid's eSpace map in f64, relative to the start centre.
#[derive(Debug, Clone, Copy)]
pub struct RefSpace {
    center: DVec3,
    world_to_es: DMat3,
    es_to_world: DMat3,
    normal_to_world: DMat3,
    /// Velocity in eSpace.
    pub v_es: DVec3,
}

impl RefSpace {
    pub fn new(q: &SolverQuery) -> Self {
        let e = &q.ellipsoid;
        let axes = e.axes.as_dmat3();
        let r = e.radii.as_dvec3();
        let world_to_es = DMat3::from_diagonal(r.recip()) * axes.transpose();
        Self {
            center: e.center.as_dvec3(),
            world_to_es,
            es_to_world: axes * DMat3::from_diagonal(r),
            normal_to_world: axes * DMat3::from_diagonal(r.recip()),
            v_es: world_to_es * q.velocity.as_dvec3(),
        }
    }
    /// World point → eSpace relative to the start centre.
    pub fn point(&self, p: Vec3) -> DVec3 {
        self.world_to_es * (p.as_dvec3() - self.center)
    }
    fn world_point(&self, p_es: DVec3) -> Vec3 {
        (self.center + self.es_to_world * p_es).as_vec3()
    }
    fn normal(&self, n_es: DVec3) -> Vec3 {
        (self.normal_to_world * n_es).normalize_or_zero().as_vec3()
    }
}

/// Where on a triangle the closest point lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Region {
    Face,
    /// Edge `i` from vertex `i` to `(i + 1) % 3`.
    Edge(u8),
    Vertex(u8),
}

/// Closest point of triangle `[a, b, c]` to `p` and its Voronoi region (f64).
pub fn closest_on_triangle(p: DVec3, [a, b, c]: [DVec3; 3]) -> (DVec3, Region) {
    let ab = b - a;
    let ac = c - a;
    let ap = p - a;
    let d1 = ab.dot(ap);
    let d2 = ac.dot(ap);
    if d1 <= 0.0 && d2 <= 0.0 {
        return (a, Region::Vertex(0));
    }
    let bp = p - b;
    let d3 = ab.dot(bp);
    let d4 = ac.dot(bp);
    if d3 >= 0.0 && d4 <= d3 {
        return (b, Region::Vertex(1));
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        return (a + ab * (d1 / (d1 - d3)), Region::Edge(0));
    }
    let cp = p - c;
    let d5 = ab.dot(cp);
    let d6 = ac.dot(cp);
    if d6 >= 0.0 && d5 <= d6 {
        return (c, Region::Vertex(2));
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        return (a + ac * (d2 / (d2 - d6)), Region::Edge(2));
    }
    let va = d3 * d6 - d5 * d4;
    if va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0 {
        return (
            b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6))),
            Region::Edge(1),
        );
    }
    let denom = 1.0 / (va + vb + vc);
    (a + ab * (vb * denom) + ac * (vc * denom), Region::Face)
}

/// A triangle in the reference's eSpace.
#[derive(Debug, Clone, Copy)]
pub struct RefTriangle {
    pub v: [DVec3; 3],
}

impl RefTriangle {
    /// Distance from the centre at `t` (`t · v_es`) to the triangle, eSpace.
    pub fn distance(&self, v_es: DVec3, t: f64) -> f64 {
        let c = v_es * t;
        (c - closest_on_triangle(c, self.v).0).length()
    }

    /// Minimum of the distance over `t ∈ [0, t_end]` (golden section on a convex function).
    pub fn min_distance(&self, v_es: DVec3, t_end: f64) -> f64 {
        let f = |t: f64| self.distance(v_es, t);
        let (mut lo, mut hi) = (0.0, t_end.max(0.0));
        let g = 0.5 * (5f64.sqrt() - 1.0);
        let mut x1 = hi - g * (hi - lo);
        let mut x2 = lo + g * (hi - lo);
        let (mut f1, mut f2) = (f(x1), f(x2));
        let mut best = f(lo).min(f(hi)).min(f1).min(f2);
        for _ in 0..GOLDEN_ITERATIONS {
            if f1 <= f2 {
                hi = x2;
                (x2, f2) = (x1, f1);
                x1 = hi - g * (hi - lo);
                f1 = f(x1);
                best = best.min(f1);
            } else {
                lo = x1;
                (x1, f1) = (x2, f2);
                x2 = lo + g * (hi - lo);
                f2 = f(x2);
                best = best.min(f2);
            }
        }
        best
    }

    /// First `t ∈ [0, 1]` with distance ≤ 1: `Some(Ok(t))` for a sweep, `Some(Err(d0))` when
    /// the start already overlaps (`d0` = distance at `t = 0`), `None` for no contact.
    pub fn first_contact(&self, v_es: DVec3) -> Option<Result<f64, f64>> {
        let f = |t: f64| self.distance(v_es, t);
        let f0 = f(0.0);
        if f0 <= 1.0 {
            return Some(Err(f0));
        }
        // Cheap rejection: the triangle's bounding sphere is never within 1 of the segment.
        let centroid = (self.v[0] + self.v[1] + self.v[2]) / 3.0;
        let rb = self
            .v
            .iter()
            .map(|p| (*p - centroid).length())
            .fold(0.0, f64::max);
        let vv = v_es.length_squared();
        let s = if vv > 0.0 {
            (centroid.dot(v_es) / vv).clamp(0.0, 1.0)
        } else {
            0.0
        };
        if (v_es * s - centroid).length() > 1.0 + rb + 1e-9 {
            return None;
        }
        let mut inside = if f(1.0) <= 1.0 { Some(1.0) } else { None };
        if inside.is_none() {
            // Golden section for the minimum, stopping at the first point within reach.
            let (mut lo, mut hi) = (0.0f64, 1.0f64);
            let g = 0.5 * (5f64.sqrt() - 1.0);
            let mut x1 = hi - g * (hi - lo);
            let mut x2 = lo + g * (hi - lo);
            let (mut f1, mut f2) = (f(x1), f(x2));
            for _ in 0..GOLDEN_ITERATIONS {
                if f1 <= 1.0 {
                    inside = Some(x1);
                    break;
                }
                if f2 <= 1.0 {
                    inside = Some(x2);
                    break;
                }
                if f1 <= f2 {
                    hi = x2;
                    (x2, f2) = (x1, f1);
                    x1 = hi - g * (hi - lo);
                    f1 = f(x1);
                } else {
                    lo = x1;
                    (x1, f1) = (x2, f2);
                    x2 = lo + g * (hi - lo);
                    f2 = f(x2);
                }
            }
        }
        let mut hi = inside?;
        // f(0) > 1 ≥ f(hi), and f is convex, so it crosses 1 exactly once in (0, hi).
        let mut lo = 0.0;
        for _ in 0..BISECTION_ITERATIONS {
            let mid = 0.5 * (lo + hi);
            if mid <= lo || mid >= hi {
                break;
            }
            if f(mid) <= 1.0 {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        Some(Ok(hi))
    }
}

/// The reference's answer for one triangle, before mapping back to world.
#[derive(Debug, Clone, Copy)]
pub struct RefContact {
    /// `Ok(t)` or `Err(distance at t = 0)` for an overlapping start.
    pub time: Result<f64, f64>,
    pub center_es: DVec3,
    pub point_es: DVec3,
    pub region: Region,
}

impl Reference {
    /// The reference contact with one triangle (eSpace of `space`), or `None`. Overlapping
    /// starts moving out (the distance grows) are no contact, as for the other solvers.
    pub fn triangle(space: &RefSpace, tri: &RefTriangle) -> Option<RefContact> {
        let v = space.v_es;
        match tri.first_contact(v)? {
            Ok(t) => {
                let c = v * t;
                let (p, region) = closest_on_triangle(c, tri.v);
                Some(RefContact {
                    time: Ok(t),
                    center_es: c,
                    point_es: p,
                    region,
                })
            }
            Err(d0) => {
                let (p, region) = closest_on_triangle(DVec3::ZERO, tri.v);
                // Going deeper: the distance decreases just after t = 0.
                let h = 1e-7 / v.length().max(1e-12);
                let d_next = tri.distance(v, h.min(1.0));
                if d_next.is_nan() || d_next >= d0 {
                    return None;
                }
                Some(RefContact {
                    time: Err(d0),
                    center_es: DVec3::ZERO,
                    point_es: p,
                    region,
                })
            }
        }
    }

    /// Maps a reference contact to world space.
    pub fn to_hit(space: &RefSpace, c: &RefContact, feature: Feature) -> SolverHit {
        let d = c.center_es - c.point_es;
        let time = match c.time {
            Ok(t) => ContactTime::Toi(t as f32),
            Err(d0) => ContactTime::Embedded {
                depth_es: (1.0 - d0) as f32,
            },
        };
        SolverHit {
            time,
            feature,
            point: space.world_point(c.point_es),
            normal: space.normal(d),
            center: space.world_point(c.center_es),
            primitive: 0,
        }
    }
}

impl SweepSolver for Reference {
    fn name(&self) -> &'static str {
        "reference"
    }

    fn sweep_polygon(&self, query: &SolverQuery, polygon: &[Vec3]) -> Option<SolverHit> {
        let n = polygon.len();
        if n < 3 {
            return None;
        }
        let space = RefSpace::new(query);
        let p0 = space.point(polygon[0]);
        let mut best: Option<(f64, SolverHit)> = None;
        for k in 0..n - 2 {
            let tri = RefTriangle {
                v: [p0, space.point(polygon[k + 1]), space.point(polygon[k + 2])],
            };
            if (tri.v[1] - tri.v[0])
                .cross(tri.v[2] - tri.v[0])
                .length_squared()
                == 0.0
            {
                continue;
            }
            let Some(c) = Reference::triangle(&space, &tri) else {
                continue;
            };
            let key = match c.time {
                Ok(t) => t,
                Err(d0) => d0 - 1.0,
            };
            let feature = match c.region {
                Region::Face => Feature::Face,
                Region::Edge(i) => Feature::Edge(i),
                Region::Vertex(i) => Feature::Vertex(i),
            };
            let hit = Reference::to_hit(&space, &c, super::fan_feature(feature, k, n));
            if best.is_none_or(|(b, _)| key < b) {
                best = Some((key, hit));
            }
        }
        best.map(|b| b.1)
    }
}
