//! One sweep, no response: the first contact(s) of the ellipsoid moved along a velocity, with
//! the same detection the slide loop runs (seed 001 12.13 `EllipsoidIntersectScene`).

use glam::{Vec3, Vec3A};

use super::detect::detect_exact;
use super::input::check_inputs;
use crate::detect::Scratch;
use crate::frame::Frame;
use crate::{CollisionError, CollisionMesh, CollisionWorld, Contact, Ellipsoid, SlideSettings};

use super::result::SweepResult;

/// Sweeps the ellipsoid along `velocity` (world) and reports the first contact(s), or `None`
/// for a clear path. Same detection as `collide_and_slide`.
pub fn sweep(
    mesh: &CollisionMesh,
    ellipsoid: &Ellipsoid,
    velocity: Vec3,
    settings: &SlideSettings,
) -> Result<Option<SweepResult>, CollisionError> {
    sweep_in(mesh.into(), ellipsoid, velocity, settings)
}

/// [`sweep`] against a world with dynamic objects (seed 001 12.14).
pub fn sweep_in(
    world: CollisionWorld<'_>,
    ellipsoid: &Ellipsoid,
    velocity: Vec3,
    settings: &SlideSettings,
) -> Result<Option<SweepResult>, CollisionError> {
    let mut contacts = Vec::new();
    check_inputs(ellipsoid, velocity, settings)?;
    sweep_unchecked(
        world,
        ellipsoid,
        velocity,
        settings,
        &mut Scratch::default(),
        &mut contacts,
    );
    Ok(SweepResult::from_contacts(&contacts))
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
    check_inputs(ellipsoid, velocity, settings)?;
    let world = CollisionWorld::static_only(mesh);
    sweep_unchecked(world, ellipsoid, velocity, settings, scratch, contacts);
    Ok(())
}

/// A sweep in its own frame on inputs already checked, possibly inside a collide-and-slide
/// call (a moving object's push): the call's gathered candidates hold eSpace triangles of the
/// call's frame, so they are set aside for it.
pub(crate) fn sweep_unchecked(
    world: CollisionWorld<'_>,
    ellipsoid: &Ellipsoid,
    velocity: Vec3,
    settings: &SlideSettings,
    scratch: &mut Scratch,
    contacts: &mut Vec<Contact>,
) {
    let frame = Frame::for_mesh(ellipsoid, world.mesh.bounds());
    let v = frame.space.vector_to_es(velocity);
    let cached = std::mem::replace(&mut scratch.cache.active, false);
    detect_exact(
        world,
        &frame,
        Vec3A::ZERO,
        v.into(),
        settings,
        scratch,
        contacts,
        None,
    );
    scratch.cache.active = cached;
}
