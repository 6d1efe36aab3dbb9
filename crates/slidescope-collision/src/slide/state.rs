//! What a call holds: its inputs ([`Call`], fixed for the call) and what the loop carries from
//! one iteration to the next ([`SlideState`]: seed 001 12.3's `eFrom`, `eTo`, `eVelocity` and
//! the integration velocity, plus what the variants and the result need).

use glam::Vec3;

use super::crease::Planes;
use crate::detect::Scratch;
use crate::dynamic::ObjectId;
use crate::frame::Frame;
use crate::{
    Aabb, CollisionWorld, Contact, DynamicScene, Ellipsoid, EndReason, Motion, SlideSettings,
};

/// The inputs of one call, checked once on entry.
pub(crate) struct Call<'a> {
    pub world: CollisionWorld<'a>,
    pub ellipsoid: &'a Ellipsoid,
    /// The motion the call makes, world: the one requested times the game's `move_scale`
    /// (1 for seed 001).
    pub velocity: Vec3,
    /// Where the mover heads (world; see [`Motion::heading`]).
    pub heading: Option<Vec3>,
    pub settings: &'a SlideSettings,
    /// The eSpace frame about the start centre (about the world origin with
    /// `Conventions::fauerby_f32`).
    pub start_frame: Frame,
    /// The start centre in `start_frame`'s local eSpace: zero about the start.
    pub start_es: Vec3,
    /// The call's motion (`velocity`), eSpace (the impulse filter and the fallback compare
    /// with it).
    pub input_v: Vec3,
}

impl<'a> Call<'a> {
    pub fn new(
        world: CollisionWorld<'a>,
        ellipsoid: &'a Ellipsoid,
        motion: Motion,
        settings: &'a SlideSettings,
    ) -> Self {
        let velocity = motion.velocity * settings.conventions.move_scale;
        let (start_frame, start_es, input_v) = if settings.conventions.fauerby_f32 {
            fauerby_start(ellipsoid, velocity, world.mesh.bounds())
        } else {
            let frame = Frame::for_mesh(ellipsoid, world.mesh.bounds());
            (frame, Vec3::ZERO, frame.space.vector_to_es(velocity))
        };
        Self {
            world,
            ellipsoid,
            velocity,
            heading: motion.heading,
            settings,
            start_frame,
            start_es,
            input_v,
        }
    }
}

/// The frame, start and motion of Fauerby 2003's code (`Conventions::fauerby_f32`): eSpace
/// about the world origin, `eSpacePosition = R3Position / eRadius` and the velocity likewise
/// (a division, where the core's map multiplies by `1 / r`: the two can differ by an ulp, and
/// the port's f32 edge quadratic turns an ulp into its own cancellation). A rotated ellipsoid
/// has no such division: its map is used.
fn fauerby_start(ellipsoid: &Ellipsoid, velocity: Vec3, bounds: Aabb) -> (Frame, Vec3, Vec3) {
    let frame = Frame::for_mesh(ellipsoid, bounds).rebased(Vec3::ZERO);
    if !ellipsoid.is_axis_aligned() {
        let at = frame.local_es(ellipsoid.center);
        return (frame, at, frame.space.vector_to_es(velocity));
    }
    let r = ellipsoid.radii;
    (frame, ellipsoid.center / r, velocity / r)
}

/// The loop's state between iterations. Positions are local eSpace of `frame`.
pub(super) struct SlideState {
    /// The start's frame, re-centred on a far contact by `exact_contact` (see `place`).
    pub frame: Frame,
    /// Where this iteration starts: the last checked centre.
    pub from: Vec3,
    /// Where the remaining motion would take the centre (unchecked until detected).
    pub to: Vec3,
    /// This iteration's motion, `to − from`.
    pub v: Vec3,
    /// The velocity handed back for the next step, world (seed 001 12.3).
    pub integration: Vec3,
    /// The crease response's planes of this call.
    pub planes: Planes,
    /// The first contact's slide normal (local eSpace; zero before it), for Linahan's crease.
    pub first_n_es: Vec3,
    /// The current detection's contacts (borrowed from the scratch for the call).
    pub contacts: Vec<Contact>,
    pub tally: Tally,
    pub iterations: u32,
    pub end: EndReason,
    /// A moving object can hit an ellipsoid whose own motion is spent (resting, or stopped
    /// early by the level): while objects move, the loop does not stop on a short motion
    /// until a detection has responded to an object or found nothing (seed 001 12.15 has no
    /// minimum-velocity exit at all).
    pub objects_pending: bool,
}

impl SlideState {
    /// The state before the first iteration: at the start, the whole motion ahead.
    #[inline]
    pub fn begin(call: &Call<'_>, scratch: &mut Scratch) -> Self {
        // Borrowed from the scratch for the call and given back at its end: no allocation
        // once warm.
        let mut contacts = std::mem::take(&mut scratch.slide);
        contacts.clear();
        scratch.cache.begin(call.velocity.length());
        let objects_pending = call.world.dynamic.is_some_and(|s| {
            moving_object_near(
                s,
                &call.start_frame,
                call.ellipsoid.center,
                call.velocity,
                call.settings,
            )
        });
        Self {
            frame: call.start_frame,
            from: call.start_es,
            to: call.start_es + call.input_v,
            v: call.input_v,
            integration: call.velocity,
            planes: Planes::default(),
            first_n_es: Vec3::ZERO,
            contacts,
            tally: Tally::default(),
            iterations: 0,
            end: EndReason::MaxIterations,
            objects_pending,
        }
    }
}

/// What every contact of the call adds up to for the result.
#[derive(Default)]
pub(super) struct Tally {
    /// Contact points as offsets from the centre at contact (world): min and max.
    pub extents: Option<(Vec3, Vec3)>,
    /// The lowest contact offset's `y` and the object it belongs to.
    pub lowest: Option<(f32, Option<ObjectId>)>,
    pub contact_count: u32,
}

impl Tally {
    /// Adds one detection's contacts.
    pub fn add(&mut self, contacts: &[Contact]) {
        self.contact_count += contacts.len() as u32;
        for c in contacts {
            let off = c.point - c.center;
            self.extents = Some(match self.extents {
                None => (off, off),
                Some((lo, hi)) => (lo.min(off), hi.max(off)),
            });
            if self.lowest.is_none_or(|(y, _)| off.y < y) {
                self.lowest = Some((off.y, c.source.object()));
            }
        }
    }
}

/// Whether a moving object (the box around both its poses) comes within the box of the
/// ellipsoid swept from `center` by `velocity` (world), grown by the skin: only then can it
/// reach the ellipsoid this call, so only then does the loop wait for it. Objects elsewhere in
/// the level cost nothing.
fn moving_object_near(
    scene: &DynamicScene,
    frame: &Frame,
    center: Vec3,
    velocity: Vec3,
    settings: &SlideSettings,
) -> bool {
    let half = frame.bounds_half_extents(settings.tuning.skin_es * 2.0);
    let (a, b) = (center, center + velocity);
    let swept = Aabb::new(a.min(b) - half, a.max(b) + half);
    scene.objects().iter().any(|o| {
        let moved = o
            .world_bounds(&o.previous())
            .union(o.world_bounds(&o.current()));
        !o.is_at_rest() && swept.overlaps(&moved)
    })
}
