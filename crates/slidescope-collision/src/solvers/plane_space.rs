//! Rouwé's plane-space solver (seed 000): a swept ellipsoid against a convex polygon stored as
//! a plane and 2D points.
//!
//! - §2: the plane's orthonormal basis `(U, V, N)` and the projection `P' = (P·U, P·V)`;
//! - §4.1: unit-sphere space through the ellipsoid's full axis matrix
//!   (`M_unit→ellipsoid = [e_x e_y e_z]`, rotated ellipsoids included); the plane transformed by
//!   `M⁻¹` (`N' = MᵀN / |MᵀN|`, `C' = C / |MᵀN|`) and the 2D polygon carried to the transformed
//!   plane's basis by `M_polygon = (M_transformed plane→world)⁻¹ M⁻¹ M_plane→world`;
//! - §3.1 `PlaneSweptSphereIntersect`: the interval `[t₁, t₂]` in which the unit sphere cuts
//!   the plane;
//! - §3.2: the cut is a circle of radius² `a t² + b t + c` moving along `B' + t D'`;
//! - §3.3 `PolygonCircleIntersect`: the circle at `t₁` against the polygon (face contact, or the
//!   nearest boundary point);
//! - §3.4–3.5 `SweptCircleEdgeVertexIntersect`: the first `t` at which the circle reaches a
//!   vertex or an edge, with §3.6's `FindLowestRootInInterval` (the stable quadratic).
//!
//! Seed erratum, fixed here: §2 chooses the `U` axis by `N_x > N_y`; for a normal such as
//! `(−1, 0, 0)` that picks `(0, N_z, −N_y) / √(N_y² + N_z²) = 0/0`. The comparison must be on
//! absolute values (`|N_x| > |N_y|`), which is what [`plane_basis`] does.
//!
//! Deviation from the seed, shared by every solver here: the seed returns fraction 0 whenever
//! the sphere overlaps at `t₁ = 0`; this returns [`ContactTime::Embedded`] only when the motion
//! goes deeper, and no contact when it moves out (seed 001 12.4.4).
//!
//! [`PlaneSpace::sweep_triangle_es`] is the same algorithm on a triangle already in eSpace (where
//! `M` is the identity), for the core's BVH scan (`DebugKnobs::narrow_phase`).

use glam::{Mat3, Vec2, Vec3};

use super::{SolverHit, SolverQuery, SweepSolver, UnitSpace};
use crate::sweep::{NarrowPhase, SweepHit, TriangleEs};
use crate::{CaseMask, ContactTime, Feature};

/// Rouwé's plane-space solver.
#[derive(Debug, Clone, Copy, Default)]
pub struct PlaneSpace;

/// A plane `N · P + C = 0` (seed 000 §2).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Plane {
    pub normal: Vec3,
    pub constant: f32,
}

impl Plane {
    #[inline]
    pub fn signed_distance(&self, p: Vec3) -> f32 {
        self.normal.dot(p) + self.constant
    }

    /// The plane transformed by `m⁻¹` (seed 000 §4.1, `GetTransformedByInverse`).
    #[inline]
    pub fn transformed_by_inverse(&self, m: Mat3) -> Option<Plane> {
        let n = m.transpose() * self.normal;
        let len = n.length();
        (len > 0.0 && len.is_finite()).then(|| Plane {
            normal: n / len,
            constant: self.constant / len,
        })
    }
}

/// The plane's in-plane axes `(U, V)` (seed 000 §2, with the absolute-value fix).
#[inline]
pub fn plane_basis(n: Vec3) -> (Vec3, Vec3) {
    let u = if n.x.abs() > n.y.abs() {
        Vec3::new(n.z, 0.0, -n.x) / (n.x * n.x + n.z * n.z).sqrt()
    } else {
        Vec3::new(0.0, n.z, -n.y) / (n.y * n.y + n.z * n.z).sqrt()
    };
    (u, n.cross(u))
}

/// `PlaneSweptSphereIntersect` (§3.1): the clamped interval `[t₁, t₂] ⊂ [0, 1]` in which the
/// sphere of `radius` centred at `begin + t·delta` cuts the plane.
#[inline]
pub fn plane_swept_sphere_intersect(
    plane: &Plane,
    begin: Vec3,
    delta: Vec3,
    radius: f32,
) -> Option<(f32, f32)> {
    let n_dot_d = plane.normal.dot(delta);
    let dist_to_b = plane.signed_distance(begin);
    if n_dot_d == 0.0 {
        if dist_to_b.abs() > radius {
            return None;
        }
        return Some((0.0, 1.0));
    }
    let mut t1 = (radius - dist_to_b) / n_dot_d;
    let mut t2 = (-radius - dist_to_b) / n_dot_d;
    if t1 > t2 {
        std::mem::swap(&mut t1, &mut t2);
    }
    // Written so a NaN (overflowed division) rejects.
    if !(t1 <= 1.0 && t2 >= 0.0) {
        return None;
    }
    Some((t1.max(0.0), t2.min(1.0)))
}

/// `PolygonContains` (§3.3): is `p` inside the counter-clockwise convex polygon?
#[inline]
pub fn polygon_contains(vertices: &[Vec2], p: Vec2) -> bool {
    let n = vertices.len();
    (0..n).all(|i| {
        let v1 = vertices[i];
        let v2 = vertices[(i + n - 1) % n];
        let v1_v2 = v2 - v1;
        let v1_p = p - v1;
        v1_v2.x * v1_p.y - v1_p.x * v1_v2.y <= 0.0
    })
}

/// `PolygonCircleIntersect` (§3.3): the circle of radius² `radius_sq` at `center` against the
/// polygon. Returns the collision point and which feature it lies on (the centre itself for
/// the face), skipping features the mask switches off.
pub fn polygon_circle_intersect(
    vertices: &[Vec2],
    center: Vec2,
    mut radius_sq: f32,
    mask: CaseMask,
) -> Option<(Vec2, Feature)> {
    if mask.face && polygon_contains(vertices, center) {
        return Some((center, Feature::Face));
    }
    let n = vertices.len();
    let mut out = None;
    for i in 0..n {
        let (v1, v2) = (vertices[i], vertices[(i + n - 1) % n]);
        let v1_v2 = v2 - v1;
        let v1_center = center - v1;
        let fraction = v1_center.dot(v1_v2);
        if fraction < 0.0 {
            let dist_sq = v1_center.length_squared();
            if mask.vertex && dist_sq <= radius_sq {
                out = Some((v1, Feature::Vertex(feature_index(i))));
                radius_sq = dist_sq;
            }
        } else {
            let len_sq = v1_v2.length_squared();
            if fraction <= len_sq {
                let point = v1 + v1_v2 * (fraction / len_sq);
                let dist_sq = (point - center).length_squared();
                if mask.edge && dist_sq <= radius_sq {
                    out = Some((point, Feature::Edge(feature_index((i + n - 1) % n))));
                    radius_sq = dist_sq;
                }
            }
        }
    }
    out
}

/// `FindLowestRootInInterval` (§3.6): the lowest root of `a x² + b x + c` in
/// `[0, upper_bound]`, by the numerically stable form `q = −½(b + sign(b)√det)`, roots `q/a`
/// and `c/q` (either may be ±inf or NaN, so both are range-tested).
#[inline]
pub fn find_lowest_root_in_interval(a: f32, b: f32, c: f32, upper_bound: f32) -> Option<f32> {
    let determinant = b * b - 4.0 * a * c;
    if determinant.is_nan() || determinant < 0.0 {
        return None;
    }
    let q = -0.5 * (b + if b < 0.0 { -1.0 } else { 1.0 } * determinant.sqrt());
    let mut x1 = q / a;
    let mut x2 = c / q;
    if x2 < x1 {
        std::mem::swap(&mut x1, &mut x2);
    }
    if x1 >= 0.0 && x1 <= upper_bound {
        return Some(x1);
    }
    if x2 >= 0.0 && x2 <= upper_bound {
        return Some(x2);
    }
    None
}

/// `SweptCircleEdgeVertexIntersect` (§3.4–3.6): the circle moving along `begin + t·delta` with
/// radius² `a t² + b t + c` against every vertex and edge, first contact in `[0, upper_bound]`.
#[allow(clippy::too_many_arguments)]
pub fn swept_circle_edge_vertex_intersect(
    vertices: &[Vec2],
    begin: Vec2,
    delta: Vec2,
    a: f32,
    b: f32,
    c: f32,
    mut upper_bound: f32,
    mask: CaseMask,
) -> Option<(f32, Vec2, Feature)> {
    let n = vertices.len();
    let mut out = None;
    let delta_len_sq = delta.length_squared();
    for i in 0..n {
        let (v1, v2) = (vertices[i], vertices[(i + n - 1) % n]);
        // Vertex (§3.4).
        let bv1 = v1 - begin;
        let a1 = a - delta_len_sq;
        let b1 = b + 2.0 * delta.dot(bv1);
        let c1 = c - bv1.length_squared();
        if mask.vertex
            && let Some(t) = find_lowest_root_in_interval(a1, b1, c1, upper_bound)
        {
            upper_bound = t;
            out = Some((t, v1, Feature::Vertex(feature_index(i))));
        }
        if !mask.edge {
            continue;
        }
        // Edge (§3.5). The seed's coefficients `|e|²·(a₁, b₁, c₁) + ((e·D')², −2(e·bv₁)(e·D'),
        // (e·bv₁)²)`, evaluated through the 2D Lagrange identity `|e|²|w|² − (e·w)² = (e × w)²`:
        // the same numbers without the cancellation of two large squares (in f32 that lost up to
        // 5e-4 eSpace on triangles a few metres from the sphere; see `compare`).
        let v1v2 = v2 - v1;
        let v1v2_dot_delta = v1v2.dot(delta);
        let v1v2_dot_bv1 = v1v2.dot(bv1);
        let v1v2_len_sq = v1v2.length_squared();
        let e_x_delta = v1v2.perp_dot(delta);
        let e_x_bv1 = v1v2.perp_dot(bv1);
        let a2 = v1v2_len_sq * a - e_x_delta * e_x_delta;
        let b2 = v1v2_len_sq * b + 2.0 * e_x_bv1 * e_x_delta;
        let c2 = v1v2_len_sq * c - e_x_bv1 * e_x_bv1;
        if let Some(t) = find_lowest_root_in_interval(a2, b2, c2, upper_bound) {
            let f = t * v1v2_dot_delta - v1v2_dot_bv1;
            if f >= 0.0 && f <= v1v2_len_sq {
                upper_bound = t;
                let p = v1 + v1v2 * (f / v1v2_len_sq);
                out = Some((t, p, Feature::Edge(feature_index((i + n - 1) % n))));
            }
        }
    }
    out
}

#[inline]
fn feature_index(i: usize) -> u8 {
    i.min(u8::MAX as usize) as u8
}

/// The swept unit sphere (centre `begin + t·delta`) against a polygon given in the 2D basis
/// `(u, v)` of `plane`, all in unit-sphere space. `trans` is the 2D offset the seed subtracts
/// from the begin point instead of adding it to the polygon. Returns the time, the contact
/// point (unit-sphere space) and the feature.
#[allow(clippy::too_many_arguments)]
fn sweep_unit_sphere_2d(
    plane: &Plane,
    (u, v): (Vec3, Vec3),
    trans: Vec2,
    vertices: &[Vec2],
    begin: Vec3,
    delta: Vec3,
    t_max: f32,
    mask: CaseMask,
) -> Option<(ContactTime, Vec3, Vec3, Feature)> {
    let (t1, _t2) = plane_swept_sphere_intersect(plane, begin, delta, 1.0)?;
    if t1 > t_max {
        return None;
    }
    let n_dot_d = plane.normal.dot(delta);
    let dist_to_b = plane.signed_distance(begin);
    let a = -n_dot_d * n_dot_d;
    let b = -2.0 * n_dot_d * dist_to_b;
    let c = 1.0 - dist_to_b * dist_to_b;
    let begin2 = Vec2::new(begin.dot(u), begin.dot(v)) - trans;
    let delta2 = Vec2::new(delta.dot(u), delta.dot(v));
    let to_3d = |p: Vec2| {
        let p = p + trans;
        u * p.x + v * p.y - plane.normal * plane.constant
    };
    // The side of the plane the sphere starts on (for a contact exactly in the plane).
    let side = if dist_to_b >= 0.0 {
        plane.normal
    } else {
        -plane.normal
    };
    if let Some((p, feature)) = polygon_circle_intersect(
        vertices,
        begin2 + delta2 * t1,
        a * t1 * t1 + b * t1 + c,
        mask,
    ) {
        let center = begin + delta * t1;
        let point = to_3d(p);
        let d = center - point;
        let dist = d.length();
        let normal = if dist > 1e-12 { d / dist } else { side };
        if t1 == 0.0 && c > 0.0 {
            // Overlapping at the start: embedded if going deeper, else no contact.
            if delta.dot(normal) > 0.0 {
                return None;
            }
            let time = if dist < 1.0 {
                ContactTime::Embedded {
                    depth_es: 1.0 - dist,
                }
            } else {
                ContactTime::Toi(0.0)
            };
            return Some((time, normal, point, feature));
        }
        return Some((ContactTime::Toi(t1), normal, point, feature));
    }
    let (t, p, feature) =
        swept_circle_edge_vertex_intersect(vertices, begin2, delta2, a, b, c, t_max, mask)?;
    let point = to_3d(p);
    let center = begin + delta * t;
    let normal = (center - point).normalize_or(side);
    Some((ContactTime::Toi(t), normal, point, feature))
}

/// Vertices kept on the stack; larger polygons use the heap.
const STACK_VERTICES: usize = 16;

impl PlaneSpace {
    /// The plane-space test on a triangle already in eSpace (seed 000 §3 with `M = I`): the
    /// unit sphere at `c` moving by `v`, first contact in `[0, t_max]`. Same contract as the
    /// core's `sweep_triangle`, so it can replace it
    /// in the BVH scan.
    #[inline]
    pub fn sweep_triangle_es(
        c: Vec3,
        v: Vec3,
        tri: &TriangleEs,
        mask: CaseMask,
        two_sided: bool,
        t_max: f32,
    ) -> Option<SweepHit> {
        // The normal again in f64: the 2D method moves each vertex onto the plane, so a sliver's
        // f32 normal would move it by a lot (see `polygon_normal`).
        let n = super::polygon_normal(&tri.vertices_es)?;
        let plane = Plane {
            normal: n,
            constant: -n.dot(tri.vertices_es[0]),
        };
        if !two_sided && plane.signed_distance(c) < 0.0 {
            return None;
        }
        let basis = plane_basis(n);
        let verts = tri
            .vertices_es
            .map(|p| Vec2::new(p.dot(basis.0), p.dot(basis.1)));
        let (time, normal_es, point_es, feature) =
            sweep_unit_sphere_2d(&plane, basis, Vec2::ZERO, &verts, c, v, t_max, mask)?;
        Some(SweepHit {
            time,
            feature,
            normal_es,
            point_es,
        })
    }
}

impl NarrowPhase for PlaneSpace {
    #[inline]
    fn sweep_triangle(
        &self,
        c: Vec3,
        v: Vec3,
        tri: &TriangleEs,
        mask: CaseMask,
        two_sided: bool,
        t_max: f32,
    ) -> Option<SweepHit> {
        PlaneSpace::sweep_triangle_es(c, v, tri, mask, two_sided, t_max)
    }
}

impl SweepSolver for PlaneSpace {
    fn name(&self) -> &'static str {
        "plane-space"
    }

    fn sweep_polygon(&self, query: &SolverQuery, polygon: &[Vec3]) -> Option<SolverHit> {
        let n = polygon.len();
        if n < 3 {
            return None;
        }
        let us = UnitSpace::new(&query.ellipsoid);
        // The polygon as the seed stores it: a plane and 2D points (§2), relative to the
        // ellipsoid's start centre.
        let origin = us.center;
        let mut stack3 = [Vec3::ZERO; STACK_VERTICES];
        let mut heap3 = Vec::new();
        let local: &mut [Vec3] = if n <= STACK_VERTICES {
            &mut stack3[..n]
        } else {
            heap3.resize(n, Vec3::ZERO);
            &mut heap3
        };
        for (o, p) in local.iter_mut().zip(polygon) {
            *o = *p - origin;
        }
        let normal = super::polygon_normal(local)?;
        let centroid = local.iter().fold(Vec3::ZERO, |a, p| a + *p) / n as f32;
        let plane = Plane {
            normal,
            constant: -normal.dot(centroid),
        };
        let (pu, pv) = plane_basis(normal);
        // §4.2.
        let unit_to_world = us.unit_to_world;
        let world_to_unit = us.world_to_unit;
        let delta_uss = world_to_unit * query.velocity;
        let transformed = plane.transformed_by_inverse(unit_to_world)?;
        let basis @ (tu, tv) = plane_basis(transformed.normal);
        // plane → transformed plane: linear 2×2 part and translation.
        let (wu, wv, wn) = (
            world_to_unit * pu,
            world_to_unit * pv,
            world_to_unit * normal,
        );
        let (m00, m01, m10, m11) = (wu.dot(tu), wv.dot(tu), wu.dot(tv), wv.dot(tv));
        let trans = Vec2::new(-plane.constant * wn.dot(tu), -plane.constant * wn.dot(tv));
        let mut stack = [Vec2::ZERO; STACK_VERTICES];
        let mut heap = Vec::new();
        let verts: &mut [Vec2] = if n <= STACK_VERTICES {
            &mut stack[..n]
        } else {
            heap.resize(n, Vec2::ZERO);
            &mut heap
        };
        for (out, p) in verts.iter_mut().zip(local.iter()) {
            let p = *p;
            let p2 = Vec2::new(p.dot(pu), p.dot(pv));
            *out = Vec2::new(m00 * p2.x + m01 * p2.y, m10 * p2.x + m11 * p2.y);
        }
        let (time, normal_unit, point_unit, feature) = sweep_unit_sphere_2d(
            &transformed,
            basis,
            trans,
            verts,
            Vec3::ZERO,
            delta_uss,
            1.0,
            CaseMask::ALL,
        )?;
        let center_unit = delta_uss * time.toi().unwrap_or(0.0);
        Some(SolverHit {
            time,
            feature,
            point: us.point_to_world(point_unit),
            normal: us.normal(normal_unit),
            center: us.point_to_world(center_unit),
            primitive: 0,
        })
    }
}
