//! The gradient-normal solver of seed 002 (*CCD for a translating ellipsoid*), implemented as
//! written, approximation included.
//!
//! World space, relative to the ellipsoid's start centre:
//! 1. the plane `{N, d}` of the polygon, facing the centre; `dispN = D · N`; moving away
//!    (`dispN ≥ 0`) is no collision, and so is a centre farther from the plane than
//!    `|dispN|` plus the largest radius (the seed's early out);
//! 2. **Appendix A**: the point of the ellipsoid closest to the plane, where the surface
//!    gradient is parallel to the normal: in the ellipsoid's object space (normal `n`,
//!    semi-axes `r`), `p = −(r² ∘ n) / √(Σ rᵢ² nᵢ²)`; the plane contact time is
//!    `t = sep / −dispN` with `sep` the signed distance of that point, and the contact point
//!    `ClsPtPl = ClsPt + t·D`;
//! 3. **Appendix B**: `ClsPtPl` inside the triangle (barycentric `z₀, z₁, det` test; a convex
//!    polygon is tested as its fan) — a face contact, exact;
//! 4. otherwise **Appendix C**: the point `CtPt` of the polygon's edges nearest to `ClsPtPl`,
//!    and **Appendix D**: a ray from `CtPt` along `−D` against the ellipsoid at its start (the
//!    textbook root `(−b − √disc) / 2a`); the ray parameter is the contact time.
//!
//! The normal is the ellipsoid's gradient `{x/Sx², y/Sy², z/Sz²}` (object space) at the point
//! where the ray met it, back in world space, pointing from the contact to the centre.
//!
//! **The approximation**: the edge point nearest to where the ellipsoid meets the *plane* is not
//! in general the point of the edge the ellipsoid meets first. Step 4 then reports the time at
//! which the ellipsoid reaches `CtPt`, which is never earlier than the true first contact and
//! can be later, or no contact at all when the ray misses (tests
//! `solvers_gradient.rs` pin down such a case). Face contacts are exact.
//!
//! Cases the seed leaves open, decided here: a start that already straddles the plane gives a
//! negative plane time; a face point then is an embedded start (if moving deeper), an edge point
//! is an embedded start when `CtPt` lies inside the ellipsoid, and no contact when the ray's
//! hit lies behind it.

use glam::{Mat3, Vec3};

use super::{SolverHit, SolverQuery, SweepSolver};
use crate::sweep::{NarrowPhase, SweepHit, TriangleEs};
use crate::{CaseMask, ContactTime, Ellipsoid, Feature};

/// The seed 002 solver.
#[derive(Debug, Clone, Copy, Default)]
pub struct GradientNormal;

/// Appendix B: is `p` (in the triangle's plane) inside `v0 v1 v2`? Barycentric `z` form.
#[inline]
pub fn point_in_triangle(p: Vec3, v0: Vec3, v1: Vec3, v2: Vec3) -> bool {
    let e0 = v1 - v0;
    let e1 = v2 - v0;
    let q = p - v0;
    let (q0, q1) = (q.dot(e0), q.dot(e1));
    let (e00, e11, e01) = (e0.dot(e0), e1.dot(e1), e0.dot(e1));
    let z0 = e11 * q0 - e01 * q1;
    let z1 = e00 * q1 - e01 * q0;
    let det = e00 * e11 - e01 * e01;
    z0 >= 0.0 && z0 <= det && z1 >= 0.0 && z1 <= det && z0 + z1 <= det
}

/// Appendix C: the point of segment `p1 p2` closest to `v`, and its parameter `s ∈ [0, 1]`.
#[inline]
pub fn closest_on_segment(v: Vec3, p1: Vec3, p2: Vec3) -> (Vec3, f32) {
    let edge = p2 - p1;
    let len = edge.length();
    if len.is_nan() || len <= 0.0 {
        return (p1, 0.0);
    }
    let dir = edge / len;
    let s = (v - p1).dot(dir) / len;
    if s < 0.0 {
        (p1, 0.0)
    } else if s > 1.0 {
        (p2, 1.0)
    } else {
        (p1 + edge * s, s)
    }
}

/// Appendix D: the smallest `t` with `|o + t·d| = 1` (unit sphere at the origin), the seed's
/// `(−b − √disc) / 2a`; `None` when the ray misses.
#[inline]
pub fn ray_unit_sphere(o: Vec3, d: Vec3) -> Option<f32> {
    let a = d.dot(d);
    let b = 2.0 * o.dot(d);
    let c = o.dot(o) - 1.0;
    let disc = b * b - 4.0 * a * c;
    if disc.is_nan() || disc < 0.0 || a.is_nan() || a <= 0.0 {
        return None;
    }
    Some((-b - disc.sqrt()) / (2.0 * a))
}

/// Appendix A: the point of the axis-aligned ellipsoid with semi-axes `r` (object space,
/// centred at the origin) closest to a plane with unit normal `n` (pointing from the plane to
/// the centre): `−(r² ∘ n) / √(Σ rᵢ² nᵢ²)`.
#[inline]
pub fn closest_point_to_plane(r: Vec3, n: Vec3) -> Vec3 {
    let r2n = r * r * n;
    -r2n / (r2n.dot(n)).sqrt()
}

impl SweepSolver for GradientNormal {
    fn name(&self) -> &'static str {
        "gradient-normal"
    }

    fn sweep_polygon(&self, query: &SolverQuery, polygon: &[Vec3]) -> Option<SolverHit> {
        let k = polygon.len();
        if k < 3 {
            return None;
        }
        let q = Local::new(query);
        let v0 = q.local(polygon[0]);
        // The seed takes the plane as given; computed robustly here (see `polygon_normal`).
        let mut nrm = super::polygon_normal(polygon)?;
        // Plane N·x + d = 0, facing the centre (the centre is the local origin).
        let mut d = -nrm.dot(v0);
        if d < 0.0 {
            nrm = -nrm;
            d = -d;
        }
        let disp_n = q.disp.dot(nrm);
        if disp_n.is_nan() || disp_n >= 0.0 {
            return None;
        }
        if d > -disp_n + q.r.max_element() {
            return None;
        }
        // Appendix A in object space, back to world.
        let n_obj = q.rot.transpose() * nrm;
        let cls_pt = q.rot * closest_point_to_plane(q.r, n_obj);
        let sep = nrm.dot(cls_pt) + d;
        let t = sep / -disp_n;
        if t.is_nan() || t > 1.0 {
            return None;
        }
        let cls_pt_pl = cls_pt + q.disp * t;
        let inside = (0..k - 2).any(|i| {
            let (b, c) = (q.local(polygon[i + 1]), q.local(polygon[i + 2]));
            point_in_triangle(cls_pt_pl, v0, b, c)
        });
        if inside {
            let depth_es = || 1.0 - d / (q.r * n_obj).length();
            return Some(q.face_hit(cls_pt, t, cls_pt_pl, nrm * d, depth_es));
        }
        let (ct_pt, feature) = nearest_edge_point(&q, polygon, cls_pt_pl);
        q.edge_hit(ct_pt, feature)
    }
}

/// The query as the seed's appendices use it: positions relative to the start centre.
struct Local {
    ctr: Vec3,
    rot: Mat3,
    r: Vec3,
    disp: Vec3,
}

impl Local {
    fn new(query: &SolverQuery) -> Self {
        let e = &query.ellipsoid;
        Self {
            ctr: e.center,
            rot: e.axes,
            r: e.radii,
            disp: query.velocity,
        }
    }

    fn local(&self, p: Vec3) -> Vec3 {
        p - self.ctr
    }

    /// Gradient of the ellipsoid at an object-space-relative world point `x`, as the slide
    /// normal (from the surface point towards the centre).
    fn grad_normal(&self, x: Vec3) -> Vec3 {
        let inv_r2 = (self.r * self.r).recip();
        -(self.rot * (inv_r2 * (self.rot.transpose() * x))).normalize_or_zero()
    }

    /// Appendix A's answer when the plane point `cls_pt_pl` lies on the polygon: a face hit at
    /// `t`, or an embedded start (the ellipsoid already cuts the plane; `foot` is the centre's
    /// foot on the plane, negated).
    fn face_hit(
        &self,
        cls_pt: Vec3,
        t: f32,
        cls_pt_pl: Vec3,
        foot: Vec3,
        depth_es: impl Fn() -> f32,
    ) -> SolverHit {
        let normal = self.grad_normal(cls_pt);
        let (time, point) = if t >= 0.0 {
            (ContactTime::Toi(t), cls_pt_pl)
        } else {
            let depth_es = depth_es();
            (ContactTime::Embedded { depth_es }, -foot)
        };
        SolverHit {
            time,
            feature: Feature::Face,
            point: self.ctr + point,
            normal,
            center: self.ctr + self.disp * t.max(0.0),
            primitive: 0,
        }
    }

    /// Appendix D in the ellipsoid's unit-sphere space: the ray from the nearest edge point
    /// `ct_pt` back along the motion against the ellipsoid.
    fn edge_hit(&self, ct_pt: Vec3, feature: Feature) -> Option<SolverHit> {
        let to_unit = Mat3::from_diagonal(self.r.recip()) * self.rot.transpose();
        let o = to_unit * ct_pt;
        let dir = to_unit * -self.disp;
        let t_ray = ray_unit_sphere(o, dir)?;
        if t_ray > 1.0 {
            return None;
        }
        if t_ray < 0.0 {
            // CtPt is inside the ellipsoid at the start (embedded) or behind the motion.
            if o.length_squared() >= 1.0 {
                return None;
            }
            let normal = self.grad_normal(ct_pt);
            // Going deeper: the centre moves towards the contact point.
            if self.disp.dot(normal) > 0.0 {
                return None;
            }
            return Some(SolverHit {
                time: ContactTime::Embedded {
                    depth_es: 1.0 - o.length(),
                },
                feature,
                point: self.ctr + ct_pt,
                normal,
                center: self.ctr,
                primitive: 0,
            });
        }
        // The point where the ray met the ellipsoid, relative to the start centre.
        let on_surface = ct_pt - self.disp * t_ray;
        Some(SolverHit {
            time: ContactTime::Toi(t_ray),
            feature,
            point: self.ctr + ct_pt,
            normal: self.grad_normal(on_surface),
            center: self.ctr + self.disp * t_ray,
            primitive: 0,
        })
    }
}

/// Appendix C: the polygon's boundary point nearest `cls_pt_pl` (local), with the feature it
/// lies on (a vertex at a segment's end).
fn nearest_edge_point(q: &Local, polygon: &[Vec3], cls_pt_pl: Vec3) -> (Vec3, Feature) {
    let k = polygon.len();
    let mut best = (f32::INFINITY, Vec3::ZERO, Feature::Face);
    for i in 0..k {
        let (p1, p2) = (q.local(polygon[i]), q.local(polygon[(i + 1) % k]));
        let (pt, s) = closest_on_segment(cls_pt_pl, p1, p2);
        let dist = (cls_pt_pl - pt).length();
        if dist < best.0 {
            let f = if s <= 0.0 {
                Feature::Vertex(i.min(255) as u8)
            } else if s >= 1.0 {
                Feature::Vertex(((i + 1) % k).min(255) as u8)
            } else {
                Feature::Edge(i.min(255) as u8)
            };
            best = (dist, pt, f);
        }
    }
    (best.1, best.2)
}

/// Seed 002 as a narrow phase: the unit sphere at `c` is the ellipsoid (eSpace), so its
/// gradient normal is exact here and what remains approximate is the seed's edge handling
/// (nearest edge point, ray back against the sphere). The seed has no per-case switches: a hit
/// on a switched-off case is dropped (nothing else is tried), and `two_sided == false` skips
/// triangles whose back faces the centre.
impl NarrowPhase for GradientNormal {
    fn sweep_triangle(
        &self,
        c: Vec3,
        v: Vec3,
        tri: &TriangleEs,
        mask: CaseMask,
        two_sided: bool,
        t_max: f32,
    ) -> Option<SweepHit> {
        if !two_sided && (c - tri.vertices_es[0]).dot(tri.normal_es) < 0.0 {
            return None;
        }
        let query = SolverQuery {
            ellipsoid: Ellipsoid::sphere(c, 1.0).ok()?,
            velocity: v,
        };
        let h = self.sweep_polygon(&query, &tri.vertices_es)?;
        if !mask.allows(h.feature.kind()) || h.time.toi().is_some_and(|t| t > t_max) {
            return None;
        }
        Some(SweepHit {
            time: h.time,
            feature: h.feature,
            normal_es: h.normal,
            point_es: h.point,
        })
    }
}
