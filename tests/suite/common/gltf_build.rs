//! Builds small glTF files for the loader tests (JSON + one binary buffer), and per-test
//! temporary folders under Cargo's integration-test temp dir.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

pub const F32: u32 = 5126;
pub const U8: u32 = 5121;
pub const U16: u32 = 5123;
pub const U32: u32 = 5125;
pub const I8: u32 = 5120;
pub const I16: u32 = 5122;

/// A fresh empty folder for one test.
pub fn temp_dir(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("level_tests")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A glTF document under construction with a single buffer.
#[derive(Debug, Default, Clone)]
pub struct Doc {
    pub bin: Vec<u8>,
    pub views: Vec<Value>,
    pub accessors: Vec<Value>,
    pub meshes: Vec<Value>,
    pub nodes: Vec<Value>,
    pub materials: Vec<Value>,
    pub extras: Option<Value>,
}

impl Doc {
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends raw bytes as a new bufferView (4-byte aligned); returns its index.
    pub fn view(&mut self, bytes: &[u8]) -> usize {
        while !self.bin.len().is_multiple_of(4) {
            self.bin.push(0);
        }
        let offset = self.bin.len();
        self.bin.extend_from_slice(bytes);
        self.views
            .push(json!({"buffer": 0, "byteOffset": offset, "byteLength": bytes.len()}));
        self.views.len() - 1
    }

    pub fn accessor(&mut self, a: Value) -> usize {
        self.accessors.push(a);
        self.accessors.len() - 1
    }

    /// A float VEC3 POSITION accessor (min/max computed over finite values).
    pub fn positions(&mut self, p: &[[f32; 3]]) -> usize {
        let bytes: Vec<u8> = p.iter().flatten().flat_map(|f| f.to_le_bytes()).collect();
        let view = self.view(&bytes);
        let mut mn = [f32::MAX; 3];
        let mut mx = [f32::MIN; 3];
        for v in p {
            for k in 0..3 {
                if v[k].is_finite() {
                    mn[k] = mn[k].min(v[k]);
                    mx[k] = mx[k].max(v[k]);
                }
            }
        }
        self.accessor(
            json!({"bufferView": view, "componentType": F32, "count": p.len(),
            "type": "VEC3", "min": mn, "max": mx}),
        )
    }

    pub fn indices_u8(&mut self, i: &[u8]) -> usize {
        let view = self.view(i);
        self.accessor(
            json!({"bufferView": view, "componentType": U8, "count": i.len(), "type": "SCALAR"}),
        )
    }

    pub fn indices_u16(&mut self, i: &[u16]) -> usize {
        let bytes: Vec<u8> = i.iter().flat_map(|v| v.to_le_bytes()).collect();
        let view = self.view(&bytes);
        self.accessor(
            json!({"bufferView": view, "componentType": U16, "count": i.len(), "type": "SCALAR"}),
        )
    }

    pub fn indices_u32(&mut self, i: &[u32]) -> usize {
        let bytes: Vec<u8> = i.iter().flat_map(|v| v.to_le_bytes()).collect();
        let view = self.view(&bytes);
        self.accessor(
            json!({"bufferView": view, "componentType": U32, "count": i.len(), "type": "SCALAR"}),
        )
    }

    /// A mesh with one primitive; returns the mesh index.
    pub fn mesh(&mut self, position: usize, indices: Option<usize>, mode: u32) -> usize {
        let mut prim = json!({"attributes": {"POSITION": position}, "mode": mode});
        if let Some(i) = indices {
            prim["indices"] = json!(i);
        }
        self.meshes.push(json!({"primitives": [prim]}));
        self.meshes.len() - 1
    }

    pub fn node(&mut self, n: Value) -> usize {
        self.nodes.push(n);
        self.nodes.len() - 1
    }

    /// The JSON root; `uri` is the buffer's URI (`None` for a GLB BIN chunk).
    pub fn root(&self, scene_nodes: &[usize], uri: Option<&str>) -> Value {
        let mut buffer = json!({"byteLength": self.bin.len()});
        if let Some(u) = uri {
            buffer["uri"] = json!(u);
        }
        let mut asset = json!({"version": "2.0", "generator": "slidescope tests"});
        if let Some(e) = &self.extras {
            asset["extras"] = e.clone();
        }
        let mut root = json!({
            "asset": asset,
            "scene": 0,
            "scenes": [{"nodes": scene_nodes}],
            "nodes": self.nodes,
            "meshes": self.meshes,
            "accessors": self.accessors,
            "bufferViews": self.views,
            "buffers": [buffer],
        });
        if !self.materials.is_empty() {
            root["materials"] = json!(self.materials);
        }
        root
    }

    /// The document as a `.glb` (JSON chunk + BIN chunk).
    pub fn glb(&self, scene_nodes: &[usize]) -> Vec<u8> {
        glb_from(&self.root(scene_nodes, None), &self.bin)
    }

    /// Writes `name.glb` into `dir` and returns its path.
    pub fn write_glb(&self, dir: &Path, name: &str, scene_nodes: &[usize]) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, self.glb(scene_nodes)).unwrap();
        path
    }
}

/// Packs a JSON root and a binary blob into a GLB (the loader's own writer).
pub fn glb_from(root: &Value, bin: &[u8]) -> Vec<u8> {
    slidescope::level::pack_glb(&serde_json::to_vec(root).unwrap(), bin).unwrap()
}

/// A unit quad in the XZ plane at height 0 facing +Y, as two triangles (4 vertices).
pub const QUAD: [[f32; 3]; 4] = [
    [0.0, 0.0, 0.0],
    [0.0, 0.0, 1.0],
    [1.0, 0.0, 1.0],
    [1.0, 0.0, 0.0],
];
pub const QUAD_INDICES: [u16; 6] = [0, 1, 2, 0, 2, 3];

/// One node holding a +Y-facing quad; returns the doc and the scene node list.
pub fn quad_doc() -> (Doc, Vec<usize>) {
    let mut d = Doc::new();
    let p = d.positions(&QUAD);
    let i = d.indices_u16(&QUAD_INDICES);
    let m = d.mesh(p, Some(i), 4);
    let n = d.node(json!({"mesh": m, "name": "quad"}));
    (d, vec![n])
}
