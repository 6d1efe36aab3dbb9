//! The broken-file corpus: each bad input gives its own one-line error (or loads with the bad
//! triangles dropped and counted), and never panics. Files are generated into a temp folder.

use crate::common;

use common::{Doc, QUAD, glb_from, quad_doc, temp_dir};
use serde_json::json;
use slidescope::level::{Level, LevelErrorKind, LoadOptions, UriRefusal};

fn kind_of(path: &std::path::Path) -> LevelErrorKind {
    let err = Level::load(path).expect_err("load must fail");
    let line = err.to_string();
    assert!(!line.contains('\n'), "error spans lines: {line}");
    assert!(
        line.contains(&*path.file_name().unwrap().to_string_lossy()),
        "{line}"
    );
    err.kind
}

#[test]
fn missing_file_is_not_found() {
    let dir = temp_dir("missing_file");
    assert_eq!(kind_of(&dir.join("nope.glb")), LevelErrorKind::NotFound);
}

#[test]
fn text_file_is_neither_gltf_nor_obj() {
    let dir = temp_dir("not_a_level");
    let path = dir.join("notes.txt");
    std::fs::write(&path, "hello").unwrap();
    assert_eq!(kind_of(&path), LevelErrorKind::UnknownFormat);
}

#[test]
fn glb_extension_without_magic_is_a_glb_error() {
    let dir = temp_dir("glb_no_magic");
    let path = dir.join("fake.glb");
    std::fs::write(&path, b"PK\x03\x04 not a glb").unwrap();
    assert!(matches!(kind_of(&path), LevelErrorKind::Glb(_)));
}

#[test]
fn malformed_json_is_a_json_error() {
    let dir = temp_dir("malformed_json");
    let path = dir.join("bad.gltf");
    std::fs::write(&path, br#"{"asset": {"version": "2.0"}, "nodes": [ "#).unwrap();
    assert!(matches!(kind_of(&path), LevelErrorKind::Json(_)));
}

#[test]
fn truncated_glb_is_a_glb_error() {
    let dir = temp_dir("truncated_glb");
    let (doc, nodes) = quad_doc();
    let bytes = doc.glb(&nodes);
    let path = dir.join("cut.glb");
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    assert!(matches!(kind_of(&path), LevelErrorKind::Glb(_)));
}

#[test]
fn glb_header_length_below_header_size_is_an_error_not_an_underflow() {
    let dir = temp_dir("glb_tiny_length");
    let mut bytes = b"glTF".to_vec();
    bytes.extend_from_slice(&2u32.to_le_bytes());
    bytes.extend_from_slice(&4u32.to_le_bytes());
    let path = dir.join("tiny.glb");
    std::fs::write(&path, &bytes).unwrap();
    assert!(matches!(kind_of(&path), LevelErrorKind::Glb(_)));
}

#[test]
fn glb_chunk_longer_than_the_file_is_an_error() {
    let dir = temp_dir("glb_long_chunk");
    let (doc, nodes) = quad_doc();
    let mut bytes = doc.glb(&nodes);
    bytes[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
    let path = dir.join("long.glb");
    std::fs::write(&path, &bytes).unwrap();
    assert!(matches!(kind_of(&path), LevelErrorKind::Glb(_)));
}

#[test]
fn buffer_shorter_than_its_views_is_a_buffer_view_error() {
    let dir = temp_dir("short_buffer");
    let (mut doc, nodes) = quad_doc();
    // The index view claims to run 100 bytes past the end of the buffer.
    doc.views[1]["byteLength"] = json!(112);
    let mut root = doc.root(&nodes, None);
    root["buffers"][0]["byteLength"] = json!(doc.bin.len());
    let path = dir.join("short.glb");
    std::fs::write(&path, glb_from(&root, &doc.bin)).unwrap();
    assert!(
        matches!(kind_of(&path), LevelErrorKind::BufferView { view: 1, .. }),
        "{:?}",
        Level::load(&path).err()
    );
}

#[test]
fn buffer_smaller_than_its_byte_length_is_a_buffer_error() {
    let dir = temp_dir("buffer_byte_length");
    let (doc, nodes) = quad_doc();
    let mut root = doc.root(&nodes, None);
    root["buffers"][0]["byteLength"] = json!(doc.bin.len() + 1000);
    let path = dir.join("small.glb");
    std::fs::write(&path, glb_from(&root, &doc.bin)).unwrap();
    assert!(matches!(
        kind_of(&path),
        LevelErrorKind::Buffer { buffer: 0, .. }
    ));
}

#[test]
fn accessor_out_of_its_view_is_an_accessor_error() {
    let dir = temp_dir("accessor_out_of_range");
    let (mut doc, nodes) = quad_doc();
    doc.accessors[0]["count"] = json!(1000);
    let path = doc.write_glb(&dir, "acc.glb", &nodes);
    assert!(matches!(
        kind_of(&path),
        LevelErrorKind::Accessor { accessor: 0, .. }
    ));
}

#[test]
fn accessor_with_huge_count_is_an_error_not_an_overflow() {
    let dir = temp_dir("accessor_huge_count");
    let (mut doc, nodes) = quad_doc();
    doc.accessors[1]["count"] = json!(u64::MAX / 2);
    doc.accessors[1]["byteOffset"] = json!(u64::MAX / 2);
    let path = doc.write_glb(&dir, "huge.glb", &nodes);
    assert!(matches!(
        kind_of(&path),
        LevelErrorKind::Accessor { accessor: 1, .. }
    ));
}

#[test]
fn missing_accessor_mesh_and_node_indices_are_errors() {
    let dir = temp_dir("dangling_indices");
    for (name, edit) in [
        ("acc.glb", 0),
        ("mesh.glb", 1),
        ("node.glb", 2),
        ("view.glb", 3),
    ] {
        let (mut doc, mut nodes) = quad_doc();
        match edit {
            0 => doc.meshes[0]["primitives"][0]["attributes"]["POSITION"] = json!(99),
            1 => doc.nodes[0]["mesh"] = json!(99),
            2 => nodes.push(77),
            _ => doc.accessors[0]["bufferView"] = json!(55),
        }
        let path = doc.write_glb(&dir, name, &nodes);
        let kind = kind_of(&path);
        assert!(
            matches!(
                kind,
                LevelErrorKind::Invalid(_) | LevelErrorKind::Accessor { .. }
            ),
            "{name}: {kind:?}"
        );
    }
}

#[test]
fn node_cycle_is_an_error_not_a_stack_overflow() {
    let dir = temp_dir("node_cycle");
    let (mut doc, nodes) = quad_doc();
    doc.nodes[0]["children"] = json!([1]);
    doc.node(json!({"children": [0]}));
    let path = doc.write_glb(&dir, "cycle.glb", &nodes);
    assert!(matches!(kind_of(&path), LevelErrorKind::Invalid(_)));
}

#[test]
fn out_of_range_indices_drop_their_triangles_and_are_counted() {
    let dir = temp_dir("index_out_of_range");
    let mut doc = Doc::new();
    let p = doc.positions(&QUAD);
    let i = doc.indices_u16(&[0, 1, 2, 0, 2, 3, 0, 2, 400]);
    let m = doc.mesh(p, Some(i), 4);
    let n = doc.node(json!({"mesh": m}));
    let path = doc.write_glb(&dir, "idx.glb", &[n]);
    let level = Level::load(&path).unwrap();
    assert_eq!(level.stats.triangles_loaded, 2);
    assert_eq!(level.stats.dropped_bad_index, 1);
    assert_eq!(level.stats.triangles_in_file, 3);
    assert_eq!(level.render_meshes[0].indices.len(), 6);
}

#[test]
fn nan_and_inf_positions_drop_only_their_triangles() {
    let dir = temp_dir("non_finite");
    let mut doc = Doc::new();
    let mut p = QUAD.to_vec();
    p.push([f32::NAN, 0.0, 0.0]);
    p.push([0.0, f32::INFINITY, 0.0]);
    let pos = doc.positions(&p);
    let i = doc.indices_u16(&[0, 1, 2, 0, 2, 3, 0, 1, 4, 2, 5, 3, 4, 5, 0]);
    let m = doc.mesh(pos, Some(i), 4);
    let n = doc.node(json!({"mesh": m}));
    let path = doc.write_glb(&dir, "nan.glb", &[n]);
    let level = Level::load(&path).unwrap();
    assert_eq!(level.stats.triangles_loaded, 2);
    assert_eq!(level.stats.dropped_non_finite, 3);
    assert!(level.stats.bounds.max.is_finite() && level.stats.bounds.min.is_finite());
}

fn refused(uri: &str, test: &str) -> UriRefusal {
    let dir = temp_dir(test);
    let (doc, nodes) = quad_doc();
    let path = dir.join("level.gltf");
    std::fs::write(
        &path,
        serde_json::to_vec(&doc.root(&nodes, Some(uri))).unwrap(),
    )
    .unwrap();
    match kind_of(&path) {
        LevelErrorKind::RefusedUri {
            buffer: 0, reason, ..
        } => reason,
        other => panic!("{uri}: {other:?}"),
    }
}

#[test]
fn uri_escaping_the_folder_is_refused() {
    assert_eq!(
        refused("../../x.bin", "uri_escape"),
        UriRefusal::EscapesFolder
    );
    assert_eq!(
        refused("sub/../../x.bin", "uri_escape2"),
        UriRefusal::EscapesFolder
    );
}

#[test]
fn absolute_path_uri_is_refused() {
    assert_eq!(refused("/etc/passwd", "uri_absolute"), UriRefusal::Absolute);
    assert_eq!(refused("C:/level.bin", "uri_drive"), UriRefusal::Absolute);
}

#[test]
fn http_uri_is_refused() {
    assert_eq!(
        refused("http://example.com/x.bin", "uri_http"),
        UriRefusal::Network
    );
    assert_eq!(
        refused("https://example.com/x.bin", "uri_https"),
        UriRefusal::Network
    );
    assert_eq!(
        refused("file:///etc/passwd", "uri_file"),
        UriRefusal::Scheme
    );
}

#[test]
fn missing_external_buffer_names_the_buffer_file() {
    let dir = temp_dir("missing_bin");
    let (doc, nodes) = quad_doc();
    let path = dir.join("level.gltf");
    std::fs::write(
        &path,
        serde_json::to_vec(&doc.root(&nodes, Some("gone.bin"))).unwrap(),
    )
    .unwrap();
    let err = Level::load(&path).unwrap_err();
    assert_eq!(err.kind, LevelErrorKind::NotFound);
    assert!(err.to_string().contains("gone.bin"), "{err}");
}

#[test]
fn file_over_the_byte_budget_is_refused_with_its_size() {
    let dir = temp_dir("budget");
    let (doc, nodes) = quad_doc();
    let path = doc.write_glb(&dir, "big.glb", &nodes);
    let size = std::fs::metadata(&path).unwrap().len();
    let err = Level::load_with(
        &path,
        &LoadOptions {
            max_file_bytes: 100,
        },
    )
    .unwrap_err();
    assert_eq!(err.kind, LevelErrorKind::TooLarge { size, budget: 100 });
    assert!(err.to_string().contains(&size.to_string()));
}

#[test]
fn level_with_only_degenerate_triangles_is_a_no_triangles_error() {
    let dir = temp_dir("all_degenerate");
    let mut doc = Doc::new();
    let p = doc.positions(&[[0.0; 3], [1.0, 0.0, 0.0], [2.0, 0.0, 0.0]]);
    let m = doc.mesh(p, None, 4);
    let n = doc.node(json!({"mesh": m}));
    let path = doc.write_glb(&dir, "flat.glb", &[n]);
    assert!(matches!(kind_of(&path), LevelErrorKind::NoTriangles(_)));
}

#[test]
fn sparse_accessor_is_reported_unsupported() {
    let dir = temp_dir("sparse");
    let (mut doc, nodes) = quad_doc();
    doc.accessors[0]["sparse"] = json!({"count": 1,
        "indices": {"bufferView": 1, "componentType": common::U16},
        "values": {"bufferView": 0}});
    let path = doc.write_glb(&dir, "sparse.glb", &nodes);
    assert!(matches!(kind_of(&path), LevelErrorKind::Unsupported(_)));
}
