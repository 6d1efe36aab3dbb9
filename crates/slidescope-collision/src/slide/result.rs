//! What a call returns: [`SlideResult`] for collide-and-slide, [`SweepResult`] for one sweep.

use glam::Vec3;

use crate::dynamic::ObjectId;
use crate::{Contact, ContactTime, EndReason};

/// The bounding box of all contact points of a call, as offsets from the ellipsoid centre
/// where each contact happened (world; seed 001 12.15 `CollExtentsMin/Max`). A minimum `y`
/// near `−radii.y` means standing on something.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ContactExtents {
    pub min: Vec3,
    pub max: Vec3,
}

/// What `collide_and_slide` returns (the default is a zero result: a placeholder for a
/// batch's output slots).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SlideResult {
    /// Final centre, world.
    pub position: Vec3,
    /// The input velocity projected onto every slide plane met (world): the velocity to carry
    /// into the next step, so speed survives shallow hits.
    pub integration_velocity: Vec3,
    /// Detect/respond iterations run (not counting the fallback).
    pub iterations: u32,
    pub end: EndReason,
    /// Contact extents, `None` if nothing was touched.
    pub extents: Option<ContactExtents>,
    /// Contacts seen over all iterations (simultaneous ones included).
    pub contact_count: u32,
    /// The dynamic object owning the lowest contact point (the one `extents.min.y` comes
    /// from), `None` when that contact is on the static level or nothing was touched: what a
    /// grounded player stands on.
    #[cfg_attr(feature = "serde", serde(default))]
    pub lowest_contact_object: Option<ObjectId>,
}

impl SlideResult {
    pub fn hit(&self) -> bool {
        self.extents.is_some()
    }
}

/// The first contact of a single sweep (no response).
#[derive(Debug, Clone, PartialEq)]
pub struct SweepResult {
    pub time: ContactTime,
    /// The nearest contacts; the first one is the earliest.
    pub contacts: Vec<Contact>,
}

impl SweepResult {
    /// The sweep's answer from its contacts (`None`: a clear path).
    pub(crate) fn from_contacts(contacts: &[Contact]) -> Option<Self> {
        contacts.first().map(|c| Self {
            time: c.time,
            contacts: contacts.to_vec(),
        })
    }
}
