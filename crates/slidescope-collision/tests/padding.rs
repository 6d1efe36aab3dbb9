//! The padding convention on a floor met at 45°: the seed pads along the normal (the
//! centre ends a skin above the contact height); Fauerby 2003's code pads along the velocity
//! (a skin short of the contact along the motion: skin / √2 above it), and does not move at all
//! when the contact is nearer than the skin.

use glam::Vec3;
use slidescope_collision::Conventions;
use slidescope_collision::Tuning;
use slidescope_collision::{
    CollisionMesh, Ellipsoid, Padding, SlideSettings, Trace, collide_and_slide,
};

fn floor() -> CollisionMesh {
    let v = Vec3::new;
    CollisionMesh::from_triangles(&[[v(-50.0, 0.0, 50.0), v(50.0, 0.0, 50.0), v(0.0, 0.0, -50.0)]])
        .unwrap()
}

fn settings(padding: Padding) -> SlideSettings {
    SlideSettings {
        tuning: Tuning {
            skin_es: 0.01,
            ..(SlideSettings::default()).tuning
        },
        conventions: Conventions {
            padding,
            ..Conventions::default()
        },
        ..SlideSettings::default()
    }
}

#[test]
fn a_floor_met_at_45_degrees_ends_a_skin_above_or_a_skin_short_along_the_motion() {
    let sphere = Ellipsoid::sphere(Vec3::new(0.0, 2.0, 0.0), 1.0).unwrap();
    let v = Vec3::new(2.0, -2.0, 0.0);
    let mut trace = Trace::default();
    let normal = collide_and_slide(&floor(), &sphere, v, &settings(Padding::Normal), None).unwrap();
    assert!(
        (normal.position.y - 1.01).abs() < 1e-5,
        "{}",
        normal.position
    );
    let s = settings(Padding::Velocity);
    let along = collide_and_slide(&floor(), &sphere, v, &s, Some(&mut trace)).unwrap();
    let want = 1.0 + 0.01 / 2f32.sqrt();
    assert!((along.position.y - want).abs() < 1e-5, "{}", along.position);
    // The first response stopped on the line of motion, a skin short of the contact.
    let r = trace.iterations[0].response.unwrap();
    let short = Vec3::new(1.0, 1.0, 0.0) - v.normalize() * 0.01;
    assert!((r.new_center - short).length() < 1e-5, "{}", r.new_center);
}

#[test]
fn a_contact_nearer_than_the_skin_along_the_motion_does_not_move_the_centre() {
    // 0.005 above the contact height, moving at 45°: the contact is 0.007 away along the motion.
    let start = Vec3::new(0.0, 1.005, 0.0);
    let sphere = Ellipsoid::sphere(start, 1.0).unwrap();
    let mut trace = Trace::default();
    let v = Vec3::new(0.5, -0.5, 0.0);
    collide_and_slide(
        &floor(),
        &sphere,
        v,
        &settings(Padding::Velocity),
        Some(&mut trace),
    )
    .unwrap();
    let r = trace.iterations[0].response.unwrap();
    assert_eq!(r.new_center, start);
}
