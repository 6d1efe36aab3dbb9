//! Writes the teaching level as a self-contained binary glTF (`.glb`) with `gltf-json`.
//!
//! Layout: one node per station (name = station name, translation = station origin,
//! `extras.station` = label, seed reference, world spawn and look points), one child node per
//! part (`<station>/<part>`, `extras.part.kind` = `"solid"` or `"surface"`), one mesh with one
//! triangle primitive per part (POSITION, flat NORMAL, u32 indices; vertices are per face so
//! each face keeps its own normal), and a `floor` node. `asset.extras.spawn_points` lists the
//! start and every station in the shape the shared levels use (`class`, `hull_center`,
//! `feet`, `angle`) plus `name`. Moving parts are top-level nodes `mover/<name>` (extras
//! `mover.station`) driven by one glTF animation each (translation or rotation channel, f32
//! keys in a fourth buffer view). Output is deterministic: same level, same bytes.

use std::collections::BTreeMap;

use gltf_json as json;
use json::validation::Checked::Valid;
use json::validation::USize64;
use serde_json::json as value;

use super::material::MATERIALS;
use super::moving_stations::MoverKeys;
use super::solid::Part;
use super::station::HULL_HALF_HEIGHT_M;
use super::station::TeachingStation;
use super::teaching_level::{PlacedMover, PlacedStation, TeachingLevel};

/// One mover's keyframes in the animation view: offsets (in floats) and key count.
struct MoverKeyRanges {
    times_first: usize,
    values_first: usize,
    count: usize,
    /// `true`: VEC4 rotation values, `false`: VEC3 translation values.
    rotation: bool,
}

/// Appends a mover's keys (world translations, or rotations) to `floats`.
fn add_keys(floats: &mut Vec<f32>, m: &PlacedMover) -> MoverKeyRanges {
    let rotation = m.mover.translation_keys.is_empty();
    let times: Vec<f32> = if rotation {
        m.mover.rotation_keys.iter().map(|k| k.0).collect()
    } else {
        m.mover.translation_keys.iter().map(|k| k.0).collect()
    };
    let times_first = floats.len();
    floats.extend_from_slice(&times);
    let values_first = floats.len();
    if rotation {
        for (_, q) in &m.mover.rotation_keys {
            floats.extend_from_slice(&q.as_quat().to_array());
        }
    } else {
        for (_, t) in &m.mover.translation_keys {
            floats.extend_from_slice(&(t.as_vec3() + m.origin).to_array());
        }
    }
    MoverKeyRanges {
        times_first,
        values_first,
        count: times.len(),
        rotation,
    }
}

/// Why the level could not be written.
#[derive(Debug, thiserror::Error)]
pub enum GlbError {
    #[error("teaching level JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("teaching level is {0} bytes, over the 4 GiB limit of a .glb")]
    TooLarge(usize),
}

/// Accumulates the BIN chunk: positions, normals and indices in three buffer views.
#[derive(Default)]
struct BinBuilder {
    positions: Vec<f32>,
    normals: Vec<f32>,
    indices: Vec<u32>,
}

/// Accessor ranges of one part inside the three views.
struct PartRanges {
    vertex_first: usize,
    vertex_count: usize,
    index_first: usize,
    index_count: usize,
    min: [f32; 3],
    max: [f32; 3],
}

impl BinBuilder {
    fn add(&mut self, part: &Part) -> PartRanges {
        let vertex_first = self.positions.len() / 3;
        let index_first = self.indices.len();
        let (mut min, mut max) = ([f32::INFINITY; 3], [f32::NEG_INFINITY; 3]);
        let mut local = 0u32;
        for face in &part.faces {
            let n = face.normal().as_vec3();
            for v in &face.vertices {
                let v = v.as_vec3().to_array();
                for k in 0..3 {
                    min[k] = min[k].min(v[k]);
                    max[k] = max[k].max(v[k]);
                }
                self.positions.extend_from_slice(&v);
                self.normals.extend_from_slice(&n.to_array());
            }
            let count = face.vertices.len() as u32;
            for i in 1..count.saturating_sub(1) {
                self.indices
                    .extend_from_slice(&[local, local + i, local + i + 1]);
            }
            local += count;
        }
        PartRanges {
            vertex_first,
            vertex_count: local as usize,
            index_first,
            index_count: self.indices.len() - index_first,
            min,
            max,
        }
    }
}

fn raw(v: serde_json::Value) -> Result<json::Extras, GlbError> {
    Ok(Some(serde_json::value::to_raw_value(&v)?))
}

fn accessor(
    view: json::Index<json::buffer::View>,
    byte_offset: usize,
    count: usize,
    component: json::accessor::ComponentType,
    type_: json::accessor::Type,
    bounds: Option<([f32; 3], [f32; 3])>,
) -> json::Accessor {
    json::Accessor {
        buffer_view: Some(view),
        byte_offset: Some(USize64::from(byte_offset)),
        count: USize64::from(count),
        component_type: Valid(json::accessor::GenericComponentType(component)),
        extensions: None,
        extras: None,
        type_: Valid(type_),
        min: bounds.map(|(lo, _)| value!(lo)),
        max: bounds.map(|(_, hi)| value!(hi)),
        name: None,
        normalized: false,
        sparse: None,
    }
}

/// `v` as JSON numbers with the shortest decimal that reads back as the same `f32`
/// (`0.02`, not `0.019999999552965164`).
fn short(v: glam::Vec3) -> [f64; 3] {
    v.to_array()
        .map(|x| x.to_string().parse::<f64>().unwrap_or(f64::from(x)))
}

fn spawn_point(class: &str, name: &str, station: &TeachingStation) -> serde_json::Value {
    let feet = station.spawn;
    let hull = feet + glam::Vec3::Y * HULL_HALF_HEIGHT_M;
    value!({
        "class": class,
        "name": name,
        "hull_center": short(hull),
        "feet": short(feet),
        "angle": station.yaw_deg().to_string(),
    })
}

/// The `.glb` bytes of `level`: materials, the geometry's views, the floor, the stations, the
/// movers and their animations, the scene and the asset; then the two chunks.
pub fn write(level: &TeachingLevel) -> Result<Vec<u8>, GlbError> {
    let mut root = json::Root::default();
    push_materials(&mut root);
    // Geometry first, so the buffer views know their lengths.
    let geo = Geometry::of(level);
    let views = Views::push(&mut root, &geo);
    let floor = part_node(
        &mut root,
        &views,
        "floor".to_owned(),
        &level.floor,
        &geo.floor,
    )?;
    let mut scene_nodes = vec![floor];
    let mut spawn_points = vec![spawn_point("info_player_start", "start", &level.start)];
    for (placed, ranges) in level.stations.iter().zip(&geo.stations) {
        scene_nodes.push(station_node(&mut root, &views, placed, ranges)?);
        let st = &placed.station;
        spawn_points.push(spawn_point("teaching_station", st.name, st));
    }
    if let Some(anim_view) = views.anim {
        for ((m, r), k) in level.movers.iter().zip(&geo.movers).zip(&geo.keys) {
            let node = mover_node(&mut root, &views, m, r)?;
            push_animation(&mut root, anim_view, &geo.anim_floats, m, k, node);
            scene_nodes.push(node);
        }
    }
    push_scene_and_asset(&mut root, scene_nodes, spawn_points)?;
    let json_bytes = root.to_vec()?;
    let bin_bytes = geo.bin_bytes();
    let length = 12 + 8 + json_bytes.len() + 8 + bin_bytes.len();
    crate::level::pack_glb(&json_bytes, &bin_bytes).ok_or(GlbError::TooLarge(length))
}

fn push_materials(root: &mut json::Root) {
    for (_, name, rgba) in MATERIALS {
        root.push(json::Material {
            name: Some(name.to_owned()),
            pbr_metallic_roughness: json::material::PbrMetallicRoughness {
                base_color_factor: json::material::PbrBaseColorFactor(rgba),
                metallic_factor: json::material::StrengthFactor(0.0),
                roughness_factor: json::material::StrengthFactor(0.9),
                ..Default::default()
            },
            ..Default::default()
        });
    }
}

/// Every part's vertices, normals and indices, and the movers' keys, with each one's ranges.
struct Geometry {
    bin: BinBuilder,
    floor: PartRanges,
    stations: Vec<Vec<PartRanges>>,
    movers: Vec<PartRanges>,
    anim_floats: Vec<f32>,
    keys: Vec<MoverKeyRanges>,
}

impl Geometry {
    fn of(level: &TeachingLevel) -> Self {
        let mut bin = BinBuilder::default();
        let floor = bin.add(&level.floor);
        let stations = level
            .stations
            .iter()
            .map(|s| s.parts.iter().map(|part| bin.add(part)).collect())
            .collect();
        let movers = level
            .movers
            .iter()
            .map(|m| bin.add(&m.mover.part))
            .collect();
        let mut anim_floats = Vec::new();
        let keys = level
            .movers
            .iter()
            .map(|m| add_keys(&mut anim_floats, m))
            .collect();
        Self {
            bin,
            floor,
            stations,
            movers,
            anim_floats,
            keys,
        }
    }

    /// Byte lengths of the four views: positions, normals, indices, animation keys.
    fn view_bytes(&self) -> [usize; 4] {
        [
            self.bin.positions.len() * 4,
            self.bin.normals.len() * 4,
            self.bin.indices.len() * 4,
            self.anim_floats.len() * 4,
        ]
    }

    /// The BIN chunk: the four views back to back, little-endian.
    fn bin_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.view_bytes().iter().sum());
        for x in self.bin.positions.iter().chain(&self.bin.normals) {
            out.extend_from_slice(&x.to_le_bytes());
        }
        for i in &self.bin.indices {
            out.extend_from_slice(&i.to_le_bytes());
        }
        for x in &self.anim_floats {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out
    }
}

/// The buffer's views: positions, normals, indices, and the animation keys when there are any.
struct Views {
    pos: json::Index<json::buffer::View>,
    nrm: json::Index<json::buffer::View>,
    idx: json::Index<json::buffer::View>,
    anim: Option<json::Index<json::buffer::View>>,
}

impl Views {
    fn push(root: &mut json::Root, geo: &Geometry) -> Self {
        let [pos_bytes, nrm_bytes, idx_bytes, anim_bytes] = geo.view_bytes();
        let buffer = root.push(json::Buffer {
            byte_length: USize64::from(pos_bytes + nrm_bytes + idx_bytes + anim_bytes),
            extensions: None,
            extras: None,
            name: None,
            uri: None,
        });
        let view = |offset: usize, length: usize, target| json::buffer::View {
            buffer,
            byte_length: USize64::from(length),
            byte_offset: Some(USize64::from(offset)),
            byte_stride: None,
            extensions: None,
            extras: None,
            name: None,
            target,
        };
        use json::buffer::Target::{ArrayBuffer, ElementArrayBuffer};
        let pos = root.push(view(0, pos_bytes, Some(Valid(ArrayBuffer))));
        let nrm = root.push(view(pos_bytes, nrm_bytes, Some(Valid(ArrayBuffer))));
        let idx_offset = pos_bytes + nrm_bytes;
        let idx = root.push(view(idx_offset, idx_bytes, Some(Valid(ElementArrayBuffer))));
        let anim =
            (anim_bytes > 0).then(|| root.push(view(idx_offset + idx_bytes, anim_bytes, None)));
        Self {
            pos,
            nrm,
            idx,
            anim,
        }
    }
}

/// A node named `node_name` with one mesh: `part`'s triangles at `r` in the views.
fn part_node(
    root: &mut json::Root,
    views: &Views,
    node_name: String,
    part: &Part,
    r: &PartRanges,
) -> Result<json::Index<json::Node>, GlbError> {
    use json::accessor::{ComponentType, Type};
    let positions = root.push(accessor(
        views.pos,
        r.vertex_first * 12,
        r.vertex_count,
        ComponentType::F32,
        Type::Vec3,
        Some((r.min, r.max)),
    ));
    let normals = root.push(accessor(
        views.nrm,
        r.vertex_first * 12,
        r.vertex_count,
        ComponentType::F32,
        Type::Vec3,
        None,
    ));
    let indices = root.push(accessor(
        views.idx,
        r.index_first * 4,
        r.index_count,
        ComponentType::U32,
        Type::Scalar,
        None,
    ));
    let mut attributes = BTreeMap::new();
    attributes.insert(Valid(json::mesh::Semantic::Positions), positions);
    attributes.insert(Valid(json::mesh::Semantic::Normals), normals);
    let mesh = root.push(json::Mesh {
        extensions: None,
        extras: None,
        name: Some(node_name.clone()),
        primitives: vec![json::mesh::Primitive {
            attributes,
            extensions: None,
            extras: None,
            indices: Some(indices),
            material: Some(json::Index::new(part.material.index())),
            mode: Valid(json::mesh::Mode::Triangles),
            targets: None,
        }],
        weights: None,
    });
    Ok(root.push(json::Node {
        mesh: Some(mesh),
        name: Some(node_name),
        extras: raw(value!({ "part": { "kind": part.kind.as_str() } }))?,
        ..Default::default()
    }))
}

/// A station's node at its origin, one child per part, its label, seed and view points.
fn station_node(
    root: &mut json::Root,
    views: &Views,
    placed: &PlacedStation,
    ranges: &[PartRanges],
) -> Result<json::Index<json::Node>, GlbError> {
    let st = &placed.station;
    let children = placed
        .parts
        .iter()
        .zip(ranges)
        .map(|(part, r)| part_node(root, views, format!("{}/{}", st.name, part.name), part, r))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(root.push(json::Node {
        name: Some(st.name.to_owned()),
        translation: Some(placed.origin.to_array()),
        children: Some(children),
        extras: raw(value!({ "station": {
            "label": st.label,
            "seed_ref": st.seed_ref,
            "spawn": short(st.spawn),
            "look": short(st.look),
        }}))?,
        ..Default::default()
    }))
}

/// A mover's node, at its rest pose, naming its station.
fn mover_node(
    root: &mut json::Root,
    views: &Views,
    m: &PlacedMover,
    r: &PartRanges,
) -> Result<json::Index<json::Node>, GlbError> {
    let name = format!("mover/{}", m.mover.name);
    let node = part_node(root, views, name, &m.mover.part, r)?;
    let rest = m.mover.rest_translation().as_vec3() + m.origin;
    if let Some(n) = root.nodes.get_mut(node.value()) {
        n.translation = Some(rest.to_array());
        n.extras = raw(value!({
            "part": { "kind": m.mover.part.kind.as_str() },
            "mover": { "station": m.mover.station },
        }))?;
    }
    Ok(node)
}

/// The mover's animation: one channel on `node`, its keys at `k` in the animation view.
fn push_animation(
    root: &mut json::Root,
    anim_view: json::Index<json::buffer::View>,
    floats: &[f32],
    m: &PlacedMover,
    k: &MoverKeyRanges,
    node: json::Index<json::Node>,
) {
    use json::accessor::{ComponentType, Type};
    let (t0, t1) = (floats[k.times_first], floats[k.times_first + k.count - 1]);
    let times = accessor(
        anim_view,
        k.times_first * 4,
        k.count,
        ComponentType::F32,
        Type::Scalar,
        None,
    );
    let input = root.push(json::Accessor {
        min: Some(value!([t0])),
        max: Some(value!([t1])),
        ..times
    });
    let (type_, path) = if k.rotation {
        (Type::Vec4, json::animation::Property::Rotation)
    } else {
        (Type::Vec3, json::animation::Property::Translation)
    };
    let output = root.push(accessor(
        anim_view,
        k.values_first * 4,
        k.count,
        ComponentType::F32,
        type_,
        None,
    ));
    let interpolation = match m.mover.keys {
        MoverKeys::Linear => json::animation::Interpolation::Linear,
        MoverKeys::Step => json::animation::Interpolation::Step,
    };
    root.push(json::Animation {
        extensions: None,
        extras: None,
        name: Some(format!("mover/{}", m.mover.name)),
        channels: vec![json::animation::Channel {
            sampler: json::Index::new(0),
            target: json::animation::Target {
                extensions: None,
                extras: None,
                node,
                path: Valid(path),
            },
            extensions: None,
            extras: None,
        }],
        samplers: vec![json::animation::Sampler {
            extensions: None,
            extras: None,
            input,
            interpolation: Valid(interpolation),
            output,
        }],
    });
}

/// The one scene of `scene_nodes`, and the asset with its units, license and spawn points.
fn push_scene_and_asset(
    root: &mut json::Root,
    scene_nodes: Vec<json::Index<json::Node>>,
    spawn_points: Vec<serde_json::Value>,
) -> Result<(), GlbError> {
    let scene = root.push(json::Scene {
        extensions: None,
        extras: None,
        name: Some("teaching".to_owned()),
        nodes: scene_nodes,
    });
    root.scene = Some(scene);
    root.asset = json::Asset {
        generator: Some(
            "slidescope src/level/teaching (cargo test -- --ignored regenerate_teaching_level)"
                .to_owned(),
        ),
        extras: raw(value!({
            "units": "metres, +Y up",
            "license": "MIT OR Apache-2.0 (generated by slidescope)",
            "spawn_points": spawn_points,
        }))?,
        ..Default::default()
    };
    Ok(())
}
