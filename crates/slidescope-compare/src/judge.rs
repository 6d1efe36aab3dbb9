//! Judging: how each solver answer relates to the reference's ([`Verdict`]), and a solver
//! compared with the reference over every query ([`compare_solver`], timed).

use std::time::Instant;

use slidescope_collision::solvers::{SolverHit, SolverQuery};
use slidescope_collision::{CaseKind, ContactTime, Feature};

use crate::clearance::{clearance_at, min_clearance};
use crate::verdict::{Disagreement, Verdict};
use crate::{
    Buffers, CompareQuery, ReferenceRun, Scene, SolverId, SolverStats, VerdictCounts, run_solver,
};

/// Agreement threshold on the time of impact.
pub const T_TOLERANCE: f32 = 1e-4;
/// Distance (eSpace) within which a contact counts as touching, for explaining disagreements.
pub const TANGENT_TOLERANCE_ES: f64 = 1e-4;

/// Judges one solver answer against the reference's.
pub fn judge(
    scene: &Scene,
    q: &SolverQuery,
    solver: Option<&SolverHit>,
    reference: Option<&SolverHit>,
    cand: &mut Vec<u32>,
) -> (Verdict, Option<f64>, f64) {
    let (st, rt) = (solver.map(SolverHit::t), reference.map(SolverHit::t));
    let same = match (st, rt) {
        (Some(a), Some(b)) => (a - b).abs() <= T_TOLERANCE,
        (None, None) => true,
        _ => false,
    };
    if same {
        return (Verdict::Agree, None, f64::NAN);
    }
    scene.candidates(q, cand);
    let t_end = st.map_or(1.0, |t| t as f64);
    let min_c = min_clearance(scene, q, cand, t_end);
    let at = st.map(|t| clearance_at(scene, q, cand, t as f64));
    let ok = min_c >= -TANGENT_TOLERANCE_ES && at.is_none_or(|c| c <= TANGENT_TOLERANCE_ES);
    (
        if ok {
            Verdict::Tangent
        } else {
            Verdict::Unexplained
        },
        at,
        min_c,
    )
}

fn kind_index(f: Feature) -> usize {
    match f.kind() {
        CaseKind::Face => 0,
        CaseKind::Edge => 1,
        CaseKind::Vertex => 2,
    }
}

/// Runs `id` on every query and compares with the reference.
pub fn compare_solver(
    scene: &Scene,
    id: SolverId,
    queries: &[CompareQuery],
    reference: &ReferenceRun,
    keep_worst: usize,
) -> (SolverStats, Vec<Option<SolverHit>>) {
    let mut buf = Buffers::default();
    let start = Instant::now();
    let answers: Vec<Option<SolverHit>> = queries
        .iter()
        .map(|q| run_solver(scene, id, &q.query, &mut buf))
        .collect();
    let nanos = start.elapsed().as_nanos();
    let mut s = SolverStats {
        name: id.name(),
        counts: VerdictCounts {
            queries: queries.len(),
            ..Default::default()
        },
        nanos,
        ..Default::default()
    };
    let mut cand = Vec::new();
    for (i, (q, (a, r))) in queries
        .iter()
        .zip(answers.iter().zip(&reference.hits))
        .enumerate()
    {
        match (a, r) {
            (Some(a), Some(r)) if a.time.is_embedded() != r.time.is_embedded() => {
                s.counts.both_hit += 1;
                s.counts.embedded_vs_toi += 1;
            }
            (Some(a), Some(r)) => {
                s.counts.both_hit += 1;
                let dt = (a.t() - r.t()).abs();
                s.errors.dt.push(dt);
                s.errors.dt_by_kind[kind_index(r.feature)].push(dt);
                if dt <= T_TOLERANCE {
                    s.errors.contact_distance.push((a.point - r.point).length());
                    let cos = a.normal.dot(r.normal).clamp(-1.0, 1.0);
                    s.errors.normal_angle_deg.push(cos.acos().to_degrees());
                }
            }
            (None, None) => s.counts.both_miss += 1,
            (Some(_), None) => s.counts.only_solver += 1,
            (None, Some(_)) => s.counts.only_reference += 1,
        }
        let (verdict, at, min_c) = judge(scene, &q.query, a.as_ref(), r.as_ref(), &mut cand);
        match verdict {
            Verdict::Agree => {
                s.counts.agree += 1;
                continue;
            }
            Verdict::Tangent => s.counts.tangent += 1,
            Verdict::Unexplained => s.counts.unexplained += 1,
        }
        let dt = match (a, r) {
            (Some(a), Some(r)) => (a.t() - r.t()).abs(),
            _ => 1.0,
        };
        s.disagreements.push(Disagreement {
            query: i,
            solver_t: a.map(|h| h.t()),
            reference_t: r.map(|h| h.t()),
            dt,
            verdict,
            clearance_at_solver_t: at,
            min_clearance: min_c,
            solver_feature: a.map(|h| h.feature),
            reference_feature: r.map(|h| h.feature),
        });
    }
    s.disagreements.sort_by(|x, y| {
        let rank = |d: &Disagreement| (d.verdict != Verdict::Unexplained) as u8;
        rank(x)
            .cmp(&rank(y))
            .then(y.dt.total_cmp(&x.dt))
            .then(x.query.cmp(&y.query))
    });
    s.disagreements.truncate(keep_worst);
    (s, answers)
}

/// The time of a hit as text.
pub fn time_text(h: Option<&SolverHit>) -> String {
    match h.map(|h| h.time) {
        None => "miss".into(),
        Some(ContactTime::Toi(t)) => format!("{t:.6}"),
        Some(ContactTime::Embedded { depth_es }) => format!("embedded {depth_es:.2e}"),
    }
}
