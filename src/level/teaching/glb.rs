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
use super::teaching_level::{PlacedMover, TeachingLevel};

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

/// The `.glb` bytes of `level`.
pub fn write(level: &TeachingLevel) -> Result<Vec<u8>, GlbError> {
    let mut root = json::Root::default();
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

    // Geometry first, so the buffer views know their lengths.
    let mut bin = BinBuilder::default();
    let floor_ranges = bin.add(&level.floor);
    let station_ranges: Vec<Vec<PartRanges>> = level
        .stations
        .iter()
        .map(|s| s.parts.iter().map(|part| bin.add(part)).collect())
        .collect();
    let mover_ranges: Vec<PartRanges> = level
        .movers
        .iter()
        .map(|m| bin.add(&m.mover.part))
        .collect();
    let mut anim_floats: Vec<f32> = Vec::new();
    let mover_keys: Vec<MoverKeyRanges> = level
        .movers
        .iter()
        .map(|m| add_keys(&mut anim_floats, m))
        .collect();
    let pos_bytes = bin.positions.len() * 4;
    let nrm_bytes = bin.normals.len() * 4;
    let idx_bytes = bin.indices.len() * 4;
    let anim_bytes = anim_floats.len() * 4;
    let total = pos_bytes + nrm_bytes + idx_bytes + anim_bytes;

    let buffer = root.push(json::Buffer {
        byte_length: USize64::from(total),
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
        target: Some(Valid(target)),
    };
    use json::buffer::Target::{ArrayBuffer, ElementArrayBuffer};
    let pos_view = view(0, pos_bytes, ArrayBuffer);
    let nrm_view = view(pos_bytes, nrm_bytes, ArrayBuffer);
    let idx_view = view(pos_bytes + nrm_bytes, idx_bytes, ElementArrayBuffer);
    let pos_view = root.push(pos_view);
    let nrm_view = root.push(nrm_view);
    let idx_view = root.push(idx_view);
    let anim_view = (anim_bytes > 0).then(|| {
        root.push(json::buffer::View {
            target: None,
            ..view(pos_bytes + nrm_bytes + idx_bytes, anim_bytes, ArrayBuffer)
        })
    });

    let part_node = |root: &mut json::Root,
                     node_name: String,
                     part: &Part,
                     r: &PartRanges|
     -> Result<json::Index<json::Node>, GlbError> {
        use json::accessor::{ComponentType, Type};
        let positions = root.push(accessor(
            pos_view,
            r.vertex_first * 12,
            r.vertex_count,
            ComponentType::F32,
            Type::Vec3,
            Some((r.min, r.max)),
        ));
        let normals = root.push(accessor(
            nrm_view,
            r.vertex_first * 12,
            r.vertex_count,
            ComponentType::F32,
            Type::Vec3,
            None,
        ));
        let indices = root.push(accessor(
            idx_view,
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
    };

    let mut scene_nodes = vec![part_node(
        &mut root,
        "floor".to_owned(),
        &level.floor,
        &floor_ranges,
    )?];
    let mut spawn_points = vec![spawn_point("info_player_start", "start", &level.start)];
    for (placed, ranges) in level.stations.iter().zip(&station_ranges) {
        let st = &placed.station;
        let children = placed
            .parts
            .iter()
            .zip(ranges)
            .map(|(part, r)| part_node(&mut root, format!("{}/{}", st.name, part.name), part, r))
            .collect::<Result<Vec<_>, _>>()?;
        let node = root.push(json::Node {
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
        });
        scene_nodes.push(node);
        spawn_points.push(spawn_point("teaching_station", st.name, st));
    }
    if let Some(anim_view) = anim_view {
        for ((m, r), k) in level.movers.iter().zip(&mover_ranges).zip(&mover_keys) {
            use json::accessor::{ComponentType, Type};
            let name = format!("mover/{}", m.mover.name);
            let node = part_node(&mut root, name.clone(), &m.mover.part, r)?;
            let rest = m.mover.rest_translation().as_vec3() + m.origin;
            if let Some(n) = root.nodes.get_mut(node.value()) {
                n.translation = Some(rest.to_array());
                n.extras = raw(value!({
                    "part": { "kind": m.mover.part.kind.as_str() },
                    "mover": { "station": m.mover.station },
                }))?;
            }
            let t0 = anim_floats[k.times_first];
            let t1 = anim_floats[k.times_first + k.count - 1];
            let input = root.push(json::Accessor {
                min: Some(value!([t0])),
                max: Some(value!([t1])),
                ..accessor(
                    anim_view,
                    k.times_first * 4,
                    k.count,
                    ComponentType::F32,
                    Type::Scalar,
                    None,
                )
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
                name: Some(name),
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
            scene_nodes.push(node);
        }
    }
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

    let json_bytes = root.to_vec()?;
    let mut bin_bytes = Vec::with_capacity(total);
    for x in bin.positions.iter().chain(&bin.normals) {
        bin_bytes.extend_from_slice(&x.to_le_bytes());
    }
    for i in &bin.indices {
        bin_bytes.extend_from_slice(&i.to_le_bytes());
    }
    for x in &anim_floats {
        bin_bytes.extend_from_slice(&x.to_le_bytes());
    }
    let length = 12 + 8 + json_bytes.len() + 8 + bin_bytes.len();
    crate::level::pack_glb(&json_bytes, &bin_bytes).ok_or(GlbError::TooLarge(length))
}
