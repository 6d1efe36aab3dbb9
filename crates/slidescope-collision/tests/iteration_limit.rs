//! The iteration-limit bug: with `IterationLimit::KeepLast`, a call that runs out of iterations
//! ended at the last *unchecked* slide target (`position = to`) instead of the last checked
//! centre, as the convention documents. A 0.5 m sphere pushed 1.2 m into a 30° wedge ended past
//! the wedge's tip, inside both walls.

use glam::Vec3;
use slidescope_collision::Tuning;
use slidescope_collision::{
    CollisionMesh, Ellipsoid, EndReason, SlideSettings, Trace, collide_and_slide,
    debug::clearance_es,
};
use slidescope_collision::{Conventions, IterationLimit};

/// Two vertical walls meeting at x = `tip` (a line along Y), opening towards -x, 30° apart,
/// each facing into the wedge.
fn wedge(tip: f32) -> CollisionMesh {
    let half = 15f32.to_radians();
    let (s, c) = half.sin_cos();
    let apex = |y: f32| Vec3::new(tip, y, 0.0);
    let mouth = |y: f32, side: f32| Vec3::new(tip - 10.0 * c, y, side * 10.0 * s);
    let wall = |side: f32| -> [[Vec3; 3]; 2] {
        [
            [apex(-5.0), mouth(-5.0, side), mouth(5.0, side)],
            [apex(-5.0), mouth(5.0, side), apex(5.0)],
        ]
    };
    let tris: Vec<[Vec3; 3]> = wall(1.0).into_iter().chain(wall(-1.0)).collect();
    CollisionMesh::from_triangles(&tris).unwrap()
}

#[test]
fn out_of_iterations_without_fallback_keeps_the_last_checked_centre() {
    let tip = 38.06;
    let mesh = wedge(tip);
    // Slightly off the wedge's axis so one wall is met first.
    let sphere = Ellipsoid::sphere(Vec3::new(tip - 2.4, 0.0, 0.05), 0.5).unwrap();
    let settings = SlideSettings {
        tuning: Tuning {
            max_iterations: 3,
            ..(SlideSettings::default()).tuning
        },
        conventions: Conventions {
            iteration_limit: IterationLimit::KeepLast,
            impulse_filter: false,
            ..Conventions::default()
        },
        ..SlideSettings::default()
    };
    let mut trace = Trace::default();
    let push = Vec3::new(1.2, 0.0, 0.0);
    let r = collide_and_slide(&mesh, &sphere, push, &settings, Some(&mut trace)).unwrap();
    assert_eq!(r.end, EndReason::MaxIterations);
    assert_eq!(r.iterations, 3);
    // The last checked centre: where the third iteration's response put it.
    let last = trace.iterations[2]
        .response
        .expect("a third contact")
        .new_center;
    assert_eq!(r.position, last);
    // A 0.5 m sphere gets no closer to the tip than r / sin 15° = 1.93 m.
    let deepest = tip - 0.5 / 15f32.to_radians().sin();
    assert!(r.position.x <= deepest + 1e-3, "x = {}", r.position.x);
    let end = Ellipsoid::sphere(r.position, 0.5).unwrap();
    assert!(
        clearance_es(&mesh, &end) >= 1.0,
        "{}",
        clearance_es(&mesh, &end)
    );
    // The unchecked slide target (the old answer) lies inside the walls.
    let target = trace.iterations[2].response.unwrap();
    let old = target.new_center + target.slide_velocity;
    let old_end = Ellipsoid::sphere(old, 0.5).unwrap();
    assert!(clearance_es(&mesh, &old_end) < 0.9, "{old}");
}
