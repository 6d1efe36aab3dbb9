//! Stage *push back by the skin*: the centre that touches the contact is moved off it by the
//! skin along the slide normal, so the next detection does not start touching (seed 001 12.3,
//! `NewCenter` is already backed off by 1e-3 eSpace). The crease response holds the skin off
//! every plane near the centre (so does the plane solver's); a push by a moving object never
//! goes through the level. A port may pad in metres (`skin_in_metres`): see [`skin_along`].

use glam::{Vec3, Vec3A};

use super::place::Placed;
use super::state::{Call, SlideState};
use super::sweep::sweep_unchecked;
use crate::candidates::boxes_overlap;
use crate::detect::Scratch;
use crate::frame::Frame;
use crate::{
    Aabb, CollisionMesh, CollisionWorld, ContactSource, ContactTime, Ellipsoid, Padding, Response,
};

/// The stage: the new centre (local eSpace), a skin off the contact.
#[inline]
pub(super) fn push_back(
    call: &Call<'_>,
    s: &SlideState,
    scratch: &mut Scratch,
    placed: &Placed,
) -> Vec3 {
    let settings = call.settings;
    let skin = settings.tuning.skin_es;
    let on_level = placed.contact.source == ContactSource::Static;
    let mut new_center = match step_along_velocity(call, s) {
        Some(step) if on_level => short_along_velocity(s, placed, step),
        _ => placed.center_es + placed.n_es * skin_along(call, s, placed.n_es),
    };
    if settings.response.rule != Response::Seed && on_level {
        near_planes(call.world.mesh, &s.frame, new_center, skin, scratch);
        let contacted = s
            .contacts
            .iter()
            .filter(|c| c.source == ContactSource::Static)
            .map(|c| (c.normal_es, placed.center_es));
        let touched = scratch.near_planes.iter().copied().chain(contacted);
        let exact = |x: Vec3| near_clearance(&scratch.near_tris, x);
        new_center = s
            .planes
            .hold_skin(placed.center_es, new_center, touched, skin, exact);
    }
    if !on_level {
        // Pushed by a moving object: never through the level (see `push_within_static`).
        let (from, to) = (
            s.frame.local_to_world(s.from),
            s.frame.local_to_world(new_center),
        );
        let pushed = push_within_static(call, &s.frame, from, to, scratch);
        new_center = s.frame.local_es(pushed);
    }
    new_center
}

/// The padding's eSpace length along the unit eSpace direction `dir_es`: the skin, or with
/// [`Conventions::skin_in_metres`](crate::Conventions::skin_in_metres) the length whose world
/// length is the skin (a port that pads in metres: longer across a narrow radius).
#[inline]
pub(super) fn skin_along(call: &Call<'_>, s: &SlideState, dir_es: Vec3) -> f32 {
    let skin = call.settings.tuning.skin_es;
    if !call.settings.conventions.skin_in_metres {
        return skin;
    }
    let metres_per_unit = s.frame.space.vector_to_world(dir_es).length();
    match metres_per_unit > 0.0 && metres_per_unit.is_finite() {
        true => skin / metres_per_unit,
        false => skin,
    }
}

/// How far short of a contact the centre stops along this iteration's motion where the port
/// steps back along it: its own step ([`Conventions::step_back_es`](crate::Conventions::step_back_es)),
/// whichever way it pads, or the skin with [`Padding::Velocity`]; `None` where the padding
/// goes along the contact normal.
#[inline]
pub(super) fn step_along_velocity(call: &Call<'_>, s: &SlideState) -> Option<f32> {
    let c = &call.settings.conventions;
    match c.padding {
        _ if c.step_back_es > 0.0 => Some(c.step_back_es),
        Padding::Velocity => Some(skin_along(call, s, s.v.normalize())),
        Padding::Normal => None,
    }
}

/// The centre `step` short of the contact along this iteration's motion, or where it started
/// when the contact is nearer than that (Fauerby 2003: `if (nearestDistance >=
/// veryCloseDistance) { V.SetLength(nearestDistance - veryCloseDistance); newBasePoint =
/// basePoint + V; }`). An embedded start does not move.
fn short_along_velocity(s: &SlideState, placed: &Placed, step: f32) -> Vec3 {
    let dir = s.v.normalize();
    match distance_along_motion(s, placed) {
        Some(d) if d >= step => s.from + dir * (d - step),
        _ => s.from,
    }
}

/// How far the centre travels along this iteration's motion to the contact (eSpace, Fauerby's
/// `nearestDistance`); `None` for an embedded start.
pub(super) fn distance_along_motion(s: &SlideState, placed: &Placed) -> Option<f32> {
    match placed.contact.time {
        ContactTime::Toi(t) => Some(s.v.length() * t),
        _ => None,
    }
}

/// For the crease response's push-back: each static triangle within two skins of a unit from
/// the centre `x` (local eSpace) as the plane `(normal, centre touching it)` of its closest
/// point, into `scratch.near_planes`, and each within [`EXACT_REACH_SKINS`] skins into
/// `scratch.near_tris`. The contacts and the call's earlier planes name the triangles met so
/// far; in a wedge that narrows along the crease line the push along them landed inside a
/// third triangle no contact had named yet (the f64 check's last leg overlaps).
///
/// The triangles come from the call's gathered candidates where they cover the query's box
/// (no second BVH walk), else from a BVH box query; either way only those whose
/// own box overlaps the query's (a query's leaves bring their neighbours along), in tree
/// order (a depth-first walk's leaves in the region come in the same order as in a smaller
/// box). So both give the same planes in the same order.
#[inline]
fn near_planes(mesh: &CollisionMesh, frame: &Frame, x: Vec3, skin: f32, scratch: &mut Scratch) {
    let center = frame.local_to_world(x);
    let half = frame.bounds_half_extents(EXACT_REACH_SKINS * skin);
    let query = Aabb::new(center - half, center + half);
    let q = (Vec3A::from(query.min), Vec3A::from(query.max));
    let mut near = Near {
        x,
        skin,
        tris: &mut scratch.near_tris,
        planes: &mut scratch.near_planes,
    };
    near.tris.clear();
    near.planes.clear();
    if let Some(list) = scratch.cache.covering(q) {
        for cand in list {
            if boxes_overlap((cand.min, cand.max), q) {
                near.add(frame.triangle_local_es_a(cand.vertices));
            }
        }
        return;
    }
    scratch.near.clear();
    let (stack, found) = (&mut scratch.near_stack, &mut scratch.near);
    mesh.bvh().query_with(&query, stack, found);
    for &i in found.iter() {
        let [a, b, c] = mesh.triangle(i).vertices.map(Vec3A::from);
        if boxes_overlap((a.min(b).min(c), a.max(b).max(c)), q) {
            near.add(frame.triangle_local_es_a([a, b, c]));
        }
    }
}

/// Where [`near_planes`] puts what it finds.
struct Near<'a> {
    x: Vec3,
    skin: f32,
    tris: &'a mut Vec<[Vec3; 3]>,
    planes: &'a mut Vec<(Vec3, Vec3)>,
}

impl Near<'_> {
    /// One triangle (local eSpace), kept if within reach of `x`.
    #[inline]
    fn add(&mut self, tri: [Vec3; 3]) {
        let p = crate::distance::closest_point_on_triangle(self.x, tri);
        let d = (self.x - p).length();
        if d < 1.0 + EXACT_REACH_SKINS * self.skin {
            self.tris.push(tri);
        }
        if d < 1.0 + 2.0 * self.skin && d > 1e-6 {
            let n = (self.x - p) / d;
            self.planes.push((n, p + n));
        }
    }
}

/// The eSpace distance less one from `x` to the nearest of `tris` (local eSpace): negative
/// inside one.
fn near_clearance(tris: &[[Vec3; 3]], x: Vec3) -> f32 {
    if !x.is_finite() {
        return f32::NEG_INFINITY;
    }
    tris.iter()
        .map(|&tri| (x - crate::distance::closest_point_on_triangle(x, tri)).length() - 1.0)
        .fold(f32::INFINITY, f32::min)
}

/// How far (skins past the unit distance) a triangle near the pushed-back centre is kept for
/// the exact clearance of the push-back's candidates: they stay within a few skins of it.
const EXACT_REACH_SKINS: f32 = 16.0;

/// Moving objects have right of way, but not through the level: the push from `from` to `to`
/// (world) is swept against the static mesh and stops at its first contact (backed off by the
/// skin along the contact normal). An ellipsoid caught between a descending lift and the floor
/// stays on the floor, overlapped by the lift (crushed), instead of being pushed through the
/// floor and out of the level. Already overlapping the level: no push.
pub(super) fn push_within_static(
    call: &Call<'_>,
    frame: &Frame,
    from: Vec3,
    to: Vec3,
    scratch: &mut Scratch,
) -> Vec3 {
    let push = to - from;
    if push == Vec3::ZERO || !push.is_finite() {
        return to;
    }
    let e = call.ellipsoid;
    let Ok(at) = Ellipsoid::with_axes(from, e.radii, e.axes) else {
        return to;
    };
    let mut hits = std::mem::take(&mut scratch.pushed);
    let level = CollisionWorld::static_only(call.world.mesh);
    sweep_unchecked(level, &at, push, call.settings, scratch, &mut hits);
    let end = match hits.first() {
        None => to,
        Some(c) => match c.time {
            ContactTime::Toi(_) => {
                c.center
                    + frame
                        .space
                        .vector_to_world(c.normal_es * call.settings.tuning.skin_es)
            }
            ContactTime::Embedded { .. } => from,
        },
    };
    scratch.pushed = hits;
    end
}
