//! The queries: random walking and free sweeps on a [`Scene`](crate::Scene), deterministic in
//! their seed (see the crate's doc for how they are drawn).

use glam::{Mat3, Quat, Vec3};
use slidescope_collision::solvers::SolverQuery;
use slidescope_collision::{CollisionMesh, Ellipsoid};

use crate::Rng;
use crate::clearance::start_clearance;
use crate::scene::Scene;

/// Queries start at least this far (eSpace) from every triangle.
pub const START_CLEARANCE_ES: f64 = 1e-3;

/// How a query was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueryKind {
    Walking,
    Free,
}

/// The ellipsoid family of a query.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShapeKind {
    Sphere,
    AxisAligned,
    Rotated,
}

/// One comparison query.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CompareQuery {
    pub kind: QueryKind,
    pub shape: ShapeKind,
    pub query: SolverQuery,
}

fn shape(rng: &mut Rng, i: usize, center: Vec3) -> (ShapeKind, Ellipsoid) {
    let made = match i % 3 {
        0 => (ShapeKind::Sphere, Ellipsoid::sphere(center, 0.5)),
        1 => (
            ShapeKind::AxisAligned,
            Ellipsoid::new(center, Vec3::new(0.4, 0.9, 0.4)),
        ),
        _ => {
            let q = Quat::from_xyzw(
                rng.range(-1.0, 1.0),
                rng.range(-1.0, 1.0),
                rng.range(-1.0, 1.0),
                rng.range(-1.0, 1.0),
            )
            .normalize();
            let q = if q.is_finite() { q } else { Quat::IDENTITY };
            (
                ShapeKind::Rotated,
                Ellipsoid::with_axes(center, Vec3::new(0.3, 0.8, 0.5), Mat3::from_quat(q)),
            )
        }
    };
    // Finite centres and valid radii/axes: never fails; fall back to a sphere all the same.
    let e = made
        .1
        .unwrap_or(Ellipsoid::sphere(Vec3::ZERO, 0.5).unwrap_or(Ellipsoid {
            center: Vec3::ZERO,
            radii: Vec3::ONE,
            axes: Mat3::IDENTITY,
        }));
    (made.0, e)
}

/// Distance (m) from the ellipsoid's centre to its surface along `n` (its support half-width).
fn support(e: &Ellipsoid, n: Vec3) -> f32 {
    (e.radii * (e.axes.transpose() * n)).length()
}

/// Area-weighted sampler over a set of triangles.
struct Sampler {
    tris: Vec<u32>,
    cdf: Vec<f64>,
    total: f64,
}

impl Sampler {
    fn new(mesh: &CollisionMesh, keep: impl Fn(Vec3) -> bool) -> Self {
        let mut tris = Vec::new();
        let mut cdf = Vec::new();
        let mut total = 0.0;
        for i in 0..mesh.triangle_count() as u32 {
            let t = mesh.triangle(i);
            if !keep(t.normal) {
                continue;
            }
            let [a, b, c] = t.vertices;
            total += 0.5 * (b - a).cross(c - a).length() as f64;
            tris.push(i);
            cdf.push(total);
        }
        Self { tris, cdf, total }
    }
    /// A uniform point on the surface and the triangle's normal.
    fn sample(&self, mesh: &CollisionMesh, rng: &mut Rng) -> Option<(Vec3, Vec3)> {
        if self.tris.is_empty() || self.total.is_nan() || self.total <= 0.0 {
            return None;
        }
        let x = rng.f32() as f64 * self.total;
        let k = self
            .cdf
            .partition_point(|&c| c < x)
            .min(self.tris.len() - 1);
        let t = mesh.triangle(self.tris[k]);
        let (mut a, mut b) = (rng.f32(), rng.f32());
        if a + b > 1.0 {
            (a, b) = (1.0 - a, 1.0 - b);
        }
        let [p0, p1, p2] = t.vertices;
        Some((p0 + (p1 - p0) * a + (p2 - p0) * b, t.normal))
    }
}

/// `n` queries (half walking, half free), deterministic in `seed`. Fewer if the level offers
/// too few clear starts (at most 50 attempts per query).
pub fn generate_queries(scene: &Scene, n: usize, seed: u64) -> Vec<CompareQuery> {
    let mesh = scene.mesh;
    let up = Sampler::new(mesh, |n| n.y > 0.7);
    let all = Sampler::new(mesh, |_| true);
    let mut rng = Rng(seed);
    let mut out = Vec::with_capacity(n);
    let mut cand = Vec::new();
    let mut attempts = 0usize;
    while out.len() < n && attempts < n.saturating_mul(50) {
        attempts += 1;
        let i = out.len();
        let walking = i % 2 == 0 && !up.tris.is_empty();
        let (kind, sampler) = if walking {
            (QueryKind::Walking, &up)
        } else {
            (QueryKind::Free, &all)
        };
        let Some((p, normal)) = sampler.sample(mesh, &mut rng) else {
            break;
        };
        let (shape_kind, mut e) = shape(&mut rng, i / 2, p);
        let velocity = if walking {
            e.center = p + normal * (support(&e, normal) + 0.03);
            let ang = rng.range(0.0, std::f32::consts::TAU);
            let len = rng.range(0.05, 0.5);
            Vec3::new(ang.cos() * len, -0.1, ang.sin() * len)
        } else {
            let mut dir = rng.unit();
            if dir.dot(normal) < 0.0 {
                dir = -dir;
            }
            e.center = p + dir * (support(&e, dir) + rng.range(0.05, 1.5));
            let target = p + rng.unit() * rng.range(0.0, 0.5);
            (target - e.center) * rng.range(0.5, 1.5)
        };
        let q = SolverQuery {
            ellipsoid: e,
            velocity,
        };
        scene.candidates(&q, &mut cand);
        if start_clearance(scene, &q, &cand) > START_CLEARANCE_ES {
            out.push(CompareQuery {
                kind,
                shape: shape_kind,
                query: q,
            });
        }
    }
    out
}
