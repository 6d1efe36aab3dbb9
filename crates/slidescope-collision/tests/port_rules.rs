//! Rules of real ports that seed 001 does not have, each a convention row, on a floor, a wall
//! and a ramp with answers worked by hand: Linahan 2012's response (cpcl, SLAM: the first
//! contact's plane a skin off the unpadded contact, so a floor met at 45° ends exactly a skin
//! above it where the seed's projection through the centre padded along the velocity ends
//! skin/√2 above; the second contact along the crease of the two planes), the scale of the
//! whole move (SLAM halves it), Fauerby 2003's slide from the unpadded contact point when the
//! contact is nearer than the padding (Irrlicht, py64), and a floor stop in a call heading down
//! (py64's fall), an embedded start kept where it is (Babylon.js), Quake's velocity clip, the
//! response in world space, the padding in metres, the padding of a clear path, an edge's
//! normal taken from the start centre, the face of a plane moved along left untested, and a
//! port's own step back (exengine); and exengine's unnormalised crease, the bug knob the
//! explainer re-solves with.

use glam::Vec3;
use slidescope_collision::{
    BroadPhase, CollisionMesh, Conventions, DebugKnobs, Ellipsoid, IterationLimit, Padding,
    Projection, SlideSettings, Trace, Tuning, collide_and_slide,
};

const SKIN: f32 = 0.01;

/// A floor at y = 0 and a wall at x = 3 facing −x.
fn floor_and_wall() -> CollisionMesh {
    let v = Vec3::new;
    CollisionMesh::from_triangles(&[
        [v(-50.0, 0.0, 50.0), v(50.0, 0.0, 50.0), v(0.0, 0.0, -50.0)],
        [v(3.0, -50.0, -50.0), v(3.0, -50.0, 50.0), v(3.0, 50.0, 0.0)],
    ])
    .unwrap()
}

fn settings(projection: Projection, move_scale: f32) -> SlideSettings {
    SlideSettings {
        tuning: Tuning {
            skin_es: SKIN,
            max_iterations: 3,
            ..SlideSettings::default().tuning
        },
        conventions: Conventions {
            padding: Padding::Velocity,
            iteration_limit: IterationLimit::KeepLast,
            impulse_filter: false,
            projection,
            move_scale,
            ..Conventions::default()
        },
        ..SlideSettings::default()
    }
}

fn slide(start: Vec3, v: Vec3, s: &SlideSettings, trace: Option<&mut Trace>) -> Vec3 {
    let sphere = Ellipsoid::sphere(start, 1.0).unwrap();
    collide_and_slide(&floor_and_wall(), &sphere, v, s, trace)
        .unwrap()
        .position
}

#[test]
fn the_first_plane_takes_the_destination_a_skin_off_the_unpadded_contact() {
    let (start, v) = (Vec3::new(0.0, 1.5, 0.0), Vec3::new(1.0, -1.0, 0.0));
    let linahan = slide(start, v, &settings(Projection::Linahan, 1.0), None);
    assert!(
        (linahan - Vec3::new(1.0, 1.0 + SKIN, 0.0)).length() < 1e-5,
        "{linahan}"
    );
    let seed = slide(start, v, &settings(Projection::SlidePlane, 1.0), None);
    let want = Vec3::new(1.0, 1.0 + SKIN / 2f32.sqrt(), 0.0);
    assert!((seed - want).length() < 1e-5, "{seed}");
}

#[test]
fn the_second_contact_slides_along_the_crease_of_the_two_planes() {
    // The floor at t = 0.5, then the wall: the crease line of floor and wall runs along z.
    let (start, v) = (Vec3::new(0.0, 1.5, 0.0), Vec3::new(3.0, -1.0, 1.0));
    let mut trace = Trace::default();
    let end = slide(
        start,
        v,
        &settings(Projection::Linahan, 1.0),
        Some(&mut trace),
    );
    assert_eq!(trace.iterations.len(), 3, "floor, wall, then clear");
    let second = trace.iterations[1].response.unwrap().new_center;
    assert!((end.x - second.x).abs() < 1e-6 && (end.y - second.y).abs() < 1e-6);
    assert!((end.z - 1.0).abs() < 1e-4, "the whole z asked: {end}");
    assert!(
        end.x < 2.0 && end.x > 2.0 - 2.0 * SKIN,
        "held off the wall: {end}"
    );
}

#[test]
fn move_scale_scales_the_whole_move() {
    let (start, v) = (Vec3::new(0.0, 5.0, 0.0), Vec3::new(1.0, 0.0, 0.5));
    for projection in [Projection::SlidePlane, Projection::Linahan] {
        let end = slide(start, v, &settings(projection, 0.5), None);
        assert!((end - (start + 0.5 * v)).length() < 1e-6, "{end}");
    }
    // Halved, the move to the floor stops short of it.
    let end = slide(
        Vec3::new(0.0, 2.0, 0.0),
        Vec3::new(0.0, -1.5, 0.0),
        &settings(Projection::SlidePlane, 0.5),
        None,
    );
    assert!((end.y - 1.25).abs() < 1e-6, "{end}");
}

/// Fauerby 2003's code, the contact nearer than the padding along the motion: the centre stays,
/// the slide plane passes through the unpadded contact point with its normal from there to the
/// centre, and the new velocity is measured from that point (the motion up to it is lost).
#[test]
fn the_contact_point_projection_slides_from_the_unpadded_point_when_nearer_than_the_padding() {
    let (start, v) = (Vec3::new(0.0, 1.003, 0.0), Vec3::new(0.5, -0.5, 0.0));
    let seed = slide(start, v, &settings(Projection::SlidePlane, 1.0), None);
    assert!(
        (seed - Vec3::new(0.5, 1.003, 0.0)).length() < 1e-5,
        "{seed}"
    );
    let fauerby = slide(start, v, &settings(Projection::ContactPoint, 1.0), None);
    // By hand, in f64: the contact at t = 0.006, its point (0.003, 0, 0).
    let (s, p, dest): ([f64; 2], [f64; 2], [f64; 2]) = ([0.0, 1.003], [0.003, 0.0], [0.5, 0.503]);
    let n = [s[0] - p[0], s[1] - p[1]];
    let len = n[0] * n[0] + n[1] * n[1];
    let n = [n[0] / len.sqrt(), n[1] / len.sqrt()];
    let dist = (dest[0] - p[0]) * n[0] + (dest[1] - p[1]) * n[1];
    let on_plane = [dest[0] - dist * n[0], dest[1] - dist * n[1]];
    let want = Vec3::new(
        (s[0] + on_plane[0] - p[0]) as f32,
        (s[1] + on_plane[1] - p[1]) as f32,
        0.0,
    );
    assert!((fauerby - want).length() < 1e-5, "{fauerby} vs {want}");
    assert!((fauerby - seed).length() > 1e-3, "the two differ");
}

/// A floor stop: a fall onto a 20° ramp stops at the contact under `floor_stop_deg` 30, and
/// slides down it without; a walk (not heading down) onto it slides either way.
#[test]
fn a_floor_within_the_stop_angle_ends_a_call_heading_down() {
    let (s20, c20) = (20f32.to_radians().sin(), 20f32.to_radians().cos());
    let v = Vec3::new;
    // A ramp through the origin whose normal is (−sin 20°, cos 20°, 0).
    let ramp = CollisionMesh::from_triangles(&[[
        v(-50.0 * c20, -50.0 * s20, 50.0),
        v(50.0 * c20, 50.0 * s20, 50.0),
        v(0.0, 0.0, -50.0),
    ]])
    .unwrap();
    let mut s = settings(Projection::SlidePlane, 1.0);
    let run = |s: &SlideSettings, start: Vec3, vel: Vec3| {
        let e = Ellipsoid::sphere(start, 1.0).unwrap();
        collide_and_slide(&ramp, &e, vel, s, None).unwrap()
    };
    let fall = Vec3::new(0.0, -1.0, 0.0);
    let slid = run(&s, Vec3::new(0.0, 1.5, 0.0), fall);
    s.conventions.floor_stop_deg = 30.0;
    let stopped = run(&s, Vec3::new(0.0, 1.5, 0.0), fall);
    assert_eq!(stopped.end, slidescope_collision::EndReason::FloorStop);
    assert!(
        slid.position.x < stopped.position.x - 0.05,
        "{slid:?} {stopped:?}"
    );
    let walk = Vec3::new(-0.5, 0.0, 0.0);
    let up_ramp = run(&s, Vec3::new(0.5, 1.2, 0.0), walk);
    assert_ne!(up_ramp.end, slidescope_collision::EndReason::FloorStop);
}

/// Babylon.js does not depenetrate: a contact at t = 0 leaves the centre where it is. A unit
/// sphere 0.005 into the floor (less than the skin, padded along the normal) moving (1, −0.5):
/// the seed's contact centre is pushed out to y = 1 and the slide ends a skin above, at
/// (1, 1.01); Babylon's stays at 0.995, its push-back leaves it 1.005 up and clear, and the
/// slide ends 0.005 lower.
#[test]
fn an_embedded_start_kept_touches_where_it_is() {
    let (start, v) = (Vec3::new(0.0, 0.995, 0.0), Vec3::new(1.0, -0.5, 0.0));
    let mut s = settings(Projection::SlidePlane, 1.0);
    s.conventions.padding = Padding::Normal;
    let mut trace = Trace::default();
    let seed = slide(start, v, &s, Some(&mut trace));
    let pushed = trace.iterations[0].contacts[0];
    assert!(pushed.time.is_embedded(), "{pushed:?}");
    assert!(
        (pushed.center - Vec3::new(0.0, 1.0, 0.0)).length() < 1e-5,
        "{pushed:?}"
    );
    assert!(
        (seed - Vec3::new(1.0, 1.0 + SKIN, 0.0)).length() < 1e-5,
        "{seed}"
    );
    s.conventions.embedded_kept = true;
    let kept = slide(start, v, &s, Some(&mut trace));
    let at = trace.iterations[0].contacts[0];
    assert!((at.center - start).length() < 1e-6, "{at:?}");
    assert!(
        (kept - Vec3::new(1.0, 0.995 + SKIN, 0.0)).length() < 1e-5,
        "{kept}"
    );
}

/// Quake's clip: the floor met at t = 0.5 by (1, −1) from 1.5 up, padded along the velocity
/// (the centre a skin back along (1, −1)/√2 from the touching (0.5, 1)); the clip carries
/// only the half of the motion past the contact, (0.5, 0), so the end is the padded centre
/// plus (0.5, 0): (1 − skin/√2, 1 + skin/√2). The slide plane also carries the skin's
/// retreat: x = 1.
#[test]
fn the_velocity_clip_does_not_carry_the_paddings_retreat() {
    let (start, v) = (Vec3::new(0.0, 1.5, 0.0), Vec3::new(1.0, -1.0, 0.0));
    let clip = slide(start, v, &settings(Projection::Clip, 1.0), None);
    let r = SKIN / 2f32.sqrt();
    assert!(
        (clip - Vec3::new(1.0 - r, 1.0 + r, 0.0)).length() < 1e-5,
        "{clip}"
    );
    let plane = slide(start, v, &settings(Projection::SlidePlane, 1.0), None);
    assert!(
        (plane - Vec3::new(1.0, 1.0 + r, 0.0)).length() < 1e-5,
        "{plane}"
    );
}

/// An ellipsoid of radii (1, 2, 1) dropped 4 m onto the ramp y = x from 5 m up (world). In
/// eSpace the ramp's normal is n = (−1, 2, 0)/√5 and it is met with (0, 1 − √5) world left
/// past the touching centre (straight down). The seed slides it along the ramp, (1 − √5)/5 · (1, 1); a
/// response in world space removes the part along radii ∘ n ∝ (−1, 4), leaving
/// (1 − √5)/17 · (4, 1), which is not along the ramp.
#[test]
fn a_response_in_world_space_uses_the_contact_offset_scaled_by_the_radii() {
    let v3 = Vec3::new;
    let ramp = CollisionMesh::from_triangles(&[[
        v3(-50.0, -50.0, -50.0),
        v3(-50.0, -50.0, 50.0),
        v3(50.0, 50.0, 0.0),
    ]])
    .unwrap();
    let mut s = settings(Projection::SlidePlane, 1.0);
    s.conventions.padding = Padding::Normal;
    let e = Ellipsoid::new(v3(0.0, 5.0, 0.0), v3(1.0, 2.0, 1.0)).unwrap();
    let slide_of = |s: &SlideSettings| {
        let mut trace = Trace::default();
        collide_and_slide(&ramp, &e, v3(0.0, -4.0, 0.0), s, Some(&mut trace)).unwrap();
        trace.iterations[0].response.unwrap().slide_velocity
    };
    let k = 1.0 - 5f32.sqrt();
    let seed = slide_of(&s);
    assert!((seed - v3(k / 5.0, k / 5.0, 0.0)).length() < 1e-4, "{seed}");
    s.conventions.world_response = true;
    let world = slide_of(&s);
    let want = v3(4.0 * k / 17.0, k / 17.0, 0.0);
    assert!((world - want).length() < 1e-4, "{world}");
}

/// The padding in metres: an ellipsoid of radii (1, 2, 1) dropped onto the floor stops a
/// skin above its touching centre (y = 2) in metres, not a skin in eSpace units (2 skins up).
#[test]
fn a_padding_in_metres_is_the_same_length_whatever_the_radius_it_runs_along() {
    let mut s = settings(Projection::SlidePlane, 1.0);
    s.conventions.padding = Padding::Normal;
    let e = Ellipsoid::new(Vec3::new(0.0, 3.0, 0.0), Vec3::new(1.0, 2.0, 1.0)).unwrap();
    let drop = |s: &SlideSettings| {
        (collide_and_slide(&floor_and_wall(), &e, Vec3::new(0.0, -2.0, 0.0), s, None).unwrap())
            .position
    };
    assert!((drop(&s).y - (2.0 + 2.0 * SKIN)).abs() < 1e-5);
    s.conventions.skin_in_metres = true;
    assert!((drop(&s).y - (2.0 + SKIN)).abs() < 1e-5);
}

/// A clear path padded: a unit sphere moved 1 along x through the air ends a skin short,
/// (1 − skin, 5); moved less than the skin it stays; the seed's reaches (1, 5).
#[test]
fn a_padded_free_move_stops_a_skin_short_of_its_destination() {
    let mut s = settings(Projection::SlidePlane, 1.0);
    let start = Vec3::new(0.0, 5.0, 0.0);
    let free = |s: &SlideSettings, v: Vec3| slide(start, v, s, None);
    assert_eq!(free(&s, Vec3::X), Vec3::new(1.0, 5.0, 0.0));
    s.conventions.free_moves_padded = true;
    let padded = free(&s, Vec3::X);
    assert!(
        (padded - Vec3::new(1.0 - SKIN, 5.0, 0.0)).length() < 1e-6,
        "{padded}"
    );
    assert_eq!(free(&s, Vec3::X * (SKIN / 2.0)), start);
}

/// An edge's normal from the start: a unit sphere at (0, 0.5, 0) moving 4 along x meets the
/// near edge of a ledge (the line x = 3, y = 0) where it is 1 from it, at x = 3 − √0.75. The
/// seed's normal runs from the edge to that touching centre, (−√0.75, 0.5, 0); a port that
/// takes it from the start centre gets (−3, 0.5, 0)/√9.25, and slides along that plane.
#[test]
fn an_edge_normal_from_the_start_runs_from_the_contact_point_to_the_start_centre() {
    let v3 = Vec3::new;
    let ledge = CollisionMesh::from_triangles(&[[
        v3(3.0, 0.0, -50.0),
        v3(3.0, 0.0, 50.0),
        v3(50.0, 0.0, 0.0),
    ]])
    .unwrap();
    let sphere = Ellipsoid::sphere(v3(0.0, 0.5, 0.0), 1.0).unwrap();
    let normals = |s: &SlideSettings| {
        let mut trace = Trace::default();
        collide_and_slide(&ledge, &sphere, v3(4.0, 0.0, 0.0), s, Some(&mut trace)).unwrap();
        let it = &trace.iterations[0];
        (it.contacts[0].normal, it.response.unwrap().slide_normal)
    };
    let mut s = SlideSettings::default();
    let (contact, slide) = normals(&s);
    let seed = v3(-0.75f32.sqrt(), 0.5, 0.0);
    assert!((contact - seed).length() < 1e-4, "{contact}");
    assert!((slide - seed).length() < 1e-4, "{slide}");
    s.conventions.normal_from_start = true;
    let (contact, slide) = normals(&s);
    let from_start = v3(-3.0, 0.5, 0.0) / 9.25f32.sqrt();
    assert!((contact - from_start).length() < 1e-4, "{contact}");
    assert!((slide - from_start).length() < 1e-4, "{slide}");
}

/// A plane moved along: a sphere sunk 0.005 into the floor (centre 0.995 up) walking (1, 0, 0),
/// with the ports' padding along the velocity and keep-last. Meeting the floor it overlaps at
/// t = 0 each detection, the padding leaves the centre where it is and the slide along the
/// floor meets it again: out of iterations, it keeps the start. A port that skips the face of
/// a plane it overlaps and moves along (Fauerby 2003's `embeddedInPlane`) finds nothing: the
/// floor's edges are 50 away, so it walks on sunk, to (1, 0.995). Moving (1, −0.5, 0), the
/// motion is not along the plane and both meet it at t = 0.
#[test]
fn a_plane_moved_along_is_not_tested_where_the_sphere_overlaps_it() {
    let start = Vec3::new(0.0, 0.995, 0.0);
    let mut s = settings(Projection::SlidePlane, 1.0);
    let mut trace = Trace::default();
    let seed = slide(start, Vec3::X, &s, Some(&mut trace));
    let met = trace.iterations[0].contacts[0];
    assert!(met.time.is_embedded(), "{met:?}");
    assert_eq!(seed, start);
    s.conventions.embedded_plane_skipped = true;
    let skipped = slide(start, Vec3::X, &s, Some(&mut trace));
    assert!(trace.iterations[0].contacts.is_empty(), "{trace:?}");
    assert_eq!(skipped, start + Vec3::X);
    // Untraced, and over every triangle without the BVH (the oracle), the same.
    assert_eq!(slide(start, Vec3::X, &s, None), skipped);
    let brute = SlideSettings {
        debug: DebugKnobs {
            broad_phase: BroadPhase::BruteForce,
            ..s.debug
        },
        ..s
    };
    assert_eq!(slide(start, Vec3::X, &brute, None), skipped);
    slide(start, Vec3::new(1.0, -0.5, 0.0), &s, Some(&mut trace));
    let met = trace.iterations[0].contacts[0];
    assert!(met.time.is_embedded(), "{met:?}");
}

/// Irrlicht 1.8.5's recorded move 195 on the three.js world (`tests/data/ports/
/// irrlicht_threejs.slidelog`): a gravity pass falling past the lip of a ledge whose edge runs
/// 61 m along x, far from the walker at one end. The lip is the wall's (triangle 0) edge from
/// its near vertex, and the ledge top's (triangle 1) from its far one.
fn ledge_lip() -> (CollisionMesh, Ellipsoid, Vec3) {
    let (near, far) = (
        Vec3::new(-26.933_662, 13.286_279, 38.640_503),
        Vec3::new(34.453_007, 13.286_279, 38.640_503),
    );
    let mesh = CollisionMesh::from_triangles(&[
        [far, Vec3::new(34.453_007, 8.570_905, 38.640_503), near],
        [Vec3::new(40.287_02, 13.286_279, 43.691_43), far, near],
    ])
    .unwrap();
    let start = Vec3::new(-23.662_024, 14.089_78, 38.390_636);
    let walker = Ellipsoid::new(start, Vec3::new(0.4, 0.9, 0.4)).unwrap();
    (mesh, walker, Vec3::new(0.0, -0.166_770_01, 0.0))
}

#[test]
fn fauerbys_f32_edges_meet_a_long_edge_where_its_far_vertex_rounds_it() {
    let (mesh, walker, v) = ledge_lip();
    let mut s = SlideSettings {
        tuning: Tuning {
            skin_es: 5e-4,
            max_iterations: 6,
            ..SlideSettings::default().tuning
        },
        conventions: Conventions {
            padding: Padding::Velocity,
            impulse_filter: false,
            embedded_plane_skipped: true,
            ..Conventions::default()
        },
        ..SlideSettings::default()
    };
    let mut trace = Trace::default();
    collide_and_slide(&mesh, &walker, v, &s, Some(&mut trace)).unwrap();
    let first = trace.iterations[0].contacts[0];
    // The exact contact (f64, cross products): t = 0.603 809 7; both triangles' edge meets it
    // there, the wall's first.
    assert_eq!(first.triangle, 0);
    assert!(
        (first.time.toi().unwrap() - 0.603_809_7).abs() < 1e-5,
        "{first:?}"
    );
    s.conventions.fauerby_f32 = true;
    let end = collide_and_slide(&mesh, &walker, v, &s, Some(&mut trace)).unwrap();
    let first = trace.iterations[0].contacts[0];
    // Irrlicht's expanded quadratic in f32 about the world origin: from the ledge top's far
    // vertex its constant term cancels to 0.595 255 7 (worked in numpy's f32 from
    // `testTriangleIntersection`), and Irrlicht reported that triangle.
    assert_eq!(first.triangle, 1);
    assert!(
        (first.time.toi().unwrap() - 0.595_255_7).abs() < 1e-6,
        "{first:?}"
    );
    let game_end = Vec3::new(-23.662_024, 13.964_511, 38.375_91);
    assert!(end.position.distance(game_end) < 1e-5, "{}", end.position);
}

/// A port's own step back (exengine's `MAX(dist - 1.0, 0)`): a contact nearer than the step
/// leaves the centre where the iteration started, so the seed's slide plane passes through the
/// start; a contact further than it is stepped to, the step short along the motion.
#[test]
fn a_step_back_of_a_unit_leaves_the_centre_short_of_a_contact_by_a_unit() {
    let mut s = settings(Projection::SlidePlane, 1.0);
    s.conventions.padding = Padding::Normal;
    s.conventions.step_back_es = 1.0;
    let mut trace = Trace::default();
    let start = Vec3::new(0.0, 1.5, 0.0);
    let end = slide(start, Vec3::new(1.0, -1.0, 0.0), &s, Some(&mut trace));
    let first = trace.iterations[0].response.unwrap().new_center;
    assert_eq!(first, start, "the contact 0.71 away, nearer than the step");
    assert!((end - Vec3::new(1.0, 1.5, 0.0)).length() < 1e-5, "{end}");
    trace.clear();
    let start = Vec3::new(0.0, 3.0, 0.0);
    slide(start, Vec3::new(0.0, -3.0, 0.0), &s, Some(&mut trace));
    let first = trace.iterations[0].response.unwrap().new_center;
    assert!(
        (first - Vec3::new(0.0, 2.0, 0.0)).length() < 1e-5,
        "{first}"
    );
}

/// exengine's crease bug: the motion measured along `n1 × n2` before it is normalised, so the
/// slide along a crease of planes at less than a right angle is shortened by their angle's sine.
#[test]
fn an_unnormalised_crease_shortens_the_slide_by_the_sine_of_the_planes_angle() {
    let v = Vec3::new;
    let (a, b) = (v(0.5, 1.0, 0.0) * 50.0, v(0.0, 0.0, 50.0));
    let at = v(3.0, 0.0, 0.0);
    let mesh = CollisionMesh::from_triangles(&[
        [v(-50.0, 0.0, 50.0), v(50.0, 0.0, 50.0), v(0.0, 0.0, -50.0)],
        [at - a - b, at - a + b, at + a],
    ])
    .unwrap();
    let run = |unnormalised: bool| {
        let mut s = settings(Projection::Linahan, 1.0);
        s.debug.crease_unnormalised = unnormalised;
        let sphere = Ellipsoid::sphere(v(0.0, 1.5, 0.0), 1.0).unwrap();
        let mut trace = Trace::default();
        let r = collide_and_slide(&mesh, &sphere, v(3.0, -1.0, 1.0), &s, Some(&mut trace));
        (r.unwrap().position, trace)
    };
    let (plain, trace) = run(false);
    let (short, short_trace) = run(true);
    let contact = |i: usize| trace.iterations[i].contacts[0].normal;
    assert_eq!(trace.iterations.len(), 3, "floor, wall, then clear");
    assert_eq!(short_trace.iterations.len(), 3);
    let sine = contact(0).cross(contact(1)).length();
    assert!(sine > 0.5 && sine < 0.99, "not a right angle: {sine}");
    let from = trace.iterations[1].response.unwrap().new_center;
    let (long, cut) = (plain - from, short - from);
    assert!(long.length() > 0.1, "{long}");
    assert!(
        (cut - long * sine).length() < 1e-4,
        "{cut} against {long} × {sine}"
    );
}
