//! Collide-and-slide (seed 001 12.3 `CollideEllipsoid` and its revision in 12.15): detect the
//! first contact, move there, push back by the skin along the normal, project the rest of the
//! motion onto the slide plane, repeat. Works in local eSpace (see [`Frame`]).

use glam::Vec3;

use super::crease::{Crease, Planes, crease_slide};
use super::detect::{Scratch, detect};
use super::dynamic::ObjectId;
use super::dynamic::detect::{detect_dynamic, settle_all};
use super::frame::Frame;
use super::settings::NarrowPhaseKind;
use super::solvers::{Decomposed, GradientNormal, PlaneSpace};
use super::sweep::{CaseOutcome, NarrowPhase};
use super::trace::{FallbackTrace, IterationTrace, ResponseTrace};
use super::{
    Aabb, CollisionError, CollisionMesh, CollisionWorld, Contact, ContactSource, ContactTime,
    DynamicScene, Ellipsoid, EndReason, Feature, Response, SlideSettings, Trace,
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

pub(crate) fn check_inputs(
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

/// [`sweep`] against a world with dynamic objects (seed 001 12.14).
pub fn sweep_in(
    world: CollisionWorld<'_>,
    ellipsoid: &Ellipsoid,
    velocity: Vec3,
    settings: &SlideSettings,
) -> Result<Option<SweepResult>, CollisionError> {
    let mut contacts = Vec::new();
    sweep_in_with(
        world,
        ellipsoid,
        velocity,
        settings,
        &mut Scratch::default(),
        &mut contacts,
    )?;
    Ok(contacts.first().map(|c| SweepResult {
        time: c.time,
        contacts: contacts.clone(),
    }))
}

/// [`sweep_in`] with caller-owned buffers (`contacts` empty: a clear path).
fn sweep_in_with(
    world: CollisionWorld<'_>,
    ellipsoid: &Ellipsoid,
    velocity: Vec3,
    settings: &SlideSettings,
    scratch: &mut Scratch,
    contacts: &mut Vec<Contact>,
) -> Result<(), CollisionError> {
    check_inputs(ellipsoid, velocity, settings)?;
    let frame = Frame::new(ellipsoid);
    let v = frame.space.vector_to_es(velocity);
    // A sweep in its own frame, possibly inside a collide-and-slide call (a moving object's
    // push): the call's gathered candidates hold eSpace triangles of the call's frame.
    let cached = std::mem::replace(&mut scratch.cache.active, false);
    detect_exact(
        world,
        &frame,
        Vec3::ZERO,
        v,
        settings,
        scratch,
        contacts,
        None,
    );
    scratch.cache.active = cached;
    Ok(())
}

/// Static detection, then the dynamic objects merged in.
#[allow(clippy::too_many_arguments)]
fn detect_all(
    world: CollisionWorld<'_>,
    frame: &Frame,
    c: Vec3,
    v: Vec3,
    settings: &SlideSettings,
    scratch: &mut Scratch,
    contacts: &mut Vec<Contact>,
    mut record: Option<&mut IterationTrace>,
) {
    let rec = record.as_deref_mut().map(|r| &mut r.candidates);
    let mesh = world.mesh;
    // Monomorphised per solver: the default path is the plain decomposed scan.
    macro_rules! scan {
        ($narrow:expr) => {
            detect($narrow, mesh, frame, c, v, settings, scratch, contacts, rec)
        };
    }
    match settings.narrow_phase {
        NarrowPhaseKind::Decomposed => scan!(&Decomposed),
        NarrowPhaseKind::PlaneSpace => scan!(&PlaneSpace),
        NarrowPhaseKind::GradientNormal => scan!(&GradientNormal),
    }
    if let Some(scene) = world.dynamic {
        detect_dynamic(
            scene,
            frame,
            c,
            v,
            settings,
            &mut scratch.dynamic,
            contacts,
            record.map(|r| &mut r.dynamic),
        );
    }
}

/// Longest sweep [`detect_exact`] hands detection in one piece (eSpace units). Edge and vertex
/// quadratics of longer moves lose the contact to f32 cancellation (a 700-radius move onto a
/// box corner missed it and ended 0.5 eSpace inside); 16 units keep the error at that of the
/// walking moves the solvers are checked on.
const SEGMENT_ES: f32 = 16.0;

/// With [`SlideSettings::exact_contact`], a static contact further than this from the call's
/// frame origin (local eSpace units) re-centres the frame on the exact contact centre, so the
/// skin push-back and the next iterations are worked at f32's finest steps, not 1,000 radii
/// away where they are ~6e-5 (a long move into a three-plane corner ended 1.6e-4 deep).
const REBASE_ES: f32 = 1.0;

/// Detection for [`SlideSettings::exact_contact`]: a move longer than [`SEGMENT_ES`] is swept
/// in equal pieces, stopping at the first piece with a contact; its times are given back as
/// fractions of the whole move (and its candidates' too, in the trace). Shorter moves: exactly
/// [`detect_all`].
#[allow(clippy::too_many_arguments)]
fn detect_exact(
    world: CollisionWorld<'_>,
    frame: &Frame,
    c: Vec3,
    v: Vec3,
    settings: &SlideSettings,
    scratch: &mut Scratch,
    contacts: &mut Vec<Contact>,
    mut record: Option<&mut IterationTrace>,
) {
    let pieces = (v.length() / SEGMENT_ES).ceil();
    // Written so a NaN length takes the plain path.
    if !settings.exact_contact || pieces.partial_cmp(&1.0) != Some(std::cmp::Ordering::Greater) {
        return detect_all(world, frame, c, v, settings, scratch, contacts, record);
    }
    let n = pieces.min(1e6) as u32;
    let piece = v / n as f32;
    for k in 0..n {
        if let Some(r) = record.as_deref_mut() {
            r.candidates.clear();
            r.dynamic.clear();
        }
        let start = c + v * (k as f32 / n as f32);
        detect_all(
            world,
            frame,
            start,
            piece,
            settings,
            scratch,
            contacts,
            record.as_deref_mut(),
        );
        if contacts.is_empty() {
            continue;
        }
        let whole = |t: f32| (k as f32 + t) / n as f32;
        let rescale = |time: ContactTime| match time {
            ContactTime::Toi(t) => ContactTime::Toi(whole(t)),
            // Overlapping at a later piece's start: touching there, as far as the move goes.
            ContactTime::Embedded { .. } if k > 0 => ContactTime::Toi(whole(0.0)),
            embedded => embedded,
        };
        for contact in contacts.iter_mut() {
            contact.time = rescale(contact.time);
        }
        if let Some(r) = record {
            for cand in &mut r.candidates {
                let cases = &mut cand.cases;
                for o in std::iter::once(&mut cases.face)
                    .chain(cases.edges.iter_mut())
                    .chain(cases.vertices.iter_mut())
                {
                    if let CaseOutcome::Hit(t) = o {
                        *t = rescale(*t);
                    }
                }
            }
        }
        return;
    }
}

/// Whether a moving object (the box around both its poses) comes within the box of the ellipsoid swept from
/// `center` by `velocity` (world), grown by the skin: only then can it reach the ellipsoid this
/// call, so only then does the loop wait for it. Objects elsewhere in the level cost nothing.
fn moving_object_near(
    scene: &DynamicScene,
    frame: &Frame,
    center: Vec3,
    velocity: Vec3,
    settings: &SlideSettings,
) -> bool {
    let half = frame.bounds_half_extents(settings.skin_es * 2.0);
    let (a, b) = (center, center + velocity);
    let swept = Aabb::new(a.min(b) - half, a.max(b) + half);
    scene.objects().iter().any(|o| {
        let moved = o
            .world_bounds(&o.previous())
            .union(o.world_bounds(&o.current()));
        !o.is_at_rest() && swept.overlaps(&moved)
    })
}

/// Moving objects have right of way, but not through the level: the final push-out from
/// `from` to `to` is swept against the static mesh and stops at its first contact (backed off
/// by the skin along the contact normal). An ellipsoid caught between a descending lift and
/// the floor stays on the floor, overlapped by the lift (crushed), instead of being pushed
/// through the floor and out of the level. Already overlapping the level: no push.
fn push_within_static(
    mesh: &CollisionMesh,
    ellipsoid: &Ellipsoid,
    frame: &Frame,
    from: Vec3,
    to: Vec3,
    settings: &SlideSettings,
    scratch: &mut Scratch,
) -> Vec3 {
    let push = to - from;
    if push == Vec3::ZERO {
        return to;
    }
    let Ok(at) = Ellipsoid::with_axes(from, ellipsoid.radii, ellipsoid.axes) else {
        return to;
    };
    let mut hits = std::mem::take(&mut scratch.pushed);
    let swept = sweep_with(mesh, &at, push, settings, scratch, &mut hits);
    let end = match (swept, hits.first()) {
        (Err(_), _) | (Ok(()), None) => to,
        (Ok(()), Some(c)) => match c.time {
            ContactTime::Toi(_) => {
                c.center + frame.space.vector_to_world(c.normal_es * settings.skin_es)
            }
            ContactTime::Embedded { .. } => from,
        },
    };
    scratch.pushed = hits;
    end
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
    let world = CollisionWorld::static_only(mesh);
    sweep_in_with(world, ellipsoid, velocity, settings, scratch, contacts)
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
    trace: Option<&mut Trace>,
) -> Result<SlideResult, CollisionError> {
    collide_and_slide_in(
        CollisionWorld::static_only(mesh),
        ellipsoid,
        velocity,
        settings,
        scratch,
        trace,
    )
}

/// Collide-and-slide through the static mesh and the dynamic objects of `world` (seed 001
/// 12.15). Dynamic objects have right of way: a contact with one is carried into its current
/// pose, which may push the ellipsoid backwards, and the object's motion along the contact
/// normal is added to the integration velocity. Without dynamic objects this is exactly
/// [`collide_and_slide_with`].
pub fn collide_and_slide_in(
    world: CollisionWorld<'_>,
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
    let start_frame = Frame::new(ellipsoid);
    // Re-centred on the contact by `exact_contact` (see `REBASE_ES`); the start's otherwise.
    let mut frame = start_frame;
    let space = frame.space;
    let input_v = space.vector_to_es(velocity);
    let mut from = Vec3::ZERO;
    let mut v = input_v;
    let mut to = from + v;
    let mut integration = velocity;
    let mut extents: Option<(Vec3, Vec3)> = None;
    let mut lowest: Option<(f32, Option<ObjectId>)> = None;
    let mut contact_count = 0u32;
    // Borrowed from the scratch for the call and given back below: no allocation once warm.
    let mut contacts = std::mem::take(&mut scratch.slide);
    contacts.clear();
    scratch.cache.begin(velocity.length());
    let mut end = EndReason::MaxIterations;
    let mut iterations = 0;
    // The crease response's planes of this call.
    let mut planes = Planes::default();
    // A moving object can hit an ellipsoid whose own motion is spent (resting, or stopped
    // early by the level): while objects move, the loop does not stop on a short velocity
    // until a detection has responded to an object or found nothing (seed 001 12.15 has no
    // minimum-velocity exit at all).
    let mut objects_pending = world
        .dynamic
        .is_some_and(|s| moving_object_near(s, &frame, ellipsoid.center, velocity, settings));
    while iterations < settings.max_iterations {
        if v.length() < settings.min_velocity_es && !objects_pending {
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
        detect_exact(
            world,
            &frame,
            from,
            v,
            settings,
            scratch,
            &mut contacts,
            record.as_mut(),
        );
        let Some(first) = contacts.first().copied() else {
            if let (Some(t), Some(r)) = (trace.as_deref_mut(), record) {
                t.iterations.push(r);
            }
            end = EndReason::ClearPath;
            break;
        };
        contact_count += contacts.len() as u32;
        if first.source != ContactSource::Static {
            objects_pending = false;
        }
        let (n, n_world) = match settings.internal_edge_filter {
            true => face_normal_on_internal_edge(world.mesh, &frame, &first, &mut scratch.near)
                .unwrap_or((first.normal_es, first.normal)),
            false => (first.normal_es, first.normal),
        };
        let contact_center = match (first.source, first.time) {
            (ContactSource::Static, ContactTime::Toi(t)) => from + v * t,
            (ContactSource::Static, ContactTime::Embedded { depth_es }) => from + n * depth_es,
            // Already carried into the object's current pose by detection.
            (ContactSource::Dynamic { .. }, _) => frame.local_es(first.center),
        };
        let contact_center = if settings.exact_contact && first.source == ContactSource::Static {
            let exact = exact_contact_center(
                world.mesh,
                &frame,
                frame.to_world(contact_center),
                &contacts,
            );
            let local = frame.local_es(exact);
            if local.length() > REBASE_ES {
                frame = frame.rebased(exact);
                from -= local;
                to -= local;
                planes.shift(local);
                scratch.cache.frame_moved();
                Vec3::ZERO
            } else {
                local
            }
        } else {
            contact_center
        };
        let mut new_center = contact_center + n * settings.skin_es;
        if settings.response == Response::Crease && first.source == ContactSource::Static {
            near_planes(world.mesh, &frame, new_center, settings.skin_es, scratch);
            let contacted = contacts
                .iter()
                .filter(|c| c.source == ContactSource::Static)
                .map(|c| (c.normal_es, contact_center));
            let touched = scratch.near_planes.iter().copied().chain(contacted);
            new_center = planes.hold_skin(new_center, touched, settings.skin_es);
        }
        if first.source != ContactSource::Static {
            // Pushed by a moving object: never through the level (see `push_within_static`).
            let pushed = push_within_static(
                world.mesh,
                ellipsoid,
                &frame,
                frame.to_world(from),
                frame.to_world(new_center),
                settings,
                scratch,
            );
            new_center = frame.local_es(pushed);
        }
        // Seed 001 12.15: the object's motion at the end of the integration velocity, taken
        // before the projection, pushes along the contact normal.
        let object_push = match first
            .source
            .object()
            .and_then(|id| world.dynamic?.object(id))
        {
            Some(obj) => {
                let end = frame.to_world(from) + integration;
                n_world * (obj.motion().transform_point(end) - end).dot(n_world)
            }
            None => Vec3::ZERO,
        };
        integration -= n_world * integration.dot(n_world);
        for c in &contacts {
            let off = c.point - c.center;
            extents = Some(match extents {
                None => (off, off),
                Some((lo, hi)) => (lo.min(off), hi.max(off)),
            });
            if lowest.is_none_or(|(y, _)| off.y < y) {
                lowest = Some((off.y, c.source.object()));
            }
        }
        let remaining = to - new_center;
        from = new_center;
        to -= n * (to - new_center).dot(n);
        v = to - from;
        let mut crease_with = None;
        if settings.response == Response::Crease {
            let (slide, what) = crease_slide(&planes, n, remaining, v);
            match what {
                Crease::Plane => {}
                Crease::Line { other, line } => {
                    crease_with = Some(space.normal_to_world(other));
                    if let Some(d) = space.vector_to_world(line).try_normalize() {
                        integration = d * integration.dot(d);
                    }
                }
                Crease::Stop => {
                    integration = Vec3::ZERO;
                    end = EndReason::CreaseStop;
                }
            }
            v = slide;
            to = from + v;
            planes.push(n, contact_center);
        }
        integration += object_push;
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
                object_push,
                crease_with,
            });
            t.iterations.push(r);
        }
        if end == EndReason::CreaseStop {
            break;
        }
        if settings.impulse_filter && v.dot(input_v) < 0.0 {
            to = from;
            end = EndReason::ImpulseFilter;
            if objects_pending {
                // Stay put, but let the moving objects reach the ellipsoid first.
                v = Vec3::ZERO;
                continue;
            }
            break;
        }
    }
    let mut position = frame.to_world(to);
    if end == EndReason::MaxIterations && settings.fallback {
        end = EndReason::Fallback;
        if frame.origin != start_frame.origin {
            scratch.cache.frame_moved();
        }
        detect_exact(
            world,
            &start_frame,
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
            Some(c) if c.source == ContactSource::Static && settings.exact_contact => {
                exact_contact_center(world.mesh, &frame, c.center, &contacts)
            }
            Some(c) if c.source == ContactSource::Static => c.center,
            Some(c) => push_within_static(
                world.mesh,
                ellipsoid,
                &start_frame,
                ellipsoid.center,
                c.center,
                settings,
                scratch,
            ),
            None => ellipsoid.center,
        };
        if let Some(t) = trace.as_deref_mut() {
            t.fallback = Some(FallbackTrace {
                contacts: contacts.clone(),
                position,
            });
        }
    }
    if let Some(scene) = world.dynamic.filter(|s| s.is_moving()) {
        let settled = settle_all(
            scene,
            &start_frame,
            position,
            settings,
            &mut scratch.dynamic,
        );
        position = push_within_static(
            world.mesh,
            ellipsoid,
            &start_frame,
            position,
            settled,
            settings,
            scratch,
        );
    }
    if let Some(t) = trace {
        t.end = end;
    }
    scratch.slide = contacts;
    scratch.cache.end();
    Ok(SlideResult {
        position,
        integration_velocity: integration,
        iterations,
        end,
        extents: extents.map(|(min, max)| ContactExtents { min, max }),
        contact_count,
        lowest_contact_object: lowest.and_then(|(_, o)| o),
    })
}

/// The contact centre (world) moved out to exactly one eSpace unit from each static triangle
/// among `contacts` that it is closer to than that (issue 15, [`SlideSettings::exact_contact`]).
/// Along the line from the triangle's closest point, so that point stays the closest. Worked in
/// eSpace about the triangle's first vertex: the call's own frame is centred on the start, and
/// 1,000 radii away its f32 steps are ~1e-4 eSpace, as coarse as the error being removed.
fn exact_contact_center(
    mesh: &CollisionMesh,
    frame: &Frame,
    center: Vec3,
    contacts: &[Contact],
) -> Vec3 {
    let space = &frame.space;
    let mut c = center;
    // Two passes: a second triangle of the contacts can move the centre towards the first.
    for _ in 0..2 {
        for contact in contacts
            .iter()
            .filter(|k| k.source == ContactSource::Static)
        {
            if contact.triangle as usize >= mesh.triangle_count() {
                continue;
            }
            let tri = mesh.triangle(contact.triangle).vertices;
            let origin = tri[0];
            let tri_es = tri.map(|p| space.vector_to_es(p - origin));
            let c_es = space.vector_to_es(c - origin);
            let p = super::distance::closest_point_on_triangle(c_es, tri_es);
            let d = (c_es - p).length();
            if d < 1.0 {
                let out = if d > 1e-6 {
                    p + (c_es - p) / d
                } else {
                    c_es + contact.normal_es * (1.0 - d)
                };
                c = origin + space.vector_to_world(out);
            }
        }
    }
    c
}

/// For the crease response's push-back: each static triangle within two skins of a unit from
/// the centre `x` (local eSpace) as the plane `(normal, centre touching it)` of its closest
/// point, into `scratch.near_planes`. The contacts and the call's earlier planes name the
/// triangles met so far; in a wedge that narrows along the crease line the push along them
/// landed inside a third triangle no contact had named yet (the f64 check's last leg overlaps).
fn near_planes(mesh: &CollisionMesh, frame: &Frame, x: Vec3, skin: f32, scratch: &mut Scratch) {
    let reach = 1.0 + 2.0 * skin;
    let center = frame.to_world(x);
    let half = frame.bounds_half_extents(2.0 * skin);
    scratch.near.clear();
    scratch.near_planes.clear();
    mesh.bvh().query_with(
        &Aabb::new(center - half, center + half),
        &mut scratch.near_stack,
        &mut scratch.near,
    );
    for &i in &scratch.near {
        let tri = mesh.triangle(i).vertices.map(|p| frame.local_es(p));
        let p = super::distance::closest_point_on_triangle(x, tri);
        let d = (x - p).length();
        if d < reach && d > 1e-6 {
            let n = (x - p) / d;
            scratch.near_planes.push((n, p + n));
        }
    }
}

/// For the internal-edge filter: when `contact` is a static edge contact on a seam inside a
/// flat surface, the triangle's face normal turned to the contact's side, in local eSpace and
/// in world (the slide plane to use instead of the edge's round normal).
fn face_normal_on_internal_edge(
    mesh: &CollisionMesh,
    frame: &Frame,
    contact: &Contact,
    near: &mut Vec<u32>,
) -> Option<(Vec3, Vec3)> {
    let (ContactSource::Static, Feature::Edge(edge)) = (contact.source, contact.feature) else {
        return None;
    };
    super::internal_edge::internal_neighbour(mesh, contact.triangle, edge, near)?;
    let face = mesh.get_triangle(contact.triangle)?.normal;
    let face = if face.dot(contact.normal) < 0.0 {
        -face
    } else {
        face
    };
    let face_es = frame.space.normal_to_es(face).try_normalize()?;
    Some((
        face_es,
        frame.space.normal_to_world(face_es).try_normalize()?,
    ))
}

#[cfg(test)]
mod internal_edge_tests {
    use super::*;

    /// Two triangles sharing the edge x = 0 (corners (0,0,±1)), the second folded by `fold_deg`.
    fn floor(fold_deg: f32) -> CollisionMesh {
        let v = Vec3::new;
        let (s, c) = fold_deg.to_radians().sin_cos();
        CollisionMesh::from_triangles(&[
            [v(0.0, 0.0, -1.0), v(-2.0, 0.0, 0.0), v(0.0, 0.0, 1.0)],
            [
                v(0.0, 0.0, 1.0),
                v(2.0 * c, 2.0 * s, 0.0),
                v(0.0, 0.0, -1.0),
            ],
        ])
        .unwrap()
    }

    /// A contact of a unit sphere on `feature` of triangle 0, its round normal tilted 30° off
    /// the face towards +x.
    fn contact(feature: Feature) -> Contact {
        let n = Vec3::new(0.5, 0.866_025_4, 0.0);
        Contact {
            triangle: 0,
            feature,
            time: ContactTime::Toi(0.5),
            center: n,
            point: Vec3::ZERO,
            normal: n,
            center_es: n,
            point_es: Vec3::ZERO,
            normal_es: n,
            source: ContactSource::Static,
        }
    }

    #[test]
    fn a_seam_in_a_flat_floor_slides_on_the_face() {
        let frame = Frame::new(&Ellipsoid::sphere(Vec3::ZERO, 1.0).unwrap());
        let mut near = Vec::new();
        // Edge 2 of triangle 0 runs from (0,0,1) to (0,0,-1): the shared one.
        let (n_es, n) = face_normal_on_internal_edge(
            &floor(0.5),
            &frame,
            &contact(Feature::Edge(2)),
            &mut near,
        )
        .expect("an internal edge");
        assert!((n - Vec3::Y).length() < 1e-6 && (n_es - Vec3::Y).length() < 1e-6);
        // An outer edge, a real fold and a face contact keep their own normal.
        let outer = contact(Feature::Edge(0));
        assert_eq!(
            face_normal_on_internal_edge(&floor(0.5), &frame, &outer, &mut near),
            None
        );
        let fold = contact(Feature::Edge(2));
        assert_eq!(
            face_normal_on_internal_edge(&floor(20.0), &frame, &fold, &mut near),
            None
        );
        let face = contact(Feature::Face);
        assert_eq!(
            face_normal_on_internal_edge(&floor(0.0), &frame, &face, &mut near),
            None
        );
    }
}
