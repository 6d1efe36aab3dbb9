//! Simulation step benchmark: one fixed 60 Hz step of the walking player (controller +
//! `collide_and_slide`) on a generated level of ~5k triangles (a bumpy grid floor, stairs and
//! boxes), with recording (full trace copied into the history) and without (no trace).
//! Prints the history's bytes per frame.
//!
//! Run: `cargo bench --bench sim_step`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use glam::Vec3;
use slidescope::collision::{CollisionMesh, SlideSettings};
use slidescope::sim::{PlayerInput, PlayerParams, Sim};

fn solid_box(min: Vec3, max: Vec3, tris: &mut Vec<[Vec3; 3]>) {
    let p = |i: usize| {
        Vec3::new(
            if i & 1 == 0 { min.x } else { max.x },
            if i & 2 == 0 { min.y } else { max.y },
            if i & 4 == 0 { min.z } else { max.z },
        )
    };
    for f in [
        [0, 4, 6, 2],
        [1, 3, 7, 5],
        [0, 1, 5, 4],
        [2, 6, 7, 3],
        [0, 2, 3, 1],
        [4, 5, 7, 6],
    ] {
        tris.push([p(f[0]), p(f[1]), p(f[2])]);
        tris.push([p(f[0]), p(f[2]), p(f[3])]);
    }
}

/// A 48 × 48 grid floor (0.5 m cells, gentle bumps), 8 flights of stairs and 24 boxes.
fn level() -> CollisionMesh {
    let n = 48;
    let cell = 0.5f32;
    let h = |i: usize, j: usize| 0.05 * ((i as f32 * 0.7).sin() + (j as f32 * 0.45).cos());
    let at = |i: usize, j: usize| {
        Vec3::new(
            (i as f32 - n as f32 / 2.0) * cell,
            h(i, j),
            (j as f32 - n as f32 / 2.0) * cell,
        )
    };
    let mut tris = Vec::new();
    for i in 0..n {
        for j in 0..n {
            let (a, b, c, d) = (at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1));
            tris.push([a, d, c]);
            tris.push([a, c, b]);
        }
    }
    for s in 0..8 {
        let ang = s as f32 * std::f32::consts::TAU / 8.0;
        let dir = Vec3::new(ang.cos(), 0.0, ang.sin());
        for k in 0..6 {
            let c = dir * (4.0 + 0.4 * k as f32);
            solid_box(
                c - Vec3::new(0.3, 0.5, 0.3),
                c + Vec3::new(0.3, 0.18 * (k + 1) as f32, 0.3),
                &mut tris,
            );
        }
    }
    for b in 0..24 {
        let ang = b as f32 * 0.9;
        let c = Vec3::new(ang.cos(), 0.0, ang.sin()) * (2.0 + 0.35 * b as f32);
        solid_box(
            c - Vec3::new(0.4, 0.5, 0.4),
            c + Vec3::new(0.4, 1.5, 0.4),
            &mut tris,
        );
    }
    CollisionMesh::from_triangles(&tris).expect("generated level is valid")
}

/// Walking in circles (radius ≈ 3–6 m) with the odd jump.
fn input(i: u32) -> PlayerInput {
    PlayerInput {
        forward: 1.0,
        right: 0.3,
        yaw_rad: i as f32 * 0.02,
        jump: i.is_multiple_of(150),
        run: (i / 300) % 2 == 1,
        ..Default::default()
    }
}

fn bench(c: &mut Criterion) {
    let mesh = level();
    println!("generated level: {} triangles", mesh.triangle_count());
    walk(c, "generated", &mesh, Vec3::new(0.0, 0.2, 0.0));
    // Sponza (262k triangles), from its spawn point on the atrium floor.
    match slidescope::level::Level::load("assets/levels/sponza/sponza.glb") {
        Ok(level) => {
            let feet = level.spawn_points.first().map_or(Vec3::ZERO, |s| s.feet);
            walk(c, "sponza", &level.collision, feet);
        }
        Err(e) => eprintln!("sponza skipped: {e}"),
    }
}

fn walk(c: &mut Criterion, level_name: &str, mesh: &CollisionMesh, feet: Vec3) {
    for recording in [false, true] {
        let mut sim = Sim::new(feet, PlayerParams::default(), SlideSettings::default());
        sim.recording = recording;
        let mut i = 0u32;
        let name = format!(
            "sim_step/{level_name}/{}",
            if recording {
                "recording"
            } else {
                "no_recording"
            }
        );
        c.bench_function(&name, |b| {
            b.iter(|| {
                i = i.wrapping_add(1);
                if i.is_multiple_of(3000) {
                    // Back to the start now and then, so the walk never leaves the level.
                    sim.teleport(feet + Vec3::new(0.0, 1.0, 0.0));
                }
                black_box(sim.step(mesh, &input(i)))
            })
        });
        let grounded = sim.history().iter().filter(|f| f.after.grounded).count();
        println!(
            "{name}: player at {}, grounded in {grounded} of {} recorded frames",
            sim.player().center,
            sim.history().len()
        );
        if recording {
            let h = sim.history();
            println!(
                "history: {} frames, {:.0} bytes/frame, {} MiB used of {} MiB ({:.1} min at 60 Hz fit)",
                h.len(),
                h.bytes_per_frame(),
                h.used_bytes() >> 20,
                h.budget_bytes() >> 20,
                h.budget_bytes() as f64 / h.bytes_per_frame() / 3600.0
            );
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
