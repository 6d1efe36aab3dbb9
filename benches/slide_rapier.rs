//! `collide_and_slide` against rapier3d's character controller
//! (`KinematicCharacterController::move_shape`) on the same queries and the very same triangles,
//! on every shared level: a sphere of radius 0.5 resting just above a random walkable triangle
//! (by area), moving 0.05–0.5 m horizontally and 0.1 m down (`benches/common`). rapier runs
//! with a ball collider, slide on, autostep and snap-to-ground off, its other defaults, once
//! with its default offset (1 % of the shape, 5 mm) and once with an offset equal to our skin
//! (1e-3 eSpace = 0.5 mm). Printed per level: where the two end (median, p99 and worst distance,
//! with the worst case explained) and the time ratio, from criterion and from interleaved
//! best-of-15 rounds (`SLIDE_RAPIER_ROUNDS` sets another count); in the same rounds, the
//! floor of our slides on this BVH (`common/floor.rs`): the walk and one
//! four-wide face test for every detection the calls make, each to its true time of impact,
//! beside what 20× rapier needs.
//!
//! Run: `cargo bench --bench slide_rapier`.

#[path = "common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Instant;

use common::floor::{Query, blocks_for, face_all, walk_all};
use common::{SHARED_LEVELS, load_level, walking_queries};
use criterion::{Criterion, criterion_group, criterion_main};
use glam::Vec3;
use rapier3d::control::{CharacterLength, KinematicCharacterController};
use rapier3d::prelude::{Ball, ColliderBuilder, PhysicsWorld, Pose};
use slidescope::collision::{
    CollisionMesh, Ellipsoid, EndReason, Scratch, SlideResult, SlideSettings, Trace,
    collide_and_slide_with,
};

/// The sphere, the same one the floor sweeps (`common/floor.rs`).
const RADIUS: f32 = common::floor::R;
const DT: f32 = 1.0 / 60.0;

fn v(p: Vec3) -> rapier3d::math::Vector {
    rapier3d::math::Vector::new(p.x, p.y, p.z)
}

fn rapier_world(mesh: &CollisionMesh) -> PhysicsWorld {
    let verts = mesh.positions().iter().map(|&p| v(p)).collect();
    let idx = (0..mesh.triangle_count() as u32)
        .map(|i| mesh.triangle_indices(i))
        .collect();
    let mut world = PhysicsWorld::default();
    // `SLIDE_RAPIER_FIX_INTERNAL_EDGES=1` builds the trimesh with parry's internal-edge fix
    // (to see whether rapier's early stops on flat floors are ghost-edge hits).
    let flags = if std::env::var_os("SLIDE_RAPIER_FIX_INTERNAL_EDGES").is_some() {
        rapier3d::parry::shape::TriMeshFlags::FIX_INTERNAL_EDGES
    } else {
        rapier3d::parry::shape::TriMeshFlags::empty()
    };
    world.insert_collider(
        ColliderBuilder::trimesh_with_flags(verts, idx, flags).expect("valid trimesh"),
        None,
    );
    // One step puts the collider into the broad phase the query pipeline reads.
    world.step();
    world
}

fn controller(offset: CharacterLength) -> KinematicCharacterController {
    KinematicCharacterController {
        offset,
        slide: true,
        autostep: None,
        snap_to_ground: None,
        ..Default::default()
    }
}

fn ours(mesh: &CollisionMesh, q: &(Vec3, Vec3), scratch: &mut Scratch) -> SlideResult {
    let e = Ellipsoid::sphere(q.0, RADIUS).expect("valid");
    collide_and_slide_with(mesh, &e, q.1, &SlideSettings::default(), scratch, None).expect("valid")
}

fn theirs(
    world: &PhysicsWorld,
    c: &KinematicCharacterController,
    q: &(Vec3, Vec3),
) -> (Vec3, bool) {
    let qp = world.query_pipeline();
    let m = c.move_shape(
        DT,
        &qp,
        &Ball::new(RADIUS),
        &Pose::translation(q.0.x, q.0.y, q.0.z),
        v(q.1),
        |_| {},
    );
    let t = m.translation;
    (q.0 + Vec3::new(t.x, t.y, t.z), m.is_sliding_down_slope)
}

/// Every detection our calls make (from their traces), each with its true time of impact.
fn detections(mesh: &CollisionMesh, qs: &[(Vec3, Vec3)], scratch: &mut Scratch) -> Vec<Query> {
    let mut out = Vec::new();
    for q in qs {
        let e = Ellipsoid::sphere(q.0, RADIUS).expect("valid");
        let mut trace = Trace::default();
        let s = SlideSettings::default();
        collide_and_slide_with(mesh, &e, q.1, &s, scratch, Some(&mut trace)).expect("valid");
        for it in &trace.iterations {
            let toi = it
                .contacts
                .first()
                .map_or(1.0, |c| c.time.toi().unwrap_or(0.0));
            out.push(Query::new(mesh, it.start_center, it.velocity, toi));
        }
    }
    out
}

/// Where the two end, and the worst case with what our trace says about it.
fn agreement(name: &str, mesh: &CollisionMesh, world: &PhysicsWorld, qs: &[(Vec3, Vec3)]) {
    let mut scratch = Scratch::default();
    for (label, c) in [
        (
            "default offset",
            controller(CharacterLength::Relative(0.01)),
        ),
        (
            "offset = skin",
            controller(CharacterLength::Absolute(RADIUS * 1e-3)),
        ),
    ] {
        let mut d: Vec<(f32, usize)> = qs
            .iter()
            .enumerate()
            .map(|(i, q)| {
                (
                    (ours(mesh, q, &mut scratch).position - theirs(world, &c, q).0).length(),
                    i,
                )
            })
            .collect();
        d.sort_by(|a, b| a.0.total_cmp(&b.0));
        let at = |p: f64| d[((d.len() - 1) as f64 * p) as usize].0;
        let (worst, wi) = d[d.len() - 1];
        let q = qs[wi];
        let o = ours(mesh, &q, &mut scratch);
        let (t, sliding) = theirs(world, &c, &q);
        let within = |m: f32| d.iter().filter(|x| x.0 <= m).count();
        println!(
            "{name}, rapier {label}: end distance median {:.2e} m, p99 {:.2e} m, max {:.2e} m; within 1 mm {} of {}, within 1 cm {}",
            at(0.5),
            at(0.99),
            worst,
            within(1e-3),
            d.len(),
            within(1e-2)
        );
        println!(
            "  worst: start {:?} move {:?}: slidescope ends {:?} ({:?}, {} iterations), rapier ends {:?}{} (ours moved {:.3} m, rapier {:.3} m)",
            q.0.to_array(),
            q.1.to_array(),
            o.position.to_array(),
            o.end,
            o.iterations,
            t.to_array(),
            if sliding { " sliding down a slope" } else { "" },
            (o.position - q.0).length(),
            (t - q.0).length(),
        );
        let stopped = |e: EndReason| matches!(e, EndReason::ImpulseFilter | EndReason::Fallback);
        let ours_stopped = qs
            .iter()
            .filter(|q| stopped(ours(mesh, q, &mut scratch).end))
            .count();
        println!(
            "  slidescope ended on the impulse filter or the fallback on {ours_stopped} queries"
        );
    }
}

/// `SLIDESCOPE_COUNT=ours_<level>|rapier_<level>`: run that side's 1000 queries once and exit,
/// for `valgrind --tool=callgrind --toggle-collect='*count_run*'` (instruction counts do not
/// depend on machine load).
fn count_mode() {
    let Ok(which) = std::env::var("SLIDESCOPE_COUNT") else {
        return;
    };
    for (name, path) in SHARED_LEVELS {
        if !which.ends_with(name) {
            continue;
        }
        let mesh = load_level(path);
        let qs = walking_queries(&mesh, Vec3::splat(RADIUS), 11);
        let world = which.starts_with("rapier").then(|| rapier_world(&mesh));
        count_run(&mesh, world.as_ref(), &qs);
    }
    std::process::exit(0);
}

#[inline(never)]
fn count_run(mesh: &CollisionMesh, world: Option<&PhysicsWorld>, qs: &[(Vec3, Vec3)]) {
    let mut scratch = Scratch::default();
    let c = controller(CharacterLength::Relative(0.01));
    for q in qs {
        match world {
            Some(w) => {
                black_box(theirs(w, &c, q));
            }
            None => {
                black_box(ours(mesh, q, &mut scratch));
            }
        }
    }
}

fn bench(c: &mut Criterion) {
    count_mode();
    let rounds = common::rounds_from_env("SLIDE_RAPIER_ROUNDS", 15);
    for (name, path) in SHARED_LEVELS {
        let mesh = load_level(path);
        let qs = walking_queries(&mesh, Vec3::splat(RADIUS), 11);
        let world = rapier_world(&mesh);
        agreement(name, &mesh, &world, &qs);
        let default = controller(CharacterLength::Relative(0.01));
        let skin = controller(CharacterLength::Absolute(RADIUS * 1e-3));
        // Interleaved best of `rounds`: both sides and the floor under the same load.
        let (mut best_ours, mut best_theirs) = (f64::INFINITY, f64::INFINITY);
        let mut scratch = Scratch::default();
        let detections = detections(&mesh, &qs, &mut scratch);
        let blocks: Vec<_> = detections.iter().map(|d| blocks_for(&mesh, d)).collect();
        let (mut best_floor, mut stack) = (f64::INFINITY, Vec::new());
        for _ in 0..rounds {
            let t = Instant::now();
            walk_all(&mesh, &detections, &mut stack);
            face_all(&detections, &blocks);
            best_floor = best_floor.min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            for q in &qs {
                black_box(ours(&mesh, q, &mut scratch));
            }
            best_ours = best_ours.min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            for q in &qs {
                black_box(theirs(&world, &default, q));
            }
            best_theirs = best_theirs.min(t.elapsed().as_secs_f64());
        }
        let n = qs.len() as f64;
        println!(
            "{name}: interleaved best of {rounds} rounds: slidescope {:.0} ns/query, rapier {:.0} ns/query, ratio {:.1}x",
            best_ours / n * 1e9,
            best_theirs / n * 1e9,
            best_theirs / best_ours
        );
        println!(
            "{name}: floor (walk + face x4 for each of the calls' {:.2} detections a call) {:.0} ns/query: slidescope is {:.1}x the floor; 20x rapier needs {:.0} ns/query",
            detections.len() as f64 / n,
            best_floor / n * 1e9,
            best_ours / best_floor,
            best_theirs / n * 1e9 / 20.0
        );
        let mut g = c.benchmark_group(format!("slide_{name}"));
        g.bench_function("slidescope_x1000", |b| {
            b.iter(|| {
                for q in &qs {
                    black_box(ours(&mesh, q, &mut scratch));
                }
            })
        });
        g.bench_function("rapier_default_offset_x1000", |b| {
            b.iter(|| {
                for q in &qs {
                    black_box(theirs(&world, &default, q));
                }
            })
        });
        g.bench_function("rapier_skin_offset_x1000", |b| {
            b.iter(|| {
                for q in &qs {
                    black_box(theirs(&world, &skin, q));
                }
            })
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
