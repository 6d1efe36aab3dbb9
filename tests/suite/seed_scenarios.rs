//! The situations of seed 001 ch. 12 as collide-and-slide tests: sliding along a wall
//! (figs 12.1/12.2), an external corner (12.3–12.5), low and tall steps (12.6/12.7), the wedge
//! (12.13), internal corners and the impulse filter (12.15), the max-iteration fallback.
use crate::common;

use common::*;
use glam::Vec3;
use slidescope::collision::Tuning;
use slidescope::collision::{
    CollisionMesh, ContactTime, Ellipsoid, EndReason, Feature, SlideResult, SlideSettings, Trace,
    collide_and_slide, debug::clearance_es,
};

fn slide(
    mesh: &CollisionMesh,
    e: Ellipsoid,
    vel: Vec3,
    settings: &SlideSettings,
) -> (SlideResult, Trace) {
    let mut trace = Trace::default();
    let r = collide_and_slide(mesh, &e, vel, settings, Some(&mut trace)).unwrap();
    (r, trace)
}

/// A wall in the plane x = 0 facing +x.
fn wall_x0() -> CollisionMesh {
    mesh(&quad(
        v(0.0, -5.0, 10.0),
        v(0.0, -5.0, -10.0),
        v(0.0, 5.0, -10.0),
        v(0.0, 5.0, 10.0),
    ))
}

#[test]
fn wall_hit_at_an_angle_keeps_the_tangential_motion() {
    // Seed 001 fig. 12.1/12.2. Radius 0.5 from x = 1: touches at x = 0.5, t = 0.25; the rest
    // (−1.5, 0, 0.75) projects to (0, 0, 0.75).
    let e = Ellipsoid::sphere(v(1.0, 0.0, 0.0), 0.5).unwrap();
    let (r, trace) = slide(&wall_x0(), e, v(-2.0, 0.0, 1.0), &SlideSettings::default());
    assert_eq!(trace.iterations.len(), 2);
    let first = &trace.iterations[0];
    assert_eq!(first.contacts[0].time, ContactTime::Toi(0.25));
    assert_eq!(first.contacts[0].feature, Feature::Face);
    let resp = first.response.unwrap();
    assert_vec_close(
        resp.slide_velocity,
        v(0.0, 0.0, 0.75),
        1e-5,
        "slide velocity",
    );
    assert_eq!(r.end, EndReason::ClearPath);
    assert_vec_close(
        r.position,
        v(0.5 + 0.5e-3, 0.0, 1.0),
        1e-5,
        "final position",
    );
    assert_vec_close(
        r.integration_velocity,
        v(0.0, 0.0, 1.0),
        1e-6,
        "integration velocity",
    );
    let ext = r.extents.unwrap();
    assert_vec_close(ext.min, v(-0.5, 0.0, 0.0), 1e-5, "contact extents");
}

/// A closed box occupying x, z in [−2, 0]: its vertical edge at x = z = 0 is an external
/// corner.
fn corner_block() -> CollisionMesh {
    mesh(&solid_box(v(-2.0, -1.0, -2.0), v(0.0, 1.0, 0.0)))
}

#[test]
fn external_corner_edge_normal_points_from_contact_to_centre_and_follows_the_approach() {
    // Seed 001 12.3–12.5: moving along −z at lateral offset x0 from the corner edge, radius
    // 0.5: contact when x0² + z² = 0.25, normal (x0, 0, z) / 0.5.
    for x0 in [0.3f32, 0.1] {
        let e = Ellipsoid::sphere(v(x0, 0.0, 1.0), 0.5).unwrap();
        let (r, trace) = slide(
            &corner_block(),
            e,
            v(0.0, 0.0, -2.0),
            &SlideSettings::default(),
        );
        let c = trace.iterations[0].contacts[0];
        assert!(matches!(c.feature, Feature::Edge(_)), "{:?}", c.feature);
        let z = (0.25 - x0 * x0).sqrt();
        assert_close(c.time.toi().unwrap(), (1.0 - z) / 2.0, 1e-5, "t");
        assert_vec_close(
            c.point,
            v(0.0, 0.0, 0.0),
            1e-5,
            "contact on the corner edge",
        );
        assert_vec_close(c.normal, v(x0 / 0.5, 0.0, z / 0.5), 1e-5, "normal");
        // It slides around the corner, away from the block, and never into it.
        assert!(r.position.x > x0, "pushed outwards: {}", r.position);
        assert!(
            clearance_es(
                &corner_block(),
                &Ellipsoid {
                    center: r.position,
                    ..e
                }
            ) >= 1.0 - 1e-4
        );
    }
}

/// Steps of `riser` height and 0.5 m tread climbing along +x from x = 1, on a floor at y = 0.
fn stairs(riser: f32, count: usize) -> CollisionMesh {
    let mut tris: Vec<[Vec3; 3]> = floor(0.0, 20.0).to_vec();
    for i in 0..count {
        let x0 = 1.0 + 0.5 * i as f32;
        tris.extend(solid_box(
            v(x0, -0.5, -2.0),
            v(20.0, riser * (i + 1) as f32, 2.0),
        ));
    }
    mesh(&tris)
}

/// Walks +x for `frames` steps of `step` metres with a small downward pull; returns the
/// final centre.
fn walk(mesh: &CollisionMesh, radii: Vec3, start: Vec3, step: f32, frames: usize) -> Vec3 {
    let mut e = Ellipsoid::new(start, radii).unwrap();
    for _ in 0..frames {
        let r = collide_and_slide(
            mesh,
            &e,
            v(step, -0.01, 0.0),
            &SlideSettings::default(),
            None,
        )
        .unwrap();
        e.center = r.position;
    }
    e.center
}

#[test]
fn low_steps_are_climbed_by_sliding() {
    // Seed 001 12.6/12.7: the step edge is met below the centre, its normal tilts up, and the
    // slide lifts the ellipsoid onto the step.
    let radii = v(0.4, 0.9, 0.4);
    let end = walk(&stairs(0.15, 4), radii, v(0.0, 0.9 + 1e-3, 0.0), 0.1, 60);
    assert!(end.x > 3.5, "walked past the stairs: {end}");
    assert!(end.y > 0.9 + 4.0 * 0.15 - 0.05, "on the top step: {end}");
}

#[test]
fn a_tall_step_stops_the_ellipsoid() {
    let radii = v(0.4, 0.9, 0.4);
    let end = walk(&stairs(1.0, 1), radii, v(0.0, 0.9 + 1e-3, 0.0), 0.1, 60);
    assert_close(end.x, 1.0 - 0.4, 2e-3, "stopped against the step face");
    assert!(end.y < 0.95, "did not climb: {end}");
}

/// Seed 001 fig. 12.13: floor y = 0 and a ceiling sloping down towards +x, placed so a unit
/// sphere moving from (0, 1.2) by (2, −0.4) touches both at t = 0.5.
fn wedge() -> CollisionMesh {
    let n = v(-0.5, -(3.0f32.sqrt()) / 2.0, 0.0); // ceiling normal, facing the gap
    let p0 = v(1.0, 1.0, 0.0) - n; // touched point on the ceiling
    let along = v(n.y, -n.x, 0.0); // in-plane direction in xy
    let z = Vec3::Z * 5.0;
    let a = p0 - along * 5.0;
    let b = p0 + along * 5.0;
    let mut tris = floor(0.0, 10.0).to_vec();
    // Counter-clockwise about n (downwards): check and flip if needed.
    let ceiling = quad(a - z, b - z, b + z, a + z);
    for t in ceiling {
        let nn = (t[1] - t[0]).cross(t[2] - t[0]);
        tris.push(if nn.dot(n) > 0.0 {
            t
        } else {
            [t[0], t[2], t[1]]
        });
    }
    mesh(&tris)
}

#[test]
fn wedge_gives_two_simultaneous_contacts() {
    let e = Ellipsoid::sphere(v(0.0, 1.2, 0.0), 1.0).unwrap();
    let (_, trace) = slide(&wedge(), e, v(2.0, -0.4, 0.0), &SlideSettings::default());
    let contacts = &trace.iterations[0].contacts;
    assert!(contacts.len() >= 2, "{contacts:?}");
    for c in contacts {
        assert_close(c.time.toi().unwrap(), 0.5, 1e-5, "simultaneous t");
        assert_eq!(c.feature, Feature::Face);
    }
    let floor_hit = contacts.iter().any(|c| c.normal.y > 0.999);
    let ceiling_hit = contacts
        .iter()
        .any(|c| (c.normal - v(-0.5, -(3.0f32.sqrt()) / 2.0, 0.0)).length() < 1e-4);
    assert!(floor_hit && ceiling_hit, "{contacts:?}");
    // Both contacts share the same centre (seed: "NewCenter" is the same for all).
    assert_vec_close(
        contacts[0].center,
        contacts[1].center,
        1e-5,
        "shared centre",
    );
}

/// Two walls meeting at `angle_deg` at the origin, opening towards +x: wall A is the plane
/// z = 0 (x > 0) and wall B is rotated from it by the angle.
fn internal_corner(angle_deg: f32) -> CollisionMesh {
    let ang = angle_deg.to_radians();
    let dir_b = v(ang.cos(), 0.0, ang.sin());
    let wall = |d: Vec3| {
        let q = quad(
            Vec3::ZERO + v(0.0, -3.0, 0.0),
            d * 10.0 + v(0.0, -3.0, 0.0),
            d * 10.0 + v(0.0, 3.0, 0.0),
            v(0.0, 3.0, 0.0),
        );
        q.to_vec()
    };
    let mut tris = wall(v(1.0, 0.0, 0.0));
    tris.extend(wall(dir_b));
    mesh(&tris)
}

#[test]
fn pushing_into_a_right_angle_corner_settles_without_oscillating() {
    // Seed 001 12.15: keep pushing into the corner frame after frame; the centre converges
    // and stays still.
    let m = internal_corner(90.0);
    let mut e = Ellipsoid::sphere(v(2.0, 0.0, 2.0), 0.5).unwrap();
    let mut history = Vec::new();
    for _ in 0..40 {
        let r =
            collide_and_slide(&m, &e, v(-0.3, 0.0, -0.2), &SlideSettings::default(), None).unwrap();
        e.center = r.position;
        history.push(r.position);
    }
    let last = history[history.len() - 1];
    assert_vec_close(last, v(0.5, 0.0, 0.5), 2e-3, "rests in the corner");
    for w in history[30..].windows(2) {
        assert!((w[1] - w[0]).length() < 1e-4, "jitter: {} → {}", w[0], w[1]);
    }
}

#[test]
fn a_head_on_push_into_an_obtuse_internal_corner_ends_with_the_impulse_filter() {
    // Seed 001 12.15: pushed almost straight into wall A, the short slide along A runs into
    // wall B (135° away), whose projection turns the slide back against the input velocity;
    // the filter stops there instead of bouncing between the walls.
    let m = internal_corner(135.0);
    let input = v(-0.1, 0.0, -0.5);
    let mut e = Ellipsoid::sphere(v(0.6, 0.0, 1.0), 0.5).unwrap();
    let mut ends = Vec::new();
    let mut last = e.center;
    for _ in 0..20 {
        let (r, trace) = slide(&m, e, input, &SlideSettings::default());
        if r.end == EndReason::ImpulseFilter {
            let slide = trace
                .iterations
                .last()
                .unwrap()
                .response
                .unwrap()
                .slide_velocity;
            assert!(
                slide.dot(input) < 0.0,
                "the filtered slide points backwards"
            );
        }
        ends.push(r.end);
        last = r.position;
        e.center = r.position;
    }
    assert!(ends.contains(&EndReason::ImpulseFilter), "{ends:?}");
    assert!(
        clearance_es(&m, &e) >= 1.0 - 2e-3,
        "not inside a wall: {last}"
    );
}

#[test]
fn max_iteration_fallback_engages_and_does_not_penetrate() {
    // One iteration allowed; the wall slide needs two, so the fallback re-runs detection on
    // the input velocity and stops at the first contact (no skin).
    let settings = SlideSettings {
        tuning: Tuning {
            max_iterations: 1,
            ..SlideSettings::default().tuning
        },
        ..Default::default()
    };
    let e = Ellipsoid::sphere(v(1.0, 0.0, 0.0), 0.5).unwrap();
    let (r, trace) = slide(&wall_x0(), e, v(-2.0, 0.0, 1.0), &settings);
    assert_eq!(r.end, EndReason::Fallback);
    let fb = trace.fallback.expect("fallback recorded");
    assert_vec_close(
        r.position,
        v(0.5, 0.0, 0.25),
        1e-5,
        "first contact of the input velocity",
    );
    assert_eq!(fb.position, r.position);
    assert!(
        clearance_es(
            &wall_x0(),
            &Ellipsoid {
                center: r.position,
                ..e
            }
        ) >= 1.0 - 1e-5
    );
}
