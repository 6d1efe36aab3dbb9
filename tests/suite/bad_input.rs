//! Bad input to the collision core: typed errors, never a panic, never NaN.
use crate::common;

use common::*;
use glam::{Mat3, Vec3};
use slidescope::collision::Tuning;
use slidescope::collision::{
    CollisionError, CollisionMesh, Ellipsoid, SlideSettings, collide_and_slide, sweep,
};

#[test]
fn non_finite_centre_is_an_error() {
    assert!(matches!(
        Ellipsoid::new(v(f32::NAN, 0.0, 0.0), Vec3::ONE),
        Err(CollisionError::NonFiniteCenter(_))
    ));
    assert!(Ellipsoid::new(v(f32::INFINITY, 0.0, 0.0), Vec3::ONE).is_err());
}

#[test]
fn bad_radii_are_errors() {
    for r in [
        v(0.0, 1.0, 1.0),
        v(-1.0, 1.0, 1.0),
        v(f32::NAN, 1.0, 1.0),
        v(1.0, f32::INFINITY, 1.0),
    ] {
        assert!(
            matches!(
                Ellipsoid::new(Vec3::ZERO, r),
                Err(CollisionError::BadRadii(_))
            ),
            "{r}"
        );
    }
}

#[test]
fn non_orthonormal_axes_are_errors() {
    let sheared = Mat3::from_cols(v(1.0, 0.0, 0.0), v(0.5, 1.0, 0.0), Vec3::Z);
    assert!(matches!(
        Ellipsoid::with_axes(Vec3::ZERO, Vec3::ONE, sheared),
        Err(CollisionError::AxesNotOrthonormal(_))
    ));
    let mirrored = Mat3::from_diagonal(v(-1.0, 1.0, 1.0));
    assert!(Ellipsoid::with_axes(Vec3::ZERO, Vec3::ONE, mirrored).is_err());
    let nan = Mat3::from_diagonal(v(f32::NAN, 1.0, 1.0));
    assert!(Ellipsoid::with_axes(Vec3::ZERO, Vec3::ONE, nan).is_err());
}

#[test]
fn a_hand_built_invalid_ellipsoid_is_rejected_by_queries() {
    let m = mesh(&floor(0.0, 5.0));
    let e = Ellipsoid {
        center: Vec3::ZERO,
        radii: v(1.0, 0.0, 1.0),
        axes: Mat3::IDENTITY,
    };
    let r = collide_and_slide(&m, &e, Vec3::X, &SlideSettings::default(), None);
    assert!(matches!(r, Err(CollisionError::BadRadii(_))));
}

#[test]
fn non_finite_velocity_is_an_error() {
    let m = mesh(&floor(0.0, 5.0));
    let e = Ellipsoid::sphere(v(0.0, 2.0, 0.0), 1.0).unwrap();
    for vel in [v(f32::NAN, 0.0, 0.0), v(0.0, f32::NEG_INFINITY, 0.0)] {
        assert!(matches!(
            collide_and_slide(&m, &e, vel, &SlideSettings::default(), None),
            Err(CollisionError::NonFiniteVelocity(_))
        ));
        assert!(sweep(&m, &e, vel, &SlideSettings::default()).is_err());
    }
}

#[test]
fn an_empty_or_all_degenerate_mesh_is_an_error() {
    assert!(matches!(
        CollisionMesh::new(vec![], &[], &[]),
        Err(CollisionError::EmptyMesh)
    ));
    let degenerate = [[v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(2.0, 0.0, 0.0)]];
    assert!(matches!(
        CollisionMesh::from_triangles(&degenerate),
        Err(CollisionError::EmptyMesh)
    ));
}

#[test]
fn degenerate_non_finite_and_out_of_range_triangles_are_dropped_and_counted() {
    let positions = vec![
        v(0.0, 0.0, 0.0),
        v(1.0, 0.0, 0.0),
        v(0.0, 0.0, -1.0),
        v(2.0, 0.0, 0.0),
        v(f32::NAN, 0.0, 0.0),
    ];
    let tris = [[0, 1, 2], [0, 1, 3], [0, 4, 2], [0, 1, 99], [2, 1, 0]];
    let m = CollisionMesh::new(positions, &tris, &[10, 11, 12, 13, 14]).unwrap();
    let rep = m.report();
    assert_eq!(m.triangle_count(), 2);
    assert_eq!(
        (
            rep.dropped_degenerate,
            rep.dropped_non_finite,
            rep.dropped_bad_index
        ),
        (1, 1, 1)
    );
    assert_eq!((m.source_id(0), m.source_id(1)), (10, 14));
}

#[test]
fn bad_settings_are_errors() {
    let m = mesh(&floor(0.0, 5.0));
    let e = Ellipsoid::sphere(v(0.0, 2.0, 0.0), 1.0).unwrap();
    for s in [
        SlideSettings {
            tuning: Tuning {
                skin_es: f32::NAN,
                ..SlideSettings::default().tuning
            },
            ..Default::default()
        },
        SlideSettings {
            tuning: Tuning {
                skin_es: -1.0,
                ..SlideSettings::default().tuning
            },
            ..Default::default()
        },
        SlideSettings {
            tuning: Tuning {
                max_iterations: 0,
                ..SlideSettings::default().tuning
            },
            ..Default::default()
        },
        SlideSettings {
            tuning: Tuning {
                simultaneous_tolerance: f32::INFINITY,
                ..SlideSettings::default().tuning
            },
            ..Default::default()
        },
        SlideSettings {
            tuning: Tuning {
                max_contacts: 0,
                ..SlideSettings::default().tuning
            },
            ..Default::default()
        },
    ] {
        assert!(matches!(
            collide_and_slide(&m, &e, Vec3::X, &s, None),
            Err(CollisionError::BadSetting { .. })
        ));
    }
}

#[test]
fn extreme_but_finite_values_give_finite_results() {
    let m = mesh(&floor(0.0, 5.0));
    for (c, r, vel) in [
        (v(0.0, 2.0, 0.0), v(1e-6, 1e-6, 1e-6), v(0.0, -1e6, 0.0)),
        (v(0.0, 2.0, 0.0), v(1e4, 1e-3, 1e4), v(1.0, -3.0, 0.0)),
        (v(1e6, 1e6, 1e6), Vec3::ONE, v(-1e6, -1e6, -1e6)),
        (v(0.0, 0.0, 0.0), Vec3::ONE, Vec3::ZERO),
    ] {
        let e = Ellipsoid::new(c, r).unwrap();
        let res = collide_and_slide(&m, &e, vel, &SlideSettings::default(), None).unwrap();
        assert!(
            res.position.is_finite() && res.integration_velocity.is_finite(),
            "{res:?}"
        );
    }
}
