//! Model tests of the debugger's UI text, run on traces of known situations: the table rows,
//! the per-case outcomes of one triangle, and the narration of an iteration.

use glam::Vec3;
use slidescope::collision::{
    CollisionMesh, Ellipsoid, Feature, SlideSettings, Trace, collide_and_slide,
};
use slidescope::sim::MarkerKind;
use slidescope::sim::detectors::trace_markers;
use slidescope::ui::narration::{candidate_rows, feature_label, iteration_rows, narrate};

fn v(x: f32, y: f32, z: f32) -> Vec3 {
    Vec3::new(x, y, z)
}

fn run(tris: &[[Vec3; 3]], e: Ellipsoid, vel: Vec3) -> Trace {
    let mesh = CollisionMesh::from_triangles(tris).expect("mesh");
    let mut trace = Trace::default();
    collide_and_slide(&mesh, &e, vel, &SlideSettings::default(), Some(&mut trace)).expect("slide");
    trace
}

/// A floor at y = 0 (triangle 0) and a wall at x = 1 facing −x (triangle 1), both large.
fn floor_and_wall() -> Vec<[Vec3; 3]> {
    vec![
        [v(-20.0, 0.0, 20.0), v(20.0, 0.0, 20.0), v(0.0, 0.0, -40.0)],
        [v(1.0, -20.0, -20.0), v(1.0, -20.0, 20.0), v(1.0, 40.0, 0.0)],
    ]
}

#[test]
fn wedge_narration_says_two_contacts_at_the_same_time() {
    // Unit sphere from (−0.5, 1.5, 0) moving (1, −1, 0): floor and wall both at t = 0.5.
    let e = Ellipsoid::sphere(v(-0.5, 1.5, 0.0), 1.0).unwrap();
    let trace = run(&floor_and_wall(), e, v(1.0, -1.0, 0.0));
    assert_eq!(trace.iterations[0].contacts.len(), 2, "{trace:#?}");
    assert!(trace_markers(&trace).contains(MarkerKind::SimultaneousContacts));
    let text = narrate(&trace, 0);
    assert!(text.contains("two contacts at the same time"), "{text}");
    assert!(
        text.contains("triangle 0") && text.contains("triangle 1"),
        "{text}"
    );
    let rows = iteration_rows(&trace);
    assert_eq!(rows.len(), trace.iterations.len());
    assert!(rows[0].case.starts_with("face") && rows[0].case.contains("(+1)"));
    assert_eq!(rows[0].time, "t = 0.500");
    assert!(!rows.last().unwrap().end.is_empty());
}

#[test]
fn edge_contact_narration_names_the_edge_and_the_slide() {
    // A floor triangle whose edge 0 (v0–v1) lies on x = 0; the unit sphere 0.5 above the plane
    // moves towards it from x = 1.5 and touches the edge (not the face) when x = √0.75.
    let tris = [[v(0.0, 0.0, -5.0), v(0.0, 0.0, 5.0), v(-10.0, 0.0, 0.0)]];
    let e = Ellipsoid::sphere(v(1.5, 0.5, 0.0), 1.0).unwrap();
    let trace = run(&tris, e, v(-1.0, 0.0, 0.5));
    let c = trace.iterations[0].contacts[0];
    assert_eq!(c.feature, Feature::Edge(0), "{trace:#?}");
    let text = narrate(&trace, 0);
    assert!(
        text.contains("the edge between v0 and v1 of triangle 0"),
        "{text}"
    );
    assert!(
        text.contains("Edge contacts slide on the plane whose normal points from the contact"),
        "{text}"
    );
    assert!(text.contains("survives the projection"), "{text}");
    assert!(text.contains("t = 0.63"), "{text}");
    assert_eq!(iteration_rows(&trace)[0].case, "edge 0");
}

#[test]
fn candidate_rows_show_every_case_and_absent_triangles_are_not_offered() {
    let tris = [[v(0.0, 0.0, -5.0), v(0.0, 0.0, 5.0), v(-10.0, 0.0, 0.0)]];
    let e = Ellipsoid::sphere(v(1.5, 0.5, 0.0), 1.0).unwrap();
    let trace = run(&tris, e, v(-1.0, 0.0, 0.5));
    let rows = candidate_rows(&trace, 0, 0).expect("triangle 0 is a candidate");
    assert_eq!(rows.len(), 7);
    let edge0 = rows
        .iter()
        .find(|(part, _)| *part == feature_label(Feature::Edge(0)))
        .unwrap();
    assert!(edge0.1.starts_with("hit, t = 0.63"), "{rows:?}");
    assert!(candidate_rows(&trace, 0, 7).is_none());
    assert!(candidate_rows(&trace, 99, 0).is_none());
}

#[test]
fn narration_of_a_missing_iteration_or_empty_trace_does_not_panic() {
    assert!(narrate(&Trace::default(), 0).contains("no collision query"));
    // Centre 3 m from the wall (x = 1) and 5 m above the floor: 0.1 m along x touches nothing.
    let e = Ellipsoid::sphere(v(-3.0, 5.0, 0.0), 1.0).unwrap();
    let trace = run(&floor_and_wall(), e, v(0.1, 0.0, 0.0));
    assert!(narrate(&trace, 0).contains("touches nothing"));
    assert!(narrate(&trace, 0).contains("clear path"));
    assert!(narrate(&trace, 5).contains("does not exist"));
}

#[test]
fn an_embedded_start_is_narrated_as_pushed_out_only_where_the_response_pushed_it() {
    // The unit sphere starts 0.5 deep in the floor and moves along x: seed 001 pushes it out
    // before it slides; with an embedded start kept (Babylon.js) it slides from where it is.
    let e = Ellipsoid::sphere(v(-3.0, 0.5, 0.0), 1.0).unwrap();
    let mesh = CollisionMesh::from_triangles(&floor_and_wall()[..1]).unwrap();
    for (kept, says) in [
        (false, "it is pushed out along the normal before sliding"),
        (true, "it is not pushed out: it slides from where it starts"),
    ] {
        let mut settings = SlideSettings::default();
        settings.conventions.embedded_kept = kept;
        let mut trace = Trace::default();
        collide_and_slide(&mesh, &e, v(0.1, 0.0, 0.0), &settings, Some(&mut trace)).unwrap();
        assert!(
            trace.iterations[0].contacts[0].time.is_embedded(),
            "{trace:#?}"
        );
        let text = narrate(&trace, 0);
        assert!(
            text.contains("starts embedded 0.5000") && text.contains(says),
            "{text}"
        );
    }
}
