//! Extra iterations: more than one detect/respond iteration of the move made contact.
//! The final clear-path detection finds nothing, so plain walking on a floor is not marked.

use crate::collision::Trace;

/// More than one iteration of `trace` found a contact.
pub fn marks(trace: &Trace) -> bool {
    let touching = trace.iterations.iter().filter(|it| !it.contacts.is_empty());
    touching.count() > 1
}
