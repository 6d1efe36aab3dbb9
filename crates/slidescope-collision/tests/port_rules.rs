//! Rules of real ports that seed 001 does not have, each a convention row, on a floor, a wall
//! and a ramp with answers worked by hand: Linahan 2012's response (cpcl, SLAM: the first
//! contact's plane a skin off the unpadded contact, so a floor met at 45° ends exactly a skin
//! above it where the seed's projection through the centre padded along the velocity ends
//! skin/√2 above; the second contact along the crease of the two planes), the scale of the
//! whole move (SLAM halves it), Fauerby 2003's slide from the unpadded contact point when the
//! contact is nearer than the padding (Irrlicht, py64), and a floor stop in a call heading down
//! (py64's fall), and an embedded start kept where it is (Babylon.js).

use glam::Vec3;
use slidescope_collision::{
    CollisionMesh, Conventions, Ellipsoid, IterationLimit, Padding, Projection, SlideSettings,
    Trace, Tuning, collide_and_slide,
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
