//! Collide-and-slide against moving geometry in the core (seed 001 12.12–12.15): the extended
//! sweep, carrying into the current pose, right of way, the 12.15 push, the trace, and a
//! property test of random rigid box motions around a resting ellipsoid.
use crate::common;

use common::*;
use glam::{Quat, Vec3};
use proptest::prelude::*;
use slidescope::collision::{
    CollisionMesh, CollisionWorld, ContactSource, DynamicScene, Ellipsoid, ObjectId, RigidPose,
    Scratch, SlideSettings, Trace, collide_and_slide, collide_and_slide_in,
};

fn far_floor() -> CollisionMesh {
    // Static geometry far away, so only the object matters.
    mesh(&floor(-50.0, 1.0))
}

fn scene_with_box(half: Vec3, pose: RigidPose) -> (DynamicScene, ObjectId) {
    let mut scene = DynamicScene::new();
    let set = scene.add_set();
    let (p, i) = box_mesh(-half, half);
    let id = scene.add_object(set, "box", p, &i, pose).unwrap();
    (scene, id)
}

fn slide(
    mesh: &CollisionMesh,
    scene: &DynamicScene,
    e: &Ellipsoid,
    v: Vec3,
    trace: Option<&mut Trace>,
) -> slidescope::collision::SlideResult {
    collide_and_slide_in(
        CollisionWorld::new(mesh, scene),
        e,
        v,
        &SlideSettings::default(),
        &mut Scratch::default(),
        trace,
    )
    .unwrap()
}

#[test]
fn static_callers_see_no_change_with_an_empty_scene() {
    let m = mesh(&solid_box(v(-1.0, -1.0, -1.0), v(1.0, 1.0, 1.0)));
    let e = Ellipsoid::new(v(-3.0, 0.2, 0.1), v(0.5, 0.9, 0.5)).unwrap();
    let a = collide_and_slide(&m, &e, v(4.0, 0.0, 1.0), &SlideSettings::default(), None).unwrap();
    let b = slide(&m, &DynamicScene::new(), &e, v(4.0, 0.0, 1.0), None);
    assert_eq!(a, b);
}

#[test]
fn object_at_rest_blocks_like_static_geometry() {
    // The same box as a static mesh and as a resting dynamic object stops the sphere at the
    // same place.
    let half = v(0.5, 0.5, 0.5);
    let (scene, _) = scene_with_box(half, RigidPose::from_translation(v(2.0, 0.0, 0.0)));
    let as_static = mesh(&solid_box(v(1.5, -0.5, -0.5), v(2.5, 0.5, 0.5)));
    let e = Ellipsoid::sphere(v(0.0, 0.0, 0.0), 0.5).unwrap();
    let s = collide_and_slide(
        &as_static,
        &e,
        v(3.0, 0.0, 0.0),
        &SlideSettings::default(),
        None,
    )
    .unwrap();
    let d = slide(&far_floor(), &scene, &e, v(3.0, 0.0, 0.0), None);
    assert_vec_close(s.position, d.position, 1e-5, "stop position");
    assert_close(d.position.x, 1.0, 1e-3, "touching the box face");
}

#[test]
fn moving_wall_pushes_a_resting_sphere_out_of_its_way() {
    // A wall slab moving +x by 1 m passes where the sphere rests: the sphere ends touching
    // the wall's current front face, pushed 1 m − gap, never inside.
    let half = v(0.1, 1.0, 1.0);
    let (mut scene, id) = scene_with_box(half, RigidPose::from_translation(v(-1.0, 0.0, 0.0)));
    scene
        .update_object(id, RigidPose::from_translation(v(0.5, 0.0, 0.0)))
        .unwrap();
    let e = Ellipsoid::sphere(v(0.0, 0.0, 0.0), 0.5).unwrap();
    let mut trace = Trace::default();
    let r = slide(&far_floor(), &scene, &e, Vec3::ZERO, Some(&mut trace));
    // Front face now at x = 0.6.
    assert!(r.position.x >= 1.1 - 1e-4, "pushed to {}", r.position);
    assert!(r.position.x <= 1.1 + 2e-3, "pushed too far: {}", r.position);
    let it = &trace.iterations[0];
    assert!(matches!(
        it.contacts[0].source,
        ContactSource::Dynamic { object, .. } if object == id
    ));
    let d = it.dynamic[0];
    assert_vec_close(
        d.adjustment,
        v(1.5, 0.0, 0.0),
        1e-5,
        "adjustment = object motion",
    );
    assert_vec_close(
        d.extended_velocity,
        v(-1.5, 0.0, 0.0),
        1e-5,
        "extended sweep = velocity − adjustment",
    );
    assert_eq!(d.previous.translation, v(-1.0, 0.0, 0.0));
    assert_eq!(d.current.translation, v(0.5, 0.0, 0.0));
    // Seed 12.15: the object's motion along the normal is added to the integration velocity.
    assert_vec_close(
        r.integration_velocity,
        v(1.5, 0.0, 0.0),
        1e-4,
        "pushed velocity",
    );
    assert_vec_close(
        it.response.unwrap().object_push,
        v(1.5, 0.0, 0.0),
        1e-4,
        "push in trace",
    );
}

#[test]
fn fast_wall_that_would_jump_over_the_sphere_still_pushes_it() {
    // The wall moves 10 m in one update: its previous and current poses are both clear of the
    // sphere, but the extended sweep crosses it (fig. 12.44: "moved so far it is bypassed").
    let (mut scene, id) = scene_with_box(
        v(0.1, 1.0, 1.0),
        RigidPose::from_translation(v(-5.0, 0.0, 0.0)),
    );
    scene
        .update_object(id, RigidPose::from_translation(v(5.0, 0.0, 0.0)))
        .unwrap();
    let e = Ellipsoid::new(Vec3::ZERO, v(0.4, 0.9, 0.4)).unwrap();
    let r = slide(&far_floor(), &scene, &e, Vec3::ZERO, None);
    assert!(r.position.x >= 5.1 + 0.4 - 1e-3, "ended at {}", r.position);
}

#[test]
fn object_moving_away_does_not_drag_a_sphere_that_is_not_riding() {
    let (mut scene, id) = scene_with_box(
        v(0.1, 1.0, 1.0),
        RigidPose::from_translation(v(0.6, 0.0, 0.0)),
    );
    scene
        .update_object(id, RigidPose::from_translation(v(1.6, 0.0, 0.0)))
        .unwrap();
    let e = Ellipsoid::sphere(Vec3::ZERO, 0.5).unwrap();
    let r = slide(&far_floor(), &scene, &e, Vec3::ZERO, None);
    assert_eq!(r.position, Vec3::ZERO);
    assert!(!r.hit());
}

#[test]
fn lowest_contact_reports_the_platform_under_the_sphere() {
    let (mut scene, id) = scene_with_box(
        v(1.0, 0.1, 1.0),
        RigidPose::from_translation(v(0.0, -0.1, 0.0)),
    );
    scene
        .update_object(id, RigidPose::from_translation(v(0.0, 0.0, 0.0)))
        .unwrap();
    // Resting on the top (y = 0) of the platform's previous pose, the platform rises 0.1 m.
    let e = Ellipsoid::new(v(0.0, 0.9 + 0.001, 0.0), v(0.4, 0.9, 0.4)).unwrap();
    let r = slide(&far_floor(), &scene, &e, v(0.0, -0.002, 0.0), None);
    assert_eq!(r.lowest_contact_object, Some(id));
    assert!(r.position.y >= 1.0 - 1e-4, "lifted to {}", r.position);
}

#[test]
fn rotating_bar_sweeps_the_sphere_along_instead_of_through() {
    // A bar about the y axis turns 60° in one update across a resting sphere.
    let mut scene = DynamicScene::new();
    let set = scene.add_set();
    let (p, i) = box_mesh(v(0.0, -0.1, -0.05), v(3.0, 0.1, 0.05));
    let id = scene
        .add_object(set, "bar", p, &i, RigidPose::IDENTITY)
        .unwrap();
    scene
        .update_set(set, |_| {
            RigidPose::new(Quat::from_rotation_y(60f32.to_radians()), Vec3::ZERO)
        })
        .unwrap();
    // The sphere at 30° (between the poses), 1.5 m from the pivot.
    let a = 30f32.to_radians();
    let e = Ellipsoid::sphere(v(1.5 * a.cos(), 0.0, -1.5 * a.sin()), 0.3).unwrap();
    let r = slide(&far_floor(), &scene, &e, Vec3::ZERO, None);
    let after = Ellipsoid {
        center: r.position,
        ..e
    };
    let clear = clearance_to_triangles_es(&after, object_triangles_now(&scene, id));
    assert!(clear >= 1.0 - 1e-3, "overlap: clearance {clear}");
    let angle = (-r.position.z).atan2(r.position.x).to_degrees();
    assert!(angle > 60.0, "the sphere is behind the bar at {angle}°");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Random rigid motions of a box around a resting ellipsoid never leave the ellipsoid
    /// inside the box.
    #[test]
    fn random_box_motion_never_leaves_the_ellipsoid_inside(
        start in (-2.5f32..2.5, -2.5f32..2.5, -2.5f32..2.5),
        end in (-2.5f32..2.5, -2.5f32..2.5, -2.5f32..2.5),
        axis0 in (-1f32..1.0, -1f32..1.0, -1f32..1.0),
        axis1 in (-1f32..1.0, -1f32..1.0, -1f32..1.0),
        angle0 in 0f32..3.1,
        turn in -1.2f32..1.2,
        half in (0.2f32..1.0, 0.2f32..1.0, 0.2f32..1.0),
        radii in (0.2f32..0.6, 0.3f32..0.9, 0.2f32..0.6),
    ) {
        let unit = |a: (f32, f32, f32)| {
            let a = v(a.0, a.1, a.2);
            if a.length() > 0.1 { a.normalize() } else { Vec3::Y }
        };
        let r0 = Quat::from_axis_angle(unit(axis0), angle0);
        let r1 = Quat::from_axis_angle(unit(axis1), turn) * r0;
        let p0 = RigidPose::new(r0, v(start.0, start.1, start.2));
        let p1 = RigidPose::new(r1, v(end.0, end.1, end.2));
        // The property is about a box moving onto an ellipsoid outside it: one that starts
        // inside the (hollow) box, clear of its faces, stays inside untouched.
        let local0 = p0.inverse().transform_point(Vec3::ZERO).abs();
        prop_assume!(local0.x >= half.0 || local0.y >= half.1 || local0.z >= half.2);
        let (mut scene, id) = scene_with_box(v(half.0, half.1, half.2), p0);
        let e = Ellipsoid::new(Vec3::ZERO, v(radii.0, radii.1, radii.2)).unwrap();
        let settings = SlideSettings::default();
        prop_assume!(
            clearance_to_triangles_es(&e, object_triangles_now(&scene, id))
                > 1.0 + settings.tuning.skin_es
        );
        scene.update_object(id, p1).unwrap();
        let r = slide(&far_floor(), &scene, &e, Vec3::ZERO, None);
        prop_assert!(r.position.is_finite());
        let after = Ellipsoid { center: r.position, ..e };
        let clear = clearance_to_triangles_es(&after, object_triangles_now(&scene, id));
        // Centre outside the box and no overlap beyond a hair.
        let local = p1.inverse().transform_point(r.position).abs();
        let inside = local.x < half.0 && local.y < half.1 && local.z < half.2;
        prop_assert!(!inside, "centre inside the box at {}", r.position);
        prop_assert!(clear >= 1.0 - 1e-3, "clearance {} at {}", clear, r.position);
    }
}

#[test]
fn the_conventions_apply_to_a_resting_object_as_to_static_geometry() {
    // A sphere overlapping the box's face by 0.2 and moving away from it, and one overlapping
    // its edge and moving along it: which contacts the first detection counts depends on the
    // sidedness and roots conventions, for the level and for an object alike. (What follows
    // differs by design: a carried centre inside an object is pushed out.)
    use slidescope::collision::{Roots, Sidedness};
    let half = v(0.5, 0.5, 0.5);
    let (scene, _) = scene_with_box(half, RigidPose::from_translation(v(2.0, 0.0, 0.0)));
    let as_static = mesh(&solid_box(v(1.5, -0.5, -0.5), v(2.5, 0.5, 0.5)));
    let far = far_floor();
    let moves = [
        (v(1.2, 0.0, 0.0), v(-1.0, 0.3, 0.0)),
        (v(1.2, 0.8, 0.0), v(0.0, 0.0, 1.0)),
    ];
    let mut firsts = Vec::new();
    for sidedness in [Sidedness::BehindIgnored, Sidedness::LeavingIgnored] {
        for roots in [Roots::AtZero, Roots::PositiveOnly] {
            let mut s = SlideSettings::default();
            s.conventions.sidedness = sidedness;
            s.conventions.roots = roots;
            for (centre, velocity) in moves {
                let e = Ellipsoid::sphere(centre, 0.5).unwrap();
                let (mut level, mut object) = (Trace::default(), Trace::default());
                collide_and_slide(&as_static, &e, velocity, &s, Some(&mut level)).unwrap();
                let world = CollisionWorld::new(&far, &scene);
                let mut scratch = Scratch::default();
                collide_and_slide_in(world, &e, velocity, &s, &mut scratch, Some(&mut object))
                    .unwrap();
                let first = |t: &Trace| {
                    let c = t.iterations[0].contacts.first();
                    c.map(|c| (c.feature, c.time, c.normal))
                };
                let what = format!("{sidedness:?} {roots:?} from {centre}");
                assert_eq!(first(&level), first(&object), "{what}");
                firsts.push(format!("{:?}", first(&level)));
            }
        }
    }
    // The conventions do change what the first detection finds.
    firsts.sort();
    firsts.dedup();
    assert!(firsts.len() > moves.len(), "{firsts:?}");
}
