//! Wavefront OBJ → [`LevelParts`] with `tobj` (triangulated, single index). Materials come
//! from the `.mtl` files it names, resolved inside the OBJ's folder like glTF buffers; a
//! missing or unreadable `.mtl` only means no materials. OBJ has no transforms: positions are
//! taken as world space.

use std::io::BufReader;
use std::path::Path;

use glam::Vec3;

use super::builder::LevelParts;
use super::level_error::{LevelError, LevelErrorKind};
use super::loaded_level::{Material, PrimitiveSource};
use super::source::{self, LoadOptions, UriTarget};

/// Loads an OBJ file whose bytes are `bytes`.
pub fn load_obj(
    path: &Path,
    bytes: Vec<u8>,
    options: &LoadOptions,
) -> Result<LevelParts, LevelError> {
    let folder = path.parent().unwrap_or(Path::new("."));
    let budget = options.max_file_bytes;
    let load_options = tobj::LoadOptions {
        triangulate: true,
        single_index: true,
        ignore_points: true,
        ignore_lines: true,
    };
    let mtl_loader = |mtl: &Path| -> tobj::MTLLoadResult {
        let name = mtl.to_string_lossy();
        match source::resolve_uri(folder, &name) {
            Ok(UriTarget::File(file)) => {
                let data = source::read_within_budget(&file, budget)
                    .map_err(|_| tobj::LoadError::OpenFileFailed)?;
                tobj::load_mtl_buf(&mut BufReader::new(&data[..]))
            }
            _ => Err(tobj::LoadError::OpenFileFailed),
        }
    };
    check_face_indices(&bytes).map_err(|m| LevelError::new(path, LevelErrorKind::Obj(m)))?;
    let (models, materials) =
        tobj::load_obj_buf(&mut BufReader::new(&bytes[..]), &load_options, mtl_loader)
            .map_err(|e| LevelError::new(path, LevelErrorKind::Obj(e.to_string())))?;
    drop(bytes);

    let mut parts = LevelParts::new();
    parts.materials = materials
        .unwrap_or_default()
        .into_iter()
        .map(|m| {
            let [r, g, b] = m.diffuse.unwrap_or([0.8, 0.8, 0.8]);
            Material {
                name: Some(m.name),
                base_color: [r, g, b, m.dissolve.unwrap_or(1.0)],
                texture_mean_color: None,
            }
        })
        .collect();
    let (vertices, normals, triangles) = models.iter().fold((0, 0, 0), |(v, n, t), m| {
        (
            v + m.mesh.positions.len() / 3,
            n + m.mesh.normals.len() / 3,
            t + m.mesh.indices.len() / 3,
        )
    });
    parts.reserve(vertices, normals, triangles);
    for (k, model) in models.into_iter().enumerate() {
        let mesh = model.mesh;
        let positions: Vec<Vec3> = mesh
            .positions
            .chunks_exact(3)
            .map(|c| Vec3::new(c[0], c[1], c[2]))
            .collect();
        let normals: Vec<Vec3> = mesh
            .normals
            .chunks_exact(3)
            .map(|c| Vec3::new(c[0], c[1], c[2]).normalize_or_zero())
            .collect();
        let triangles = mesh.indices.chunks_exact(3).map(|c| [c[0], c[1], c[2]]);
        let source = PrimitiveSource {
            node_index: k,
            node_name: Some(model.name.clone()),
            mesh_index: k,
            mesh_name: Some(model.name),
            primitive_index: 0,
            material: mesh.material_id,
        };
        parts
            .add_batch(positions, &normals, triangles, false, source)
            .map_err(|kind| LevelError::new(path, kind))?;
    }
    Ok(parts)
}

/// Rejects face/line/point elements whose `v`, `vt` or `vn` index cannot exist: zero, a
/// negative (relative) index reaching before the first element, or a positive index past the
/// file's element count. `tobj` 4.0.5 multiplies such indices unchecked and can panic on
/// overflow, so they are caught here first. Unparsable lines are left to `tobj`'s own errors.
fn check_face_indices(bytes: &[u8]) -> Result<(), String> {
    let lines = || {
        bytes
            .split(|&b| b == b'\n')
            .filter_map(|l| std::str::from_utf8(l).ok())
            .enumerate()
    };
    let kind = |tag: &str| match tag {
        "v" => Some(0),
        "vt" => Some(1),
        "vn" => Some(2),
        _ => None,
    };
    let mut total = [0usize; 3];
    for (_, line) in lines() {
        if let Some(k) = line.split_whitespace().next().and_then(kind) {
            total[k] += 1;
        }
    }
    let mut so_far = [0usize; 3];
    for (n, line) in lines() {
        let mut words = line.split_whitespace();
        let Some(tag) = words.next() else { continue };
        if let Some(k) = kind(tag) {
            so_far[k] += 1;
            continue;
        }
        if !matches!(tag, "f" | "l" | "p") {
            continue;
        }
        for vertex in words {
            for (k, part) in vertex.split('/').enumerate().take(3) {
                let Ok(x) = part.parse::<isize>() else {
                    continue;
                };
                let ok = if x < 0 {
                    x.unsigned_abs() <= so_far[k]
                } else {
                    x >= 1 && x.unsigned_abs() <= total[k]
                };
                if !ok {
                    let what = ["vertex", "texture coordinate", "normal"][k];
                    return Err(format!("line {}: {what} index {x} does not exist", n + 1));
                }
            }
        }
    }
    Ok(())
}
