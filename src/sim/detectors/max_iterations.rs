//! Max iterations (seed 001 12.3): the loop ran out of iterations, with the fallback (back to
//! the last safe position) or without it.

use crate::collision::{EndReason, Trace};

/// The move ran out of iterations.
pub fn marks(trace: &Trace) -> bool {
    matches!(trace.end, EndReason::Fallback | EndReason::MaxIterations)
}
