//! glTF animations on nodes → dynamic objects (seed 001 12.12: animated meshes are
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
        let (found, period) = animation_channels(root, buffers, anim, &mut report);
        merge_channels(&mut by_node, found, period);
    }
    by_node.sort_by_key(|(n, _)| *n);
    (by_node, report)
}

/// One animation's channels by target node, and its period (its last key); every channel
/// that cannot be played is counted in `report`.
fn animation_channels(
    root: &json::Root,
    buffers: &[Cow<'_, [u8]>],
    anim: &json::Animation,
    report: &mut AnimationReport,
) -> (Vec<(usize, NodeChannels)>, f32) {
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
        let key = Keys {
            times_secs,
            output: sampler.output,
            interpolation,
        };
        match read_track(root, buffers, &ch.target.path, key, &mut found[entry].1) {
            Some(end) => period = period.max(end),
            None => report.skipped_channels += 1,
        }
    }
    (found, period)
}

/// A channel's key times, its output accessor and how to interpolate between keys.
struct Keys {
    times_secs: Vec<f32>,
    output: json::Index<json::Accessor>,
    interpolation: KeyInterpolation,
}

/// Reads a translation or rotation channel into `slot` (the first of each kind stays);
/// returns its last key time, `None` when it is another kind or its values cannot be used.
fn read_track(
    root: &json::Root,
    buffers: &[Cow<'_, [u8]>],
    path: &Checked<Property>,
    keys: Keys,
    slot: &mut NodeChannels,
) -> Option<f32> {
    let Keys {
        times_secs,
        output,
        interpolation,
    } = keys;
    let end = *times_secs.last().unwrap_or(&0.0);
    match path {
        Checked::Valid(Property::Translation) => {
            let values = translations(root, buffers, output, times_secs.len())?;
            slot.translation.get_or_insert(Track {
                times_secs,
                values,
                interpolation,
            });
        }
        Checked::Valid(Property::Rotation) => {
            let values = rotations(root, buffers, output, times_secs.len())?;
            slot.rotation.get_or_insert(Track {
                times_secs,
                values,
                interpolation,
            });
        }
        _ => return None,
    }
    Some(end)
}

/// `keys` finite translations.
fn translations(
    root: &json::Root,
    buffers: &[Cow<'_, [u8]>],
    output: json::Index<json::Accessor>,
    keys: usize,
) -> Option<Vec<Vec3>> {
    let f = read_floats(root, buffers, output, Type::Vec3, 3).ok()?;
    (f.len() == 3 * keys && f.iter().all(|x| x.is_finite())).then(|| {
        f.chunks_exact(3)
            .map(|c| Vec3::new(c[0], c[1], c[2]))
            .collect()
    })
}

/// `keys` rotations, each normalised; `None` if one is not finite or has no length.
fn rotations(
    root: &json::Root,
    buffers: &[Cow<'_, [u8]>],
    output: json::Index<json::Accessor>,
    keys: usize,
) -> Option<Vec<Quat>> {
    let f = read_floats(root, buffers, output, Type::Vec4, 4).ok()?;
    if f.len() != 4 * keys {
        return None;
    }
    f.chunks_exact(4)
        .map(|c| {
            let q = Quat::from_xyzw(c[0], c[1], c[2], c[3]);
            let len = q.length();
            (len.is_finite() && len > 1e-6).then(|| q / len)
        })
        .collect()
}

/// One animation's node channels into `by_node`: a node's channel from an earlier animation
/// stays, and its period is the longer of the two.
fn merge_channels(
    by_node: &mut Vec<(usize, NodeChannels)>,
    found: Vec<(usize, NodeChannels)>,
    period: f32,
) {
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
