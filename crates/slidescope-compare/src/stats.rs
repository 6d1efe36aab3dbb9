//! What a comparison counts for one solver, and percentiles of its lists.

use crate::verdict::Disagreement;

/// Agreement of one solver with the reference.
#[derive(Debug, Clone, Default)]
pub struct SolverStats {
    pub name: &'static str,
    /// How many queries ended in each verdict.
    pub counts: VerdictCounts,
    /// How far its answers are from the reference's where both hit.
    pub errors: ErrorLists,
    pub nanos: u128,
    /// The `keep_worst` worst disagreements (unexplained before tangent, then by `|Δt|`).
    pub disagreements: Vec<Disagreement>,
}

/// A solver's queries by verdict against the reference.
#[derive(Debug, Clone, Copy, Default)]
pub struct VerdictCounts {
    pub queries: usize,
    pub both_hit: usize,
    pub both_miss: usize,
    pub only_solver: usize,
    pub only_reference: usize,
    pub agree: usize,
    pub tangent: usize,
    pub unexplained: usize,
    /// Both hit, but one reports an embedded start and the other a time of impact (only the
    /// gradient solver does: see its "straddling start" case).
    pub embedded_vs_toi: usize,
}

/// A solver's differences from the reference, one entry a query both hit.
#[derive(Debug, Clone, Default)]
pub struct ErrorLists {
    /// `|Δt|` over queries both hit with a time of impact.
    pub dt: Vec<f32>,
    /// `|Δt|` by the reference's contact kind (face, edge, vertex).
    pub dt_by_kind: [Vec<f32>; 3],
    /// Distance between contact points (m), both hit and `|Δt| ≤ T_TOLERANCE`.
    pub contact_distance: Vec<f32>,
    /// Angle between normals (degrees), same queries.
    pub normal_angle_deg: Vec<f32>,
}

impl SolverStats {
    pub fn ns_per_query(&self) -> f64 {
        if self.counts.queries == 0 {
            0.0
        } else {
            self.nanos as f64 / self.counts.queries as f64
        }
    }
    /// Fraction of queries in agreement within `T_TOLERANCE`.
    pub fn agreement(&self) -> f64 {
        if self.counts.queries == 0 {
            1.0
        } else {
            self.counts.agree as f64 / self.counts.queries as f64
        }
    }
    /// Fraction agreeing or explained as tangent.
    pub fn explained(&self) -> f64 {
        if self.counts.queries == 0 {
            1.0
        } else {
            (self.counts.agree + self.counts.tangent) as f64 / self.counts.queries as f64
        }
    }
}

/// A percentile of an unsorted list (sorts it).
pub fn percentile(v: &mut [f32], p: f64) -> f32 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(f32::total_cmp);
    v[((v.len() - 1) as f64 * p).round() as usize]
}
