//! Level load speed and peak memory: Sponza (262k triangles) and a generated 1M-triangle
//! terrain, each measured from the file on disk to a `Level` with its collision mesh and BVH.
//!
//! Peak memory is measured with a counting global allocator: the highest number of live heap
//! bytes during one load, minus what was live before it, divided by the triangle count.
//! Targets (issue 3): Sponza ≤ 300 ms, 1M triangles ≤ 1.5 s, ≤ 120 bytes per triangle.

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use slidescope::collision::CollisionMesh;
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

const SPONZA: &str = "../shared/levels/sponza/sponza.glb";

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
            let p = [fx, (fx * 0.05).sin() * 3.0 + (fz * 0.07).cos() * 2.0, fz];
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
/// level's own retained heap bytes.
fn report(name: &str, path: &Path) {
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
    let terrain = terrain_glb(708); // 1,002,528 triangles
    report("sponza", Path::new(SPONZA));
    report("terrain_1m", &terrain);

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
