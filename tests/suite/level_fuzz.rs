//! Random bytes and random damage to a valid .glb never panic the loader: they load or give a
//! typed error.

use crate::common;

use std::path::Path;
use std::sync::OnceLock;

use proptest::prelude::*;
use slidescope::level::Level;

fn valid_glb() -> &'static [u8] {
    static GLB: OnceLock<Vec<u8>> = OnceLock::new();
    GLB.get_or_init(|| {
        let (mut doc, nodes) = common::quad_doc();
        doc.node(serde_json::json!({"mesh": 0, "scale": [-1.0, 2.0, 1.0], "children": []}));
        doc.glb(&nodes)
    })
}

/// Writes `bytes` to a file named `name` in a folder of its own (the proptests run in
/// parallel) and loads it; the result is irrelevant, only the absence of a panic counts.
fn load_bytes(bytes: &[u8], name: &str) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("level_fuzz");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    let _ = Level::load(&path);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..256)) {
        load_bytes(&bytes, "random.glb");
    }

    #[test]
    fn truncated_valid_glb_never_panics(cut in 0usize..2000) {
        let glb = valid_glb();
        load_bytes(&glb[..cut.min(glb.len())], "cut.glb");
    }

    #[test]
    fn corrupted_valid_glb_never_panics(at in 0usize..2000, value in any::<u8>(), n in 1usize..4) {
        let mut glb = valid_glb().to_vec();
        for k in 0..n {
            let i = (at + 37 * k) % glb.len();
            glb[i] = value.wrapping_add(k as u8);
        }
        load_bytes(&glb, "corrupt.glb");
    }
}

/// One random OBJ line: vertices, faces with any (also zero, negative, out-of-range) indices,
/// normals, texture coordinates, lines, points, material statements and junk.
fn obj_line() -> impl Strategy<Value = String> {
    let idx = || -6i32..10;
    prop_oneof![
        (any::<f32>(), -2.0f32..2.0, -2.0f32..2.0).prop_map(|(a, b, c)| format!("v {a} {b} {c}")),
        (idx(), idx(), idx()).prop_map(|(a, b, c)| format!("f {a} {b} {c}")),
        (idx(), idx(), idx(), idx())
            .prop_map(|(a, b, c, d)| format!("f {a}/{b} {c}//{d} {a}/{b}/{c}")),
        (idx(), idx()).prop_map(|(a, b)| format!("l {a} {b}")),
        idx().prop_map(|a| format!("p {a}")),
        Just("vn 0 1 0".to_string()),
        Just("vt 0.5 0.5".to_string()),
        Just("mtllib ../../etc/passwd".to_string()),
        Just("usemtl nothing".to_string()),
        Just("o".to_string()),
        "[ -~]{0,20}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_obj_text_never_panics(lines in proptest::collection::vec(obj_line(), 0..24)) {
        load_bytes(lines.join("\n").as_bytes(), "random.obj");
    }
}
