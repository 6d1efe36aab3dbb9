//! The impulse filter (seed 001 12.15): the loop ended because the slide turned against the
//! velocity asked for, and the filter dropped the leftover motion.

use crate::collision::{EndReason, Trace};

/// The move ended on the impulse filter.
pub fn marks(trace: &Trace) -> bool {
    trace.end == EndReason::ImpulseFilter
}
