//! glTF animations on nodes → dynamic objects (issue 7; seed 001 12.12: animated meshes are
//! registered as dynamic objects, one object set per animated hierarchy).
//!
//! Translation and rotation channels with LINEAR or STEP interpolation are played; scale,
//! morph-weight and CUBICSPLINE channels, channels with bad times or values, and animated
//! nodes inside another animated node are skipped and counted (the node then stays static or
//! moves with its animated ancestor). Every accessor is read through the defensive readers of
//! [`gltf_accessor`](super::gltf_accessor). Each animation loops over its own duration.

use std::borrow::Cow;

use glam::{Quat, Vec3};
use gltf::json::accessor::Type;
use gltf::json::animation::{Interpolation, Property};
use gltf::json::validation::Checked;
use gltf::json::{self};

use super::gltf_accessor::read_floats;
use super::level_animation::{KeyInterpolation, NodeChannels, Track};

/// What reading the animations skipped.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AnimationReport {
    pub skipped_channels: usize,
}

fn times(
    root: &json::Root,
    buffers: &[Cow<'_, [u8]>],
    a: json::Index<json::Accessor>,
) -> Option<Vec<f32>> {
    let t = read_floats(root, buffers, a, Type::Scalar, 1).ok()?;
    let ok = !t.is_empty()
        && t.iter().all(|x| x.is_finite() && *x >= 0.0)
        && t.windows(2).all(|w| w[0] < w[1]);
    ok.then_some(t)
}

/// Reads every translation/rotation channel, grouped by target node (index order), merging
/// the channels of different animations that target the same node (the first one wins).
pub fn read_node_channels(
    root: &json::Root,
    buffers: &[Cow<'_, [u8]>],
) -> (Vec<(usize, NodeChannels)>, AnimationReport) {
    let mut report = AnimationReport::default();
    let mut by_node: Vec<(usize, NodeChannels)> = Vec::new();
    for anim in &root.animations {
        let mut found: Vec<(usize, NodeChannels)> = Vec::new();
        let mut period = 0.0f32;
        for ch in &anim.channels {
            let node = ch.target.node.value();
            let sampler = anim.samplers.get(ch.sampler.value());
            let (Some(sampler), true) = (sampler, node < root.nodes.len()) else {
                report.skipped_channels += 1;
                continue;
            };
            let interpolation = match sampler.interpolation {
                Checked::Valid(Interpolation::Linear) => KeyInterpolation::Linear,
                Checked::Valid(Interpolation::Step) => KeyInterpolation::Step,
                _ => {
                    report.skipped_channels += 1;
                    continue;
                }
            };
            let Some(times_secs) = times(root, buffers, sampler.input) else {
                report.skipped_channels += 1;
                continue;
            };
            let entry = match found.iter().position(|(n, _)| *n == node) {
                Some(i) => i,
                None => {
                    found.push((node, NodeChannels::default()));
                    found.len() - 1
                }
            };
            let slot = &mut found[entry].1;
            let ok = match ch.target.path {
                Checked::Valid(Property::Translation) => {
                    match read_floats(root, buffers, sampler.output, Type::Vec3, 3) {
                        Ok(f)
                            if f.len() == 3 * times_secs.len()
                                && f.iter().all(|x| x.is_finite()) =>
                        {
                            let values = f
                                .chunks_exact(3)
                                .map(|c| Vec3::new(c[0], c[1], c[2]))
                                .collect();
                            period = period.max(*times_secs.last().unwrap_or(&0.0));
                            slot.translation.get_or_insert(Track {
                                times_secs,
                                values,
                                interpolation,
                            });
                            true
                        }
                        _ => false,
                    }
                }
                Checked::Valid(Property::Rotation) => {
                    match read_floats(root, buffers, sampler.output, Type::Vec4, 4) {
                        Ok(f) if f.len() == 4 * times_secs.len() => {
                            let values: Option<Vec<Quat>> = f
                                .chunks_exact(4)
                                .map(|c| {
                                    let q = Quat::from_xyzw(c[0], c[1], c[2], c[3]);
                                    let len = q.length();
                                    (len.is_finite() && len > 1e-6).then(|| q / len)
                                })
                                .collect();
                            match values {
                                Some(values) => {
                                    period = period.max(*times_secs.last().unwrap_or(&0.0));
                                    slot.rotation.get_or_insert(Track {
                                        times_secs,
                                        values,
                                        interpolation,
                                    });
                                    true
                                }
                                None => false,
                            }
                        }
                        _ => false,
                    }
                }
                _ => false,
            };
            if !ok {
                report.skipped_channels += 1;
            }
        }
        for (node, mut ch) in found {
            if ch.translation.is_none() && ch.rotation.is_none() {
                continue;
            }
            let own = ch
                .translation
                .as_ref()
                .map_or(0.0, Track::end_secs)
                .max(ch.rotation.as_ref().map_or(0.0, Track::end_secs));
            ch.period_secs = period.max(own);
            match by_node.iter_mut().find(|(n, _)| *n == node) {
                Some((_, have)) => {
                    if have.translation.is_none() {
                        have.translation = ch.translation;
                    }
                    if have.rotation.is_none() {
                        have.rotation = ch.rotation;
                    }
                    have.period_secs = have.period_secs.max(ch.period_secs);
                }
                None => by_node.push((node, ch)),
            }
        }
    }
    by_node.sort_by_key(|(n, _)| *n);
    (by_node, report)
}
