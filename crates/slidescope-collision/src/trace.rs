//! What one `collide_and_slide` call did, iteration by iteration: the record the debugger
//! displays (DESIGN: the UI only shows traces). Filled only when the caller passes a
//! `&mut Trace`; with `None` nothing here is built.

use glam::Vec3;

use super::dynamic::{ObjectId, RigidPose, SetId};
use super::{CaseResults, Contact, ContactTime};

/// Why the detect/respond loop ended (seed 001 12.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EndReason {
    /// Detection found nothing along the remaining velocity.
    #[default]
    ClearPath,
    /// The remaining velocity was shorter than the short-motion threshold (`min_motion_es`).
    VelocitySpent,
    /// The slide turned against the input velocity (internal corner, 12.15).
    ImpulseFilter,
    /// `max_iterations` ran out; the fallback moved to the first contact of the input velocity.
    Fallback,
    /// `max_iterations` ran out with `IterationLimit::KeepLast`: the last position is kept.
    MaxIterations,
    /// The crease response: the crease line of two planes ran into a third.
    CreaseStop,
    /// The plane solver response: the planes touched close every way the motion could go.
    PlanesStop,
    /// [`ShortMotion::Dropped`](crate::ShortMotion::Dropped): the motion left after a response
    /// was shorter than the threshold and was dropped; the centre stays where the response put
    /// it (Fauerby 2003, Irrlicht, Babylon.js).
    MotionDropped,
    /// `floor_stop_deg`: a floor met heading down ended the call at the pushed-back centre.
    FloorStop,
}

/// One triangle offered by the broad phase, with every part of its Minkowski sum tested alone.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CandidateTrace {
    pub triangle: u32,
    pub cases: CaseResults,
}

/// The response to the first contact of an iteration (seed 001 12.3, fig. 12.14).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ResponseTrace {
    /// Centre after moving to the contact and the skin push-back along the normal.
    pub new_center: Vec3,
    pub new_center_es: Vec3,
    /// Slide plane normal (the first contact's).
    pub slide_normal: Vec3,
    pub slide_normal_es: Vec3,
    /// Motion left past the contact, before projection (`to − new centre`).
    pub remaining_velocity: Vec3,
    pub remaining_velocity_es: Vec3,
    /// The remaining motion projected onto the slide plane: the next iteration's velocity.
    pub slide_velocity: Vec3,
    pub slide_velocity_es: Vec3,
    /// Integration velocity after this contact (world).
    pub integration_velocity: Vec3,
    /// When the first contact is on a dynamic object: the object's motion along the slide
    /// normal added to the integration velocity (world, metres per step; seed 001 12.15).
    /// Zero otherwise.
    #[cfg_attr(feature = "serde", serde(default))]
    pub object_push: Vec3,
    /// The crease response followed the line where the slide plane meets this earlier plane
    /// (its normal, world); `None` for a plain slide.
    #[cfg_attr(feature = "serde", serde(default))]
    pub crease_with: Option<Vec3>,
}

/// One dynamic object as one detection saw it (seed 001 12.12.1, figs. 12.44–12.47): what the
/// debugger needs to draw the object at its previous (tested) and current poses, the
/// adjustment vector and the extended sweep `start_center + extended_velocity`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DynamicSweepTrace {
    pub object: ObjectId,
    pub set: SetId,
    /// The pose the sweep was tested against (seed `CollisionMatrix`).
    pub previous: RigidPose,
    /// The pose contacts are carried into.
    pub current: RigidPose,
    /// The object's motion at the sweep's destination, `dest − motion⁻¹(dest)` (world): the
    /// seed's `eAdjust` (taken back through the inverse motion so the extended sweep ends
    /// exactly where the destination sits relative to the previous pose). Zero at rest.
    pub adjustment: Vec3,
    pub adjustment_es: Vec3,
    /// The iteration's velocity minus the adjustment: the sweep tested against `previous`.
    pub extended_velocity: Vec3,
    pub extended_velocity_es: Vec3,
    /// The earliest contact with this object along the extended sweep (before merging with
    /// other objects and the level), `None` when missed or culled.
    pub hit: Option<ContactTime>,
    /// The object's box at `previous` did not meet the extended sweep's box.
    pub culled: bool,
}

/// One detect/respond iteration.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct IterationTrace {
    pub start_center: Vec3,
    pub start_center_es: Vec3,
    pub velocity: Vec3,
    pub velocity_es: Vec3,
    /// Triangles the broad phase returned, in index order. Which ones depends on the broad
    /// phase (brute force, the BVH walk, or the call's gathered list, `candidates.rs`) and on
    /// the order it tested them in (a contact found early spares later triangles); the
    /// contacts do not.
    pub candidates: Vec<CandidateTrace>,
    /// The nearest contacts (simultaneous within the tolerance); the first one drives the
    /// response.
    pub contacts: Vec<Contact>,
    pub response: Option<ResponseTrace>,
    /// Every dynamic object tested, in id order (empty without dynamic objects).
    #[cfg_attr(feature = "serde", serde(default))]
    pub dynamic: Vec<DynamicSweepTrace>,
}

/// The fallback's detection on the input velocity (seed 001 12.3).
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FallbackTrace {
    pub contacts: Vec<Contact>,
    pub position: Vec3,
}

/// The full record of one `collide_and_slide` call.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Trace {
    pub iterations: Vec<IterationTrace>,
    pub fallback: Option<FallbackTrace>,
    pub end: EndReason,
    /// [`Conventions::dead_zone_m`](crate::Conventions::dead_zone_m): where the call would
    /// have ended (world) when it moved no further than the dead zone and stayed at its start.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub dead_zone_held: Option<Vec3>,
    /// Records each iteration's contacts and response but not the triangles detection tested
    /// (`candidates` and `dynamic` left empty): what comparing a call's contacts needs, at a
    /// fraction of the cost. Kept by [`Trace::clear`]; not written to files.
    // perf: the why's trials, docs/measurements.md "the cost of the why"
    #[cfg_attr(feature = "serde", serde(skip))]
    pub contacts_only: bool,
}

impl Trace {
    /// An empty trace that records contacts only (see [`Trace::contacts_only`]).
    pub fn contacts_only() -> Self {
        Self {
            contacts_only: true,
            ..Self::default()
        }
    }

    /// Clears the record, keeping allocations (for reuse every frame).
    pub fn clear(&mut self) {
        self.iterations.clear();
        self.fallback = None;
        self.end = EndReason::ClearPath;
        self.dead_zone_held = None;
    }

    /// Approximate heap bytes (for the history's memory budget).
    pub fn heap_bytes(&self) -> usize {
        let per_iter = std::mem::size_of::<IterationTrace>();
        self.iterations.capacity() * per_iter
            + self
                .iterations
                .iter()
                .map(|it| {
                    it.candidates.capacity() * std::mem::size_of::<CandidateTrace>()
                        + it.contacts.capacity() * std::mem::size_of::<Contact>()
                        + it.dynamic.capacity() * std::mem::size_of::<DynamicSweepTrace>()
                })
                .sum::<usize>()
            + self.fallback.as_ref().map_or(0, |f| {
                f.contacts.capacity() * std::mem::size_of::<Contact>()
            })
    }
}
