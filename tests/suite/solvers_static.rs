//! Seed 004's static sphere–polygon test: as published it reports overlaps that are not there;
//! each of its readers' two corrections removes one kind, and with both it is exact.

use glam::Vec3;
use slidescope::collision::Ellipsoid;
use slidescope::collision::debug::distance_to_triangle;
use slidescope::collision::solvers::static_overlap::sphere_polygon_overlap;
use slidescope::collision::solvers::{StaticCorrections, StaticStep, static_overlap};
use slidescope_compare::Rng;

const TRI: [Vec3; 3] = [
    Vec3::new(0.0, 0.0, 0.0),
    Vec3::new(0.0, 0.0, 10.0),
    Vec3::new(10.0, 0.0, 0.0),
];
const RADIUS_ONLY: StaticCorrections = StaticCorrections {
    plane_circle_radius: true,
    clamp_to_segment: false,
};
const CLAMP_ONLY: StaticCorrections = StaticCorrections {
    plane_circle_radius: false,
    clamp_to_segment: true,
};

#[test]
fn uncorrected_static_test_false_positive_from_the_whole_radius_on_the_plane() {
    // Sphere r = 1 at 0.8 above the plane and 0.8 beside the edge x = 0: the true distance is
    // √(0.8² + 0.8²) = 1.13 > 1. The blog compares the in-plane 0.8 with r = 1 (overlap); the
    // plane circle's radius is √(1 − 0.64) = 0.6 < 0.8 (no overlap).
    let c = Vec3::new(-0.8, 0.8, 5.0);
    assert!(distance_to_triangle(c, TRI) > 1.0);
    let blog = sphere_polygon_overlap(c, 1.0, &TRI, StaticCorrections::NONE);
    assert!(blog.overlaps);
    assert!(matches!(blog.step, StaticStep::Edge(_)));
    assert!(
        sphere_polygon_overlap(c, 1.0, &TRI, CLAMP_ONLY).overlaps,
        "clamping alone does not fix it"
    );
    assert!(!sphere_polygon_overlap(c, 1.0, &TRI, RADIUS_ONLY).overlaps);
    assert!(!sphere_polygon_overlap(c, 1.0, &TRI, StaticCorrections::BOTH).overlaps);
}

#[test]
fn uncorrected_static_test_false_positive_beside_an_edge_extension() {
    // In the plane, 0.5 beside the line of the edge x = 0 but 3 m past its end (0, 0, 0): the
    // infinite line is within r, the segment is 3.04 away.
    let c = Vec3::new(-0.5, 0.0, -3.0);
    assert!(distance_to_triangle(c, TRI) > 3.0);
    assert!(sphere_polygon_overlap(c, 1.0, &TRI, StaticCorrections::NONE).overlaps);
    assert!(
        sphere_polygon_overlap(c, 1.0, &TRI, RADIUS_ONLY).overlaps,
        "the radius fix alone does not fix it"
    );
    assert!(!sphere_polygon_overlap(c, 1.0, &TRI, CLAMP_ONLY).overlaps);
    assert!(!sphere_polygon_overlap(c, 1.0, &TRI, StaticCorrections::BOTH).overlaps);
}

#[test]
fn corrected_static_test_matches_the_exact_distance_and_uncorrected_only_adds_overlaps() {
    let mut rng = Rng(4);
    let (mut fp, mut checked) = (0, 0);
    for _ in 0..20_000 {
        let c = Vec3::new(
            rng.range(-3.0, 13.0),
            rng.range(-2.0, 2.0),
            rng.range(-3.0, 13.0),
        );
        let d = distance_to_triangle(c, TRI);
        if (d - 1.0).abs() < 1e-4 {
            continue;
        }
        checked += 1;
        let truth = d < 1.0;
        assert_eq!(
            sphere_polygon_overlap(c, 1.0, &TRI, StaticCorrections::BOTH).overlaps,
            truth,
            "{c}"
        );
        let blog = sphere_polygon_overlap(c, 1.0, &TRI, StaticCorrections::NONE).overlaps;
        assert!(blog || !truth, "uncorrected missed an overlap at {c}");
        fp += (blog && !truth) as usize;
    }
    assert!(fp > 100, "only {fp} false positives in {checked}");
}

#[test]
fn static_overlap_of_an_ellipsoid_runs_in_espace() {
    // A tall ellipsoid (0.4, 0.9, 0.4): 0.85 above the floor overlaps, 0.95 does not.
    let floor = [
        Vec3::new(-5.0, 0.0, 5.0),
        Vec3::new(5.0, 0.0, 5.0),
        Vec3::new(0.0, 0.0, -5.0),
    ];
    let r = Vec3::new(0.4, 0.9, 0.4);
    let at = |y| Ellipsoid::new(Vec3::new(0.0, y, 0.0), r).unwrap();
    let hit = static_overlap(&at(0.85), &floor, StaticCorrections::BOTH);
    assert!(hit.overlaps);
    assert_eq!(hit.step, StaticStep::CentreInside);
    assert!((hit.projected_center - Vec3::ZERO).length() < 1e-5);
    assert!(!static_overlap(&at(0.95), &floor, StaticCorrections::BOTH).overlaps);
}
