//! Reading and re-solving a game's probe file: `probe-check` on 1,000,000 moves on Sponza.
//! The file is written first through the probe (each move a walking query of
//! `benches/common`, its "game result" the core's own untraced result, so nothing diverges
//! and every move is re-solved with its trace); then it is read without re-solving, and
//! checked with 1 thread and with every core. Then the same moves from a game with Fauerby's
//! conventions (padding along the velocity, a short leftover dropped): its diverging moves are
//! explained, so this measures the explanation too. Prints moves per second; the
//! goal is to re-solve and explain faster than a game produces (≥ 60,000 moves/s).
//!
//! Run: `cargo bench --bench probe_check` (`PROBE_CHECK_MOVES=N` for another count).

#[path = "common/mod.rs"]
mod common;

use std::time::Instant;

use common::{load_sponza, walking_queries_n};
use glam::Vec3;
use slidescope::collision::Conventions;
use slidescope::collision::{
    Ellipsoid, Padding, Scratch, ShortMotion, SlideSettings, collide_and_slide_with,
};
use slidescope::probe::probe_file_check::{CheckOptions, check_file};
use slidescope_probe::{Move, MoveResult, RecordingProbe};

fn main() {
    let moves: usize = std::env::var("PROBE_CHECK_MOVES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let mesh = load_sponza();
    let radii = Vec3::new(0.4, 0.9, 0.4);
    // 10,000 distinct queries, cycled: generating clear starts is the slow part.
    let queries = walking_queries_n(&mesh, radii, 42, 10_000);
    let dir = std::env::temp_dir().join(format!("slidescope-probe-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("sponza.slidelog");
    write_file(&path, &mesh, &queries, moves, &SlideSettings::default());
    let fauerby = dir.join("fauerby.slidelog");
    let fauerby_settings = SlideSettings {
        conventions: Conventions {
            padding: Padding::Velocity,
            short_motion: ShortMotion::Dropped,
            min_motion_es: 1e-3,
            ..Conventions::default()
        },
        ..Default::default()
    };
    write_file(&fauerby, &mesh, &queries, moves, &fauerby_settings);
    let t = Instant::now();
    let file =
        std::io::BufReader::with_capacity(1 << 20, std::fs::File::open(&path).expect("open"));
    let (records, err) = slidescope_probe::read::read_all(file);
    assert!(err.is_none(), "{err:?}");
    let secs = t.elapsed().as_secs_f64();
    println!(
        "read only (no re-solve): {} records in {secs:.2} s = {:.0} moves/s",
        records.len(),
        moves as f64 / secs
    );
    drop(records);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for (name, file) in [("agreeing game", &path), ("Fauerby-padded game", &fauerby)] {
        for threads in [1, cores] {
            let options = CheckOptions {
                threads,
                ..Default::default()
            };
            let t = Instant::now();
            let report = check_file(file, &options).expect("check");
            let secs = t.elapsed().as_secs_f64();
            assert_eq!(report.counts.moves, moves as u64);
            let detected = report.explanation.conventions_detected.map(|d| d.switches);
            println!(
                "probe-check, {name}, {threads} thread(s): {moves} moves re-solved and explained in {secs:.2} s = {:.0} moves/s ({} diverging; detected {detected:?})",
                moves as f64 / secs,
                report.counts.diverging
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Writes `moves` moves cycling `queries`, each with the core's result under `settings` as the
/// game's.
fn write_file(
    path: &std::path::Path,
    mesh: &slidescope::collision::CollisionMesh,
    queries: &[(Vec3, Vec3)],
    moves: usize,
    settings: &SlideSettings,
) {
    let radii = Vec3::new(0.4, 0.9, 0.4);
    let t = Instant::now();
    {
        let mut probe = RecordingProbe::save(path).expect("file");
        let positions: Vec<[f32; 3]> = mesh.positions().iter().map(|p| p.to_array()).collect();
        let indices: Vec<[u32; 3]> = (0..mesh.triangle_count() as u32)
            .map(|t| mesh.triangle_indices(t))
            .collect();
        probe.set_level_mesh(&positions, &indices);
        let mut scratch = Scratch::default();
        for i in 0..moves {
            if i % 1000 == 0 {
                probe.frame((i / 1000) as u64, i as f64 / 60_000.0, 1.0 / 60.0);
            }
            let (start, velocity) = queries[i % queries.len()];
            let e = Ellipsoid::new(start, radii).expect("valid");
            let r = collide_and_slide_with(mesh, &e, velocity, settings, &mut scratch, None)
                .expect("valid");
            let mut m = Move::new(
                (i % 1000) as u32,
                radii.to_array(),
                start.to_array(),
                velocity.to_array(),
            );
            m.result = Some(MoveResult {
                end: r.position.to_array(),
                integration_velocity: r.integration_velocity.to_array(),
                iterations: r.iterations,
            });
            probe.log_move(&m, &[]);
        }
    }
    let bytes = std::fs::metadata(path).map_or(0, |m| m.len());
    println!(
        "wrote {moves} moves ({:.1} MB) in {:.2} s",
        bytes as f64 / 1e6,
        t.elapsed().as_secs_f64()
    );
}
