//! Build script: for the browser build (wasm32) only, lists the assets the page carries inside
//! its wasm file (the teaching level, the lessons and their scenes, the Issues scenes), because a
//! browser has no file system to read them from. See `src/vfs.rs`. Native builds get an empty
//! table and read the same paths from the disk.

use std::path::Path;

/// Folders (and files) carried into the browser build, relative to the crate root.
const EMBEDDED: &[&str] = &["assets/teaching.glb", "assets/lessons", "assets/issues"];

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "wasm32");
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let mut files = Vec::new();
    if wasm {
        for e in EMBEDDED {
            println!("cargo:rerun-if-changed={e}");
            collect(&Path::new(&root).join(e), &root, &mut files);
        }
    }
    files.sort();
    let mut out = String::from(
        "/// (path relative to the crate root, bytes)\npub static EMBEDDED: &[(&str, &[u8])] = &[\n",
    );
    for rel in &files {
        out.push_str(&format!(
            "    ({rel:?}, include_bytes!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/\", {rel:?}))),\n"
        ));
    }
    out.push_str("];\n");
    let dest =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}

fn collect(path: &Path, root: &str, out: &mut Vec<String>) {
    if path.is_dir() {
        let Ok(dir) = std::fs::read_dir(path) else {
            return;
        };
        for entry in dir.flatten() {
            collect(&entry.path(), root, out);
        }
    } else if path.is_file()
        && let Ok(rel) = path.strip_prefix(root)
    {
        out.push(rel.to_string_lossy().replace('\\', "/"));
    }
}
