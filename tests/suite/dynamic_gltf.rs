//! glTF animations play as dynamic objects: an animated node loads as a dynamic
//! object (not static geometry), its pose at t matches the keyframes for LINEAR and STEP
//! keys under a parent transform, bad channels are skipped without panics, and the teaching
//! level's movers load and move.
use crate::common;

use common::*;
use glam::{Quat, Vec3};
use serde_json::json;
use slidescope::level::{Level, teaching};

fn floats(d: &mut Doc, f: &[f32], type_: &str, count: usize) -> usize {
    let bytes: Vec<u8> = f.iter().flat_map(|x| x.to_le_bytes()).collect();
    let view = d.view(&bytes);
    d.accessor(json!({"bufferView": view, "componentType": F32, "count": count, "type": type_}))
}

/// A static floor quad, and a box under a parent node at x = 10, animated by a LINEAR
/// translation channel and a STEP rotation channel, plus the given extra samplers/channels.
fn animated_doc(
    extra: impl FnOnce(&mut Doc, usize) -> (Vec<serde_json::Value>, Vec<serde_json::Value>),
) -> (Doc, Vec<usize>, serde_json::Value) {
    let (mut d, mut scene) = quad_doc();
    let corners: Vec<[f32; 3]> = (0..8)
        .map(|i| {
            let c = |b: usize| if i & b == 0 { -0.5 } else { 0.5 };
            [c(1), c(2), c(4)]
        })
        .collect();
    let tris = solid_box(Vec3::splat(-0.5), Vec3::splat(0.5));
    let idx: Vec<u16> = tris
        .iter()
        .flatten()
        .map(|p| corners.iter().position(|c| Vec3::from(*c) == *p).unwrap() as u16)
        .collect();
    let pos = d.positions(&corners);
    let ind = d.indices_u16(&idx);
    let mesh = d.mesh(pos, Some(ind), 4);
    let boxed = d.node(json!({"mesh": mesh, "name": "mover", "translation": [0.0, 0.0, 0.0]}));
    let parent =
        d.node(json!({"name": "parent", "translation": [10.0, 0.0, 0.0], "children": [boxed]}));
    scene.push(parent);
    let t_in = floats(&mut d, &[0.0, 1.0, 2.0], "SCALAR", 3);
    let t_out = floats(
        &mut d,
        &[0.0, 0.0, 0.0, 0.0, 2.0, 0.0, 4.0, 2.0, 0.0],
        "VEC3",
        3,
    );
    let r_in = floats(&mut d, &[0.0, 1.0], "SCALAR", 2);
    let q = Quat::from_rotation_y(std::f32::consts::FRAC_PI_2);
    let r_out = floats(&mut d, &[0.0, 0.0, 0.0, 1.0, q.x, q.y, q.z, q.w], "VEC4", 2);
    let mut samplers = vec![
        json!({"input": t_in, "output": t_out, "interpolation": "LINEAR"}),
        json!({"input": r_in, "output": r_out, "interpolation": "STEP"}),
    ];
    let mut channels = vec![
        json!({"sampler": 0, "target": {"node": boxed, "path": "translation"}}),
        json!({"sampler": 1, "target": {"node": boxed, "path": "rotation"}}),
    ];
    let (s, c) = extra(&mut d, boxed);
    samplers.extend(s);
    channels.extend(c);
    let anim = json!([{"samplers": samplers, "channels": channels}]);
    (d, scene, anim)
}

fn load(d: &Doc, scene: &[usize], anim: serde_json::Value, name: &str) -> Level {
    let mut root = d.root(scene, None);
    root["animations"] = anim;
    let dir = temp_dir(name);
    let path = dir.join("level.glb");
    std::fs::write(&path, glb_from(&root, &d.bin)).unwrap();
    Level::load(&path).expect("loads")
}

#[test]
fn animated_node_loads_as_a_dynamic_object_with_keyframed_poses() {
    let (d, scene, anim) = animated_doc(|_, _| (vec![], vec![]));
    let level = load(&d, &scene, anim, "animated_node");
    assert_eq!(
        level.collision.triangle_count(),
        2,
        "only the floor is static"
    );
    assert_eq!(level.dynamic.len(), 1);
    assert_eq!(level.animations.len(), 1);
    let obj = &level.dynamic.objects()[0];
    assert_eq!(obj.name, "mover");
    assert_eq!(obj.mesh().triangle_count(), 12);
    let a = &level.animations[0];
    let q = Quat::from_rotation_y(std::f32::consts::FRAC_PI_2);
    // LINEAR translation halfway between keys; STEP rotation holds the first key until t = 1.
    let p = a.pose_at(0.5);
    assert_vec_close(
        p.translation,
        v(10.0, 1.0, 0.0),
        1e-6,
        "t = 0.5 translation",
    );
    assert!(
        p.rotation.angle_between(Quat::IDENTITY) < 1e-6,
        "t = 0.5 rotation"
    );
    let p = a.pose_at(1.5);
    assert_vec_close(
        p.translation,
        v(12.0, 2.0, 0.0),
        1e-6,
        "t = 1.5 translation",
    );
    assert!(
        p.rotation.angle_between(q) < 1e-5,
        "t = 1.5 rotation is the second key"
    );
    let p = a.pose_at(0.999);
    assert!(
        p.rotation.angle_between(Quat::IDENTITY) < 1e-6,
        "STEP jumps only at the key"
    );
    // Loops over its 2 s duration.
    assert_vec_close(
        a.pose_at(2.5).translation,
        v(10.0, 1.0, 0.0),
        1e-5,
        "t = 2.5 loops",
    );
    assert_vec_close(
        a.pose_at(-3.0).translation,
        v(10.0, 0.0, 0.0),
        1e-6,
        "negative t is t = 0",
    );
}

#[test]
fn animate_moves_the_object_set_like_object_set_updated() {
    let (d, scene, anim) = animated_doc(|_, _| (vec![], vec![]));
    let mut level = load(&d, &scene, anim, "animate");
    level.animate(0.5).unwrap();
    level.animate(1.5).unwrap();
    let obj = &level.dynamic.objects()[0];
    assert_eq!(obj.previous(), level.animations[0].pose_at(0.5));
    assert_eq!(obj.current(), level.animations[0].pose_at(1.5));
    assert!(!obj.is_at_rest());
    // The box's centre moved from (10, 1, 0) to (12, 2, 0).
    assert_vec_close(
        obj.motion().transform_point(v(10.0, 1.0, 0.0)),
        v(12.0, 2.0, 0.0),
        1e-5,
        "motion",
    );
}

#[test]
fn unsupported_and_broken_channels_are_skipped_without_panics() {
    let (d, scene, anim) = animated_doc(|d, node| {
        let t = floats(d, &[0.0, 1.0], "SCALAR", 2);
        let s = floats(d, &[1.0, 1.0, 1.0, 2.0, 2.0, 2.0], "VEC3", 2);
        // Times that go backwards, and an accessor past the end of its view.
        let bad_t = floats(d, &[1.0, 0.5], "SCALAR", 2);
        let short = floats(d, &[0.0], "SCALAR", 1);
        d.accessors[short]["count"] = json!(1000);
        (
            vec![
                json!({"input": t, "output": s, "interpolation": "LINEAR"}),
                json!({"input": t, "output": s, "interpolation": "CUBICSPLINE"}),
                json!({"input": bad_t, "output": s, "interpolation": "LINEAR"}),
                json!({"input": short, "output": s, "interpolation": "LINEAR"}),
            ],
            vec![
                json!({"sampler": 2, "target": {"node": node, "path": "scale"}}),
                json!({"sampler": 3, "target": {"node": node, "path": "translation"}}),
                json!({"sampler": 4, "target": {"node": node, "path": "translation"}}),
                json!({"sampler": 5, "target": {"node": node, "path": "translation"}}),
            ],
        )
    });
    let level = load(&d, &scene, anim, "broken_channels");
    assert_eq!(level.stats.skipped_animation_channels, 4);
    // The good channels still play.
    assert_vec_close(
        level.animations[0].pose_at(0.5).translation,
        v(10.0, 1.0, 0.0),
        1e-6,
        "still animated",
    );
}

#[test]
fn teaching_level_has_a_lift_door_bar_and_moving_platform() {
    let mut level =
        Level::load(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(teaching::ASSET_PATH))
            .expect("teaching level loads");
    let names: Vec<&str> = level
        .dynamic
        .objects()
        .iter()
        .map(|o| o.name.as_str())
        .collect();
    assert_eq!(
        names,
        [
            "mover/lift_car",
            "mover/moving_platform",
            "mover/sliding_door",
            "mover/spinning_bar"
        ]
    );
    // The lift's top reaches the landing (3 m) at 4.5 s.
    let lift = level.animations[0].clone();
    let top = |t: f64| lift.pose_at(t).translation.y + 0.1;
    assert_close(top(0.0), 0.1, 1e-6, "lift down");
    assert_close(top(4.5), 3.0, 1e-5, "lift up");
    // The bar turns a quarter in 0.5 s, at shin height.
    let bar = &level.animations[3];
    let turned = bar
        .pose_at(0.5)
        .rotation
        .angle_between(bar.pose_at(0.0).rotation);
    assert_close(
        turned,
        std::f32::consts::FRAC_PI_2,
        1e-4,
        "bar quarter turn",
    );
    level.animate(1.0).unwrap();
    level.animate(1.0 + 1.0 / 60.0).unwrap();
    assert!(level.dynamic.objects().iter().any(|o| !o.is_at_rest()));
}
