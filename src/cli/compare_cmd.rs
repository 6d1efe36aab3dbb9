//! `slidescope compare <level> [--queries N] [--seed S] [--out DIR] [--worst K]`: runs random
//! walking and free sweeps through every solver of `collision::solvers` and prints, per solver,
//! the agreement with the f64 reference (hit/miss, |Δt| percentiles, contact distance, normal
//! angle), the worst cases and ns/query; the coplanar-merge saving; seed 004's static test
//! against the exact distance. With `--out`, the worst disagreements are written as sweep query
//! files (`level::query`), runnable with `slidescope sweep <file>`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::level::Level;
use crate::level::query::{EllipsoidShape, Query, QueryMode};
use slidescope_compare::{
    CompareQuery, QueryKind, Scene, SolverId, SolverStats, StaticStats, Verdict, compare_solver,
    generate_queries, percentile, run_reference, static_check, time_text,
};

#[derive(Debug, clap::Args)]
pub struct CompareArgs {
    /// The level file (.glb, .gltf, .obj).
    pub level: PathBuf,
    /// Number of random queries (half walking, half free).
    #[arg(long, default_value_t = 10_000)]
    pub queries: usize,
    /// Seed of the query generator.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Folder for the worst disagreements as query files (created if missing).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Disagreements listed (and written) per solver.
    #[arg(long, default_value_t = 5)]
    pub worst: usize,
}

pub fn run(args: &CompareArgs) -> Result<(), Box<dyn std::error::Error>> {
    let level = Level::load(&args.level)?;
    let scene = Scene::new(&level.collision);
    let queries = generate_queries(&scene, args.queries, args.seed);
    let reference = run_reference(&scene, &queries);
    let mut s = String::new();
    let m = scene.merge;
    let _ = writeln!(
        s,
        "level {}: {} triangles → {} convex polygons after coplanar merge ({:.1}% fewer; {} merged, mean {:.2} vertices, max {})",
        args.level.display(),
        m.triangles,
        m.polygons,
        100.0 * m.saving(),
        m.merged_polygons,
        m.total_vertices as f64 / m.polygons.max(1) as f64,
        m.max_vertices
    );
    let walking = queries
        .iter()
        .filter(|q| q.kind == QueryKind::Walking)
        .count();
    let ref_hits = reference.hits.iter().filter(|h| h.is_some()).count();
    let _ = writeln!(
        s,
        "{} queries (seed {}): {walking} walking, {} free; shapes cycle sphere / axis-aligned / rotated; reference hits {ref_hits}, {:.0} ns/query",
        queries.len(),
        args.seed,
        queries.len() - walking,
        reference.nanos as f64 / queries.len().max(1) as f64
    );
    let mut all = Vec::new();
    for id in SolverId::ALL {
        let (stats, answers) = compare_solver(&scene, id, &queries, &reference, args.worst);
        all.push((stats, answers));
    }
    s.push_str(&table(&all.iter().map(|a| &a.0).collect::<Vec<_>>()));
    for (stats, answers) in &all {
        worst_cases(&mut s, stats, answers, &reference.hits);
    }
    let statics = static_check(&scene, &queries);
    static_table(&mut s, &statics);
    if let Some(dir) = &args.out {
        let written = write_worst(dir, &args.level, &queries, &all)?;
        let _ = writeln!(
            s,
            "wrote {written} query files to {} (run: slidescope sweep <file>)",
            dir.display()
        );
    }
    print!("{s}");
    Ok(())
}

fn pct(v: &[f32], p: f64) -> f32 {
    let mut v = v.to_vec();
    percentile(&mut v, p)
}

/// The agreement table.
pub fn table(stats: &[&SolverStats]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\n{:<22} {:>9} {:>9} {:>7} {:>7} {:>10} {:>8} {:>6} | {:>8} {:>8} {:>8} {:>8} | {:>8} {:>8} | {:>7} {:>7} | {:>8}",
        "solver",
        "both hit",
        "both miss",
        "only S",
        "only R",
        "agree≤1e-4",
        "tangent",
        "unexp",
        "Δt p50",
        "Δt p99",
        "p99.99",
        "Δt max",
        "pt p99 m",
        "pt max",
        "n° p99",
        "n° max",
        "ns/query"
    );
    for st in stats {
        let _ = writeln!(
            s,
            "{:<22} {:>9} {:>9} {:>7} {:>7} {:>9.4}% {:>8} {:>6} | {:>8.1e} {:>8.1e} {:>8.1e} {:>8.1e} | {:>8.1e} {:>8.1e} | {:>7.3} {:>7.2} | {:>8.0}",
            st.name,
            st.counts.both_hit,
            st.counts.both_miss,
            st.counts.only_solver,
            st.counts.only_reference,
            100.0 * st.agreement(),
            st.counts.tangent,
            st.counts.unexplained,
            pct(&st.errors.dt, 0.5),
            pct(&st.errors.dt, 0.99),
            pct(&st.errors.dt, 0.9999),
            pct(&st.errors.dt, 1.0),
            pct(&st.errors.contact_distance, 0.99),
            pct(&st.errors.contact_distance, 1.0),
            pct(&st.errors.normal_angle_deg, 0.99),
            pct(&st.errors.normal_angle_deg, 1.0),
            st.ns_per_query()
        );
    }
    let _ = writeln!(
        s,
        "\n|Δt| by the reference's contact kind (both hit with a time of impact): p99 / max [count]; embedded start vs time of impact"
    );
    for st in stats {
        let kinds = ["face", "edge", "vertex"]
            .iter()
            .zip(&st.errors.dt_by_kind)
            .map(|(k, v)| {
                format!(
                    "{k} {:.1e} / {:.1e} [{}]",
                    pct(v, 0.99),
                    pct(v, 1.0),
                    v.len()
                )
            })
            .collect::<Vec<_>>()
            .join(", ");
        let _ = writeln!(
            s,
            "  {:<22} {kinds}; {}",
            st.name, st.counts.embedded_vs_toi
        );
    }
    s
}

fn worst_cases(
    s: &mut String,
    st: &SolverStats,
    answers: &[Option<crate::collision::solvers::SolverHit>],
    reference: &[Option<crate::collision::solvers::SolverHit>],
) {
    if st.disagreements.is_empty() {
        return;
    }
    let _ = writeln!(s, "\nworst disagreements, {}:", st.name);
    for d in &st.disagreements {
        let _ = writeln!(
            s,
            "  query {:>6}: solver {} ({:?}), reference {} ({:?}), |Δt| {:.2e}; {:?}: clearance at solver t {}, min clearance before it {:.2e} (eSpace)",
            d.query,
            time_text(answers[d.query].as_ref()),
            d.solver_feature,
            time_text(reference[d.query].as_ref()),
            d.reference_feature,
            d.dt,
            d.verdict,
            d.clearance_at_solver_t
                .map_or("-".to_string(), |c| format!("{c:.2e}")),
            d.min_clearance
        );
    }
}

fn static_table(s: &mut String, stats: &[StaticStats; 4]) {
    let _ = writeln!(
        s,
        "\nseed 004 static overlap test vs exact distance (centre at t = 0, ½, 1 of each query, every candidate triangle):"
    );
    for st in stats {
        let c = st
            .corrections
            .unwrap_or(crate::collision::solvers::StaticCorrections::NONE);
        let _ = writeln!(
            s,
            "  circle radius √(r²−d²) {:<5} clamp to segment {:<5}: {} tests, {} overlapping, {} false positives, {} false negatives",
            c.plane_circle_radius,
            c.clamp_to_segment,
            st.tests,
            st.overlaps,
            st.false_positives,
            st.false_negatives
        );
    }
}

/// Writes the listed disagreements of every solver as sweep query files; returns how many.
fn write_worst(
    dir: &Path,
    level: &Path,
    queries: &[CompareQuery],
    all: &[(
        SolverStats,
        Vec<Option<crate::collision::solvers::SolverHit>>,
    )],
) -> Result<usize, Box<dyn std::error::Error>> {
    std::fs::create_dir_all(dir)?;
    let level_abs = std::fs::canonicalize(level)?;
    let mut n = 0;
    for (st, _) in all {
        for d in &st.disagreements {
            let q = &queries[d.query].query;
            let e = q.ellipsoid;
            let query = Query {
                mode: QueryMode::Sweep,
                geometry: crate::level::scenario::pinned_level(level_abs.clone(), level)?,
                ellipsoid: EllipsoidShape {
                    radii: e.radii,
                    axes: (!e.is_axis_aligned()).then_some([
                        e.axes.x_axis,
                        e.axes.y_axis,
                        e.axes.z_axis,
                    ]),
                },
                start: e.center,
                velocity: q.velocity,
                heading: None,
                settings: Default::default(),
            };
            let tag = match d.verdict {
                Verdict::Unexplained => "unexplained",
                _ => "tangent",
            };
            let name = format!(
                "{}_{}_q{}.json",
                st.name.replace('/', "-").replace(' ', "_"),
                tag,
                d.query
            );
            std::fs::write(dir.join(name), serde_json::to_string_pretty(&query)? + "\n")?;
            n += 1;
        }
    }
    Ok(n)
}
