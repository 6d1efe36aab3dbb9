//! The plane solver response (a variant beside the seed's and the crease response,
//! never replacing them). The seed projects the motion left after a contact onto the newest
//! plane only, and the crease response onto one earlier plane's crease line; here the motion is
//! solved against every plane the call has touched (and still touches) at once: the motion
//! closest to the wish that enters none of them. The integration velocity is solved against
//! the same planes, so a landing in a funnel or a wedge keeps no sideways speed.
//!
//! The idea is Box2D v3.1's mover (`src/mover.c`: `b2SolvePlanes` solves the mover's collision
//! planes together by Gauss-Seidel over clamped pushes, `b2ClipVector` clips the velocity
//! against them) and avian 0.5's `move_and_slide` (the velocity projected into the cone of
//! every plane within two skins, `velocity_project.rs`). With the handful of planes one call
//! meets, the cone's closest point is found exactly instead: it is the wish itself, its
//! projection onto one plane, onto the line of two, or rest: the candidate nearest the wish
//! that enters no plane. The answer depends neither on an iteration count nor on the order the
//! planes were met.
//!
//! A walker may give the call its heading ([`SlideSettings::heading`](crate::SlideSettings)):
//! when the motion asked goes that way, the heading is one more plane, so no slide carries the
//! mover back against where it heads. Quake 2's `PM_StepSlideMove` stops dead when the clipped
//! velocity opposes the original one; walking along one wall into a corner wider than 90°, the
//! original motion is already along the wall and only the heading says the slide off the
//! second wall goes back out of the corner (scene 16).
//!
//! A convention comes with it ([`ResponseOptions::max_climb_deg`](crate::ResponseOptions)): a
//! plane facing up but steeper than the limit also blocks with its horizontal normal (world
//! `+Y` is up), so the slide follows its contour line instead of climbing it, while sliding down
//! it stays free (rapier's `max_slope_climb_angle`, PhysX's `ePREVENT_CLIMBING`).

use glam::Vec3;

use super::crease::IDENTICAL_COS;
use super::place::Placed;
use super::state::{Call, SlideState};
use crate::detect::Scratch;
use crate::distance::closest_point_on_triangle;
use crate::frame::Frame;
use crate::{Aabb, ContactSource, ContactTime, EndReason, Feature};

/// A plane of the call holds the centre off while the centre is within this many skins of it
/// (the skin push-back puts it one to a few skins off).
const HOLD_REACH_SKINS: f32 = 4.0;

/// A candidate enters a plane when it goes into it further than this, relative to the wish's
/// length (float rounding of the projections).
const ENTER_REL: f32 = 1e-6;

/// The stage for the plane solver response: the iteration's contacts with the level join the
/// call's planes; the motion left past the contact (local eSpace) and the integration velocity
/// (world) are solved against every plane still holding the centre off; rest where they close
/// every way. With a climb limit, walkable ground takes the weight: the velocity is solved
/// against it as against a floor, so a landing on a slope keeps no sideways speed.
pub(super) fn follow_planes(
    call: &Call<'_>,
    s: &mut SlideState,
    placed: &Placed,
    remaining_es: Vec3,
) {
    let learned = remember_contacts(call, s, placed);
    solve_holding(call, s, remaining_es);
    let stalled = !learned && no_headway(placed, remaining_es.length());
    if stalled || (s.v == Vec3::ZERO && remaining_es != Vec3::ZERO) {
        s.v = Vec3::ZERO;
        s.to = s.from;
        s.integration = Vec3::ZERO;
        s.end = EndReason::PlanesStop;
    }
}

/// A contact this close (eSpace, along the motion) is met where the iteration started.
const NO_HEADWAY_ES: f32 = 1e-6;

/// Whether the iteration met its contact where it started (or inside it): with no plane new
/// to the call, the solve gives the same motion again and the next detection meets the same
/// planes at the start again, until the iterations run out. Stopping keeps the headway made
/// so far, where the fallback would lose it: a sphere in a slot exactly its width between two
/// rounded edges (lavaducts), whose tangent slide dips into their curve at second order.
fn no_headway(placed: &Placed, remaining_es: f32) -> bool {
    match placed.contact.time {
        ContactTime::Toi(t) => t * remaining_es < NO_HEADWAY_ES,
        ContactTime::Embedded { .. } => true,
    }
}

/// How far (eSpace, past the unit distance) a triangle may be from the start centre and still
/// hold it on its face's plane. A gap narrower than this between two faces in one plane is
/// bridged (a wall of pillars 0.2 m apart leaves 0.031 for a 0.4 m radius), and a
/// centre walking off the end of a face keeps its line for at most this much further.
const REST_REACH_ES: f32 = 0.05;

/// A face rested on is one the centre is within this many skins of (the skin push-back left it
/// one skin off).
const REST_SKINS: f32 = 2.0;

/// Faces facing up more than this (world normal's `y`) are not kept: the ground and slopes are
/// met by gravity's motion every frame anyway, and a floor that held the motion off before
/// any contact would leave a walker that looks for its ground in the call's contacts hanging
/// just above it.
const UP_FACING_Y: f32 = 1e-3;

/// Stage *start on the planes rested on* (the plane solver only): the walls and ceilings of
/// the level whose plane the start centre rests on (a skin or so off the plane of centres one
/// unit off the face) and whose triangle is within [`REST_REACH_ES`] join the call's planes,
/// and the motion and the integration velocity are solved against them before the first
/// detection. The previous frame ended resting on them, so these are the planes it kept, found
/// again from the level rather than carried in a state: one frame re-run alone sees the same.
/// Between two pillars, or two tiles with a gap, the centre then keeps the faces' line instead
/// of dipping into the gap and being pushed out again.
pub(super) fn rest_on_planes(call: &Call<'_>, s: &mut SlideState, scratch: &mut Scratch) {
    let skin = call.settings.tuning.skin_es;
    let frame = s.frame;
    let center = frame.local_to_world(s.from);
    let half = frame.bounds_half_extents(REST_REACH_ES + HOLD_REACH_SKINS * skin);
    scratch.near.clear();
    let mesh = call.world.mesh;
    let query = Aabb::new(center - half, center + half);
    mesh.bvh()
        .query_with(&query, &mut scratch.near_stack, &mut scratch.near);
    let mut rested = false;
    for &i in &scratch.near {
        let tri = frame.triangle_local_es(mesh.triangle(i).vertices);
        if let Some((n, gap)) = rested_face(call, &frame, s.from, tri, skin) {
            let twin = twin_es(call, &frame, n, Feature::Face, 0.0);
            s.planes.push_with_twin(n, s.from - n * gap, twin);
            rested = true;
        }
    }
    if rested {
        solve_holding(call, s, s.v);
    }
}

/// The face `tri` (local eSpace) as a plane the centre `x` rests on: its normal towards `x`
/// and `x`'s gap past the unit distance, when it is a wall or a ceiling, `x` is within
/// [`REST_SKINS`] of its plane of centres and the triangle within [`REST_REACH_ES`].
fn rested_face(
    call: &Call<'_>,
    frame: &Frame,
    x: Vec3,
    tri: [Vec3; 3],
    skin: f32,
) -> Option<(Vec3, f32)> {
    let n = (tri[1] - tri[0]).cross(tri[2] - tri[0]).try_normalize()?;
    let side = (x - tri[0]).dot(n);
    if side < 0.0 && call.settings.conventions.sidedness.culls_behind() {
        return None;
    }
    let (n, gap) = (n * side.signum(), side.abs() - 1.0);
    let wall = frame.space.normal_to_world(n).y <= UP_FACING_Y;
    if !(wall && gap > -skin && gap < REST_SKINS * skin) {
        return None;
    }
    let near = (x - closest_point_on_triangle(x, tri)).length();
    (near < 1.0 + REST_REACH_ES).then_some((n, gap))
}

/// The call's heading (world, unit, horizontal) when the motion asked goes that way.
fn heading(call: &Call<'_>) -> Option<Vec3> {
    let h = call.heading?.with_y(0.0).try_normalize()?;
    (call.velocity.dot(h) > 0.0).then_some(h)
}

fn climb_cos(call: &Call<'_>) -> Option<f32> {
    call.settings
        .response
        .max_climb_deg
        .map(|d| d.to_radians().cos())
}

/// The motion `wish_es` (local eSpace) and the integration velocity (world) solved against
/// every plane of the call still holding the centre off, each steep face with its twin; with
/// a climb limit, walkable ground counts as a floor for the velocity (it takes the weight).
fn solve_holding(call: &Call<'_>, s: &mut SlideState, wish_es: Vec3) {
    let climb_cos = climb_cos(call);
    let space = s.frame.space;
    let skin = call.settings.tuning.skin_es;
    let (mut motion_es, mut velocity) = (Constraints::default(), Constraints::default());
    if let Some(h) = heading(call) {
        motion_es.add(space.normal_to_es(h));
        velocity.add(h);
    }
    for (n_es, twin_es) in s.planes.holding(s.from, skin, HOLD_REACH_SKINS * skin) {
        let n = space.normal_to_world(n_es);
        let walkable = climb_cos.is_some_and(|c| n.y >= c);
        motion_es.add(n_es);
        velocity.add(if walkable { Vec3::Y } else { n });
        if twin_es != Vec3::ZERO {
            motion_es.add(twin_es);
            velocity.add(space.normal_to_world(twin_es));
        }
    }
    s.v = solve_cone(wish_es, motion_es.normals());
    s.to = s.from + s.v;
    s.integration = solve_cone(s.integration, velocity.normals());
}

/// The twin of a steep face (eSpace; zero: none). An edge or a vertex facing up steeply is a
/// step's lip or a bump's, which the walk climbs, unless it is met higher than
/// [`ResponseOptions::max_step_m`](crate::ResponseOptions) above the ellipsoid's lowest point
/// (`lip_height_m`): then it is a wall's lip (a trim, a sill) and has a twin like a face.
fn twin_es(
    call: &Call<'_>,
    frame: &Frame,
    n_es: Vec3,
    feature: Feature,
    lip_height_m: f32,
) -> Vec3 {
    let step = call.settings.response.max_step_m.unwrap_or(f32::INFINITY);
    climb_cos(call)
        .filter(|_| feature == Feature::Face || lip_height_m > step)
        .and_then(|c| steep_twin(frame.space.normal_to_world(n_es), c))
        .map_or(Vec3::ZERO, |t| frame.space.normal_to_es(t))
}

/// The placed contact (with its slide normal, which the internal-edge filter may have set) and
/// the iteration's other contacts with the level, all touched at the placed centre, join the
/// call's planes, a steep face with its twin. Returns whether one of them is new to the call.
fn remember_contacts(call: &Call<'_>, s: &mut SlideState, placed: &Placed) -> bool {
    let at = placed.center_es;
    let mut learned = false;
    let lowest_y = placed.contact.center.y - s.frame.bounds_half_extents(0.0).y;
    let others = s
        .contacts
        .iter()
        .filter(|c| c.source == ContactSource::Static)
        .map(|c| (c.normal_es, c.feature, c.point.y));
    let first = (placed.n_es, placed.contact.feature, placed.contact.point.y);
    for (n_es, feature, y) in std::iter::once(first).chain(others) {
        let twin = twin_es(call, &s.frame, n_es, feature, y - lowest_y);
        learned |= s.planes.push_with_twin(n_es, at, twin);
    }
    learned
}

/// Most constraint planes one solve takes (the call's planes, each with its steep twin).
const MAX_SOLVED: usize = 16;

/// A small set of unit normals, one per direction.
#[derive(Default)]
struct Constraints {
    n: [Vec3; MAX_SOLVED],
    len: usize,
}

impl Constraints {
    /// Adds `n` unless a normal within [`IDENTICAL_COS`] of it is there already or the set is
    /// full.
    fn add(&mut self, n: Vec3) {
        if self.len == MAX_SOLVED || self.normals().iter().any(|m| m.dot(n) > IDENTICAL_COS) {
            return;
        }
        self.n[self.len] = n;
        self.len += 1;
    }

    fn normals(&self) -> &[Vec3] {
        &self.n[..self.len]
    }
}

/// The motion closest to `wish` with `n · m ≥ 0` for every unit normal `n` of `normals` (the
/// projection onto their cone of free directions). Zero where the planes close every way.
pub(crate) fn solve_cone(wish: Vec3, normals: &[Vec3]) -> Vec3 {
    let eps = ENTER_REL * wish.length();
    let free = |m: Vec3| normals.iter().all(|n| n.dot(m) >= -eps);
    if free(wish) {
        return wish;
    }
    let mut best = Vec3::ZERO;
    let mut keep = |m: Vec3| {
        if (m - wish).length_squared() < (best - wish).length_squared() && free(m) {
            best = m;
        }
    };
    for (i, &a) in normals.iter().enumerate() {
        let d = wish.dot(a);
        if d < 0.0 {
            keep(wish - a * d);
        }
        for &b in &normals[i + 1..] {
            if let Some(line) = a.cross(b).try_normalize() {
                keep(line * wish.dot(line));
            }
        }
    }
    best
}

/// The horizontal twin of an upward-facing world normal steeper than `climb_cos` (the cosine of
/// the steepest slope that may be climbed): what blocks climbing it. `None` for walkable
/// slopes, walls and ceilings (a wall's twin is itself).
pub(crate) fn steep_twin(n_world: Vec3, climb_cos: f32) -> Option<Vec3> {
    if !(n_world.y > 1e-3 && n_world.y < climb_cos) {
        return None;
    }
    Vec3::new(n_world.x, 0.0, n_world.z).try_normalize()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: Vec3, b: Vec3) -> bool {
        (a - b).length() < 1e-5
    }

    #[test]
    fn a_wish_that_enters_no_plane_is_kept() {
        let w = Vec3::new(1.0, 0.5, 0.0);
        assert_eq!(solve_cone(w, &[Vec3::Y, -Vec3::Z]), w);
    }

    #[test]
    fn one_plane_is_the_seeds_projection() {
        let w = Vec3::new(1.0, -1.0, 0.5);
        assert!(close(solve_cone(w, &[Vec3::Y]), Vec3::new(1.0, 0.0, 0.5)));
    }

    #[test]
    fn two_planes_that_close_on_the_projection_give_their_line() {
        // A floor and a wall leaning over it: the wall's projection goes down into the floor;
        // the answer is the crease line (along Z), whatever order the planes come in.
        let wall = Vec3::new(-1.0, -0.5, 0.0).normalize();
        let w = Vec3::new(1.0, -0.2, 0.7);
        for planes in [[Vec3::Y, wall], [wall, Vec3::Y]] {
            let m = solve_cone(w, &planes);
            assert!(close(m, Vec3::new(0.0, 0.0, 0.7)), "{m}");
        }
    }

    #[test]
    fn a_wide_corner_lets_the_slide_go_along_the_second_wall() {
        // Walls at 120°: sliding along the first into the corner, the projection onto the
        // second leaves the first alone, so it is the answer (no stop).
        let a = Vec3::new(0.5, 0.0, 3f32.sqrt() / 2.0);
        let b = Vec3::new(-0.5, 0.0, 3f32.sqrt() / 2.0);
        let along_a = Vec3::new(a.z, 0.0, -a.x);
        assert!(along_a.dot(b) < 0.0, "goes into the second wall");
        let m = solve_cone(along_a, &[a, b]);
        assert!(close(m, along_a - b * along_a.dot(b)), "{m}");
    }

    #[test]
    fn three_planes_closing_every_way_give_rest() {
        let plates = [0.0f32, 2.1, 4.2].map(|a| Vec3::new(a.cos(), 1.2, a.sin()).normalize());
        assert_eq!(solve_cone(-Vec3::Y, &plates), Vec3::ZERO);
        // and a trough of two plates facing each other keeps the fall from turning sideways
        let trough = [Vec3::new(1.0, 1.2, 0.0), Vec3::new(-1.0, 1.2, 0.0)].map(|n| n.normalize());
        let m = solve_cone(Vec3::new(0.0, -1.0, 0.3), &trough);
        assert!(close(m, Vec3::new(0.0, 0.0, 0.3)), "{m}");
    }

    #[test]
    fn the_answer_is_the_closest_free_motion() {
        // Against a brute-force search over a grid of motions.
        let planes = [
            Vec3::new(0.3, 0.9, 0.1).normalize(),
            Vec3::new(-0.8, 0.2, 0.3).normalize(),
            Vec3::new(0.1, -0.2, -0.9).normalize(),
        ];
        let w = Vec3::new(0.4, -1.0, 0.8);
        let m = solve_cone(w, &planes);
        assert!(planes.iter().all(|n| n.dot(m) >= -1e-5));
        let mut nearest = f32::INFINITY;
        let steps = 40;
        for i in 0..=steps {
            for j in 0..=steps {
                for k in 0..=steps {
                    let g = |x: i32| (x as f32 / steps as f32 - 0.5) * 3.0;
                    let p = Vec3::new(g(i), g(j), g(k));
                    if planes.iter().all(|n| n.dot(p) >= 0.0) {
                        nearest = nearest.min((p - w).length());
                    }
                }
            }
        }
        assert!((m - w).length() <= nearest + 1e-4, "{m}: {nearest}");
    }

    #[test]
    fn a_steep_slope_blocks_with_its_horizontal_twin() {
        let climb_cos = 45f32.to_radians().cos();
        let steep = Vec3::new(0.0, 50f32.to_radians().cos(), 50f32.to_radians().sin());
        let twin = steep_twin(steep, climb_cos).unwrap();
        assert!(close(twin, Vec3::Z));
        // walking into it follows nothing uphill ...
        let m = solve_cone(Vec3::new(0.3, 0.0, -1.0), &[steep, twin]);
        assert!(close(m, Vec3::new(0.3, 0.0, 0.0)), "{m}");
        // ... falling onto it still slides down
        let m = solve_cone(-Vec3::Y, &[steep, twin]);
        assert!(m.y < -0.1 && m.z > 0.1, "{m}");
        // walkable slopes, walls and ceilings have no twin
        assert_eq!(steep_twin(Vec3::new(0.0, 0.8, 0.6), climb_cos), None);
        assert_eq!(steep_twin(Vec3::Z, climb_cos), None);
        assert_eq!(steep_twin(Vec3::new(0.0, -0.6, 0.8), climb_cos), None);
    }
}
