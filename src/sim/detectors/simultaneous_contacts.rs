//! Simultaneous contacts (seed 001 12.13, the wedge): an iteration found more than one contact
//! at the same time of impact, and responded to one of them.

use crate::collision::Trace;

/// Some iteration of `trace` found more than one contact.
pub fn marks(trace: &Trace) -> bool {
    trace.iterations.iter().any(|it| it.contacts.len() > 1)
}
