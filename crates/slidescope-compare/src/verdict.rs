//! What judging says of one solver answer: its [`Verdict`] and, where it differs from the
//! reference's, the [`Disagreement`] kept for the worst-cases list.

use slidescope_collision::Feature;

/// How a solver's answer relates to the reference's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Same hit/miss and `|Δt| ≤ T_TOLERANCE`.
    Agree,
    /// Differs, but the solver's answer is touching within tolerance (grazing/tangent).
    Tangent,
    /// Differs and is not explained by tolerance.
    Unexplained,
}

/// One disagreement, for the worst-cases list and the query files.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Disagreement {
    pub query: usize,
    pub solver_t: Option<f32>,
    pub reference_t: Option<f32>,
    /// `|Δt|`, 1 for a hit/miss difference.
    pub dt: f32,
    pub verdict: Verdict,
    /// Clearance (eSpace) at the solver's time; `None` for a miss.
    pub clearance_at_solver_t: Option<f64>,
    /// Smallest clearance up to the solver's time (or 1).
    pub min_clearance: f64,
    pub solver_feature: Option<Feature>,
    pub reference_feature: Option<Feature>,
}
