//! Two conventions of Linahan-style ports (arXiv 1211.0059; excessive's cpcl, darltrash's
//! SLAM), on a floor and a wall with known answers: the first contact's plane takes the
//! destination a skin off the *unpadded* contact (so the slide ends exactly a skin above a floor
//! met at 45°, where the seed's projection through the centre padded along the velocity ends
//! skin/√2 above it), the second contact slides along the crease of the two planes (no motion
//! off the crease line), and `move_scale` scales the whole move.

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
