//! Level load speed, peak memory and query scaling: Sponza (262k triangles) and generated
//! terrains of 10k, 100k, 1M and 4M triangles, each measured from the file on disk to a
//! `Level` with its collision mesh and BVH. Then the same local query (200 walking
//! collide-and-slide calls of a 0.4 × 0.9 × 0.4 m ellipsoid in the same 25 m corner, which
//! every terrain shares) on each terrain, interleaved best-of-30: the goal is for the 1M time
//! to stay within 2× of the 10k one.
//!
//! Peak memory is measured with a counting global allocator: the highest number of live heap
//! bytes during one load, minus what was live before it, divided by the triangle count.
//! Targets: Sponza ≤ 300 ms, 1M triangles ≤ 1.5 s, ≤ 120 bytes per triangle.

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use glam::Vec3;
use slidescope::collision::{
    CollisionMesh, Ellipsoid, Scratch, SlideSettings, collide_and_slide_with,
};
use slidescope::level::Level;

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator and only adds bookkeeping.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                let grow = new_size - layout.size();
                let now = LIVE.fetch_add(grow, Ordering::Relaxed) + grow;
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

use common::SPONZA;

/// A `side × side` quad terrain (2·side² triangles) with gentle hills, as a .glb with u32
/// indices, written once into Cargo's bench temp dir.
fn terrain_glb(side: u32) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("terrain_{side}.glb"));
    if path.exists() {
        return path;
    }
    let n = side + 1;
    let mut bin = Vec::new();
    let (mut mn, mut mx) = ([f32::MAX; 3], [f32::MIN; 3]);
    for z in 0..n {
        for x in 0..n {
            let (fx, fz) = (x as f32 * 0.5, z as f32 * 0.5);
            let p = [fx, terrain_height(fx, fz), fz];
            for k in 0..3 {
                mn[k] = mn[k].min(p[k]);
                mx[k] = mx[k].max(p[k]);
                bin.extend_from_slice(&p[k].to_le_bytes());
            }
        }
    }
    let pos_len = bin.len();
    for z in 0..side {
        for x in 0..side {
            let i = z * n + x;
            for k in [i, i + n, i + n + 1, i, i + n + 1, i + 1] {
                bin.extend_from_slice(&k.to_le_bytes());
            }
        }
    }
    let idx_len = bin.len() - pos_len;
    let root = serde_json::json!({
        "asset": {"version": "2.0"},
        "scene": 0, "scenes": [{"nodes": [0]}],
        "nodes": [{"mesh": 0, "name": "terrain"}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
        "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": n * n, "type": "VEC3", "min": mn, "max": mx},
            {"bufferView": 1, "componentType": 5125, "count": 6 * side * side, "type": "SCALAR"}
        ],
        "bufferViews": [
            {"buffer": 0, "byteOffset": 0, "byteLength": pos_len},
            {"buffer": 0, "byteOffset": pos_len, "byteLength": idx_len}
        ],
        "buffers": [{"byteLength": bin.len()}]
    });
    let json = serde_json::to_vec(&root).expect("json");
    let out = slidescope::level::pack_glb(&json, &bin).expect("fits a GLB");
    std::fs::write(&path, out).expect("write terrain");
    path
}

/// One load outside criterion: wall time, peak live heap bytes above the baseline, and the
/// level's own retained heap bytes. Returns the level.
fn report(name: &str, path: &Path) -> Level {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let t = Instant::now();
    let level = Level::load(path).expect("level loads");
    let ms = t.elapsed().as_secs_f64() * 1e3;
    let peak = PEAK.load(Ordering::Relaxed) - base;
    let retained = LIVE.load(Ordering::Relaxed) - base;
    let tris = level.stats.triangles_loaded;
    println!(
        "{name}: {tris} triangles, {} vertices, load {ms:.1} ms, peak {:.1} MB = {:.1} B/triangle, retained {:.1} MB = {:.1} B/triangle",
        level.stats.vertices,
        peak as f64 / 1e6,
        peak as f64 / tris as f64,
        retained as f64 / 1e6,
        retained as f64 / tris as f64,
    );
    collision_share(name, &level);
    level
}

/// The terrain generator's height at (x, z) (see [`terrain_glb`]).
fn terrain_height(x: f32, z: f32) -> f32 {
    (x * 0.05).sin() * 3.0 + (z * 0.07).cos() * 2.0
}

/// 200 walking queries in the corner x, z ∈ [5, 30] m that every terrain has.
fn local_queries() -> Vec<(Vec3, Vec3)> {
    let mut rng = common::Rng(0x7E44);
    (0..200)
        .map(|_| {
            let (x, z) = (rng.range(5.0, 30.0), rng.range(5.0, 30.0));
            let start = Vec3::new(x, terrain_height(x, z) + 1.1, z);
            let a = rng.range(0.0, std::f32::consts::TAU);
            let len = rng.range(0.05, 0.5);
            (start, Vec3::new(a.cos() * len, -0.3, a.sin() * len))
        })
        .collect()
}

/// Best-of-30 ns per query for each mesh, the meshes interleaved in each round.
fn scaling(meshes: &[(&str, CollisionMesh)]) {
    let qs = local_queries();
    let radii = Vec3::new(0.4, 0.9, 0.4);
    let s = SlideSettings::default();
    let mut scratch = Scratch::default();
    let mut run = |mesh: &CollisionMesh| {
        let mut end = Vec3::ZERO;
        let t = Instant::now();
        for &(c, v) in &qs {
            let e = Ellipsoid::new(c, radii).expect("valid");
            end += collide_and_slide_with(mesh, &e, v, &s, &mut scratch, None)
                .expect("valid")
                .position;
        }
        (t.elapsed().as_nanos() as f64 / qs.len() as f64, end)
    };
    let ends: Vec<Vec3> = meshes.iter().map(|(_, m)| run(m).1).collect();
    let mut best = vec![f64::INFINITY; meshes.len()];
    for _ in 0..30 {
        for (b, (_, m)) in best.iter_mut().zip(meshes) {
            *b = b.min(run(m).0);
        }
    }
    println!(
        "scaling: the same 200 local collide-and-slide queries (ellipsoid {radii}), best of 30 interleaved:"
    );
    for (((name, m), b), e) in meshes.iter().zip(&best).zip(&ends) {
        println!(
            "  {name}: {} triangles, {:.0} ns a query, {:.2}x the smallest; results equal the smallest's: {}",
            m.triangle_count(),
            b,
            b / best[0],
            (*e - ends[0]).length() < 1e-3
        );
    }
}

/// How much of that peak the collision core needs on its own: `CollisionMesh::new` (mesh
/// arrays + BVH build) fed with this level's triangles, its inputs counted too.
fn collision_share(name: &str, level: &Level) {
    let positions = level.collision.positions().to_vec();
    let triangles: Vec<[u32; 3]> = (0..level.collision.triangle_count() as u32)
        .map(|i| level.collision.triangle_indices(i))
        .collect();
    let ids: Vec<u32> = (0..triangles.len() as u32).collect();
    let inputs = positions.len() * 12 + triangles.len() * 16;
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let t = Instant::now();
    let mesh = CollisionMesh::new(positions, &triangles, &ids).expect("mesh");
    let ms = t.elapsed().as_secs_f64() * 1e3;
    let extra = PEAK.load(Ordering::Relaxed) - base;
    let tris = mesh.triangle_count() as f64;
    println!(
        "{name}: CollisionMesh::new alone: {ms:.1} ms; inputs {:.1} B/triangle + build peak {:.1} B/triangle = {:.1} B/triangle; mesh+BVH retained {:.1} B/triangle",
        inputs as f64 / tris,
        extra as f64 / tris,
        (inputs + extra) as f64 / tris,
        mesh.heap_bytes() as f64 / tris,
    );
}

fn bench(c: &mut Criterion) {
    drop(report("sponza", Path::new(SPONZA)));
    let mut meshes = Vec::new();
    // 10,082 / 100,352 / 1,002,528 / 4,004,450 triangles.
    for (name, side) in [
        ("terrain_10k", 71),
        ("terrain_100k", 224),
        ("terrain_1m", 708),
        ("terrain_4m", 1415),
    ] {
        let level = report(name, &terrain_glb(side));
        meshes.push((name, level.collision));
    }
    scaling(&meshes);
    drop(meshes);
    let terrain = terrain_glb(708);

    let mut g = c.benchmark_group("level_load");
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    g.bench_function("sponza_262k", |b| {
        b.iter(|| black_box(Level::load(SPONZA).expect("sponza")))
    });
    g.bench_function("terrain_1m", |b| {
        b.iter(|| black_box(Level::load(&terrain).expect("terrain")))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
