//! The crease response against the seed's on creases where the seed ping-pongs:
//! fewer iterations, the end clear of every plane by the skin, the motion along the crease.

use glam::Vec3;
use slidescope_collision::ResponseOptions;
use slidescope_collision::{
    CollisionMesh, Ellipsoid, EndReason, Response, SlideSettings, Trace, collide_and_slide,
    debug::clearance_es,
};

/// A floor and a wall leaning over it at `lean` degrees from vertical (a crease along Z).
fn crease(lean_deg: f32) -> CollisionMesh {
    let (s, c) = lean_deg.to_radians().sin_cos();
    // The wall rises from x = 1 towards -x as it goes up.
    let top = Vec3::new(1.0 - 4.0 * s, 4.0 * c, 0.0);
    let foot = Vec3::new(1.0, 0.0, 0.0);
    CollisionMesh::from_triangles(&[
        [
            Vec3::new(-20.0, 0.0, -20.0),
            Vec3::new(-20.0, 0.0, 20.0),
            Vec3::new(20.0, 0.0, 20.0),
        ],
        [
            Vec3::new(-20.0, 0.0, -20.0),
            Vec3::new(20.0, 0.0, 20.0),
            Vec3::new(20.0, 0.0, -20.0),
        ],
        [
            foot + Vec3::Z * -20.0,
            top + Vec3::Z * 20.0,
            foot + Vec3::Z * 20.0,
        ],
        [
            foot + Vec3::Z * -20.0,
            top + Vec3::Z * -20.0,
            top + Vec3::Z * 20.0,
        ],
    ])
    .unwrap()
}

#[test]
fn in_a_crease_the_crease_response_slides_along_it_where_the_seed_ping_pongs() {
    let mesh = crease(30.0);
    let radii = Vec3::new(0.4, 0.9, 0.4);
    // Standing in the crease's mouth, pushing into the wall, down, and along the crease.
    let e = Ellipsoid::new(Vec3::new(-1.2, 0.902, 0.0), radii).unwrap();
    let v = Vec3::new(1.2, -0.3, 0.4);
    let run = |response| {
        let s = SlideSettings {
            response: ResponseOptions {
                rule: response,
                ..(SlideSettings::default()).response
            },
            ..SlideSettings::default()
        };
        let mut t = Trace::default();
        let r = collide_and_slide(&mesh, &e, v, &s, Some(&mut t)).unwrap();
        (r, t)
    };
    let (seed, _) = run(Response::Seed);
    let (crease, trace) = run(Response::Crease);
    println!(
        "seed: {} iterations, {:?}; crease: {} iterations, {:?}",
        seed.iterations, seed.end, crease.iterations, crease.end
    );
    assert!(
        crease.iterations < seed.iterations,
        "crease {} vs seed {} iterations",
        crease.iterations,
        seed.iterations
    );
    assert!(crease.iterations <= 4, "{} iterations", crease.iterations);
    assert!(
        trace
            .iterations
            .iter()
            .any(|it| it.response.is_some_and(|r| r.crease_with.is_some()))
    );
    // The whole +Z part of the move survives, along the crease.
    assert!(
        (crease.position.z - 0.4).abs() < 1e-3,
        "{}",
        crease.position
    );
    let end = Ellipsoid {
        center: crease.position,
        ..e
    };
    assert!(
        clearance_es(&mesh, &end) >= 1.0 - 1e-4,
        "clearance {}",
        clearance_es(&mesh, &end)
    );
}

#[test]
fn a_corner_of_three_planes_stops_the_crease_response_in_the_corner_and_clear() {
    // The crease closed by an end wall at z = 1 facing -z.
    let mut tris: Vec<[Vec3; 3]> = (0..crease(30.0).triangle_count() as u32)
        .map(|i| crease(30.0).triangle(i).vertices)
        .collect();
    tris.push([
        Vec3::new(-20.0, -1.0, 1.0),
        Vec3::new(20.0, 10.0, 1.0),
        Vec3::new(20.0, -1.0, 1.0),
    ]);
    tris.push([
        Vec3::new(-20.0, -1.0, 1.0),
        Vec3::new(-20.0, 10.0, 1.0),
        Vec3::new(20.0, 10.0, 1.0),
    ]);
    let mesh = CollisionMesh::from_triangles(&tris).unwrap();
    let e = Ellipsoid::new(Vec3::new(-1.2, 0.902, 0.2), Vec3::new(0.4, 0.9, 0.4)).unwrap();
    let s = SlideSettings {
        response: ResponseOptions {
            rule: Response::Crease,
            ..(SlideSettings::default()).response
        },
        ..SlideSettings::default()
    };
    let r = collide_and_slide(&mesh, &e, Vec3::new(1.2, -0.3, 0.9), &s, None).unwrap();
    // Stopped in the corner: by the third plane, or with nothing left to slide.
    assert!(
        matches!(
            r.end,
            EndReason::CreaseStop | EndReason::ImpulseFilter | EndReason::VelocitySpent
        ),
        "{:?}",
        r.end
    );
    assert!((r.position.z - (1.0 - 0.4)).abs() < 2e-3, "{}", r.position);
    assert!(r.iterations <= 4, "{}", r.iterations);
    let end = Ellipsoid {
        center: r.position,
        ..e
    };
    assert!(clearance_es(&mesh, &end) >= 1.0 - 1e-4);
}
