//! Analytic sweeps: face, edge and vertex hits with known times, points and normals, for a
//! sphere, an axis-aligned ellipsoid and a rotated ellipsoid; parallel and grazing motion;
//! embedded starts; and what switching each case off does.
use crate::common;

use common::*;
use glam::{Mat3, Vec3};
use slidescope::collision::DebugKnobs;
use slidescope::collision::{
    CaseMask, CollisionMesh, ContactTime, Ellipsoid, Feature, SlideSettings, SweepResult, sweep,
};
use slidescope::collision::{Conventions, Sidedness};

/// Triangle in the plane y = 0, normal +Y, lying at z <= 0: edge 0 runs along +x from the
/// origin, vertex 0 is the origin.
fn corner_triangle() -> CollisionMesh {
    mesh(&[[v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(0.0, 0.0, -2.0)]])
}

fn big_floor() -> CollisionMesh {
    mesh(&[[v(-5.0, 0.0, 5.0), v(5.0, 0.0, 5.0), v(0.0, 0.0, -5.0)]])
}

fn run(mesh: &CollisionMesh, e: Ellipsoid, vel: Vec3, mask: CaseMask) -> Option<SweepResult> {
    let settings = SlideSettings {
        debug: DebugKnobs {
            cases: mask,
            ..SlideSettings::default().debug
        },
        ..Default::default()
    };
    sweep(mesh, &e, vel, &settings).unwrap()
}

fn toi(r: &SweepResult) -> f32 {
    r.time.toi().expect("a sweep hit, not an embedded start")
}

#[test]
fn sphere_face_hit_time_point_normal() {
    let e = Ellipsoid::sphere(v(0.0, 2.0, 0.0), 1.0).unwrap();
    let r = run(&big_floor(), e, v(0.0, -3.0, 0.0), CaseMask::ALL).unwrap();
    let c = r.contacts[0];
    assert_eq!(c.feature, Feature::Face);
    assert_close(toi(&r), 1.0 / 3.0, 1e-6, "t");
    assert_vec_close(c.point, v(0.0, 0.0, 0.0), 1e-5, "point");
    assert_vec_close(c.normal, Vec3::Y, 1e-6, "normal");
    assert_vec_close(c.center, v(0.0, 1.0, 0.0), 1e-5, "centre at contact");
}

#[test]
fn sphere_edge_hit_normal_points_from_contact_to_center() {
    // distance² to the x axis: (2 − 3t)² + 0.6² = 1 → t = 0.4, contact (1, 0, 0).
    let e = Ellipsoid::sphere(v(1.0, 2.0, 0.6), 1.0).unwrap();
    let r = run(&corner_triangle(), e, v(0.0, -3.0, 0.0), CaseMask::ALL).unwrap();
    let c = r.contacts[0];
    assert_eq!(c.feature, Feature::Edge(0));
    assert_close(toi(&r), 0.4, 1e-5, "t");
    assert_vec_close(c.point, v(1.0, 0.0, 0.0), 1e-5, "point");
    assert_vec_close(c.normal, v(0.0, 0.8, 0.6), 1e-5, "normal");
    assert_vec_close(
        (c.center - c.point).normalize(),
        c.normal,
        1e-5,
        "normal = contact → centre",
    );
}

#[test]
fn sphere_vertex_hit() {
    // 0.36 + 0.36 + (2 − 3t)² = 1 → t = (2 − √0.28) / 3.
    let e = Ellipsoid::sphere(v(-0.6, 2.0, 0.6), 1.0).unwrap();
    let r = run(&corner_triangle(), e, v(0.0, -3.0, 0.0), CaseMask::ALL).unwrap();
    let c = r.contacts[0];
    assert_eq!(c.feature, Feature::Vertex(0));
    assert_close(toi(&r), (2.0 - 0.28f32.sqrt()) / 3.0, 1e-5, "t");
    assert_vec_close(c.point, Vec3::ZERO, 1e-6, "point");
    assert_vec_close(c.normal, v(-0.6, 0.28f32.sqrt(), 0.6), 1e-5, "normal");
}

#[test]
fn ellipsoid_face_hit_uses_the_vertical_radius() {
    let e = Ellipsoid::new(v(0.0, 3.0, 0.0), v(0.5, 1.0, 0.5)).unwrap();
    let r = run(&big_floor(), e, v(0.0, -4.0, 0.0), CaseMask::ALL).unwrap();
    assert_eq!(r.contacts[0].feature, Feature::Face);
    assert_close(toi(&r), 0.5, 1e-6, "t");
    assert_vec_close(r.contacts[0].normal, Vec3::Y, 1e-6, "normal");
}

#[test]
fn ellipsoid_edge_world_normal_is_the_gradient_not_the_direction_to_the_centre() {
    // radii (0.5, 1, 0.5): eSpace = (2x, y, 2z); centre (1, 2, 0.3) → (2, 2, 0.6), the same
    // eSpace problem as the sphere edge test: t = 0.4, eSpace normal (0, 0.8, 0.6).
    let e = Ellipsoid::new(v(1.0, 2.0, 0.3), v(0.5, 1.0, 0.5)).unwrap();
    let r = run(&corner_triangle(), e, v(0.0, -3.0, 0.0), CaseMask::ALL).unwrap();
    let c = r.contacts[0];
    assert_eq!(c.feature, Feature::Edge(0));
    assert_close(toi(&r), 0.4, 1e-5, "t");
    assert_vec_close(c.point, v(1.0, 0.0, 0.0), 1e-5, "point");
    assert_vec_close(c.normal_es, v(0.0, 0.8, 0.6), 1e-5, "eSpace normal");
    let gradient = v(0.0, 0.8, 1.2).normalize(); // (n_es / r), normalised
    assert_vec_close(c.normal, gradient, 1e-5, "world normal");
    let to_center = (c.center - c.point).normalize();
    assert!(
        to_center.dot(c.normal) < 0.95,
        "differs from the centre direction"
    );
}

#[test]
fn rotated_ellipsoid_face_hit_time_and_support_point() {
    // Long axis (r = 2) at 45° in the xy plane, short radii 0.5. Support height along y:
    // h = √((2·s)² + (0.5·s)²), s = √½; the lowest point sits at x = −(4 − 0.25)·½ / h.
    let s = std::f32::consts::FRAC_1_SQRT_2;
    let axes = Mat3::from_rotation_z(std::f32::consts::FRAC_PI_4);
    let e = Ellipsoid::with_axes(v(0.0, 5.0, 0.0), v(2.0, 0.5, 0.5), axes).unwrap();
    let h = ((2.0 * s).powi(2) + (0.5 * s).powi(2)).sqrt();
    let r = run(&big_floor(), e, v(0.0, -6.0, 0.0), CaseMask::ALL).unwrap();
    let c = r.contacts[0];
    assert_eq!(c.feature, Feature::Face);
    assert_close(toi(&r), (5.0 - h) / 6.0, 1e-5, "t");
    assert_vec_close(
        c.point,
        v(-(4.0 - 0.25) * 0.5 / h, 0.0, 0.0),
        1e-4,
        "support point",
    );
    assert_vec_close(c.normal, Vec3::Y, 1e-5, "normal");
}

#[test]
fn rotated_by_90_degrees_matches_the_axis_aligned_ellipsoid() {
    let axes = Mat3::from_rotation_z(std::f32::consts::FRAC_PI_2);
    let rotated = Ellipsoid::with_axes(v(1.0, 2.0, 0.3), v(1.0, 0.5, 0.5), axes).unwrap();
    let aligned = Ellipsoid::new(v(1.0, 2.0, 0.3), v(0.5, 1.0, 0.5)).unwrap();
    let a = run(
        &corner_triangle(),
        rotated,
        v(0.0, -3.0, 0.0),
        CaseMask::ALL,
    )
    .unwrap();
    let b = run(
        &corner_triangle(),
        aligned,
        v(0.0, -3.0, 0.0),
        CaseMask::ALL,
    )
    .unwrap();
    assert_eq!(a.contacts[0].feature, b.contacts[0].feature);
    assert_close(toi(&a), toi(&b), 1e-5, "t");
    assert_vec_close(a.contacts[0].normal, b.contacts[0].normal, 1e-5, "normal");
    assert_vec_close(a.contacts[0].point, b.contacts[0].point, 1e-5, "point");
}

#[test]
fn motion_parallel_to_the_plane_never_hits() {
    let e = Ellipsoid::sphere(v(-3.0, 1.5, 0.0), 1.0).unwrap();
    assert!(run(&big_floor(), e, v(6.0, 0.0, 0.0), CaseMask::ALL).is_none());
    // Resting exactly on the plane and moving along it: touching is not a new contact.
    let e = Ellipsoid::sphere(v(-3.0, 1.0, 0.0), 1.0).unwrap();
    assert!(run(&big_floor(), e, v(6.0, 0.0, 0.0), CaseMask::ALL).is_none());
}

#[test]
fn grazing_a_vertex_hits_only_inside_the_radius() {
    // Moving along −z past vertex 2 (0, 0, −2) at a lateral distance d from it.
    let sweep_at = |d: f32| {
        let e = Ellipsoid::sphere(v(-d, 0.0, 2.0), 1.0).unwrap();
        let m = mesh(&[[v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(0.0, 0.0, -2.0)]]);
        run(&m, e, v(0.0, 0.0, -8.0), CaseMask::ALL)
    };
    assert!(sweep_at(1.0001).is_none());
    let r = sweep_at(0.9999).expect("just inside the radius");
    // The first thing touched is vertex 0 at the near end: (d² + (2 − 8t)²) = 1.
    assert_eq!(r.contacts[0].feature, Feature::Vertex(0));
    let t = (2.0 - (1.0f32 - 0.9999 * 0.9999).sqrt()) / 8.0;
    assert_close(toi(&r), t, 1e-4, "t");
    assert!(
        r.contacts[0].normal.x < -0.99,
        "normal almost perpendicular to the motion"
    );
}

#[test]
fn embedded_face_start_reports_depth_and_push_out() {
    let e = Ellipsoid::sphere(v(0.0, 0.5, 0.0), 1.0).unwrap();
    let r = run(&big_floor(), e, v(1.0, -1.0, 0.0), CaseMask::ALL).unwrap();
    let c = r.contacts[0];
    assert_eq!(c.feature, Feature::Face);
    assert_eq!(c.time, ContactTime::Embedded { depth_es: 0.5 });
    assert_vec_close(c.normal, Vec3::Y, 1e-6, "push-out direction");
    assert_vec_close(c.center, v(0.0, 1.0, 0.0), 1e-6, "pushed-out centre");
}

#[test]
fn embedded_edge_start_reports_depth_and_push_out() {
    // Centre 0.5 from the x axis, outside the triangle (z > 0).
    let e = Ellipsoid::sphere(v(1.0, 0.3, 0.4), 1.0).unwrap();
    let r = run(&corner_triangle(), e, v(0.0, -1.0, 0.0), CaseMask::ALL).unwrap();
    let c = r.contacts[0];
    assert_eq!(c.feature, Feature::Edge(0));
    let ContactTime::Embedded { depth_es } = c.time else {
        panic!("{:?}", c.time)
    };
    assert_close(depth_es, 0.5, 1e-6, "depth");
    assert_vec_close(c.normal, v(0.0, 0.6, 0.8), 1e-6, "normal");
}

#[test]
fn embedded_vertex_start_reports_depth_and_push_out() {
    let p = v(-0.3, 0.4, 0.3);
    let e = Ellipsoid::sphere(p, 1.0).unwrap();
    let r = run(&corner_triangle(), e, v(0.0, -1.0, 0.0), CaseMask::ALL).unwrap();
    let c = r.contacts[0];
    assert_eq!(c.feature, Feature::Vertex(0));
    let ContactTime::Embedded { depth_es } = c.time else {
        panic!("{:?}", c.time)
    };
    assert_close(depth_es, 1.0 - p.length(), 1e-6, "depth");
    assert_vec_close(c.normal, p.normalize(), 1e-6, "normal");
}

#[test]
fn embedded_start_moving_away_is_not_a_contact() {
    let e = Ellipsoid::sphere(v(0.0, 0.5, 0.0), 1.0).unwrap();
    assert!(run(&big_floor(), e, v(0.0, 1.0, 0.0), CaseMask::ALL).is_none());
}

#[test]
fn edge_off_lets_the_sweep_pass_the_edge() {
    let e = Ellipsoid::sphere(v(1.0, 2.0, 0.6), 1.0).unwrap();
    let mask = CaseMask::ALL.with(slidescope::collision::CaseKind::Edge, false);
    assert!(run(&corner_triangle(), e, v(0.0, -3.0, 0.0), mask).is_none());
}

#[test]
fn edge_off_near_the_end_hits_the_vertex_instead() {
    // Edge 0 at t = 0.4; vertex 0: 0.09 + 0.36 + (2 − 3t)² = 1 → t = (2 − √0.55) / 3.
    let e = Ellipsoid::sphere(v(0.3, 2.0, 0.6), 1.0).unwrap();
    let all = run(&corner_triangle(), e, v(0.0, -3.0, 0.0), CaseMask::ALL).unwrap();
    assert_eq!(all.contacts[0].feature, Feature::Edge(0));
    assert_close(toi(&all), 0.4, 1e-5, "edge t");
    let mask = CaseMask::ALL.with(slidescope::collision::CaseKind::Edge, false);
    let r = run(&corner_triangle(), e, v(0.0, -3.0, 0.0), mask).unwrap();
    assert_eq!(r.contacts[0].feature, Feature::Vertex(0));
    assert_close(toi(&r), (2.0 - 0.55f32.sqrt()) / 3.0, 1e-5, "vertex t");
}

#[test]
fn face_off_lets_the_sphere_through_the_interior() {
    let e = Ellipsoid::sphere(v(0.0, 2.0, 0.0), 1.0).unwrap();
    let mask = CaseMask::ALL.with(slidescope::collision::CaseKind::Face, false);
    assert!(run(&big_floor(), e, v(0.0, -4.0, 0.0), mask).is_none());
}

#[test]
fn vertex_off_misses_a_vertex_only_hit() {
    let e = Ellipsoid::sphere(v(-0.6, 2.0, 0.6), 1.0).unwrap();
    let mask = CaseMask::ALL.with(slidescope::collision::CaseKind::Vertex, false);
    assert!(run(&corner_triangle(), e, v(0.0, -3.0, 0.0), mask).is_none());
}

#[test]
fn one_sided_mode_culls_hits_from_behind() {
    let e = Ellipsoid::sphere(v(0.0, -2.0, 0.0), 1.0).unwrap();
    let two = run(&big_floor(), e, v(0.0, 3.0, 0.0), CaseMask::ALL).unwrap();
    assert_close(toi(&two), 1.0 / 3.0, 1e-6, "two-sided t");
    assert_vec_close(
        two.contacts[0].normal,
        -Vec3::Y,
        1e-6,
        "normal faces the sphere",
    );
    let settings = SlideSettings {
        conventions: Conventions {
            sidedness: Sidedness::BehindIgnored,
            ..Conventions::default()
        },
        ..Default::default()
    };
    assert!(
        sweep(&big_floor(), &e, v(0.0, 3.0, 0.0), &settings)
            .unwrap()
            .is_none()
    );
}

#[test]
fn long_velocity_does_not_tunnel() {
    // 1000× the radius, through a thin floor.
    let e = Ellipsoid::new(v(0.3, 500.0, -0.2), v(0.4, 0.9, 0.4)).unwrap();
    let r = run(&big_floor(), e, v(0.0, -1000.0, 0.0), CaseMask::ALL).unwrap();
    assert_close(toi(&r), (500.0 - 0.9) / 1000.0, 1e-6, "t");
}

#[test]
fn raycast_finds_the_nearest_triangle_from_either_side() {
    use slidescope::collision::raycast;
    // Two floors: y = 0 and y = 2 (both facing up).
    let mut tris = floor(0.0, 5.0).to_vec();
    tris.extend(floor(2.0, 5.0));
    let m = mesh(&tris);
    let down = raycast(&m, v(0.3, 5.0, -0.2), v(0.0, -2.0, 0.0), 100.0)
        .unwrap()
        .unwrap();
    assert_close(down.distance, 3.0, 1e-5, "distance to the upper floor");
    assert!(down.front);
    assert_vec_close(down.point, v(0.3, 2.0, -0.2), 1e-5, "point");
    assert_vec_close(down.normal, Vec3::Y, 1e-6, "normal");
    assert!(
        down.triangle >= 2,
        "the upper floor's triangles come second"
    );
    // From between the floors, upwards: the back side of the upper floor.
    let up = raycast(&m, v(0.3, 1.0, -0.2), Vec3::Y, 100.0)
        .unwrap()
        .unwrap();
    assert_close(up.distance, 1.0, 1e-5, "distance");
    assert!(!up.front);
    assert_vec_close(up.normal, -Vec3::Y, 1e-6, "normal faces the origin");
    // Too short, or pointing away: nothing.
    assert!(
        raycast(&m, v(0.3, 5.0, -0.2), -Vec3::Y, 2.9)
            .unwrap()
            .is_none()
    );
    assert!(
        raycast(&m, v(0.3, 5.0, -0.2), Vec3::Y, 100.0)
            .unwrap()
            .is_none()
    );
    assert!(raycast(&m, v(0.0, 5.0, 0.0), Vec3::ZERO, 1.0).is_err());
}
