//! The plane solver's heading (`Motion::heading`, given per call): sliding along one wall into
//! a corner wider than 90°, the slide off the second wall goes back out of the corner; with the
//! mover's heading into the corner it stops there instead. A heading the motion does not go
//! along, and every other response, change nothing.

use glam::Vec3;
use slidescope_collision::ResponseOptions;
use slidescope_collision::{
    CollisionError, CollisionMesh, Ellipsoid, EndReason, Motion, Response, SlideResult,
    SlideSettings, collide_and_slide,
};

const APEX: Vec3 = Vec3::new(0.0, 0.0, -3.0);
const R: f32 = 0.5;

/// Along the west wall, away from the apex; the east wall is its mirror in x.
fn west() -> Vec3 {
    Vec3::new(-(3f32.sqrt()) / 2.0, 0.0, 0.5)
}
fn east() -> Vec3 {
    Vec3::new(3f32.sqrt() / 2.0, 0.0, 0.5)
}

/// Two walls 6 m long and 10 m high meeting at `APEX` at 120°, opening towards +Z.
fn corner() -> CollisionMesh {
    let quad = |along: Vec3| {
        let (a, b) = (APEX, APEX + along * 6.0);
        let up = Vec3::Y * 5.0;
        [[a - up, b - up, b + up], [a - up, b + up, a + up]]
    };
    let [w0, w1] = quad(west());
    let [e0, e1] = quad(east());
    CollisionMesh::from_triangles(&[w0, w1, e0, e1]).unwrap()
}

/// A sphere resting a hair off the west wall 1.5 m from the apex, moving 2 m along the wall
/// into the corner (it reaches the corner after 1.21 m), with the plane solver and `heading`.
fn slide(response: Response, heading: Option<Vec3>) -> SlideResult {
    let inward = Vec3::new(0.5, 0.0, 3f32.sqrt() / 2.0);
    let start = APEX + west() * 1.5 + inward * (R + 1e-3);
    let e = Ellipsoid::new(start, Vec3::splat(R)).unwrap();
    let s = SlideSettings {
        response: ResponseOptions {
            rule: response,
            ..(SlideSettings::default()).response
        },
        ..SlideSettings::default()
    };
    let motion = Motion {
        velocity: -west() * 2.0,
        heading,
    };
    collide_and_slide(&corner(), &e, motion, &s, None).unwrap()
}

/// Where the sphere touches both walls: on the bisector, R / sin 60° from the apex.
fn corner_center() -> Vec3 {
    APEX + Vec3::Z * (R / (60f32.to_radians().sin()))
}

#[test]
fn without_a_heading_the_slide_goes_back_out_along_the_second_wall() {
    let r = slide(Response::Planes, None);
    let out = (r.position - corner_center()).dot(east());
    assert!(out > 0.3, "{:?}: {out}", r.position);
}

#[test]
fn heading_into_the_corner_stops_the_slide_there() {
    let r = slide(Response::Planes, Some(Vec3::NEG_Z));
    assert_eq!(r.end, EndReason::PlanesStop);
    let off = r.position - corner_center();
    assert!(off.length() < 0.01, "{:?}: {off}", r.position);
    assert_eq!(r.integration_velocity.with_y(0.0).dot(east()).max(0.0), 0.0);
}

#[test]
fn a_heading_the_motion_does_not_go_along_and_other_responses_change_nothing() {
    let free = slide(Response::Planes, None);
    // Heading out of the corner: the motion asked goes against it, so it is no plane.
    assert_eq!(slide(Response::Planes, Some(Vec3::Z)), free);
    for response in [Response::Seed, Response::Crease] {
        assert_eq!(
            slide(response, Some(Vec3::NEG_Z)),
            slide(response, None),
            "{response:?}"
        );
    }
}

#[test]
fn a_heading_that_is_not_finite_is_refused() {
    let e = Ellipsoid::new(Vec3::ZERO, Vec3::splat(R)).unwrap();
    let motion = Motion::new(Vec3::X).heading(Vec3::new(f32::NAN, 0.0, 0.0));
    let err =
        collide_and_slide(&corner(), &e, motion, &SlideSettings::default(), None).unwrap_err();
    assert!(
        matches!(
            err,
            CollisionError::BadSetting {
                name: "heading",
                ..
            }
        ),
        "{err}"
    );
}
