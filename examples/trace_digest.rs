//! Digests of collide-and-slide results and traces on the shared levels, one line per call:
//! run it before and after a change to the core and `diff` the outputs to show that the change
//! kept the same answers and traces bit for bit.
//!
//! `cargo run --release --example trace_digest > digest.txt` (seconds). Each line is `level
//! shape config query untraced-result traced-result trace trace-without-candidates` (hashes of
//! their `Debug` text); a line starting `MISMATCH` says a traced call's result differed from the
//! same call untraced. With `--candidates`, each iteration's candidates follow, as
//! `triangle:hash-of-its-cases`.

#[path = "../benches/common/mod.rs"]
mod common;

use std::hash::{DefaultHasher, Hash, Hasher};

use glam::Vec3;
use slidescope::collision::{
    CaseMask, CollisionMesh, Ellipsoid, NarrowPhaseKind, Response, Roots, Scratch, Sidedness,
    SlideSettings, Trace, collide_and_slide_with,
};

/// Queries per level, shape and configuration.
const PER_CONFIG: usize = 150;

fn configs() -> Vec<(&'static str, SlideSettings)> {
    let base = SlideSettings::default();
    let with = |f: &dyn Fn(&mut SlideSettings)| {
        let mut s = base;
        f(&mut s);
        s
    };
    vec![
        ("default", base),
        ("crease", with(&|s| s.response.rule = Response::Crease)),
        ("planes", with(&|s| s.response.rule = Response::Planes)),
        (
            "two_sided",
            with(&|s| s.conventions.sidedness = Sidedness::TwoSided),
        ),
        (
            "leaving",
            with(&|s| s.conventions.sidedness = Sidedness::LeavingIgnored),
        ),
        (
            "positive_roots",
            with(&|s| s.conventions.roots = Roots::PositiveOnly),
        ),
        ("touching", with(&|s| s.response.touching_counts = true)),
        (
            "no_face",
            with(&|s| {
                s.debug.cases = CaseMask {
                    face: false,
                    ..CaseMask::ALL
                }
            }),
        ),
        (
            "face_only",
            with(&|s| {
                s.debug.cases = CaseMask {
                    face: true,
                    edge: false,
                    vertex: false,
                }
            }),
        ),
        (
            "plane_space",
            with(&|s| s.debug.narrow_phase = NarrowPhaseKind::PlaneSpace),
        ),
        (
            "gradient",
            with(&|s| s.debug.narrow_phase = NarrowPhaseKind::GradientNormal),
        ),
    ]
}

fn hash(value: &impl std::fmt::Debug) -> u64 {
    let mut h = DefaultHasher::new();
    format!("{value:?}").hash(&mut h);
    h.finish()
}

fn main() {
    let shapes = [
        ("sphere", Vec3::splat(0.5)),
        ("ellipsoid", Vec3::new(0.4, 0.9, 0.4)),
    ];
    let mut scratch = Scratch::default();
    let detail = std::env::args().any(|a| a == "--candidates");
    for (level, path) in common::SHARED_LEVELS {
        let mesh: CollisionMesh = common::load_level(path);
        for (shape, radii) in shapes {
            let walks = common::walking_queries_n(&mesh, radii, 7, PER_CONFIG);
            // The same starts with longer, steeper moves: more iterations, creases, corners.
            let long = walks.iter().map(|&(c, v)| (c, v * 6.0 - Vec3::Y * 0.5));
            let queries: Vec<_> = walks.iter().copied().chain(long).collect();
            for (name, settings) in configs() {
                for (i, &(centre, velocity)) in queries.iter().enumerate() {
                    let e = Ellipsoid::new(centre, radii).expect("valid");
                    let mut trace = Trace::default();
                    let traced = collide_and_slide_with(
                        &mesh,
                        &e,
                        velocity,
                        &settings,
                        &mut scratch,
                        Some(&mut trace),
                    );
                    let plain =
                        collide_and_slide_with(&mesh, &e, velocity, &settings, &mut scratch, None);
                    let tag = format!("{level} {shape} {name} {i}");
                    if format!("{traced:?}") != format!("{plain:?}") {
                        println!("MISMATCH {tag}");
                    }
                    let full = hash(&trace);
                    if detail {
                        for (k, it) in trace.iterations.iter().enumerate() {
                            let cands: Vec<String> = it
                                .candidates
                                .iter()
                                .map(|c| {
                                    format!("{}:{:x}", c.triangle, hash(&c.cases) & 0xffff_ffff)
                                })
                                .collect();
                            println!("  {k} {}", cands.join(" "));
                        }
                    }
                    for it in &mut trace.iterations {
                        it.candidates.clear();
                    }
                    println!(
                        "{tag} {:016x} {:016x} {full:016x} {:016x}",
                        hash(&plain),
                        hash(&traced),
                        hash(&trace)
                    );
                }
            }
        }
    }
}
