//! glTF geometry features: primitive modes, index types, transforms, winding, quantized
//! positions, external and data-URI buffers, materials and spawn points from extras.

use crate::common;

use common::{Doc, QUAD, QUAD_INDICES, quad_doc, temp_dir};
use glam::Vec3;
use serde_json::json;
use slidescope::level::Level;

fn load(doc: &Doc, nodes: &[usize], test: &str) -> Level {
    let dir = temp_dir(test);
    Level::load(doc.write_glb(&dir, "level.glb", nodes)).unwrap()
}

#[test]
fn points_and_lines_primitives_are_skipped_and_counted() {
    let (mut doc, mut nodes) = quad_doc();
    let p = doc.positions(&QUAD);
    for mode in [0, 1, 2, 3] {
        let m = doc.mesh(p, None, mode);
        nodes.push(doc.node(json!({"mesh": m})));
    }
    let level = load(&doc, &nodes, "non_triangle");
    assert_eq!(level.stats.skipped_non_triangle_primitives, 4);
    assert_eq!(level.stats.triangles_loaded, 2);
}

#[test]
fn strip_of_six_vertices_gives_four_triangles_all_facing_up() {
    // A zig-zag strip along +X in the XZ plane: 0 (0,0,0) 1 (0,0,1) 2 (1,0,0) 3 (1,0,1) ...
    // Odd triangles must be re-wound (spec) or half of them would face down.
    let mut doc = Doc::new();
    let v: Vec<[f32; 3]> = (0..6)
        .map(|i| [(i / 2) as f32, 0.0, (i % 2) as f32])
        .collect();
    let p = doc.positions(&v);
    let m = doc.mesh(p, None, 5);
    let n = doc.node(json!({"mesh": m}));
    let level = load(&doc, &[n], "strip");
    assert_eq!(level.stats.triangles_loaded, 4);
    for t in 0..4 {
        assert!(level.collision.triangle(t).normal.y > 0.99, "triangle {t}");
    }
}

#[test]
fn fan_of_six_vertices_gives_four_triangles_all_facing_up() {
    let mut doc = Doc::new();
    let mut v = vec![[0.0f32, 0.0, 0.0]];
    for k in 0..5 {
        let a = -(k as f32) * 0.5;
        v.push([a.cos(), 0.0, a.sin()]);
    }
    let p = doc.positions(&v);
    let i = doc.indices_u8(&[0, 1, 2, 3, 4, 5]);
    let m = doc.mesh(p, Some(i), 6);
    let n = doc.node(json!({"mesh": m}));
    let level = load(&doc, &[n], "fan");
    assert_eq!(level.stats.triangles_loaded, 4);
    for t in 0..4 {
        let normal = level.collision.triangle(t).normal;
        assert!(normal.y > 0.99, "triangle {t}: {normal:?}");
    }
}

#[test]
fn u8_u16_u32_and_missing_indices_give_the_same_triangles() {
    let mut doc = Doc::new();
    let p = doc.positions(&QUAD);
    let idx = [0u32, 1, 2, 0, 2, 3];
    let i8 = doc.indices_u8(&idx.map(|i| i as u8));
    let i16 = doc.indices_u16(&QUAD_INDICES);
    let i32 = doc.indices_u32(&idx);
    let flat: Vec<[f32; 3]> = idx.iter().map(|&i| QUAD[i as usize]).collect();
    let p_flat = doc.positions(&flat);
    let mut nodes = Vec::new();
    for (pos, ind) in [
        (p, Some(i8)),
        (p, Some(i16)),
        (p, Some(i32)),
        (p_flat, None),
    ] {
        let m = doc.mesh(pos, ind, 4);
        nodes.push(doc.node(json!({"mesh": m})));
    }
    let level = load(&doc, &nodes, "index_types");
    assert_eq!(level.stats.triangles_loaded, 8);
    let first: Vec<_> = (0..2).map(|t| level.collision.triangle(t)).collect();
    for k in 1..4 {
        for t in 0..2 {
            assert_eq!(level.collision.triangle(2 * k + t), first[t as usize]);
        }
    }
}

#[test]
fn negative_scale_node_flips_winding_so_the_normal_still_faces_up() {
    let (mut doc, _) = quad_doc();
    // Mirror in X: the quad stays horizontal; without the flip its normal would face down.
    doc.nodes[0]["scale"] = json!([-1.0, 1.0, 1.0]);
    let level = load(&doc, &[0], "negative_scale");
    for t in 0..2 {
        let tri = level.collision.triangle(t);
        assert!(tri.normal.y > 0.99, "{:?}", tri.normal);
        assert!(tri.vertices.iter().all(|v| v.x <= 0.0));
    }
    // Render normals are transformed too (computed from the flipped triangles here).
    assert!(level.render_meshes[0].normals.iter().all(|n| n.y > 0.99));
}

#[test]
fn nested_trs_and_matrix_transforms_are_composed() {
    let mut doc = Doc::new();
    let p = doc.positions(&[[1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]]);
    let m = doc.mesh(p, None, 4);
    let leaf = doc.node(json!({"mesh": m, "name": "leaf"}));
    // Middle: matrix = translate (0, 5, 0) (column-major).
    let middle = doc.node(json!({"children": [leaf], "matrix":
        [1.0,0.0,0.0,0.0, 0.0,1.0,0.0,0.0, 0.0,0.0,1.0,0.0, 0.0,5.0,0.0,1.0]}));
    // Top: T (10, 0, 0) · R (90° about +Y) · S 2.
    let s = std::f32::consts::FRAC_1_SQRT_2;
    let top = doc.node(
        json!({"children": [middle], "translation": [10.0, 0.0, 0.0],
        "rotation": [0.0, s, 0.0, s], "scale": [2.0, 2.0, 2.0]}),
    );
    let level = load(&doc, &[top], "nested_transforms");
    let tri = level.collision.triangle(0);
    // (1,0,0) → middle (1,5,0) → scale (2,10,0) → rotate 90° about Y: (0,10,-2) → (10,10,-2).
    assert!(
        (tri.vertices[0] - Vec3::new(10.0, 10.0, -2.0)).length() < 1e-5,
        "{:?}",
        tri.vertices
    );
    assert!(
        (tri.vertices[2] - Vec3::new(10.0, 10.0, 0.0)).length() < 1e-5,
        "{:?}",
        tri.vertices
    );
    assert_eq!(
        level.render_meshes[0].source.node_name.as_deref(),
        Some("leaf")
    );
}

#[test]
fn a_mesh_used_by_two_nodes_is_placed_twice() {
    let (mut doc, _) = quad_doc();
    doc.node(json!({"mesh": 0, "translation": [0.0, 3.0, 0.0]}));
    let level = load(&doc, &[0, 1], "instancing");
    assert_eq!(level.stats.triangles_loaded, 4);
    assert_eq!(level.render_meshes.len(), 2);
    assert_eq!(level.stats.bounds.max.y, 3.0);
}

#[test]
fn quantized_u16_normalized_and_i8_positions_are_decoded() {
    // KHR_mesh_quantization: u16 normalized (65535 → 1.0) and plain i8 integers.
    let mut doc = Doc::new();
    let q: [[u16; 3]; 3] = [[65535, 0, 0], [0, 0, 65535], [0, 0, 0]];
    let mut bytes: Vec<u8> = Vec::new();
    for v in q {
        for c in v {
            bytes.extend_from_slice(&c.to_le_bytes());
        }
        bytes.extend_from_slice(&[0, 0]); // pad each element to 8 bytes
    }
    let view = doc.view(&bytes);
    doc.views[view]["byteStride"] = json!(8);
    let a = doc.accessor(json!({"bufferView": view, "componentType": common::U16,
        "normalized": true, "count": 3, "type": "VEC3", "min": [0,0,0], "max": [65535,0,65535]}));
    let m1 = doc.mesh(a, None, 4);
    let i8bytes: Vec<u8> = [[-4i8, 2, 0, 0], [0, 2, -4, 0], [0, 2, 0, 0]]
        .iter()
        .flatten()
        .map(|&v| v as u8)
        .collect();
    let view2 = doc.view(&i8bytes);
    doc.views[view2]["byteStride"] = json!(4);
    let b = doc.accessor(json!({"bufferView": view2, "componentType": common::I8,
        "count": 3, "type": "VEC3", "min": [-4,2,-4], "max": [0,2,0]}));
    let m2 = doc.mesh(b, None, 4);
    let n1 = doc.node(json!({"mesh": m1}));
    let n2 = doc.node(json!({"mesh": m2}));
    let dir = temp_dir("quantized");
    let mut root = doc.root(&[n1, n2], None);
    root["extensionsUsed"] = json!(["KHR_mesh_quantization"]);
    root["extensionsRequired"] = json!(["KHR_mesh_quantization"]);
    let path = dir.join("q.glb");
    std::fs::write(&path, common::glb_from(&root, &doc.bin)).unwrap();
    let level = Level::load(&path).unwrap();
    assert_eq!(level.stats.triangles_loaded, 2);
    assert_eq!(
        level.collision.triangle(0).vertices,
        [Vec3::X, Vec3::Z, Vec3::ZERO]
    );
    assert_eq!(
        level.collision.triangle(1).vertices,
        [
            Vec3::new(-4.0, 2.0, 0.0),
            Vec3::new(0.0, 2.0, -4.0),
            Vec3::new(0.0, 2.0, 0.0)
        ]
    );
}

#[test]
fn gltf_with_external_bin_in_a_subfolder_loads() {
    let dir = temp_dir("external_bin");
    let (doc, nodes) = quad_doc();
    std::fs::create_dir_all(dir.join("data")).unwrap();
    std::fs::write(dir.join("data/my quad.bin"), &doc.bin).unwrap();
    let path = dir.join("level.gltf");
    let root = doc.root(&nodes, Some("data/my%20quad.bin"));
    std::fs::write(&path, serde_json::to_vec(&root).unwrap()).unwrap();
    let level = Level::load(&path).unwrap();
    assert_eq!(level.stats.triangles_loaded, 2);
}

#[test]
fn gltf_with_data_uri_buffer_loads() {
    let dir = temp_dir("data_uri");
    let (doc, nodes) = quad_doc();
    let uri = format!("data:application/octet-stream;base64,{}", base64(&doc.bin));
    let path = dir.join("level.gltf");
    std::fs::write(
        &path,
        serde_json::to_vec(&doc.root(&nodes, Some(&uri))).unwrap(),
    )
    .unwrap();
    let level = Level::load(&path).unwrap();
    assert_eq!(level.stats.triangles_loaded, 2);
    assert_eq!(level.stats.bounds.max, Vec3::new(1.0, 0.0, 1.0));
}

fn base64(bytes: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for c in bytes.chunks(3) {
        let n = (u32::from(c[0]) << 16)
            | (u32::from(*c.get(1).unwrap_or(&0)) << 8)
            | u32::from(*c.get(2).unwrap_or(&0));
        for k in 0..4 {
            if k <= c.len() {
                out.push(A[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[test]
fn materials_and_spawn_points_come_from_the_file() {
    let (mut doc, nodes) = quad_doc();
    doc.materials
        .push(json!({"name": "red", "pbrMetallicRoughness":
        {"baseColorFactor": [1.0, 0.0, 0.0, 0.5]}}));
    doc.meshes[0]["primitives"][0]["material"] = json!(0);
    doc.extras = Some(json!({"spawn_points": [
        {"name": "start", "position": [0.5, 1.0, 0.5], "feet": [0.5, 0.0, 0.5]},
        [0.25, 0.0, 0.25],
        {"name": "no position"}
    ]}));
    let level = load(&doc, &nodes, "materials_spawns");
    assert_eq!(level.materials[0].name.as_deref(), Some("red"));
    assert_eq!(level.materials[0].base_color, [1.0, 0.0, 0.0, 0.5]);
    assert_eq!(level.render_meshes[0].material, Some(0));
    assert_eq!(level.spawn_points.len(), 2);
    assert_eq!(level.spawn_points[0].name, "start");
    assert_eq!(level.spawn_points[0].feet, Vec3::new(0.5, 0.0, 0.5));
    assert_eq!(
        level.spawn_points[0].stored,
        Some(("position".to_string(), Vec3::new(0.5, 1.0, 0.5)))
    );
    assert_eq!(level.spawn_points[1].feet, Vec3::new(0.25, 0.0, 0.25));
}

#[test]
fn automatic_spawn_stands_on_the_floor_not_inside_a_box() {
    // A floor quad 10 x 10 at y = 0 and a closed 2 x 1.5 x 2 box (all faces) at its centre:
    // the floor inside the box has only 1.5 of head room, so the spawn is on the box's top or
    // on the floor outside it, never inside.
    let (mut doc, mut nodes) = quad_doc();
    doc.nodes[0]["scale"] = json!([10.0, 1.0, 10.0]);
    doc.nodes[0]["translation"] = json!([-5.0, 0.0, -5.0]);
    let c = [
        [-1.0f32, 0.0, -1.0],
        [1.0, 0.0, -1.0],
        [1.0, 0.0, 1.0],
        [-1.0, 0.0, 1.0],
        [-1.0, 1.5, -1.0],
        [1.0, 1.5, -1.0],
        [1.0, 1.5, 1.0],
        [-1.0, 1.5, 1.0],
    ];
    let p = doc.positions(&c);
    let i = doc.indices_u16(&[
        0, 1, 2, 0, 2, 3, 4, 6, 5, 4, 7, 6, 0, 4, 5, 0, 5, 1, 1, 5, 6, 1, 6, 2, 2, 6, 7, 2, 7, 3,
        3, 7, 4, 3, 4, 0,
    ]);
    let m = doc.mesh(p, Some(i), 4);
    nodes.push(doc.node(json!({"mesh": m})));
    let level = load(&doc, &nodes, "auto_spawn_box");
    let s = &level.spawn_points[0];
    assert!(s.automatic);
    let over_box = s.feet.x.abs() <= 1.0 && s.feet.z.abs() <= 1.0;
    if over_box {
        assert_eq!(s.feet.y, 1.5, "inside the box: {:?}", s.feet);
    } else {
        assert_eq!(s.feet.y, 0.0, "{:?}", s.feet);
    }
}
