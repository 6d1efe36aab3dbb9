//! Invariants of collide-and-slide under random input (proptest): no overlap beyond the skin,
//! no way into a closed box, BVH and brute force identical.
use crate::common;

use common::*;
use glam::Vec3;
use proptest::prelude::*;
use slidescope::collision::{
    BroadPhase, CollisionMesh, Conventions, Ellipsoid, Response, Roots, Sidedness, SlideSettings,
    Trace, collide_and_slide, debug::clearance_es, sweep,
};
use slidescope::collision::{DebugKnobs, ResponseOptions};

fn vec3(r: f32) -> impl Strategy<Value = Vec3> {
    (-r..r, -r..r, -r..r).prop_map(|(x, y, z)| v(x, y, z))
}

/// A room (floor, walls, ceiling) with a few random triangles inside.
fn scene(extra: &[(Vec3, Vec3, Vec3)]) -> CollisionMesh {
    let mut tris = solid_box(v(-4.0, -4.0, -4.0), v(4.0, 4.0, 4.0));
    tris.extend(extra.iter().map(|&(a, b, c)| [a, b, c]));
    mesh(&tris)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn never_overlaps_by_more_than_the_skin(
        extra in prop::collection::vec((vec3(3.0), vec3(3.0), vec3(3.0)), 1..12),
        start in vec3(3.0),
        radii in (0.2f32..0.8, 0.2f32..1.0, 0.2f32..0.8),
        vel in vec3(6.0),
        axis in vec3(1.0),
        angle in 0.0f32..std::f32::consts::PI,
        crease in any::<bool>(),
        sphere in any::<bool>(),
    ) {
        let m = scene(&extra);
        // Half the cases rotated about a random axis (seed 000's arbitrary ellipsoid axes);
        // of the others, half a sphere (its scan reads the mesh's stored normals).
        let (axes, radii) = if axis.length() > 0.5 {
            (glam::Mat3::from_axis_angle(axis.normalize(), angle), Vec3::new(radii.0, radii.1, radii.2))
        } else if sphere {
            (glam::Mat3::IDENTITY, Vec3::splat(radii.0))
        } else {
            (glam::Mat3::IDENTITY, Vec3::new(radii.0, radii.1, radii.2))
        };
        let e = Ellipsoid::with_axes(start, radii, axes).unwrap();
        // The seed's response and the crease response hold the same invariant.
        let settings = SlideSettings { response: ResponseOptions { rule: if crease { Response::Crease } else { Response::Seed }, ..(SlideSettings::default()).response }, ..SlideSettings::default() };
        // Only starts that are clear of everything are meaningful for this invariant.
        prop_assume!(clearance_es(&m, &e) > 1.0 + settings.tuning.skin_es);
        let r = collide_and_slide(&m, &e, vel, &settings, None).unwrap();
        prop_assert!(r.position.is_finite() && r.integration_velocity.is_finite());
        let after = clearance_es(&m, &Ellipsoid { center: r.position, ..e });
        prop_assert!(after >= 1.0 - settings.tuning.skin_es - 1e-4, "clearance {} ({:?})", after, r.end);
    }

    #[test]
    fn nothing_gets_into_a_closed_box_from_outside(
        start_dir in vec3(1.0),
        vel in vec3(50.0),
        radius in 0.1f32..0.5,
        stretch in 1.0f32..2.0,
    ) {
        // A 2 m box at the origin; the ellipsoid starts clear of it and moves up to 100× its
        // radius.
        let m = mesh(&solid_box(v(-1.0, -1.0, -1.0), v(1.0, 1.0, 1.0)));
        prop_assume!(start_dir.length() > 0.1);
        let start = start_dir.normalize() * 4.0;
        let e = Ellipsoid::new(start, v(radius, radius * stretch, radius)).unwrap();
        let vel = vel.clamp_length_max(100.0 * radius);
        let r = collide_and_slide(&m, &e, vel, &SlideSettings::default(), None).unwrap();
        let p = r.position;
        prop_assert!(p.abs().max_element() > 1.0, "inside the box: {}", p);
        let after = clearance_es(&m, &Ellipsoid { center: p, ..e });
        prop_assert!(after >= 1.0 - 2e-3, "clearance {}", after);
    }

    #[test]
    fn bvh_and_brute_force_give_identical_traces(
        tris in prop::collection::vec((vec3(5.0), vec3(5.0), vec3(5.0)), 1..200),
        start in vec3(5.0),
        vel in vec3(4.0),
        radii in (0.1f32..1.0, 0.1f32..1.0, 0.1f32..1.0),
        sphere in any::<bool>(),
        response in 0..3usize,
    ) {
        let soup: Vec<[Vec3; 3]> = tris.iter().map(|&(a, b, c)| [a, b, c]).collect();
        let Ok(m) = CollisionMesh::from_triangles(&soup) else { return Ok(()) };
        // Half the cases a sphere, whose scan reads the mesh's stored normals.
        let radii = if sphere { Vec3::splat(radii.0) } else { Vec3::new(radii.0, radii.1, radii.2) };
        let e = Ellipsoid::new(start, radii).unwrap();
        // The crease and plane responses' push-back reads the gathered candidates too.
        let response = [Response::Seed, Response::Crease, Response::Planes][response];
        let bvh = SlideSettings { response: ResponseOptions { rule: response, ..(SlideSettings::default()).response }, ..SlideSettings::default() };
        let brute = SlideSettings { debug: DebugKnobs { broad_phase: BroadPhase::BruteForce, ..bvh.debug }, ..bvh };
        let (mut ta, mut tb) = (Trace::default(), Trace::default());
        let a = collide_and_slide(&m, &e, vel, &bvh, Some(&mut ta)).unwrap();
        let b = collide_and_slide(&m, &e, vel, &brute, Some(&mut tb)).unwrap();
        prop_assert_eq!(a, b);
        // Traced or not, a call runs the same scan: the candidates its first detection
        // gathered, or a walk of the BVH where a detection leaves their region (brute force
        // above is the reference for both).
        let c = collide_and_slide(&m, &e, vel, &bvh, None).unwrap();
        prop_assert_eq!(a, c);
        // Contacts identical; brute force offers more candidates, so compare contacts only.
        prop_assert_eq!(ta.iterations.len(), tb.iterations.len());
        for (x, y) in ta.iterations.iter().zip(&tb.iterations) {
            prop_assert_eq!(&x.contacts, &y.contacts);
            prop_assert_eq!(x.response, y.response);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    /// Dense soups (100–300 triangles in a 3 m cube, so a call's gathered region overflows and
    /// its detections walk the BVH), lone sweeps and untraced calls, with the conventions that
    /// change which parts are tested: one- or two-sided, back faces by position or by
    /// velocity, roots at zero or positive only, the face of a plane moved along tested or
    /// skipped. Detections run face first, traced or not, on
    /// the list and on the walk; brute force runs the one-pass test.
    #[test]
    fn bvh_and_brute_force_agree_on_dense_soups_and_lone_sweeps(
        tris in prop::collection::vec((vec3(1.5), vec3(0.6), vec3(0.6)), 100..300),
        start in vec3(1.5),
        vel in vec3(2.0),
        radius in 0.1f32..0.6,
        stretch in 1.0f32..2.0,
        two_sided in any::<bool>(),
        by_velocity in any::<bool>(),
        positive_only in any::<bool>(),
        plane_skipped in any::<bool>(),
        response in 0..3usize,
    ) {
        // Small triangles: a vertex and two offsets from it.
        let soup: Vec<[Vec3; 3]> = tris.iter().map(|&(a, b, c)| [a, a + b, a + c]).collect();
        let Ok(m) = CollisionMesh::from_triangles(&soup) else { return Ok(()) };
        let e = Ellipsoid::new(start, v(radius, radius * stretch, radius)).unwrap();
        let sidedness = match (two_sided, by_velocity) {
            (true, _) => Sidedness::TwoSided,
            (false, false) => Sidedness::BehindIgnored,
            (false, true) => Sidedness::LeavingIgnored,
        };
        let roots = if positive_only { Roots::PositiveOnly } else { Roots::AtZero };
        let bvh = SlideSettings { response: ResponseOptions { rule: [Response::Seed, Response::Crease, Response::Planes][response], ..(SlideSettings::default()).response }, conventions: Conventions { sidedness, roots, embedded_plane_skipped: plane_skipped, ..Conventions::default() }, ..SlideSettings::default() };
        let brute = SlideSettings { debug: DebugKnobs { broad_phase: BroadPhase::BruteForce, ..bvh.debug }, ..bvh };
        prop_assert_eq!(sweep(&m, &e, vel, &bvh).unwrap(), sweep(&m, &e, vel, &brute).unwrap());
        let a = collide_and_slide(&m, &e, vel, &bvh, None).unwrap();
        let b = collide_and_slide(&m, &e, vel, &brute, None).unwrap();
        prop_assert_eq!(a, b);
    }
}

/// A case `bvh_and_brute_force_give_identical_traces` found on 2026-11-28 (shrunk by proptest; e0a7c41 failed it): a
/// sphere of 0.233, crease response, pushed out of a face it started in and then moving
/// almost along that face's plane. The face test's plane time (two tiny numbers divided) read
/// 0.19 where the edge's own root was 0.144, so the BVH, having met another triangle's contact
/// at 0.188 first, dropped that edge, and brute force, meeting it first, kept it (3 against 4
/// iterations). The face test now bounds by height (`sweep::face`).
#[test]
fn bvh_and_brute_force_agree_on_the_2026_11_28_case() {
    // The shrunk input as proptest printed it, its all-zero triangles (`o`) in their places.
    let (z, o) = (Vec3::ZERO, [Vec3::ZERO; 3]);
    let soup = [
        o,
        o,
        o,
        [
            z,
            v(2.7466626, 1.9969115, 3.8159745),
            v(4.1495647, 0.0, -4.7990212),
        ],
        [v(0.0, -4.2447853, 0.0), v(-4.6133084, 0.0, 0.0), z],
        o,
        [v(0.0, -3.9736488, 0.0), z, z],
        o,
        [z, v(0.0, 0.0, 0.776295), v(0.0, -2.3396337, -4.492487)],
        o,
        o,
        o,
        [
            v(3.999065, -0.29525295, -1.5406351),
            v(-4.232197, -4.955165, -3.4026868),
            v(3.589034, 2.4460394, 2.6806817),
        ],
        [
            z,
            v(-2.3596046, 0.0, -3.5228233),
            v(4.6253996, 1.1175697, -0.46836254),
        ],
        [z, v(0.0, 4.6231356, 0.0), v(0.0, -0.2695489, 0.0)],
        [
            v(0.0, 0.0, 2.5137851),
            v(4.285511, 0.0, 2.6622107),
            v(-3.8490162, 0.0, 2.3585389),
        ],
        o,
        [z, v(0.0, 0.0, 3.9365914), v(4.815266, -4.4281116, 0.0)],
    ];
    let m = CollisionMesh::from_triangles(&soup).unwrap();
    let e = Ellipsoid::new(v(3.411173, 0.89337474, 0.19086808), Vec3::splat(0.23267315)).unwrap();
    let vel = v(3.7315156, -2.8480997, 0.14892265);
    let bvh = SlideSettings {
        response: ResponseOptions {
            rule: Response::Crease,
            ..(SlideSettings::default()).response
        },
        ..SlideSettings::default()
    };
    let brute = SlideSettings {
        debug: DebugKnobs {
            broad_phase: BroadPhase::BruteForce,
            ..bvh.debug
        },
        ..bvh
    };
    let (mut ta, mut tb) = (Trace::default(), Trace::default());
    let a = collide_and_slide(&m, &e, vel, &bvh, Some(&mut ta)).unwrap();
    let b = collide_and_slide(&m, &e, vel, &brute, Some(&mut tb)).unwrap();
    assert_eq!(a, b);
    // Untraced, the BVH's call scans its gathered list face first: the same answer.
    assert_eq!(collide_and_slide(&m, &e, vel, &bvh, None).unwrap(), a);
    assert_eq!(ta.iterations.len(), tb.iterations.len());
    for (x, y) in ta.iterations.iter().zip(&tb.iterations) {
        assert_eq!(x.contacts, y.contacts);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The 4-wide BVH's invariants: every child box holds the box of every triangle below it,
    /// every triangle sits below exactly one leaf reference, and a box query returns every
    /// triangle whose box overlaps it (whole leaves: a few neighbours may come along).
    #[test]
    fn bvh_child_boxes_hold_everything_below_them(
        tris in prop::collection::vec((vec3(20.0), vec3(1.0), vec3(1.0)), 1..600),
        q_center in vec3(20.0),
        q_half in vec3(6.0),
    ) {
        let soup: Vec<[Vec3; 3]> = tris.iter().map(|&(a, b, c)| [a, a + b, a + c]).collect();
        let Ok(m) = CollisionMesh::from_triangles(&soup) else { return Ok(()) };
        let bvh = m.bvh();
        let tri_box = |i: u32| {
            let [a, b, c] = m.triangle(i).vertices;
            (a.min(b).min(c), a.max(b).max(c))
        };
        for (b, items) in bvh.child_boxes() {
            prop_assert!(!items.is_empty());
            for i in items {
                let (lo, hi) = tri_box(i);
                prop_assert!(b.min.cmple(lo).all() && hi.cmple(b.max).all(), "triangle {} outside its child box", i);
            }
        }
        let mut seen = bvh.items().to_vec();
        seen.sort_unstable();
        prop_assert_eq!(seen, (0..m.triangle_count() as u32).collect::<Vec<_>>());
        let q = slidescope::collision::Aabb::new(q_center - q_half.abs(), q_center + q_half.abs());
        let mut got = Vec::new();
        bvh.query(&q, &mut got);
        got.sort_unstable();
        let want: Vec<u32> = (0..m.triangle_count() as u32)
            .filter(|&i| {
                let (lo, hi) = tri_box(i);
                lo.cmple(q.max).all() && q.min.cmple(hi).all()
            })
            .collect();
        got.dedup();
        prop_assert!(want.iter().all(|i| got.binary_search(i).is_ok()), "query missed some of {:?}: got {:?}", want, got);
    }

    /// A sphere's scan reads each triangle's normal as the mesh stores it (f64 from the world
    /// vertices); the same sphere with its axes turned by an exact quarter turn is scanned as
    /// an ellipsoid, building each normal from the mapped vertices. Both find the same first
    /// triangle at the same time, to rounding.
    #[test]
    fn a_spheres_stored_normals_agree_with_built_ones(
        tris in prop::collection::vec((vec3(5.0), vec3(5.0), vec3(5.0)), 1..100),
        start in vec3(5.0),
        vel in vec3(4.0),
        radius in 0.1f32..1.0,
        one_sided in any::<bool>(),
    ) {
        let soup: Vec<[Vec3; 3]> = tris.iter().map(|&(a, b, c)| [a, b, c]).collect();
        let Ok(m) = CollisionMesh::from_triangles(&soup) else { return Ok(()) };
        let quarter = glam::Mat3::from_cols(v(0.0, 0.0, -1.0), Vec3::Y, Vec3::X);
        let sphere = Ellipsoid::sphere(start, radius).unwrap();
        let turned = Ellipsoid::with_axes(start, Vec3::splat(radius), quarter).unwrap();
        // One-sided, a stored normal facing the wrong way would cull the wrong side.
        let sidedness = if one_sided { Sidedness::BehindIgnored } else { Sidedness::TwoSided };
        let s = SlideSettings {
            conventions: Conventions { sidedness, ..Conventions::default() },
            ..SlideSettings::default()
        };
        let a = sweep(&m, &sphere, vel, &s).unwrap();
        let b = sweep(&m, &turned, vel, &s).unwrap();
        match (a, b) {
            (Some(a), Some(b)) => {
                let (ta, tb) = (a.contacts[0].time.sort_key(), b.contacts[0].time.sort_key());
                // A near-tie between two triangles may go either way; the time may not.
                prop_assert!((ta - tb).abs() <= 1e-4, "times {} and {}", ta, tb);
                let gap = (a.contacts[0].center - b.contacts[0].center).length();
                prop_assert!(gap <= 1e-4 * (1.0 + vel.length()), "centres {} apart", gap);
                // The slide plane's normal too, where both found the same triangle.
                if a.contacts[0].triangle == b.contacts[0].triangle {
                    let turn = a.contacts[0].normal.angle_between(b.contacts[0].normal);
                    prop_assert!(turn <= 1e-3, "normals {} rad apart", turn);
                }
            }
            (None, None) => {}
            // A graze at the end of the move may be found by one and not the other.
            (a, b) => {
                let t = a.or(b).unwrap().contacts[0].time.sort_key();
                prop_assert!(t >= 1.0 - 1e-4, "only one found a contact, at {}", t);
            }
        }
    }
}
