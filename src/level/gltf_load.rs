//! glTF 2.0 (`.gltf` + `.bin`/data URIs, or `.glb`) → [`LevelParts`].
//!
//! Walks the default scene (or the first; with no scene, every root node) through the node
//! hierarchy, composing TRS and matrix transforms; a negative determinant flips the winding.
//! Triangle lists, strips and fans become triangles; points and lines are skipped and
//! counted. Every index the file gives is checked before it is followed.

use std::borrow::Cow;
use std::path::Path;

use glam::{Mat3, Mat4, Quat, Vec3};
use gltf::json::mesh::{Mode, Semantic};
use gltf::json::validation::Checked;
use gltf::json::{self, Index};

use super::builder::LevelParts;
use super::glb_container::split_glb;
use super::gltf_accessor::{count, read_indices, read_vec3};
use super::gltf_anim::read_node_channels;
use super::gltf_buffers::{load_buffers, parse_json};
use super::gltf_material::read_materials;
use super::level_animation::{LevelAnimation, NodeChannels};
use super::level_error::{LevelError, LevelErrorKind};
use super::loaded_level::PrimitiveSource;
use super::source::{LevelFormat, LoadOptions};
use super::spawn::spawn_points_from_extras;
use crate::collision::RigidPose;

/// Loads a glTF file whose bytes are `bytes`. The bytes are dropped before the collision mesh
/// is built.
pub fn load_gltf(
    path: &Path,
    bytes: Vec<u8>,
    format: LevelFormat,
    options: &LoadOptions,
) -> Result<LevelParts, LevelError> {
    let at = |k: LevelErrorKind| LevelError::new(path, k);
    let (json_bytes, bin) = if format == LevelFormat::Glb {
        let chunks = split_glb(&bytes).map_err(at)?;
        (chunks.json, chunks.bin)
    } else {
        (&bytes[..], None)
    };
    let root = parse_json(json_bytes).map_err(at)?;
    let buffers = load_buffers(&root, bin, path, options.max_file_bytes)?;
    let folder = path.parent().unwrap_or(Path::new("."));

    let mut parts = LevelParts::new();
    let (vertices, with_normals, triangles) = estimate_sizes(&root);
    parts.reserve(vertices, with_normals, triangles);
    parts.materials = read_materials(&root, &buffers, folder);
    if let Some(extras) = &root.asset.extras
        && let Ok(value) = serde_json::from_str::<serde_json::Value>(extras.get())
    {
        parts.spawn_points = spawn_points_from_extras(&value);
    }
    let (channels, report) = read_node_channels(&root, &buffers);
    parts.skipped_animation_channels = report.skipped_channels;
    walk_scene(&root, &buffers, &mut parts, &channels).map_err(at)?;
    Ok(parts)
}

/// Vertices, vertices with normals and triangles of all mesh instances (every node with a
/// mesh counted once), for exact allocations up front. Only a hint: capped, and a bad file
/// simply gets a wrong guess.
fn estimate_sizes(root: &json::Root) -> (usize, usize, usize) {
    const CAP: usize = 1 << 28;
    let (mut vertices, mut with_normals, mut triangles) = (0usize, 0usize, 0usize);
    let meshes = root.nodes.iter().filter_map(|n| n.mesh);
    for prim in meshes
        .filter_map(|m| root.meshes.get(m.value()))
        .flat_map(|m| &m.primitives)
    {
        let Some(v) = prim
            .attributes
            .get(&Checked::Valid(Semantic::Positions))
            .and_then(|&a| count(root, a))
        else {
            continue;
        };
        let n = prim.indices.and_then(|i| count(root, i)).unwrap_or(v);
        let t = match prim.mode {
            Checked::Valid(Mode::Triangles) => n / 3,
            Checked::Valid(Mode::TriangleStrip | Mode::TriangleFan) => n.saturating_sub(2),
            _ => 0,
        };
        vertices = vertices.saturating_add(v);
        triangles = triangles.saturating_add(t);
        if prim
            .attributes
            .contains_key(&Checked::Valid(Semantic::Normals))
        {
            with_normals = with_normals.saturating_add(v);
        }
    }
    (vertices.min(CAP), with_normals.min(CAP), triangles.min(CAP))
}

/// Triangles of an animated node's subtree in the node's own frame (its scale included).
#[derive(Debug, Default)]
struct DynamicBuffer {
    positions: Vec<Vec3>,
    triangles: Vec<[u32; 3]>,
    /// The first material met under the node.
    material: Option<usize>,
}

impl DynamicBuffer {
    /// One primitive's world vertices and its triangles whose indices are in range (wound
    /// back when the node's matrix mirrors).
    fn add(
        &mut self,
        positions: impl Iterator<Item = Vec3>,
        vertex_count: usize,
        triangles: Vec<[u32; 3]>,
        flip: bool,
        material: Option<usize>,
    ) {
        self.material = self.material.or(material);
        let base = self.positions.len() as u32;
        self.positions.extend(positions);
        for t in triangles {
            if t.iter().all(|&k| (k as usize) < vertex_count) {
                let [a, b, c] = t.map(|k| k + base);
                self.triangles
                    .push(if flip { [a, c, b] } else { [a, b, c] });
            }
        }
    }
}

/// The rigid part of `m`, `None` when it scales (beyond 1e-4) or is not finite.
fn rigid(m: &Mat4) -> Option<RigidPose> {
    let (s, r, t) = m.to_scale_rotation_translation();
    let ok = s.is_finite()
        && r.is_finite()
        && t.is_finite()
        && (s - Vec3::ONE).abs().max_element() < 1e-4;
    ok.then(|| RigidPose::new(r, t))
}

fn walk_scene(
    root: &json::Root,
    buffers: &[Cow<'_, [u8]>],
    parts: &mut LevelParts,
    channels: &[(usize, NodeChannels)],
) -> Result<(), LevelErrorKind> {
    let scene = match root.scene {
        Some(s) => Some(root.scenes.get(s.value()).ok_or_else(|| {
            LevelErrorKind::Invalid(format!("default scene {} does not exist", s.value()))
        })?),
        None => root.scenes.first(),
    };
    let roots: Vec<usize> = match scene {
        Some(s) => s.nodes.iter().map(|n| n.value()).collect(),
        None => {
            let mut is_child = vec![false; root.nodes.len()];
            for child in root.nodes.iter().flat_map(|n| n.children.iter().flatten()) {
                if let Some(c) = is_child.get_mut(child.value()) {
                    *c = true;
                }
            }
            (0..root.nodes.len()).filter(|&n| !is_child[n]).collect()
        }
    };
    // Depth-first, in file order, without recursion; a node seen twice means a cycle or a
    // shared child, both invalid glTF.
    let mut visited = vec![false; root.nodes.len()];
    let mut stack: Vec<(usize, Mat4)> = roots
        .into_iter()
        .rev()
        .map(|n| (n, Mat4::IDENTITY))
        .collect();
    while let Some((n, parent)) = stack.pop() {
        let node = root
            .nodes
            .get(n)
            .ok_or_else(|| LevelErrorKind::Invalid(format!("node {n} does not exist")))?;
        if std::mem::replace(&mut visited[n], true) {
            return Err(LevelErrorKind::Invalid(format!(
                "node {n} is reached twice (cycle or shared child)"
            )));
        }
        let world = parent * local_transform(node);
        let animated = channels.iter().find(|(k, _)| *k == n).map(|(_, c)| c);
        if let Some(ch) = animated {
            match (rigid(&parent), node.matrix.is_none()) {
                (Some(parent_pose), true) => {
                    add_animated(
                        root,
                        buffers,
                        parts,
                        &mut visited,
                        n,
                        node,
                        parent_pose,
                        ch,
                        channels,
                    )?;
                    continue;
                }
                // A matrix node cannot be animated (glTF 3.7.3) and a scaled parent would
                // make the motion non-rigid: the node stays static.
                _ => parts.skipped_animation_channels += 1,
            }
        }
        if let Some(mesh) = node.mesh {
            add_mesh(root, buffers, parts, None, n, node, mesh.value(), &world)?;
        }
        for child in node.children.iter().flatten().rev() {
            stack.push((child.value(), world));
        }
    }
    Ok(())
}

/// Registers animated node `n` and everything under it as one dynamic object in a new set.
#[allow(clippy::too_many_arguments)]
fn add_animated(
    root: &json::Root,
    buffers: &[Cow<'_, [u8]>],
    parts: &mut LevelParts,
    visited: &mut [bool],
    n: usize,
    node: &json::scene::Node,
    parent: RigidPose,
    ch: &NodeChannels,
    all: &[(usize, NodeChannels)],
) -> Result<(), LevelErrorKind> {
    let scale = node.scale.map_or(Vec3::ONE, Vec3::from_array);
    let mut buf = DynamicBuffer::default();
    let mut stack = vec![(n, Mat4::from_scale(scale))];
    while let Some((k, m)) = stack.pop() {
        let kn = root
            .nodes
            .get(k)
            .ok_or_else(|| LevelErrorKind::Invalid(format!("node {k} does not exist")))?;
        let here = if k == n { m } else { m * local_transform(kn) };
        if k != n {
            if std::mem::replace(&mut visited[k], true) {
                return Err(LevelErrorKind::Invalid(format!(
                    "node {k} is reached twice (cycle or shared child)"
                )));
            }
            if all.iter().any(|(a, _)| *a == k) {
                // Nested animation: moves rigidly with this node instead.
                parts.skipped_animation_channels += 1;
            }
        }
        if let Some(mesh) = kn.mesh {
            add_mesh(
                root,
                buffers,
                parts,
                Some(&mut buf),
                k,
                kn,
                mesh.value(),
                &here,
            )?;
        }
        for child in kn.children.iter().flatten().rev() {
            stack.push((child.value(), here));
        }
    }
    let anim = LevelAnimation {
        node_index: n,
        node_name: node.name.clone(),
        set: parts.dynamic.add_set(),
        parent,
        rest_translation: node.translation.map_or(Vec3::ZERO, Vec3::from_array),
        rest_rotation: node
            .rotation
            .map_or(Quat::IDENTITY, |q| Quat::from_array(q.0).normalize()),
        channels: ch.clone(),
        material: buf.material,
    };
    let name = node.name.clone().unwrap_or_else(|| format!("node {n}"));
    // A subtree without triangles (or only bad ones) has nothing to collide with.
    if parts
        .dynamic
        .add_object(
            anim.set,
            name,
            buf.positions,
            &buf.triangles,
            anim.pose_at(0.0),
        )
        .is_ok()
    {
        parts.animations.push(anim);
    }
    Ok(())
}

/// The node's local matrix: `matrix` if given, else T · R · S.
pub fn local_transform(node: &json::scene::Node) -> Mat4 {
    if let Some(m) = node.matrix {
        return Mat4::from_cols_array(&m);
    }
    let t = node.translation.map_or(Vec3::ZERO, Vec3::from_array);
    let r = node
        .rotation
        .map_or(Quat::IDENTITY, |q| Quat::from_array(q.0).normalize());
    let s = node.scale.map_or(Vec3::ONE, Vec3::from_array);
    Mat4::from_scale_rotation_translation(s, r, t)
}

#[allow(clippy::too_many_arguments)]
fn add_mesh(
    root: &json::Root,
    buffers: &[Cow<'_, [u8]>],
    parts: &mut LevelParts,
    dynamic: Option<&mut DynamicBuffer>,
    node_index: usize,
    node: &json::scene::Node,
    mesh_index: usize,
    world: &Mat4,
) -> Result<(), LevelErrorKind> {
    let mut dynamic = dynamic;
    let mesh = root.meshes.get(mesh_index).ok_or_else(|| {
        LevelErrorKind::Invalid(format!(
            "node {node_index}: mesh {mesh_index} does not exist"
        ))
    })?;
    let flip = world.determinant() < 0.0;
    let normal_matrix = Mat3::from_mat4(*world).inverse().transpose();
    let normal_matrix = normal_matrix.is_finite().then_some(normal_matrix);
    for (p, prim) in mesh.primitives.iter().enumerate() {
        let invalid = |what: &str| {
            LevelErrorKind::Invalid(format!("mesh {mesh_index} primitive {p}: {what}"))
        };
        let mode = match prim.mode {
            Checked::Valid(m) => m,
            Checked::Invalid => return Err(invalid("invalid mode")),
        };
        if matches!(
            mode,
            Mode::Points | Mode::Lines | Mode::LineLoop | Mode::LineStrip
        ) {
            parts.skipped_non_triangle += 1;
            continue;
        }
        let Some(&pos) = prim.attributes.get(&Checked::Valid(Semantic::Positions)) else {
            return Err(invalid("no POSITION attribute"));
        };
        let local = read_vec3(root, buffers, pos)?;
        let vertex_count = local.len();
        let normals = world_normals(root, buffers, prim, normal_matrix)?;
        let triangles = primitive_triangles(root, buffers, prim, mode, vertex_count)?;
        let material = prim.material.map(|m: Index<json::Material>| m.value());
        let positions = local.into_iter().map(|v| world.transform_point3(v));
        if let Some(buf) = dynamic.as_deref_mut() {
            buf.add(positions, vertex_count, triangles, flip, material);
            continue;
        }
        let source = PrimitiveSource {
            node_index,
            node_name: node.name.clone(),
            mesh_index,
            mesh_name: mesh.name.clone(),
            primitive_index: p,
            material,
        };
        parts.add_batch(positions, &normals, triangles, flip, source)?;
    }
    Ok(())
}

/// The primitive's NORMAL attribute in world space (by `normal_matrix`, the world matrix's
/// inverse transpose); empty when it has none or the matrix is singular.
fn world_normals(
    root: &json::Root,
    buffers: &[Cow<'_, [u8]>],
    prim: &json::mesh::Primitive,
    normal_matrix: Option<Mat3>,
) -> Result<Vec<Vec3>, LevelErrorKind> {
    let normal = prim.attributes.get(&Checked::Valid(Semantic::Normals));
    let (Some(&n), Some(nm)) = (normal, normal_matrix) else {
        return Ok(Vec::new());
    };
    let mut normals = read_vec3(root, buffers, n)?;
    for v in &mut normals {
        *v = (nm * *v).normalize_or_zero();
    }
    Ok(normals)
}

/// The primitive's triangles as vertex indices (its indices, or the vertices in order), by
/// `mode`: triangle lists, strips and fans.
fn primitive_triangles(
    root: &json::Root,
    buffers: &[Cow<'_, [u8]>],
    prim: &json::mesh::Primitive,
    mode: Mode,
    vertex_count: usize,
) -> Result<Vec<[u32; 3]>, LevelErrorKind> {
    let indices = match prim.indices {
        Some(i) => Some(read_indices(root, buffers, i)?),
        None => None,
    };
    let n_idx = indices.as_ref().map_or(vertex_count, Vec::len);
    let at = |k: usize| -> u32 {
        match &indices {
            Some(ix) => ix[k],
            None => k as u32,
        }
    };
    Ok(match mode {
        Mode::Triangles => (0..n_idx / 3)
            .map(|t| [at(3 * t), at(3 * t + 1), at(3 * t + 2)])
            .collect(),
        // Spec 3.7.2.1: strip triangle i = {i, i+1+i%2, i+2-i%2}; fan = {i+1, i+2, 0}.
        Mode::TriangleStrip => (0..n_idx.saturating_sub(2))
            .map(|i| [at(i), at(i + 1 + i % 2), at(i + 2 - i % 2)])
            .collect(),
        Mode::TriangleFan => (0..n_idx.saturating_sub(2))
            .map(|i| [at(i + 1), at(i + 2), at(0)])
            .collect(),
        _ => Vec::new(),
    })
}
