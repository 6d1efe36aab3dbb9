//! Cost of one `collide_and_slide_in` call with N dynamic objects present: a player
//! ellipsoid walking across a floor among N moving boxes (each a 12-triangle object in its own
//! set, all moving every update), N = 0, 1, 10, 100, 1000. Objects far from the sweep are
//! culled by their box; the ones near it are swept through their own BVH.
//!
//! Run: `cargo bench --bench dynamic`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use glam::{Quat, Vec3};
use slidescope::collision::{
    CollisionMesh, CollisionWorld, DynamicScene, Ellipsoid, RigidPose, Scratch, SlideSettings,
    collide_and_slide_in,
};

fn box_tris(h: Vec3) -> (Vec<Vec3>, Vec<[u32; 3]>) {
    let p: Vec<Vec3> = (0..8)
        .map(|i| {
            Vec3::new(
                if i & 1 == 0 { -h.x } else { h.x },
                if i & 2 == 0 { -h.y } else { h.y },
                if i & 4 == 0 { -h.z } else { h.z },
            )
        })
        .collect();
    let mut t = Vec::new();
    for f in [
        [0, 4, 6, 2],
        [1, 3, 7, 5],
        [0, 1, 5, 4],
        [2, 6, 7, 3],
        [0, 2, 3, 1],
        [4, 5, 7, 6],
    ] {
        t.push([f[0], f[1], f[2]]);
        t.push([f[0], f[2], f[3]]);
    }
    (p, t)
}

/// N boxes on a 40 × 40 m floor, on a deterministic scatter, each moved once (0.05 m and 3°).
fn scene(n: usize) -> DynamicScene {
    let mut s = DynamicScene::new();
    let (p, t) = box_tris(Vec3::new(0.5, 0.5, 0.5));
    for i in 0..n {
        let set = s.add_set();
        let a = i as f32 * 2.399;
        let r = 1.5 + 18.0 * ((i as f32 + 0.5) / n.max(1) as f32).sqrt();
        let at = Vec3::new(r * a.cos(), 0.5, r * a.sin());
        let id = s
            .add_object(
                set,
                format!("box {i}"),
                p.clone(),
                &t,
                RigidPose::from_translation(at),
            )
            .expect("valid box");
        s.update_object(
            id,
            RigidPose::new(Quat::from_rotation_y(0.05), at + Vec3::new(0.05, 0.0, 0.0)),
        )
        .expect("finite pose");
    }
    s
}

fn bench(c: &mut Criterion) {
    let floor = CollisionMesh::from_triangles(&[
        [
            Vec3::new(-20.0, 0.0, 20.0),
            Vec3::new(20.0, 0.0, 20.0),
            Vec3::new(20.0, 0.0, -20.0),
        ],
        [
            Vec3::new(-20.0, 0.0, 20.0),
            Vec3::new(20.0, 0.0, -20.0),
            Vec3::new(-20.0, 0.0, -20.0),
        ],
    ])
    .expect("floor");
    let settings = SlideSettings::default();
    let e = Ellipsoid::new(Vec3::new(0.0, 0.901, 0.0), Vec3::new(0.4, 0.9, 0.4)).expect("valid");
    let mut g = c.benchmark_group("collide_and_slide_dynamic");
    for n in [0usize, 1, 10, 100, 1000] {
        let s = scene(n);
        let mut scratch = Scratch::default();
        // One 60 Hz step of walking at 4 m/s with the ground stick.
        let v = Vec3::new(4.0 / 60.0, -0.002, 0.03);
        g.bench_function(format!("{n}_objects"), |b| {
            b.iter(|| {
                collide_and_slide_in(
                    CollisionWorld::new(&floor, &s),
                    black_box(&e),
                    black_box(v),
                    &settings,
                    &mut scratch,
                    None,
                )
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).warm_up_time(std::time::Duration::from_millis(300)).measurement_time(std::time::Duration::from_secs(1));
    targets = bench
}
criterion_main!(benches);
