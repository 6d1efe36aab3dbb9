//! What several benchmarks share: a fixed-seed generator, the shared levels, and walking
//! queries on them (an ellipsoid resting just above a random upward-facing triangle, picked by
//! area, clear of all geometry, moving 0.05–0.5 m horizontally and 0.1 m down).
#![allow(dead_code)]

pub mod floor;

use glam::Vec3;
use slidescope::collision::{CollisionMesh, Ellipsoid, SlideSettings, sweep};

pub const SPONZA: &str = "assets/levels/sponza/sponza.glb";
pub const LAVADUCTS: &str = "assets/levels/librequake_lavaducts/lavaducts.glb";
pub const THREEJS: &str = "assets/levels/threejs_collision_world/collision-world.glb";
/// The number of interleaved rounds a bench runs: the environment variable `name` when it
/// holds a count above zero (zero rounds would leave every best time infinite), else `default`.
pub fn rounds_from_env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(default)
}

/// Every shared level, by short name.
pub const SHARED_LEVELS: [(&str, &str); 3] = [
    ("sponza", SPONZA),
    ("lavaducts", LAVADUCTS),
    ("threejs", THREEJS),
];

/// A level's collision mesh.
pub fn load_level(path: &str) -> CollisionMesh {
    slidescope::level::Level::load(path)
        .unwrap_or_else(|e| panic!("{e}"))
        .collision
}
pub const QUERIES: usize = 1000;

/// SplitMix64 (the comparison harness's, `slidescope-compare`): a fixed-seed generator so
/// every run sees the same queries.
pub use slidescope_compare::Rng;

pub fn load_sponza() -> CollisionMesh {
    load_level(SPONZA)
}

/// (start centre, velocity) pairs for an ellipsoid of `radii`, resting 3 cm above a random
/// upward-facing triangle.
pub fn walking_queries(mesh: &CollisionMesh, radii: Vec3, seed: u64) -> Vec<(Vec3, Vec3)> {
    walking_queries_n(mesh, radii, seed, QUERIES)
}

/// `n` walking queries (see [`walking_queries`]).
pub fn walking_queries_n(
    mesh: &CollisionMesh,
    radii: Vec3,
    seed: u64,
    n: usize,
) -> Vec<(Vec3, Vec3)> {
    // Triangles are picked with probability proportional to their area (a uniform point on
    // the walkable surface): picking by count lands 99% of the queries inside plant foliage.
    let up: Vec<u32> = (0..mesh.triangle_count() as u32)
        .filter(|&i| mesh.triangle(i).normal.y > 0.7)
        .collect();
    let mut cdf = Vec::with_capacity(up.len());
    let mut total = 0.0f64;
    for &i in &up {
        let [a, b, c] = mesh.triangle(i).vertices;
        total += 0.5 * (b - a).cross(c - a).length() as f64;
        cdf.push(total);
    }
    let mut rng = Rng(seed);
    let settings = SlideSettings::default();
    let overlaps = |c: Vec3| {
        let e = Ellipsoid::new(c, radii).expect("valid");
        // A zero motion reports every triangle the ellipsoid already overlaps.
        sweep(mesh, &e, Vec3::ZERO, &settings)
            .expect("valid")
            .is_some()
    };
    std::iter::repeat_with(|| {
        let x = rng.f32() as f64 * total;
        let k = cdf.partition_point(|&c| c < x).min(up.len() - 1);
        let tri = mesh.triangle(up[k]);
        let (mut a, mut b) = (rng.f32(), rng.f32());
        if a + b > 1.0 {
            (a, b) = (1.0 - a, 1.0 - b);
        }
        let [p0, p1, p2] = tri.vertices;
        let on = p0 + (p1 - p0) * a + (p2 - p0) * b;
        // Clear of the plane by 3 cm (Sponza was stored as half floats: 12 mm steps): the ellipsoid's support distance along the normal.
        let n = tri.normal;
        let start = on + n * ((radii * n).length() + 0.03);
        let ang = rng.range(0.0, std::f32::consts::TAU);
        let len = rng.range(0.05, 0.5);
        (start, Vec3::new(ang.cos() * len, -0.1, ang.sin() * len))
    })
    // Walking starts are clear of everything (Sponza has hidden floors under the visible one).
    .filter(|q| !overlaps(q.0))
    .take(n)
    .collect()
}

/// A glam vector as parry3d's.
pub fn to_parry(v: Vec3) -> parry3d::math::Vector {
    parry3d::math::Vector::new(v.x, v.y, v.z)
}

/// parry3d's `TriMesh` of the same triangles.
pub fn parry_trimesh(mesh: &CollisionMesh) -> parry3d::shape::TriMesh {
    let verts = mesh.positions().iter().map(|&p| to_parry(p)).collect();
    let idx = (0..mesh.triangle_count() as u32)
        .map(|i| mesh.triangle_indices(i))
        .collect();
    parry3d::shape::TriMesh::new(verts, idx).expect("valid trimesh")
}

/// parry3d's `cast_shapes` of `ball` from `start` along `vel` against `tm`: its time of impact.
pub fn parry_cast(
    tm: &parry3d::shape::TriMesh,
    ball: &parry3d::shape::Ball,
    start: Vec3,
    vel: Vec3,
) -> Option<f32> {
    parry_cast_hit(tm, ball, start, vel).map(|h| h.time_of_impact)
}

/// [`parry_cast`]'s whole hit (time, witnesses, status).
pub fn parry_cast_hit(
    tm: &parry3d::shape::TriMesh,
    ball: &parry3d::shape::Ball,
    start: Vec3,
    vel: Vec3,
) -> Option<parry3d::query::ShapeCastHit> {
    use parry3d::math::Pose;
    use parry3d::query::{ShapeCastOptions, cast_shapes};
    let pos_ball = Pose::translation(start.x, start.y, start.z);
    let opts = ShapeCastOptions::with_max_time_of_impact(1.0);
    cast_shapes(
        &pos_ball,
        to_parry(vel),
        ball,
        &Pose::IDENTITY,
        to_parry(Vec3::ZERO),
        tm,
        opts,
    )
    .ok()
    .flatten()
}
