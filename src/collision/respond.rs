//! Collide-and-slide (seed 001 12.3 `CollideEllipsoid` and its revision in 12.15): detect the
//! first contact, move there, push back by the skin along the normal, project the rest of the
//! motion onto the slide plane, repeat. Works in local eSpace (see [`Frame`]).

use glam::Vec3;

use super::detect::{Scratch, detect};
use super::frame::Frame;
use super::solvers::Decomposed;
use super::sweep::NarrowPhase;
use super::trace::{FallbackTrace, IterationTrace, ResponseTrace};
use super::{
    CollisionError, CollisionMesh, Contact, ContactTime, Ellipsoid, EndReason, SlideSettings, Trace,
};

/// The bounding box of all contact points of a call, as offsets from the ellipsoid centre
/// where each contact happened (world; seed 001 12.15 `CollExtentsMin/Max`). A minimum `y`
/// near `−radii.y` means standing on something.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ContactExtents {
    pub min: Vec3,
    pub max: Vec3,
}

/// What `collide_and_slide` returns.
#[derive(Debug, Clone, Copy, PartialEq)]
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

fn check_inputs(
    ellipsoid: &Ellipsoid,
    velocity: Vec3,
    settings: &SlideSettings,
) -> Result<(), CollisionError> {
    ellipsoid.validate()?;
    if !velocity.is_finite() {
        return Err(CollisionError::NonFiniteVelocity(velocity.to_array()));
    }
    settings.validate()
}

/// Sweeps the ellipsoid along `velocity` (world) and reports the first contact(s), or `None`
/// for a clear path. Same detection as `collide_and_slide`.
pub fn sweep(
    mesh: &CollisionMesh,
    ellipsoid: &Ellipsoid,
    velocity: Vec3,
    settings: &SlideSettings,
) -> Result<Option<SweepResult>, CollisionError> {
    let mut scratch = Scratch::default();
    let mut contacts = Vec::new();
    sweep_with(
        mesh,
        ellipsoid,
        velocity,
        settings,
        &mut scratch,
        &mut contacts,
    )?;
    Ok(contacts.first().map(|c| SweepResult {
        time: c.time,
        contacts: contacts.clone(),
    }))
}

/// [`sweep`] with caller-owned buffers: `contacts` receives the nearest contacts (empty for a
/// clear path). No allocation once the buffers are warm.
pub fn sweep_with(
    mesh: &CollisionMesh,
    ellipsoid: &Ellipsoid,
    velocity: Vec3,
    settings: &SlideSettings,
    scratch: &mut Scratch,
    contacts: &mut Vec<Contact>,
) -> Result<(), CollisionError> {
    sweep_with_solver(
        mesh,
        ellipsoid,
        velocity,
        settings,
        scratch,
        contacts,
        &Decomposed,
    )
}

/// [`sweep_with`] with another per-triangle test in the same BVH scan (e.g. the plane-space
/// solver, [`PlaneSpace`](super::solvers::PlaneSpace)). Monomorphised: the default path is
/// unchanged.
pub fn sweep_with_solver<N: NarrowPhase>(
    mesh: &CollisionMesh,
    ellipsoid: &Ellipsoid,
    velocity: Vec3,
    settings: &SlideSettings,
    scratch: &mut Scratch,
    contacts: &mut Vec<Contact>,
    narrow: &N,
) -> Result<(), CollisionError> {
    check_inputs(ellipsoid, velocity, settings)?;
    let frame = Frame::new(ellipsoid);
    let v = frame.space.vector_to_es(velocity);
    detect(
        narrow,
        mesh,
        &frame,
        Vec3::ZERO,
        v,
        settings,
        scratch,
        contacts,
        None,
    );
    Ok(())
}

/// Moves `ellipsoid` by `velocity` (world) through `mesh`, sliding along what it hits.
/// With `trace`, records every iteration (the trace is cleared first).
pub fn collide_and_slide(
    mesh: &CollisionMesh,
    ellipsoid: &Ellipsoid,
    velocity: Vec3,
    settings: &SlideSettings,
    trace: Option<&mut Trace>,
) -> Result<SlideResult, CollisionError> {
    let mut scratch = Scratch::default();
    collide_and_slide_with(mesh, ellipsoid, velocity, settings, &mut scratch, trace)
}

/// [`collide_and_slide`] with a caller-owned scratch buffer.
pub fn collide_and_slide_with(
    mesh: &CollisionMesh,
    ellipsoid: &Ellipsoid,
    velocity: Vec3,
    settings: &SlideSettings,
    scratch: &mut Scratch,
    mut trace: Option<&mut Trace>,
) -> Result<SlideResult, CollisionError> {
    check_inputs(ellipsoid, velocity, settings)?;
    if let Some(t) = trace.as_deref_mut() {
        t.clear();
    }
    let frame = Frame::new(ellipsoid);
    let space = frame.space;
    let input_v = space.vector_to_es(velocity);
    let mut from = Vec3::ZERO;
    let mut v = input_v;
    let mut to = from + v;
    let mut integration = velocity;
    let mut extents: Option<(Vec3, Vec3)> = None;
    let mut contact_count = 0u32;
    let mut contacts = Vec::new();
    let mut end = EndReason::MaxIterations;
    let mut iterations = 0;
    while iterations < settings.max_iterations {
        if v.length() < settings.min_velocity_es {
            end = EndReason::VelocitySpent;
            break;
        }
        iterations += 1;
        let mut record = trace.as_ref().map(|_| IterationTrace {
            start_center: frame.to_world(from),
            start_center_es: frame.to_es(from),
            velocity: space.vector_to_world(v),
            velocity_es: v,
            ..Default::default()
        });
        detect(
            &Decomposed,
            mesh,
            &frame,
            from,
            v,
            settings,
            scratch,
            &mut contacts,
            record.as_mut().map(|r| &mut r.candidates),
        );
        let Some(first) = contacts.first().copied() else {
            if let (Some(t), Some(r)) = (trace.as_deref_mut(), record) {
                t.iterations.push(r);
            }
            end = EndReason::ClearPath;
            break;
        };
        contact_count += contacts.len() as u32;
        let n = first.normal_es;
        let contact_center = match first.time {
            ContactTime::Toi(t) => from + v * t,
            ContactTime::Embedded { depth_es } => from + n * depth_es,
        };
        let new_center = contact_center + n * settings.skin_es;
        let n_world = first.normal;
        integration -= n_world * integration.dot(n_world);
        for c in &contacts {
            let off = c.point - c.center;
            extents = Some(match extents {
                None => (off, off),
                Some((lo, hi)) => (lo.min(off), hi.max(off)),
            });
        }
        let remaining = to - new_center;
        from = new_center;
        to -= n * (to - new_center).dot(n);
        v = to - from;
        if let (Some(t), Some(mut r)) = (trace.as_deref_mut(), record) {
            r.contacts = contacts.clone();
            r.response = Some(ResponseTrace {
                new_center: frame.to_world(from),
                new_center_es: frame.to_es(from),
                slide_normal: n_world,
                slide_normal_es: n,
                remaining_velocity: space.vector_to_world(remaining),
                remaining_velocity_es: remaining,
                slide_velocity: space.vector_to_world(v),
                slide_velocity_es: v,
                integration_velocity: integration,
            });
            t.iterations.push(r);
        }
        if settings.impulse_filter && v.dot(input_v) < 0.0 {
            to = from;
            end = EndReason::ImpulseFilter;
            break;
        }
    }
    let mut position = frame.to_world(to);
    if end == EndReason::MaxIterations && settings.fallback {
        end = EndReason::Fallback;
        detect(
            &Decomposed,
            mesh,
            &frame,
            Vec3::ZERO,
            input_v,
            settings,
            scratch,
            &mut contacts,
            None,
        );
        // Seed 001 12.15: stop at the first contact of the input velocity, without the skin,
        // so being stuck between two planes never pushes through either. Nothing hit: stay.
        position = match contacts.first() {
            Some(c) => c.center,
            None => ellipsoid.center,
        };
        if let Some(t) = trace.as_deref_mut() {
            t.fallback = Some(FallbackTrace {
                contacts: contacts.clone(),
                position,
            });
        }
    }
    if let Some(t) = trace {
        t.end = end;
    }
    Ok(SlideResult {
        position,
        integration_velocity: integration,
        iterations,
        end,
        extents: extents.map(|(min, max)| ContactExtents { min, max }),
        contact_count,
    })
}
