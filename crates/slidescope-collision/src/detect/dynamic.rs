//! Detection against dynamic objects (seed 001 12.12.1 and 12.14): for each object, the
//! iteration's sweep is extended by the object's motion since the last update, tested against
//! the object's previous pose, and the contact is carried into the current pose.
//!
//! Each of an object's triangles gets the static scan's whole test (`triangle_contact`, the
//! decomposed solver), so the conventions (sidedness, roots, touching) apply to objects as to
//! the level.
//!
//! Runs in the query's local eSpace frame, after the static detection, and merges its contacts
//! with the static ones by time (the seed's shared `eInterval`: both are fractions of the same
//! step, the sphere's and the object's motion being linear over it).
//!
//! Two departures from the seed, both so the ellipsoid never ends inside a rotating object:
//! - the extended sweep ends at `motion⁻¹(dest)` (where the destination sits relative to the
//!   previous pose) and contacts are carried by the full rigid `motion`, not by the
//!   translation at the destination; for pure translation both equal the seed's `eAdjust`;
//! - embedded starts are carried too, and a carried centre that overlaps the object's current
//!   pose (an ellipsoid is not rotation invariant, so a rotation can make it overlap) is pushed
//!   out along the deepest overlap.

use glam::{Mat3, Vec3};

use super::triangle::triangle_contact;
use crate::distance::closest_point_on_triangle;
use crate::dynamic::{DynamicObject, DynamicScene, ObjectId};
use crate::frame::Frame;
use crate::solvers::Decomposed;
use crate::sweep::TriangleEs;
use crate::trace::DynamicSweepTrace;
use crate::{Aabb, Contact, ContactSource, SlideSettings, SweepHit};

/// Overlap (eSpace units) below which a carried centre is left alone.
const SETTLE_TOLERANCE_ES: f32 = 1e-4;
/// Push-out passes against the current pose.
const SETTLE_PASSES: usize = 4;

/// Buffers reused across detections.
#[derive(Debug, Default, Clone)]
pub struct DynamicScratch {
    hits: Vec<DynHit>,
    query: QueryBufs,
    /// BVH walk stack, reused between objects and calls.
    stack: Vec<(u32, f32)>,
    /// The merged contacts before they are copied to the caller's list (no allocation once
    /// warm).
    merged: Vec<Contact>,
}

/// Buffers of the settling box queries.
#[derive(Debug, Default, Clone)]
struct QueryBufs {
    tris: Vec<u32>,
    stack: Vec<u32>,
}

#[derive(Debug, Clone, Copy)]
struct DynHit {
    object: ObjectId,
    triangle: u32,
    hit: SweepHit,
    /// The extended velocity the hit was found with (local eSpace).
    v_ext: Vec3,
}

/// `|R|`: maps box half extents through a rotation.
fn abs_rotation(r: glam::Quat) -> Mat3 {
    let m = Mat3::from_quat(r);
    Mat3::from_cols(m.x_axis.abs(), m.y_axis.abs(), m.z_axis.abs())
}

/// Adds the dynamic objects' contacts to `out`, which holds the static detection's contacts
/// of the unit sphere at `c` moving by `v` (local eSpace). Keeps the earliest contacts over
/// both, within the simultaneous tolerance: the earliest first (the level before objects on
/// ties, then objects and triangles in index order), then the other simultaneous ones.
#[allow(clippy::too_many_arguments)]
pub(crate) fn detect_dynamic(
    scene: &DynamicScene,
    frame: &Frame,
    c: Vec3,
    v: Vec3,
    settings: &SlideSettings,
    scratch: &mut DynamicScratch,
    out: &mut Vec<Contact>,
    record: Option<&mut Vec<DynamicSweepTrace>>,
) {
    let tol = settings.tuning.simultaneous_tolerance;
    let mut best = out.first().map_or(f32::INFINITY, |c| c.time.sort_key());
    sweep_objects(scene, frame, c, v, settings, &mut best, scratch, record);
    if scratch.hits.is_empty() {
        return;
    }
    merge_with_static(scene, frame, c, best + tol, settings, scratch, out);
}

/// Each object swept at its previous pose along the iteration's velocity extended by the
/// object's motion (seed 001 12.12.1); its hits within `best` and the tolerance into
/// `scratch.hits`, `best` lowered as they come, each object's outcome recorded.
#[allow(clippy::too_many_arguments)]
fn sweep_objects(
    scene: &DynamicScene,
    frame: &Frame,
    c: Vec3,
    v: Vec3,
    settings: &SlideSettings,
    best: &mut f32,
    scratch: &mut DynamicScratch,
    mut record: Option<&mut Vec<DynamicSweepTrace>>,
) {
    let tol = settings.tuning.simultaneous_tolerance;
    scratch.hits.clear();
    let margin = settings.tuning.skin_es.max(1e-3) * 2.0;
    let dest = frame.local_to_world(c + v);
    for obj in scene.objects() {
        let (v_ext, adjust) = if obj.is_at_rest() {
            (v, Vec3::ZERO)
        } else {
            let pulled = obj.motion().inverse().transform_point(dest);
            (frame.local_es(pulled) - c, dest - pulled)
        };
        let mut entry = record.as_ref().map(|_| DynamicSweepTrace {
            object: obj.id,
            set: obj.set,
            previous: obj.previous(),
            current: obj.current(),
            adjustment: adjust,
            adjustment_es: frame.space.vector_to_es(adjust),
            extended_velocity: frame.space.vector_to_world(v_ext),
            extended_velocity_es: v_ext,
            hit: None,
            culled: false,
        });
        let swept: Aabb = frame.swept_bounds(c, v_ext, margin);
        if !swept.overlaps(&obj.world_bounds(&obj.previous())) {
            if let (Some(rec), Some(mut e)) = (record.as_deref_mut(), entry) {
                e.culled = true;
                rec.push(e);
            }
            continue;
        }
        let first_new = scratch.hits.len();
        sweep_object(
            obj,
            frame,
            c,
            v_ext,
            settings,
            margin,
            best,
            tol,
            &mut scratch.hits,
            &mut scratch.stack,
        );
        if let (Some(rec), Some(e)) = (record.as_deref_mut(), entry.as_mut()) {
            e.hit = scratch.hits[first_new..]
                .iter()
                .map(|h| h.hit.time)
                .min_by(|a, b| a.sort_key().total_cmp(&b.sort_key()));
            rec.push(*e);
        }
    }
}

/// The static contacts in `out` and the objects' hits merged: those within `limit`, the
/// earliest first (the level before objects on ties), then the others in order; each object
/// contact carried into the object's current pose.
fn merge_with_static(
    scene: &DynamicScene,
    frame: &Frame,
    c: Vec3,
    limit: f32,
    settings: &SlideSettings,
    scratch: &mut DynamicScratch,
    out: &mut Vec<Contact>,
) {
    out.retain(|c| c.time.sort_key() <= limit);
    scratch.hits.retain(|h| h.hit.time.sort_key() <= limit);
    // Keys are unique (one hit per object triangle): unstable sorting gives the same order
    // and, unlike the stable sort, never allocates.
    scratch
        .hits
        .sort_unstable_by_key(|h| (h.object, h.triangle));
    // The earliest overall: a static contact wins ties (it is already first in `out`).
    let static_first = out.first().map(|c| c.time.sort_key());
    let dyn_first = scratch.hits.iter().enumerate().fold(0, |b, (i, h)| {
        if h.hit.time.sort_key() < scratch.hits[b].hit.time.sort_key() {
            i
        } else {
            b
        }
    });
    let dyn_key = scratch.hits[dyn_first].hit.time.sort_key();
    let max = settings.tuning.max_contacts as usize;
    let mut contacts = std::mem::take(&mut scratch.merged);
    contacts.clear();
    let dyn_leads = static_first.is_none_or(|k| dyn_key < k);
    let hits = std::mem::take(&mut scratch.hits);
    if dyn_leads {
        contacts.push(carry(
            scene,
            frame,
            c,
            &hits[dyn_first],
            settings,
            &mut scratch.query,
        ));
    }
    contacts.extend(out.iter().copied());
    for (i, h) in hits.iter().enumerate() {
        if contacts.len() >= max {
            break;
        }
        if !(dyn_leads && i == dyn_first) {
            contacts.push(carry(scene, frame, c, h, settings, &mut scratch.query));
        }
    }
    contacts.truncate(max);
    scratch.hits = hits;
    // Copied back rather than swapped: the caller's buffers keep their own capacity.
    out.clear();
    out.extend_from_slice(&contacts);
    scratch.merged = contacts;
}

/// Sweeps against one object's triangles at its previous pose, walking its model-space BVH.
#[allow(clippy::too_many_arguments)]
fn sweep_object(
    obj: &DynamicObject,
    frame: &Frame,
    c: Vec3,
    v_ext: Vec3,
    settings: &SlideSettings,
    margin: f32,
    best: &mut f32,
    tol: f32,
    hits: &mut Vec<DynHit>,
    stack: &mut Vec<(u32, f32)>,
) {
    let prev = obj.previous();
    let inv = prev.inverse();
    let start_m = inv.transform_point(frame.local_to_world(c));
    let delta_m = inv.transform_vector(frame.space.vector_to_world(v_ext));
    let expand_m = abs_rotation(inv.rotation) * frame.bounds_half_extents(margin);
    let mesh = obj.mesh();
    let items = mesh.bvh().items();
    mesh.bvh()
        .sweep_query(start_m, delta_m, expand_m, stack, |slots| {
            for k in slots {
                let verts = mesh
                    .slot_vertices(k)
                    .map(|p| frame.local_es(prev.transform_point(p)));
                let Some(tri) = TriangleEs::new(verts) else {
                    continue;
                };
                let limit = (*best + tol).clamp(0.0, 1.0);
                let found = triangle_contact(&Decomposed, (c, v_ext), &tri, settings, limit);
                if let Some(hit) = found {
                    let key = hit.time.sort_key();
                    if key <= *best + tol {
                        *best = best.min(key);
                        hits.push(DynHit {
                            object: obj.id,
                            triangle: items[k],
                            hit,
                            v_ext,
                        });
                    }
                }
            }
            (*best + tol).clamp(0.0, 1.0)
        });
}

/// Turns a hit against the previous pose into a contact at the current pose.
fn carry(
    scene: &DynamicScene,
    frame: &Frame,
    c: Vec3,
    h: &DynHit,
    settings: &SlideSettings,
    q: &mut QueryBufs,
) -> Contact {
    let space = frame.space;
    // The object exists: hits are only made from `scene.objects()`.
    let obj = &scene.objects()[h.object.0 as usize];
    let motion = obj.motion();
    let center_prev = frame.local_to_world(h.hit.center_es(c, h.v_ext));
    let normal = motion
        .transform_vector(space.normal_to_world(h.hit.normal_es))
        .normalize_or_zero();
    let carried = motion.transform_point(center_prev);
    let center = settle(obj, frame, carried, normal, settings, q);
    let point = motion.transform_point(frame.local_to_world(h.hit.point_es)) + (center - carried);
    Contact {
        triangle: h.triangle,
        feature: h.hit.feature,
        time: h.hit.time,
        center,
        point,
        normal,
        center_es: frame.local_to_es(frame.local_es(center)),
        point_es: frame.local_to_es(frame.local_es(point)),
        normal_es: space.normal_to_es(normal),
        source: ContactSource::Dynamic {
            object: obj.id,
            set: obj.set,
        },
    }
}

/// Pushes a world centre out of `obj` at its current pose: up to [`SETTLE_PASSES`] times, the
/// deepest overlapping triangle (unit sphere in eSpace against the triangle's closest point)
/// pushes the centre out by its overlap plus the skin.
fn settle(
    obj: &DynamicObject,
    frame: &Frame,
    center: Vec3,
    normal: Vec3,
    settings: &SlideSettings,
    q: &mut QueryBufs,
) -> Vec3 {
    let cur = obj.current();
    let inv = cur.inverse();
    let half_m =
        abs_rotation(inv.rotation) * frame.bounds_half_extents(settings.tuning.skin_es * 2.0);
    let fallback_es = frame.space.normal_to_es(normal);
    let mut c = frame.local_es(center);
    for _ in 0..SETTLE_PASSES {
        let center_m = inv.transform_point(frame.local_to_world(c));
        let QueryBufs { tris, stack } = &mut *q;
        tris.clear();
        obj.mesh().bvh().query_with(
            &Aabb::new(center_m - half_m, center_m + half_m),
            stack,
            tris,
        );
        tris.sort_unstable();
        let mut deepest: Option<(f32, Vec3)> = None;
        for &ti in tris.iter() {
            let tri = obj.mesh().triangle(ti);
            let verts = tri.vertices.map(|p| frame.local_es(cur.transform_point(p)));
            let q = closest_point_on_triangle(c, verts);
            let d = (c - q).length();
            let depth = 1.0 - d;
            if depth <= SETTLE_TOLERANCE_ES || deepest.is_some_and(|(b, _)| depth <= b) {
                continue;
            }
            let dir = if d > 1e-6 { (c - q) / d } else { fallback_es };
            deepest = Some((depth, dir));
        }
        let Some((depth, dir)) = deepest else {
            break;
        };
        c += dir * (depth + settings.tuning.skin_es);
    }
    frame.local_to_world(c)
}

/// Pushes a final world centre out of every moved object's current pose (see [`settle`]):
/// the guarantee that no moving object is left overlapping the ellipsoid, also where the
/// extended sweep's approximation (an ellipsoid is not rotation invariant) missed it.
pub(crate) fn settle_all(
    scene: &DynamicScene,
    frame: &Frame,
    center: Vec3,
    settings: &SlideSettings,
    scratch: &mut DynamicScratch,
) -> Vec3 {
    let mut c = center;
    let half = frame.bounds_half_extents(settings.tuning.skin_es * 2.0);
    for obj in scene.objects().iter().filter(|o| !o.is_at_rest()) {
        let bounds = obj.world_bounds(&obj.current());
        if !Aabb::new(c - half, c + half).overlaps(&bounds) {
            continue;
        }
        let away = (c - bounds.center()).normalize_or(Vec3::Y);
        c = settle(obj, frame, c, away, settings, &mut scratch.query);
    }
    c
}
