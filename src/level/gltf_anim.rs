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
use crate::collision::{RigidPose, SetId};

/// How a track is interpolated between keyframes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyInterpolation {
    Linear,
    Step,
}

/// Keyframes of one channel: increasing times (s) and one value each.
#[derive(Debug, Clone, PartialEq)]
pub struct Track<T> {
    pub times_secs: Vec<f32>,
    pub values: Vec<T>,
    pub interpolation: KeyInterpolation,
}

impl<T: Copy> Track<T> {
    /// The value at `t_secs` (clamped to the first and last keys), with `mix(a, b, s)`
    /// for linear interpolation.
    pub fn sample(&self, t_secs: f32, mix: impl Fn(T, T, f32) -> T) -> Option<T> {
        let times = &self.times_secs;
        let first = *self.values.first()?;
        // Index of the last key at or before t.
        let k = times.partition_point(|&x| x <= t_secs);
        if k == 0 {
            return Some(first);
        }
        let i = k - 1;
        let a = *self.values.get(i)?;
        let (Some(&b), Some(&t1)) = (self.values.get(i + 1), times.get(i + 1)) else {
            return Some(a);
        };
        match self.interpolation {
            KeyInterpolation::Step => Some(a),
            KeyInterpolation::Linear => {
                let t0 = times[i];
                let s = if t1 > t0 {
                    (t_secs - t0) / (t1 - t0)
                } else {
                    0.0
                };
                Some(mix(a, b, s.clamp(0.0, 1.0)))
            }
        }
    }

    fn end_secs(&self) -> f32 {
        self.times_secs.last().copied().unwrap_or(0.0)
    }
}

/// The channels of one glTF animation that target one node.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct NodeChannels {
    pub translation: Option<Track<Vec3>>,
    pub rotation: Option<Track<Quat>>,
    /// The animation's duration (s): the latest key over all its channels; it loops.
    pub period_secs: f32,
}

/// An animated node played as a dynamic object set.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelAnimation {
    pub node_index: usize,
    pub node_name: Option<String>,
    /// The set holding the node's objects in [`Level::dynamic`](super::Level::dynamic).
    pub set: SetId,
    /// The parent's world transform (rigid part).
    pub parent: RigidPose,
    /// The node's own translation and rotation when a channel does not drive them.
    pub rest_translation: Vec3,
    pub rest_rotation: Quat,
    pub channels: NodeChannels,
    /// Index into [`Level::materials`](super::Level::materials) of the first primitive under
    /// the node that has one: the colour the object is drawn in.
    pub material: Option<usize>,
}

impl LevelAnimation {
    /// The node's world pose at `t_secs` (the animation loops; negative or non-finite time
    /// reads as 0).
    pub fn pose_at(&self, t_secs: f64) -> RigidPose {
        let period = f64::from(self.channels.period_secs);
        let t = if t_secs.is_finite() && t_secs > 0.0 && period > 0.0 {
            t_secs.rem_euclid(period) as f32
        } else {
            0.0
        };
        let translation = self
            .channels
            .translation
            .as_ref()
            .and_then(|tr| tr.sample(t, |a, b, s| a.lerp(b, s)))
            .unwrap_or(self.rest_translation);
        let rotation = self
            .channels
            .rotation
            .as_ref()
            .and_then(|tr| tr.sample(t, |a, b, s| a.slerp(b, s)))
            .unwrap_or(self.rest_rotation);
        self.parent
            .then_after(&RigidPose::new(rotation, translation))
    }
}

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
