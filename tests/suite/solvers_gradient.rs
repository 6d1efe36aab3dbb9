//! Seed 002's gradient-normal solver: exact on face contacts, wrong on some edge contacts
//! because it takes the edge point nearest to where the ellipsoid meets the plane.

use glam::{Mat3, Vec3};
use slidescope::collision::DebugKnobs;
use slidescope::collision::solvers::{
    Decomposed, GradientNormal, PlaneSpace, Reference, SolverQuery, SweepSolver,
};
use slidescope::collision::{ContactTime, Ellipsoid, Feature};

fn toi(h: Option<slidescope::collision::solvers::SolverHit>) -> f32 {
    match h.expect("a contact").time {
        ContactTime::Toi(t) => t,
        other => panic!("expected a time of impact, got {other:?}"),
    }
}

#[test]
fn gradient_normal_is_exact_on_face_hits_of_a_rotated_ellipsoid() {
    let axes = Mat3::from_quat(glam::Quat::from_euler(glam::EulerRot::XYZ, 0.3, -0.7, 1.1));
    let radii = Vec3::new(0.3, 0.8, 0.5);
    let e = Ellipsoid::with_axes(Vec3::new(0.2, 2.0, -0.1), radii, axes).unwrap();
    let q = SolverQuery {
        ellipsoid: e,
        velocity: Vec3::new(0.3, -2.5, 0.2),
    };
    let tri = [
        Vec3::new(-10.0, 0.0, 10.0),
        Vec3::new(10.0, 0.0, 10.0),
        Vec3::new(0.0, 0.0, -10.0),
    ];
    // Analytic: the support of the ellipsoid along −Y is |radii ∘ (axesᵀ Y)|.
    let support = (radii * (axes.transpose() * Vec3::Y)).length();
    let expected = (2.0 - support) / 2.5;
    let g = GradientNormal.sweep_polygon(&q, &tri).unwrap();
    assert_eq!(g.feature, Feature::Face);
    assert!(
        (toi(Some(g)) - expected).abs() < 1e-6,
        "{g:?} vs {expected}"
    );
    assert!((g.normal - Vec3::Y).length() < 1e-5, "normal {}", g.normal);
    for s in [&Reference as &dyn SweepSolver, &Decomposed, &PlaneSpace] {
        let h = s.sweep_polygon(&q, &tri).unwrap();
        assert!(
            (toi(Some(h)) - expected).abs() < 1e-5,
            "{}: {h:?}",
            s.name()
        );
        assert!(
            (h.point - g.point).length() < 1e-4,
            "{}: {h:?} vs {g:?}",
            s.name()
        );
        assert!((h.normal - g.normal).length() < 1e-4, "{}", s.name());
    }
}

#[test]
fn gradient_normal_edge_hit_is_late_by_0_015_when_moving_along_the_edge() {
    // Unit sphere from (−3, 1.5, 0) moving (4, −1, 2) towards the edge x = 0 of a floor
    // triangle. It meets the plane y = 0 at t = ½ above (−1, 0, 1), outside the triangle; the
    // nearest edge point is (0, 0, 1), and the ray back from it reaches the sphere at
    // 21t² − 31t + 11.25 = 0 → t = 9/14. The sphere really touches the edge first where its
    // centre is 1 from the line x = y = 0: (4t − 3)² + (1.5 − t)² = 1 → t = (27 − √32)/34,
    // at the point (0, 0, 2t).
    let e = Ellipsoid::sphere(Vec3::new(-3.0, 1.5, 0.0), 1.0).unwrap();
    let q = SolverQuery {
        ellipsoid: e,
        velocity: Vec3::new(4.0, -1.0, 2.0),
    };
    let tri = [
        Vec3::new(0.0, 0.0, 5.0),
        Vec3::new(5.0, 0.0, 0.0),
        Vec3::new(0.0, 0.0, -5.0),
    ];
    let exact_t = (27.0 - 32f32.sqrt()) / 34.0;
    let gradient_t = 9.0 / 14.0;
    let g = GradientNormal.sweep_polygon(&q, &tri).unwrap();
    assert!(matches!(g.feature, Feature::Edge(_)), "{g:?}");
    assert!((toi(Some(g)) - gradient_t).abs() < 1e-5, "{g:?}");
    assert!((g.point - Vec3::new(0.0, 0.0, 1.0)).length() < 1e-5);
    for s in [&Reference as &dyn SweepSolver, &Decomposed, &PlaneSpace] {
        let h = s.sweep_polygon(&q, &tri).unwrap();
        assert!((toi(Some(h)) - exact_t).abs() < 1e-5, "{}: {h:?}", s.name());
        assert!(
            (h.point - Vec3::new(0.0, 0.0, 2.0 * exact_t)).length() < 1e-4,
            "{}: {h:?}",
            s.name()
        );
    }
    // By how much: 0.0151 of the step late, the contact 0.255 m off along the edge, and the
    // sphere overlaps the edge by 0.042 when the gradient solver says it first touches.
    let late = toi(Some(g)) - exact_t;
    assert!((late - 0.015_14).abs() < 1e-4, "late by {late}");
    let c = e.center + q.velocity * gradient_t;
    let depth = 1.0 - (c.x * c.x + c.y * c.y).sqrt();
    assert!((depth - 0.0417).abs() < 1e-3, "overlap {depth}");
}

#[test]
fn gradient_normal_misses_a_corner_the_sphere_clips() {
    // The sphere meets the plane y = 0 at t = 0.29, above (−0.37, 0, 0.43), outside the
    // triangle; the nearest edge point (0, 0, 0.43) is never inside the sphere's path (the ray
    // back along −D misses it), so seed 002 reports nothing, while the sphere does clip the
    // triangle's corner (0, 0, 1) at t = 0.5104 (found by a random search against the
    // reference).
    let e = Ellipsoid::sphere(Vec3::new(-2.48, 1.25, -0.71), 1.0).unwrap();
    let q = SolverQuery {
        ellipsoid: e,
        velocity: Vec3::new(3.87, -0.86, 3.93),
    };
    // Edge x = 0 from z = −1 to z = 1 faces the sphere; the triangle extends to +x.
    let tri = [
        Vec3::new(0.0, 0.0, 1.0),
        Vec3::new(3.0, 0.0, 0.0),
        Vec3::new(0.0, 0.0, -1.0),
    ];
    let r = Reference.sweep_polygon(&q, &tri);
    let g = GradientNormal.sweep_polygon(&q, &tri);
    let d = Decomposed.sweep_polygon(&q, &tri);
    let rt = toi(r);
    assert!((rt - 0.510_44).abs() < 1e-4, "reference {rt}");
    assert_eq!(r.unwrap().feature, Feature::Vertex(0), "{r:?}");
    assert!((toi(d) - rt).abs() < 1e-5);
    assert!((toi(PlaneSpace.sweep_polygon(&q, &tri)) - rt).abs() < 1e-5);
    assert!(g.is_none(), "seed 002 misses the edge: {g:?}");
}

#[test]
fn the_core_walks_with_any_narrow_phase_and_seed_002_shows_its_edge_error() {
    // The same edge hit through the core's BVH scan (`DebugKnobs::narrow_phase`, what the
    // app's solver picker sets): decomposed and plane space find the exact contact, seed 002
    // its late one; on a face hit all three agree.
    use slidescope::collision::{CollisionMesh, NarrowPhaseKind, SlideSettings, sweep};
    let tri = [
        Vec3::new(0.0, 0.0, 5.0),
        Vec3::new(5.0, 0.0, 0.0),
        Vec3::new(0.0, 0.0, -5.0),
    ];
    let mesh = CollisionMesh::from_triangles(&[tri]).unwrap();
    let e = Ellipsoid::sphere(Vec3::new(-3.0, 1.5, 0.0), 1.0).unwrap();
    let v = Vec3::new(4.0, -1.0, 2.0);
    let exact_t = (27.0 - 32f32.sqrt()) / 34.0;
    let face = Ellipsoid::sphere(Vec3::new(2.0, 3.0, 0.0), 1.0).unwrap();
    for (kind, edge_t) in [
        (NarrowPhaseKind::Decomposed, exact_t),
        (NarrowPhaseKind::PlaneSpace, exact_t),
        (NarrowPhaseKind::GradientNormal, 9.0 / 14.0),
    ] {
        let s = SlideSettings {
            debug: DebugKnobs {
                narrow_phase: kind,
                ..SlideSettings::default().debug
            },
            ..Default::default()
        };
        let hit = sweep(&mesh, &e, v, &s).unwrap().expect("edge hit");
        let t = hit.time.toi().unwrap();
        assert!((t - edge_t).abs() < 1e-5, "{kind:?}: t = {t}");
        assert!(
            matches!(hit.contacts[0].feature, Feature::Edge(_)),
            "{kind:?}"
        );
        let down = sweep(&mesh, &face, Vec3::new(0.0, -4.0, 0.0), &s)
            .unwrap()
            .expect("face hit");
        assert!((down.time.toi().unwrap() - 0.5).abs() < 1e-5, "{kind:?}");
        assert_eq!(down.contacts[0].feature, Feature::Face, "{kind:?}");
    }
}
