//! The conventions on which real ports differ from seed 001: a short leftover
//! dropped, the dead zone, one-sided culling by the velocity. Each against the seed's default,
//! with the numbers worked out by hand.

use glam::Vec3;
use slidescope_collision::{
    CollisionMesh, Ellipsoid, EndReason, Roots, ShortMotion, SlideSettings, Trace,
    collide_and_slide,
};
use slidescope_collision::{Conventions, Sidedness};

/// A 40 m floor at y = 0, facing +y.
fn floor() -> CollisionMesh {
    CollisionMesh::from_triangles(&[
        [
            Vec3::new(-20.0, 0.0, -20.0),
            Vec3::new(-20.0, 0.0, 20.0),
            Vec3::new(20.0, 0.0, -20.0),
        ],
        [
            Vec3::new(20.0, 0.0, -20.0),
            Vec3::new(-20.0, 0.0, 20.0),
            Vec3::new(20.0, 0.0, 20.0),
        ],
    ])
    .unwrap()
}

fn unit_sphere_at(c: Vec3) -> Ellipsoid {
    Ellipsoid::new(c, Vec3::ONE).unwrap()
}

/// The seed's settings with a 1e-3 eSpace short-motion threshold, and the same with a short
/// leftover dropped.
fn seed_and_dropped() -> (SlideSettings, SlideSettings) {
    let mut seed = SlideSettings::default();
    seed.conventions.min_motion_es = 1e-3;
    let mut dropped = seed;
    dropped.conventions.short_motion = ShortMotion::Dropped;
    (seed, dropped)
}

#[test]
fn a_short_leftover_is_dropped_where_the_seed_applies_it() {
    // A unit sphere 0.5 above the floor falls 0.6 while drifting 2 mm: it lands after 0.5 of
    // the 0.6, and 1/6 of the drift (0.333 mm) is left, shorter than the 1 mm threshold.
    let mesh = floor();
    let e = unit_sphere_at(Vec3::new(0.0, 1.5, 0.0));
    let v = Vec3::new(0.002, -0.6, 0.0);
    let (seed, dropped) = seed_and_dropped();
    let mut trace = Trace::default();
    let a = collide_and_slide(&mesh, &e, v, &seed, None).unwrap();
    let d = collide_and_slide(&mesh, &e, v, &dropped, Some(&mut trace)).unwrap();
    let landed_x = 0.002 * 0.5 / 0.6;
    assert_eq!(a.end, EndReason::VelocitySpent);
    assert!(
        (a.position.x - 0.002).abs() < 1e-6,
        "applied: {}",
        a.position
    );
    assert_eq!(d.end, EndReason::MotionDropped);
    assert_eq!(trace.end, EndReason::MotionDropped);
    assert!(
        (d.position.x - landed_x).abs() < 1e-6,
        "dropped: {}",
        d.position
    );
    // Both rest one skin above the floor.
    assert!((a.position.y - 1.001).abs() < 1e-5 && (d.position.y - 1.001).abs() < 1e-5);
}

#[test]
fn a_first_motion_shorter_than_the_threshold_is_still_detected_when_leftovers_are_dropped() {
    // 0.5 mm down onto a floor 0.2 mm away: the seed applies it unchecked (into the skin);
    // the ports that drop leftovers detect any first motion and stop a skin short.
    let mesh = floor();
    let e = unit_sphere_at(Vec3::new(0.0, 1.0002, 0.0));
    let v = Vec3::new(0.0, -0.0005, 0.0);
    let (seed, dropped) = seed_and_dropped();
    let a = collide_and_slide(&mesh, &e, v, &seed, None).unwrap();
    let d = collide_and_slide(&mesh, &e, v, &dropped, None).unwrap();
    assert_eq!(a.iterations, 0);
    assert!((a.position.y - 0.9997).abs() < 1e-6, "{}", a.position);
    assert_eq!(d.iterations, 1);
    assert!((d.position.y - 1.001).abs() < 1e-5, "{}", d.position);
}

#[test]
fn the_dead_zone_keeps_a_move_of_no_more_than_its_width_at_the_start() {
    let mesh = floor();
    let start = Vec3::new(1.0, 3.0, 1.0);
    let e = unit_sphere_at(start);
    let settings = SlideSettings {
        conventions: Conventions {
            dead_zone_m: 1e-3,
            ..Conventions::default()
        },
        ..Default::default()
    };
    let mut trace = Trace::default();
    let small = Vec3::new(0.0006, 0.0, 0.0008);
    let r = collide_and_slide(&mesh, &e, small, &settings, Some(&mut trace)).unwrap();
    assert_eq!(r.position, start);
    assert_eq!(trace.dead_zone_held, Some(start + small));
    let larger = Vec3::new(0.0012, 0.0, 0.0);
    let r = collide_and_slide(&mesh, &e, larger, &settings, Some(&mut trace)).unwrap();
    assert_eq!(r.position, start + larger);
    assert_eq!(trace.dead_zone_held, None);
}

#[test]
fn a_one_sided_level_culled_by_the_velocity_ignores_an_edge_the_motion_leaves() {
    // A triangle in y = 0 facing +y with an edge along x = 0; the sphere starts 0.2 above
    // the plane, 1.2 from that edge, and moves +x while rising (v · n > 0).
    let mesh = CollisionMesh::from_triangles(&[[
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(0.0, 0.0, 1.0),
        Vec3::new(1.0, 0.0, 0.0),
    ]])
    .unwrap();
    let e = unit_sphere_at(Vec3::new(-1.2, 0.2, 0.3));
    let v = Vec3::new(1.0, 0.05, 0.0);
    let behind = SlideSettings {
        conventions: Conventions {
            sidedness: Sidedness::BehindIgnored,
            ..Conventions::default()
        },
        ..Default::default()
    };
    let leaving = SlideSettings {
        conventions: Conventions {
            sidedness: Sidedness::LeavingIgnored,
            ..behind.conventions
        },
        ..behind
    };
    let mut trace = Trace::default();
    let hit = collide_and_slide(&mesh, &e, v, &behind, Some(&mut trace)).unwrap();
    let first = trace.iterations[0].contacts.first().copied();
    assert!(first.is_some(), "the seed's culling meets the edge");
    assert!(hit.position.x < -0.2);
    let free = collide_and_slide(&mesh, &e, v, &leaving, Some(&mut trace)).unwrap();
    assert_eq!(free.end, EndReason::ClearPath);
    assert!((free.position - (e.center + v)).length() < 1e-6);
    assert!(trace.iterations[0].contacts.is_empty());
    // Two-sided, the culling rule does not apply.
    let both = SlideSettings {
        conventions: Conventions {
            sidedness: Sidedness::TwoSided,
            ..Conventions::default()
        },
        ..Default::default()
    };
    let r = collide_and_slide(&mesh, &e, v, &both, None).unwrap();
    assert!((r.position - hit.position).length() < 1e-6);
}

#[test]
fn roots_after_the_start_only_leave_an_overlapped_edge_out() {
    // A triangle in y = 0 facing +y, its edge along x = 0; the unit sphere starts 0.707 from
    // that edge (overlapping it and the vertex at the origin) and moves 0.2 towards it, its
    // centre still outside the triangle's face at the end.
    let mesh = CollisionMesh::from_triangles(&[[
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(0.0, 0.0, 1.0),
        Vec3::new(1.0, 0.0, 0.0),
    ]])
    .unwrap();
    let e = unit_sphere_at(Vec3::new(-0.5, 0.5, 0.3));
    let v = Vec3::new(0.2, 0.0, 0.0);
    let mut trace = Trace::default();
    let seed = collide_and_slide(&mesh, &e, v, &SlideSettings::default(), Some(&mut trace));
    let first = trace.iterations[0].contacts[0];
    assert!(first.time.is_embedded(), "{first:?}");
    assert!((seed.unwrap().position - (e.center + v)).length() > 0.05);
    let later = SlideSettings {
        conventions: Conventions {
            roots: Roots::PositiveOnly,
            ..Conventions::default()
        },
        ..Default::default()
    };
    let r = collide_and_slide(&mesh, &e, v, &later, Some(&mut trace)).unwrap();
    assert_eq!(r.end, EndReason::ClearPath);
    assert_eq!(r.position, e.center + v);
    assert!(trace.iterations[0].contacts.is_empty());
}

/// Fauerby 2003's `getLowestRoot` takes `r2` when `r1 ≤ 0`: a sphere that starts inside an
/// edge's cylinder meets it where it leaves. A unit sphere 0.707 from the edge x = y = 0
/// (centre (−0.5, 0.5, 0), outside the face, the edge's ends 5 away) moving 1 along −x leaves
/// the cylinder when (0.5 + t)² + 0.25 = 1, at t = √0.75 − 0.5 = 0.36603, its normal there
/// (−√0.75, 0.5, 0). The seed's roots see an embedded start moving away: no contact.
#[test]
fn roots_after_the_start_meet_an_edge_the_sphere_starts_in_at_its_exit_root() {
    let mesh = CollisionMesh::from_triangles(&[[
        Vec3::new(0.0, 0.0, -5.0),
        Vec3::new(0.0, 0.0, 5.0),
        Vec3::new(5.0, 0.0, 0.0),
    ]])
    .unwrap();
    let e = unit_sphere_at(Vec3::new(-0.5, 0.5, 0.0));
    let v = Vec3::new(-1.0, 0.0, 0.0);
    let mut trace = Trace::default();
    let seed = collide_and_slide(&mesh, &e, v, &SlideSettings::default(), Some(&mut trace));
    assert_eq!(seed.unwrap().end, EndReason::ClearPath);
    assert!(trace.iterations[0].contacts.is_empty());
    let after = SlideSettings {
        conventions: Conventions {
            roots: Roots::PositiveOnly,
            ..Conventions::default()
        },
        ..Default::default()
    };
    collide_and_slide(&mesh, &e, v, &after, Some(&mut trace)).unwrap();
    let first = trace.iterations[0].contacts[0];
    let slidescope_collision::ContactTime::Toi(t) = first.time else {
        panic!("{first:?}")
    };
    assert!((t - (0.75f32.sqrt() - 0.5)).abs() < 1e-5, "{t}");
    let n = Vec3::new(-(0.75f32.sqrt()), 0.5, 0.0);
    assert!(first.normal.distance(n) < 1e-5, "{first:?}");
    // The candidates' table shows the same root for that edge.
    let cases = &trace.iterations[0].candidates[0].cases;
    assert!(
        matches!(cases.edges[0], slidescope_collision::CaseOutcome::Hit(slidescope_collision::ContactTime::Toi(u)) if (u - t).abs() < 1e-6),
        "{cases:?}"
    );
}
