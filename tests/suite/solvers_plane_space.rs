//! Seed 000's plane-space solver on its own: rotated ellipsoids, convex polygons, the merge of
//! coplanar triangles, the stable root finder and the §2 basis erratum.

use glam::{Mat3, Quat, Vec2, Vec3};
use slidescope::collision::solvers::plane_space::{
    find_lowest_root_in_interval, plane_basis, polygon_contains,
};
use slidescope::collision::solvers::{
    Decomposed, GradientNormal, PlaneSpace, Reference, SolverQuery, SweepSolver, merge_coplanar,
    sweep_all,
};
use slidescope::collision::{CollisionMesh, ContactTime, Ellipsoid, Feature};
use slidescope_compare::Rng;

#[test]
fn plane_basis_is_orthonormal_for_negative_x_normal_where_the_seed_formula_divides_by_zero() {
    // Seed 000 §2 picks U by `N_x > N_y`; for N = (−1, 0, 0) that is false and U = (0, N_z,
    // −N_y)/√(N_y² + N_z²) = 0/0. The absolute-value test gives a proper basis.
    let n = Vec3::new(-1.0, 0.0, 0.0);
    let literal = Vec3::new(0.0, n.z, -n.y) / (n.y * n.y + n.z * n.z).sqrt();
    assert!(literal.is_nan());
    for n in [
        n,
        Vec3::X,
        Vec3::Y,
        -Vec3::Y,
        Vec3::Z,
        -Vec3::Z,
        Vec3::new(-0.6, -0.6, 0.52915),
    ] {
        let n = n.normalize();
        let (u, v) = plane_basis(n);
        assert!(u.is_finite() && v.is_finite());
        assert!((u.length() - 1.0).abs() < 1e-6 && (v.length() - 1.0).abs() < 1e-6);
        assert!(u.dot(n).abs() < 1e-6 && v.dot(n).abs() < 1e-6 && u.dot(v).abs() < 1e-6);
        assert!((u.cross(v) - n).length() < 1e-6, "right-handed");
    }
}

#[test]
fn lowest_root_is_stable_when_a_vanishes() {
    // a = 0: linear −2x + 1 → ½ (q/a = inf is rejected, c/q is exact).
    assert_eq!(find_lowest_root_in_interval(0.0, -2.0, 1.0, 1.0), Some(0.5));
    // Roots 1e-8 and ~1e4: the naive formula loses the small one.
    let x = find_lowest_root_in_interval(1.0, -1e4, 1e-4, 1.0).unwrap();
    assert!((x - 1e-8).abs() < 1e-12, "{x}");
    assert_eq!(find_lowest_root_in_interval(0.0, 0.0, 1.0, 1.0), None);
    assert_eq!(find_lowest_root_in_interval(1.0, 0.0, 1.0, 1.0), None);
}

#[test]
fn polygon_contains_uses_counter_clockwise_order() {
    let sq = [
        Vec2::new(0.0, 0.0),
        Vec2::new(1.0, 0.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(0.0, 1.0),
    ];
    assert!(polygon_contains(&sq, Vec2::new(0.5, 0.5)));
    assert!(!polygon_contains(&sq, Vec2::new(1.5, 0.5)));
}

fn square(y: f32) -> Vec<Vec3> {
    vec![
        Vec3::new(-1.0, y, 1.0),
        Vec3::new(1.0, y, 1.0),
        Vec3::new(1.0, y, -1.0),
        Vec3::new(-1.0, y, -1.0),
    ]
}

#[test]
fn rotated_ellipsoid_hits_a_square_edge_like_the_reference() {
    let mut rng = Rng(9);
    let poly = square(0.0);
    let mut hits = 0;
    for _ in 0..2000 {
        let q = Quat::from_xyzw(
            rng.f32() - 0.5,
            rng.f32() - 0.5,
            rng.f32() - 0.5,
            rng.f32() - 0.5,
        )
        .normalize();
        let e = Ellipsoid::with_axes(
            Vec3::new(
                rng.range(-3.0, 3.0),
                rng.range(0.9, 3.0),
                rng.range(-3.0, 3.0),
            ),
            Vec3::new(0.3, 0.8, 0.5),
            Mat3::from_quat(q),
        )
        .unwrap();
        let sq = SolverQuery {
            ellipsoid: e,
            velocity: Vec3::new(
                rng.range(-3.0, 3.0),
                rng.range(-3.0, 0.0),
                rng.range(-3.0, 3.0),
            ),
        };
        let r = Reference.sweep_polygon(&sq, &poly);
        if r.is_some_and(|h| h.time.is_embedded()) {
            continue;
        }
        let p = PlaneSpace.sweep_polygon(&sq, &poly);
        let d = Decomposed.sweep_polygon(&sq, &poly);
        match (r, p, d) {
            (None, None, None) => {}
            (Some(r), Some(p), Some(d)) => {
                hits += 1;
                assert!(
                    (r.t() - p.t()).abs() < 1e-4,
                    "{sq:?}: {r:?} vs plane-space {p:?}"
                );
                assert!(
                    (r.t() - d.t()).abs() < 1e-4,
                    "{sq:?}: {r:?} vs decomposed {d:?}"
                );
                assert!((r.point - p.point).length() < 1e-3, "{r:?} {p:?}");
                assert!(r.normal.dot(p.normal) > 0.9999, "{r:?} {p:?}");
            }
            other => panic!("{sq:?}: hit/miss differs {other:?}"),
        }
    }
    assert!(hits > 200, "{hits}");
}

#[test]
fn merged_square_sweeps_like_its_two_triangles() {
    let poly = square(0.0);
    let tris = [[poly[0], poly[1], poly[2]], [poly[0], poly[2], poly[3]]];
    // Starts cutting the plane beside the square, moves into its x = −1 edge.
    let e = Ellipsoid::sphere(Vec3::new(-2.0, 0.3, 0.3), 0.5).unwrap();
    let q = SolverQuery {
        ellipsoid: e,
        velocity: Vec3::new(3.0, -0.1, -0.2),
    };
    let a = PlaneSpace.sweep_polygon(&q, &poly).unwrap();
    let b = sweep_all(&PlaneSpace, &q, &tris).unwrap();
    assert!((a.t() - b.t()).abs() < 1e-6, "{a:?} {b:?}");
    assert_eq!(
        a.feature,
        Feature::Edge(3),
        "the x = −1 edge, from vertex 3 to 0"
    );
    let g = GradientNormal.sweep_polygon(&q, &poly);
    assert!(
        g.is_none_or(|g| g.t() >= a.t() - 1e-6),
        "gradient is never early: {g:?}"
    );
}

#[test]
fn coplanar_merge_makes_one_polygon_per_box_face_and_one_per_flat_grid() {
    let b = slidescope_box();
    let (polys, of, report) = merge_coplanar(&b);
    assert_eq!(report.triangles, 12);
    assert_eq!(report.polygons, 6);
    assert!(polys.iter().all(|p| p.vertices.len() == 4));
    assert!(of.iter().all(|&p| (p as usize) < polys.len()));
    // A 3 × 3 grid of quads (18 triangles) in one plane. The greedy merge adds one triangle at
    // a time, so it stops at three convex 1 × 3 strips (adding a single triangle of the next
    // strip would make a reflex corner): 18 → 3.
    let mut tris = Vec::new();
    for i in 0..3 {
        for j in 0..3 {
            let (x, z) = (i as f32, j as f32);
            let p = |dx: f32, dz: f32| Vec3::new(x + dx, 0.0, z + dz);
            tris.push([p(0.0, 0.0), p(0.0, 1.0), p(1.0, 1.0)]);
            tris.push([p(0.0, 0.0), p(1.0, 1.0), p(1.0, 0.0)]);
        }
    }
    let mesh = CollisionMesh::from_triangles(&tris).unwrap();
    let (polys, _, report) = merge_coplanar(&mesh);
    assert_eq!(report.polygons, 3, "{polys:?}");
    assert!(
        polys
            .iter()
            .all(|p| p.vertices.len() == 8 && p.triangles.len() == 6)
    );
    // The merged polygons sweep like the triangles.
    let q = SolverQuery {
        ellipsoid: Ellipsoid::new(Vec3::new(1.4, 1.5, -1.0), Vec3::new(0.4, 0.9, 0.4)).unwrap(),
        velocity: Vec3::new(0.5, -1.0, 1.0),
    };
    let a = sweep_all(&PlaneSpace, &q, &polys).unwrap();
    let b = sweep_all(&Reference, &q, &tris).unwrap();
    assert!((a.t() - b.t()).abs() < 1e-5, "{a:?} {b:?}");
}

fn slidescope_box() -> CollisionMesh {
    let (min, max) = (Vec3::splat(-1.0), Vec3::splat(1.0));
    let p = |i: usize| {
        Vec3::new(
            if i & 1 == 0 { min.x } else { max.x },
            if i & 2 == 0 { min.y } else { max.y },
            if i & 4 == 0 { min.z } else { max.z },
        )
    };
    let faces = [
        [0, 4, 6, 2],
        [1, 3, 7, 5],
        [0, 1, 5, 4],
        [2, 6, 7, 3],
        [0, 2, 3, 1],
        [4, 5, 7, 6],
    ];
    let tris: Vec<[Vec3; 3]> = faces
        .iter()
        .flat_map(|f| [[p(f[0]), p(f[1]), p(f[2])], [p(f[0]), p(f[2]), p(f[3])]])
        .collect();
    CollisionMesh::from_triangles(&tris).unwrap()
}

#[test]
fn embedded_start_moving_out_is_no_contact_for_every_solver() {
    let poly = square(0.0);
    let e = Ellipsoid::sphere(Vec3::new(0.0, 0.3, 0.0), 0.5).unwrap();
    let out = SolverQuery {
        ellipsoid: e,
        velocity: Vec3::new(0.0, 1.0, 0.0),
    };
    let deeper = SolverQuery {
        ellipsoid: e,
        velocity: Vec3::new(0.0, -1.0, 0.0),
    };
    for s in [
        &Reference as &dyn SweepSolver,
        &Decomposed,
        &PlaneSpace,
        &GradientNormal,
    ] {
        assert!(s.sweep_polygon(&out, &poly).is_none(), "{}", s.name());
        let h = s.sweep_polygon(&deeper, &poly).unwrap();
        match h.time {
            ContactTime::Embedded { depth_es } => {
                assert!((depth_es - 0.4).abs() < 1e-4, "{}: {depth_es}", s.name())
            }
            t => panic!("{}: {t:?}", s.name()),
        }
    }
}

#[test]
fn no_solver_panics_on_extreme_finite_input_or_returns_nan_on_moderate_input() {
    let mut rng = Rng(77);
    let solvers: [&dyn SweepSolver; 4] = [&Reference, &Decomposed, &PlaneSpace, &GradientNormal];
    // Extreme magnitudes overflow f32 products (inf/NaN are then unavoidable): no panic.
    // Moderate ones (up to 1e4 m, down to 1e-3 m radii): no NaN either.
    for (mags, check_nan) in [
        (&[0.0, 1e-30, 1e-6, 1.0, 1e3, 1e15, 1e30][..], false),
        (&[0.0, 1e-3, 0.1, 1.0, 10.0, 1e4][..], true),
    ] {
        let pick = |rng: &mut Rng| {
            let m = mags[(rng.next_u64() % mags.len() as u64) as usize];
            (rng.f32() * 2.0 - 1.0) * m
        };
        let v3 = |rng: &mut Rng| Vec3::new(pick(rng), pick(rng), pick(rng));
        for _ in 0..3000 {
            let poly: Vec<Vec3> = (0..3 + (rng.next_u64() % 3) as usize)
                .map(|_| v3(&mut rng))
                .collect();
            let radii = v3(&mut rng).abs();
            let Ok(e) = Ellipsoid::new(v3(&mut rng), radii) else {
                continue;
            };
            if check_nan && radii.min_element() < 1e-3 {
                continue;
            }
            let q = SolverQuery {
                ellipsoid: e,
                velocity: v3(&mut rng),
            };
            for s in solvers {
                if let Some(h) = s.sweep_polygon(&q, &poly) {
                    let ok = !h.time.sort_key().is_nan() && h.point.is_finite();
                    assert!(!check_nan || ok, "{}: {q:?} {poly:?} → {h:?}", s.name());
                }
            }
            let _ = slidescope::collision::solvers::static_overlap(&e, &poly, Default::default());
        }
    }
}
