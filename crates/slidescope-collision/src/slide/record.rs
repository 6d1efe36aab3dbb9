//! The trace, built in one place: each stage hands its outcome here, and nothing else writes
//! to the [`Trace`]. With no trace, nothing is built.

use super::place::Placed;
use super::project::Projected;
use super::state::SlideState;
use crate::trace::{FallbackTrace, IterationTrace, ResponseTrace};
use crate::{Contact, EndReason, Trace};
use glam::Vec3;

/// Where the loop records what it does.
pub(super) struct Recorder<'t> {
    trace: Option<&'t mut Trace>,
}

impl<'t> Recorder<'t> {
    /// Clears the trace (kept allocations) for a new call.
    #[inline]
    pub fn new(mut trace: Option<&'t mut Trace>) -> Self {
        if let Some(t) = trace.as_deref_mut() {
            t.clear();
        }
        Self { trace }
    }

    /// An iteration's record as it starts (detection fills its candidates).
    #[inline]
    pub fn begin_iteration(&self, s: &SlideState) -> Option<IterationTrace> {
        self.trace.as_ref()?;
        Some(IterationTrace {
            start_center: s.frame.local_to_world(s.from),
            start_center_es: s.frame.local_to_es(s.from),
            velocity: s.frame.space.vector_to_world(s.v),
            velocity_es: s.v,
            ..Default::default()
        })
    }

    /// Where detection records the triangles it tested: nowhere without a trace, or for a
    /// trace of contacts only.
    #[inline]
    pub fn detection<'r>(
        &self,
        record: &'r mut Option<IterationTrace>,
    ) -> Option<&'r mut IterationTrace> {
        let full = self.trace.as_ref().is_some_and(|t| !t.contacts_only);
        record.as_mut().filter(|_| full)
    }

    /// An iteration that found a clear path.
    #[inline]
    pub fn clear_path(&mut self, record: Option<IterationTrace>) {
        if let (Some(t), Some(r)) = (self.trace.as_deref_mut(), record) {
            t.iterations.push(r);
        }
    }

    /// An iteration that responded to `placed`; `s` is the state after the response.
    #[inline]
    pub fn responded(
        &mut self,
        record: Option<IterationTrace>,
        s: &SlideState,
        placed: &Placed,
        projected: &Projected,
    ) {
        let (Some(t), Some(mut r)) = (self.trace.as_deref_mut(), record) else {
            return;
        };
        let space = s.frame.space;
        r.contacts = s.contacts.clone();
        r.response = Some(ResponseTrace {
            new_center: s.frame.local_to_world(s.from),
            new_center_es: s.frame.local_to_es(s.from),
            slide_normal: placed.n,
            slide_normal_es: placed.n_es,
            remaining_velocity: space.vector_to_world(projected.remaining_es),
            remaining_velocity_es: projected.remaining_es,
            slide_velocity: space.vector_to_world(s.v),
            slide_velocity_es: s.v,
            integration_velocity: s.integration,
            object_push: projected.object_push,
            crease_with: projected.crease_with,
        });
        t.iterations.push(r);
    }

    /// The fallback's detection and where it put the centre.
    #[inline]
    pub fn fallback(&mut self, contacts: &[Contact], position: Vec3) {
        if let Some(t) = self.trace.as_deref_mut() {
            t.fallback = Some(FallbackTrace {
                contacts: contacts.to_vec(),
                position,
            });
        }
    }

    /// The dead zone kept the centre at its start instead of `reached` (world).
    #[inline]
    pub fn dead_zone(&mut self, reached: Vec3) {
        if let Some(t) = self.trace.as_deref_mut() {
            t.dead_zone_held = Some(reached);
        }
    }

    /// Why the loop ended.
    #[inline]
    pub fn end(self, end: EndReason) {
        if let Some(t) = self.trace {
            t.end = end;
        }
    }
}
