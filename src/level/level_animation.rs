//! A level's animated node played as a dynamic object set (seed 001 12.12): its
//! keyframe tracks and its pose at a time. What a level keeps; reading it from a glTF file is
//! `gltf_anim`.

use glam::{Quat, Vec3};

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

    /// The time of the last key (s), 0 without keys.
    pub fn end_secs(&self) -> f32 {
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
    /// The set holding the node's objects in [`Level::dynamic`](super::loaded_level::Level::dynamic).
    pub set: SetId,
    /// The parent's world transform (rigid part).
    pub parent: RigidPose,
    /// The node's own translation and rotation when a channel does not drive them.
    pub rest_translation: Vec3,
    pub rest_rotation: Quat,
    pub channels: NodeChannels,
    /// Index into [`Level::materials`](super::loaded_level::Level::materials) of the first primitive under
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
