//! Embedded correction (seed 001 12.4.4): a contact started embedded (the sphere already inside
//! the triangle at t = 0) and was pushed out along its normal.

use crate::collision::Trace;

/// Some contact of `trace` started embedded.
pub fn marks(trace: &Trace) -> bool {
    let mut contacts = trace.iterations.iter().flat_map(|it| &it.contacts);
    contacts.any(|c| c.time.is_embedded())
}
