//! Where the limit is. On the sweep bench's 1,000 sphere queries (r = 0.5) on
//! Sponza, the cost of what any sweep that keeps this BVH must do, beside the real sweep, in
//! interleaved rounds (each side's fastest of `LOWER_BOUND_ROUNDS`, default 30):
//!
//! - *walk*: the BVH walk to every leaf the sweep enters before its true time of impact (the
//!   real walk learns that time while it walks, so it visits at least these);
//! - *read*: reading each candidate triangle those leaves hold (its three vertices) once;
//! - *face ×4*: one SIMD face test per four candidates, on planes and edge planes stored for
//!   the query (structure of arrays, 64 bytes a triangle): the plane's time of impact and the
//!   point-in-triangle test, all four lanes at once (Jolt's `TriangleCodecIndexed8BitPackSOA4`
//!   idea; no edge or vertex parts, which a query needs only where the face test cannot
//!   decide);
//! - *sweep*: `sweep_with`, today's exact sweep (face, edges, vertices, in eSpace);
//! - *parry3d*: `cast_shapes` of a ball on the same triangles (the 10× goal's peer);
//! - *set-up*: the same sweeps 1 km above the level, where the BVH's root box is missed: what a
//!   sweep costs before it meets any geometry (checks, the eSpace frame, the contact list).
//!
//! The floor is walk + face ×4: a sweep as fast as that reads its tree and its triangles and
//! does the least arithmetic per candidate; the distance from it says what the next step can
//! win. Printed with parry3d's figure from the sweep bench for the 10× goal.

mod common;

use std::hint::black_box;
use std::time::Instant;

use common::floor::{Block4, Query, R, blocks_for, face_all, walk_all};
use common::{load_sponza, parry_cast, parry_trimesh, walking_queries};
use glam::Vec3;
use slidescope::collision::{
    CollisionMesh, Contact, Ellipsoid, Scratch, SlideSettings, sweep_with,
};

fn main() {
    let mesh = load_sponza();
    let qs = walking_queries(&mesh, Vec3::splat(R), 1);
    let rounds = common::rounds_from_env("LOWER_BOUND_ROUNDS", 30);
    let s = SlideSettings::default();
    let (mut scratch, mut out) = (Scratch::default(), Vec::new());
    let queries: Vec<Query> = qs
        .iter()
        .map(|q| {
            let toi = sweep_toi(&mesh, q, &s, &mut scratch, &mut out).unwrap_or(1.0);
            Query::new(&mesh, q.0, q.1, toi)
        })
        .collect();
    let blocks: Vec<Vec<Block4>> = queries.iter().map(|q| blocks_for(&mesh, q)).collect();
    let candidates: usize = queries.iter().map(|q| q.slots.len()).sum();
    let n = queries.len() as f64;

    let tm = parry_trimesh(&mesh);
    let ball = parry3d::shape::Ball::new(R);
    let above: Vec<(Vec3, Vec3)> = qs.iter().map(|q| (q.0 + Vec3::Y * 1000.0, q.1)).collect();
    let mut best = [f64::INFINITY; 6];
    let mut stack = Vec::new();
    for _ in 0..rounds {
        let t = Instant::now();
        walk_all(&mesh, &queries, &mut stack);
        best[0] = best[0].min(t.elapsed().as_secs_f64());
        let t = Instant::now();
        for q in &queries {
            let mut sum = Vec3::ZERO;
            for &k in &q.slots {
                let [a, b, c] = mesh.slot_vertices(k as usize);
                sum += a + b + c;
            }
            black_box(sum);
        }
        best[1] = best[1].min(t.elapsed().as_secs_f64());
        let t = Instant::now();
        face_all(&queries, &blocks);
        best[2] = best[2].min(t.elapsed().as_secs_f64());
        let t = Instant::now();
        for q in &qs {
            black_box(sweep_toi(&mesh, q, &s, &mut scratch, &mut out));
        }
        best[3] = best[3].min(t.elapsed().as_secs_f64());
        let t = Instant::now();
        for q in &qs {
            black_box(parry_cast(&tm, &ball, q.0, q.1));
        }
        best[4] = best[4].min(t.elapsed().as_secs_f64());
        let t = Instant::now();
        for q in &above {
            black_box(sweep_toi(&mesh, q, &s, &mut scratch, &mut out));
        }
        best[5] = best[5].min(t.elapsed().as_secs_f64());
    }
    let ns = best.map(|b| b / n * 1e9);
    let floor = ns[0] + ns[2];
    println!(
        "lower bound, Sponza, {} sphere queries (r = {R}), best of {rounds} interleaved rounds:",
        queries.len()
    );
    println!(
        "  {:.1} candidate triangles a query (leaves entered before the true time of impact)",
        candidates as f64 / n
    );
    println!("  walk      {:>7.0} ns/query", ns[0]);
    println!(
        "  read      {:>7.0} ns/query ({:.1} ns a candidate: three vertices, once)",
        ns[1],
        ns[1] * n / candidates as f64
    );
    println!(
        "  face x4   {:>7.0} ns/query ({:.1} ns a candidate, SoA planes read and tested four at a time)",
        ns[2],
        ns[2] * n / candidates as f64
    );
    println!("  sweep     {:>7.0} ns/query (today's exact sweep)", ns[3]);
    println!(
        "  set-up    {:>7.0} ns/query (the same sweeps 1 km above the level: no node entered)",
        ns[5]
    );
    println!(
        "  parry3d   {:>7.0} ns/query (cast_shapes): the sweep is {:.1}x faster; 10x needs {:.0} ns",
        ns[4],
        ns[4] / ns[3],
        ns[4] / 10.0
    );
    println!(
        "  floor = walk + face x4 = {floor:.0} ns/query; the sweep is {:.1}x the floor, the floor {:.1}x faster than parry3d",
        ns[3] / floor,
        ns[4] / floor
    );
}

fn sweep_toi(
    mesh: &CollisionMesh,
    q: &(Vec3, Vec3),
    s: &SlideSettings,
    scratch: &mut Scratch,
    out: &mut Vec<Contact>,
) -> Option<f32> {
    let e = Ellipsoid::new(q.0, Vec3::splat(R)).expect("valid");
    sweep_with(mesh, &e, q.1, s, scratch, out).expect("valid");
    out.first().map(|c| c.time.toi().unwrap_or(0.0))
}
