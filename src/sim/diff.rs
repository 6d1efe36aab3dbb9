//! A structured comparison of two traces of the same move (a recorded frame and its re-run):
//! per iteration the contact count, the features and triangles touched, the contact times and
//! the positions reached, plus the first place they diverge.

use glam::Vec3;
use serde::{Deserialize, Serialize};

use crate::collision::{ContactTime, EndReason, Feature, IterationTrace, Trace};

/// Tolerances for calling two values equal (0 = bit-for-bit equal values).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct DiffTolerance {
    /// Contact times (t fraction, or eSpace depth).
    pub time: f32,
    /// Positions (m).
    pub position_m: f32,
}

impl Default for DiffTolerance {
    fn default() -> Self {
        Self {
            time: 1e-6,
            position_m: 1e-6,
        }
    }
}

/// One iteration of one side, summarised.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IterationSummary {
    pub contact_count: usize,
    /// `(triangle, feature)` of every contact, in trace order.
    pub features: Vec<(u32, Feature)>,
    /// The first contact's time.
    pub time: Option<ContactTime>,
    /// Centre at the start of the iteration (m).
    pub start_center: Vec3,
    /// Centre after the response (m); `None` when nothing was hit.
    pub end_center: Option<Vec3>,
}

impl IterationSummary {
    pub fn of(it: &IterationTrace) -> Self {
        Self {
            contact_count: it.contacts.len(),
            features: it
                .contacts
                .iter()
                .map(|c| (c.triangle, c.feature))
                .collect(),
            time: it.contacts.first().map(|c| c.time),
            start_center: it.start_center,
            end_center: it.response.map(|r| r.new_center),
        }
    }
}

/// What differs first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DivergenceKind {
    /// One side has this iteration, the other does not.
    MissingIteration,
    StartPosition,
    ContactCount,
    /// Different triangles or features touched.
    Features,
    Time,
    EndPosition,
    /// Same iterations, different end reason.
    EndReason,
}

/// The first difference found, scanning iterations in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Divergence {
    /// Iteration index (for `EndReason`, the iteration count).
    pub iteration: usize,
    pub kind: DivergenceKind,
}

/// One row of the diff.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IterationDiff {
    pub iteration: usize,
    pub left: Option<IterationSummary>,
    pub right: Option<IterationSummary>,
    /// Differences of this row, in [`DivergenceKind`] order (empty when equal).
    pub differences: Vec<DivergenceKind>,
}

/// Two traces side by side.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TraceDiff {
    pub rows: Vec<IterationDiff>,
    pub end: (EndReason, EndReason),
    pub first_divergence: Option<Divergence>,
}

impl TraceDiff {
    pub fn is_identical(&self) -> bool {
        self.first_divergence.is_none()
    }
}

fn time_close(a: Option<ContactTime>, b: Option<ContactTime>, tol: f32) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(ContactTime::Toi(x)), Some(ContactTime::Toi(y))) => (x - y).abs() <= tol,
        (
            Some(ContactTime::Embedded { depth_es: x }),
            Some(ContactTime::Embedded { depth_es: y }),
        ) => (x - y).abs() <= tol,
        _ => false,
    }
}

fn point_close(a: Vec3, b: Vec3, tol: f32) -> bool {
    (a - b).abs().max_element() <= tol
}

fn row_differences(
    l: &IterationSummary,
    r: &IterationSummary,
    tol: &DiffTolerance,
) -> Vec<DivergenceKind> {
    let mut d = Vec::new();
    if !point_close(l.start_center, r.start_center, tol.position_m) {
        d.push(DivergenceKind::StartPosition);
    }
    if l.contact_count != r.contact_count {
        d.push(DivergenceKind::ContactCount);
    }
    if l.features != r.features {
        d.push(DivergenceKind::Features);
    }
    if !time_close(l.time, r.time, tol.time) {
        d.push(DivergenceKind::Time);
    }
    let ends = match (l.end_center, r.end_center) {
        (None, None) => true,
        (Some(a), Some(b)) => point_close(a, b, tol.position_m),
        _ => false,
    };
    if !ends {
        d.push(DivergenceKind::EndPosition);
    }
    d
}

/// Compares `left` and `right` iteration by iteration.
pub fn diff_traces(left: &Trace, right: &Trace, tol: &DiffTolerance) -> TraceDiff {
    let n = left.iterations.len().max(right.iterations.len());
    let mut first_divergence = None;
    let rows: Vec<IterationDiff> = (0..n)
        .map(|i| {
            let l = left.iterations.get(i).map(IterationSummary::of);
            let r = right.iterations.get(i).map(IterationSummary::of);
            let differences = match (&l, &r) {
                (Some(a), Some(b)) => row_differences(a, b, tol),
                _ => vec![DivergenceKind::MissingIteration],
            };
            if first_divergence.is_none()
                && let Some(&kind) = differences.first()
            {
                first_divergence = Some(Divergence { iteration: i, kind });
            }
            IterationDiff {
                iteration: i,
                left: l,
                right: r,
                differences,
            }
        })
        .collect();
    if first_divergence.is_none() && left.end != right.end {
        first_divergence = Some(Divergence {
            iteration: n,
            kind: DivergenceKind::EndReason,
        });
    }
    TraceDiff {
        rows,
        end: (left.end, right.end),
        first_divergence,
    }
}
