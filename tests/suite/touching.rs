//! "Touching counts": a contact at eSpace distance exactly 1 (an ellipsoid resting on
//! a plane and sliding along it onto the edge of that plane's triangle) is a contact of the
//! edge it touches, for every solver and every narrow phase; the seed's tests report nothing.

use crate::common::*;

use glam::Vec3;
use slidescope::collision::solvers::{
    Decomposed, GradientNormal, PlaneSpace, Reference, SolverQuery, SweepSolver, Touching,
};
use slidescope::collision::{
    CaseOutcome, ContactTime, Ellipsoid, Feature, NarrowPhaseKind, SlideSettings, Trace,
    collide_and_slide,
};
use slidescope::collision::{DebugKnobs, ResponseOptions};

/// A floor triangle in y = 0 whose edge 0 runs along x = 0 (z from −2 to 2); it lies at x ≥ 0.
fn floor_triangle() -> [Vec3; 3] {
    [v(0.0, 0.0, -2.0), v(0.0, 0.0, 2.0), v(4.0, 0.0, 0.0)]
}

/// Resting on the floor's plane beside the triangle (feet exactly at y = 0), moving 1 m onto it.
fn resting() -> (Ellipsoid, Vec3) {
    let e = Ellipsoid::new(v(-0.5, 0.9, 0.3), v(0.4, 0.9, 0.4)).unwrap();
    (e, v(1.0, 0.0, 0.0))
}

#[test]
fn every_solver_reports_the_edge_a_resting_ellipsoid_slides_onto() {
    let (e, velocity) = resting();
    let q = SolverQuery {
        ellipsoid: e,
        velocity,
    };
    let tri = floor_triangle();
    // Without the rule the decomposed and gradient solvers report nothing (the centre never
    // enters the sum); the f64 reference, which bisects on the distance, reports the touch,
    // and so does plane space's swept-circle quadratic, 1.4e-4 early (its double root rounded
    // the other way; hence its wider tolerance).
    let solvers: [(&dyn SweepSolver, &dyn SweepSolver, bool, f32); 4] = [
        (&Decomposed, &Touching(Decomposed), false, 1e-5),
        (&PlaneSpace, &Touching(PlaneSpace), true, 2e-4),
        (&GradientNormal, &Touching(GradientNormal), false, 1e-5),
        (&Reference, &Touching(Reference), true, 1e-5),
    ];
    for (seed, touching, seed_reports, tol) in solvers {
        let name = seed.name();
        assert_eq!(
            seed.sweep_polygon(&q, &tri).is_some(),
            seed_reports,
            "{name}"
        );
        let h = touching.sweep_polygon(&q, &tri).expect(name);
        // The centre is over the edge after 0.5 m of the 1 m move.
        assert_eq!(h.feature, Feature::Edge(0), "{name}");
        let t = h.time.toi().expect(name);
        assert_close(t, 0.5, tol, name);
        assert_vec_close(h.normal, Vec3::Y, tol * 10.0, name);
        assert_vec_close(h.point, v(0.0, 0.0, 0.3), tol, name);
        assert_vec_close(h.center, v(0.0, 0.9, 0.3), tol, name);
    }
}

#[test]
fn every_narrow_phase_slides_onto_the_edge_with_a_contact_when_touching_counts() {
    let m = mesh(&[floor_triangle()]);
    let (e, velocity) = resting();
    for kind in NarrowPhaseKind::ALL {
        let name = kind.name();
        let seed = SlideSettings {
            debug: DebugKnobs {
                narrow_phase: kind,
                ..(SlideSettings::default()).debug
            },
            ..SlideSettings::default()
        };
        let mut trace = Trace::default();
        let out = collide_and_slide(&m, &e, velocity, &seed, Some(&mut trace)).unwrap();
        // Without the rule plane space's swept-circle quadratic reports the touch itself
        // (`every_solver_reports_the_edge_a_resting_ellipsoid_slides_onto`), traced or not; the others pass
        // over the edge.
        let seed_contacts = &trace.iterations[0].contacts;
        if kind == NarrowPhaseKind::PlaneSpace {
            assert_eq!(seed_contacts[0].feature, Feature::Edge(0), "{name}");
            assert_eq!(seed_contacts[0].time, ContactTime::Toi(0.5), "{name}");
        } else {
            assert!(seed_contacts.is_empty(), "{name}");
            assert_eq!(out.position, e.center + velocity, "{name}");
        }
        let untraced = collide_and_slide(&m, &e, velocity, &seed, None).unwrap();
        assert_eq!(untraced, out, "{name}");

        let touching = SlideSettings {
            response: ResponseOptions {
                touching_counts: true,
                ..seed.response
            },
            ..seed
        };
        let out = collide_and_slide(&m, &e, velocity, &touching, Some(&mut trace)).unwrap();
        let first = &trace.iterations[0];
        let c = first.contacts.first().expect(name);
        assert_eq!(c.feature, Feature::Edge(0), "{name}");
        assert_eq!(c.time, ContactTime::Toi(0.5), "{name}");
        assert_vec_close(c.normal, Vec3::Y, 1e-6, name);
        assert_vec_close(c.point, v(0.0, 0.0, 0.3), 1e-6, name);
        // The traced per-part outcomes show the same touch.
        let cand = &first.candidates[0];
        assert_eq!(
            cand.cases.edges[0],
            CaseOutcome::Hit(ContactTime::Toi(0.5)),
            "{name}"
        );
        // Moved flush to the edge, lifted by the skin, the rest of the move slides on.
        let lift = touching.tuning.skin_es * 0.9;
        assert_vec_close(out.position, v(0.5, 0.9 + lift, 0.3), 1e-6, name);
        assert_eq!(trace.iterations.len(), 2, "{name}");
        assert!(trace.iterations[1].contacts.is_empty(), "{name}");
        // An untraced call agrees.
        let untraced = collide_and_slide(&m, &e, velocity, &touching, None).unwrap();
        assert_eq!(untraced.position, out.position, "{name}");
    }
}

#[test]
fn touching_counts_changes_nothing_where_the_path_clears_by_the_skin() {
    let m = mesh(&[floor_triangle()]);
    let (e, velocity) = resting();
    let above = Ellipsoid {
        center: e.center + v(0.0, 1e-3 * 0.9, 0.0),
        ..e
    };
    let s = SlideSettings {
        response: ResponseOptions {
            touching_counts: true,
            ..(SlideSettings::default()).response
        },
        ..SlideSettings::default()
    };
    let out = collide_and_slide(&m, &above, velocity, &s, None).unwrap();
    assert_eq!(out.position, above.center + velocity);
    assert_eq!(out.contact_count, 0);
}

#[test]
fn a_recorded_frame_re_run_with_touching_counts_uses_it() {
    use slidescope::sim::RerunEdits;
    let edits = RerunEdits {
        touching_counts: Some(true),
        ..Default::default()
    };
    let s = edits.apply_to(&SlideSettings::default());
    assert!(s.response.touching_counts);
    assert_eq!(
        SlideSettings {
            response: ResponseOptions {
                touching_counts: false,
                ..s.response
            },
            ..s
        },
        SlideSettings::default()
    );
}
