//! The level's moving objects driven by the fixed step (seed 001 12.12.1 `ObjectSetUpdated`,
//! 12.15): before each step every animated object set takes its pose at the step's end time,
//! `(frame + 1) × dt`, so its previous pose is the step's start and the core sweeps against
//! the motion in between. Level time is the simulation's frame count, never the wall clock,
//! so a run and its replay move the objects identically.
//!
//! After a jump in time (resume from the cursor, a loaded recording) the objects are put at
//! the poses recorded for that frame and settled (previous = current), so the next step sees
//! only the motion from there: no phantom sweep from wherever they were drawn before. When the
//! recorded poses are not the animation's poses at the record's frame (a scenario file's call
//! is frame 0 whatever time it was recorded at), each animation is shifted in time to the phase
//! where its previous and current poses match the record, so walking on rides on.

use super::{Advance, FrameRecord, PlayerInput, PlayerState, Sim};
use crate::collision::{CollisionMesh, CollisionWorld, DynamicScene, ObjectPoses, RigidPose};
use crate::level::Level;
use crate::level::LevelAnimation;

/// A level's dynamic objects and the animations that move them.
#[derive(Debug, Clone, Default)]
pub struct Movers {
    scene: DynamicScene,
    animations: Vec<LevelAnimation>,
    /// Per animation: seconds added to level time (see [`Movers::rest_at_record`]).
    phase_secs: Vec<f64>,
}

impl Movers {
    /// Objects and their animations (one animation per object set), settled at time 0.
    pub fn new(scene: DynamicScene, animations: Vec<LevelAnimation>) -> Self {
        let phase_secs = vec![0.0; animations.len()];
        let mut m = Self {
            scene,
            animations,
            phase_secs,
        };
        m.rest_at(0.0);
        m
    }

    /// A copy of `level`'s dynamic objects and animations.
    pub fn from_level(level: &Level) -> Self {
        Self::new(level.dynamic.clone(), level.animations.clone())
    }

    pub fn scene(&self) -> &DynamicScene {
        &self.scene
    }

    pub fn animations(&self) -> &[LevelAnimation] {
        &self.animations
    }

    pub fn is_empty(&self) -> bool {
        self.scene.is_empty()
    }

    /// The static mesh with these objects, for one query.
    pub fn world<'a>(&'a self, mesh: &'a CollisionMesh) -> CollisionWorld<'a> {
        CollisionWorld::new(mesh, &self.scene)
    }

    /// Every animated set takes its pose at `t_secs`; the pose it had becomes its previous
    /// pose. A non-finite pose (bad animation data) leaves that set where it is.
    pub fn animate_to(&mut self, t_secs: f64) {
        for (a, phase) in self.animations.iter().zip(&self.phase_secs) {
            let pose = a.pose_at(t_secs + phase);
            if let Err(e) = self.scene.update_set(a.set, |_| pose) {
                log::warn!("object set {} not moved: {e}", a.set.0);
            }
        }
    }

    /// Every object at its pose at `t_secs`, at rest (previous = current), animations in
    /// phase with level time.
    pub fn rest_at(&mut self, t_secs: f64) {
        self.phase_secs.fill(0.0);
        self.animate_to(t_secs);
        self.scene.settle();
    }

    /// Every object at the pose `poses` recorded as current, at rest: where a resumed run
    /// continues from.
    pub fn rest_at_poses(&mut self, poses: &[ObjectPoses]) {
        let settled: Vec<ObjectPoses> = poses
            .iter()
            .map(|p| ObjectPoses {
                previous: p.current,
                ..*p
            })
            .collect();
        self.scene.apply_poses(&settled);
    }

    /// [`Movers::rest_at_poses`] with the poses of `record`; a record without poses (a
    /// recording made without objects) puts them at their animation pose at the record's end
    /// time instead.
    ///
    /// With poses, every animation also takes the phase at which it reproduces the record's
    /// previous and current poses one step apart, so the next step continues that motion.
    pub fn rest_at_record(&mut self, record: &FrameRecord) {
        let dt = f64::from(record.dt_secs);
        let t_end = (record.frame + 1) as f64 * dt;
        if record.dynamics.objects.is_empty() {
            self.rest_at(t_end);
            return;
        }
        for (a, phase) in self.animations.iter().zip(&mut self.phase_secs) {
            let recorded = self
                .scene
                .objects()
                .iter()
                .find(|o| o.set == a.set)
                .and_then(|o| record.dynamics.objects.iter().find(|p| p.object == o.id));
            *phase = recorded.map_or(0.0, |p| matching_phase(a, p, t_end, dt));
        }
        self.rest_at_poses(&record.dynamics.objects);
    }

    /// The end time of the step `sim` runs next (s): `(next frame + 1) × dt`.
    pub fn next_step_end_secs(sim: &Sim) -> f64 {
        (sim.next_frame() + 1) as f64 * sim.clock().step_secs()
    }

    /// One fixed step: the objects move to the step's end, then the player steps through the
    /// static mesh and the objects.
    pub fn step(
        &mut self,
        sim: &mut Sim,
        mesh: &CollisionMesh,
        input: &PlayerInput,
    ) -> PlayerState {
        self.animate_to(Self::next_step_end_secs(sim));
        sim.step(CollisionWorld::new(mesh, &self.scene), input)
    }

    /// [`Sim::update`] with the objects moved before every fixed step that is due.
    pub fn update(
        &mut self,
        sim: &mut Sim,
        mesh: &CollisionMesh,
        real_dt_secs: f64,
        input: &PlayerInput,
    ) -> Advance {
        let advance = sim.advance_clock(real_dt_secs);
        for _ in 0..advance.steps {
            self.step(sim, mesh, input);
        }
        advance
    }
}

/// How far apart two poses are: metres of translation plus radians of rotation (a metre per
/// radian is the scale of the level's objects).
fn pose_gap(a: &RigidPose, b: &RigidPose) -> f64 {
    f64::from(a.translation.distance(b.translation))
        + f64::from(a.rotation.angle_between(b.rotation))
}

/// The phase (s) to add to level time so `anim` at `t_end` is at `recorded.current` and one
/// step earlier at `recorded.previous`: 0 when it already is, else the best of a scan of the
/// animation's period in quarter steps, refined by halving. Deterministic.
fn matching_phase(anim: &LevelAnimation, recorded: &ObjectPoses, t_end: f64, dt: f64) -> f64 {
    let cost = |t: f64| {
        pose_gap(&anim.pose_at(t), &recorded.current)
            + pose_gap(&anim.pose_at(t - dt), &recorded.previous)
    };
    if cost(t_end) < 1e-5 {
        return 0.0;
    }
    let period = f64::from(anim.channels.period_secs);
    if !(period > 0.0 && period.is_finite() && dt > 0.0) {
        return 0.0;
    }
    // At most 100 000 samples whatever the period (bounded work on user data).
    let step = (dt / 4.0).max(period / 100_000.0);
    let n = (period / step).ceil() as usize;
    let (mut best_t, mut best) = (0.0, f64::INFINITY);
    for i in 0..=n {
        let t = i as f64 * step;
        let c = cost(t);
        if c < best {
            (best_t, best) = (t, c);
        }
    }
    let mut h = step / 2.0;
    while h > 1e-7 {
        for t in [best_t - h, best_t + h] {
            let c = cost(t);
            if c < best {
                (best_t, best) = (t, c);
            }
        }
        h /= 2.0;
    }
    best_t - t_end
}

#[cfg(test)]
mod tests {
    use glam::Vec3;

    use super::*;
    use crate::collision::{RigidPose, SlideSettings};
    use crate::level::{KeyInterpolation, NodeChannels, Track};
    use crate::sim::PlayerParams;

    /// A 2 m floor slab rising 1 m/s.
    fn lift() -> Movers {
        let mut scene = DynamicScene::new();
        let set = scene.add_set();
        let p = vec![
            Vec3::new(-1.0, 0.0, -1.0),
            Vec3::new(-1.0, 0.0, 1.0),
            Vec3::new(1.0, 0.0, 1.0),
            Vec3::new(1.0, 0.0, -1.0),
        ];
        scene
            .add_object(set, "lift", p, &[[0, 1, 2], [0, 2, 3]], RigidPose::IDENTITY)
            .unwrap();
        let anim = LevelAnimation {
            node_index: 0,
            node_name: Some("lift".into()),
            set,
            parent: RigidPose::IDENTITY,
            rest_translation: Vec3::ZERO,
            rest_rotation: glam::Quat::IDENTITY,
            channels: NodeChannels {
                translation: Some(Track {
                    times_secs: vec![0.0, 10.0],
                    values: vec![Vec3::ZERO, Vec3::Y * 10.0],
                    interpolation: KeyInterpolation::Linear,
                }),
                rotation: None,
                period_secs: 10.0,
            },
            material: None,
        };
        Movers::new(scene, vec![anim])
    }

    /// A level triangle far from the lift, so the player only falls.
    fn far_floor() -> CollisionMesh {
        CollisionMesh::from_triangles(&[[
            Vec3::new(50.0, -5.0, 50.0),
            Vec3::new(50.0, -5.0, 51.0),
            Vec3::new(51.0, -5.0, 50.0),
        ]])
        .unwrap()
    }

    #[test]
    fn each_step_moves_objects_from_its_start_to_its_end_time() {
        let mut m = lift();
        let floor = far_floor();
        let mut sim = Sim::new(
            Vec3::new(0.0, 0.0, 0.0),
            PlayerParams::default(),
            SlideSettings::default(),
        );
        for _ in 0..3 {
            m.step(&mut sim, &floor, &PlayerInput::default());
        }
        let rec = sim.history().last().unwrap();
        let dt = f64::from(rec.dt_secs);
        assert_eq!(rec.frame, 2);
        let o = rec.dynamics.objects[0];
        assert!((f64::from(o.previous.translation.y) - 2.0 * dt).abs() < 1e-6);
        assert!((f64::from(o.current.translation.y) - 3.0 * dt).abs() < 1e-6);
    }

    #[test]
    fn a_record_from_another_time_puts_the_animation_in_phase() {
        // A frame-0 record (a scenario file) of the lift at 4.5 → 4.6 m, rising: the next
        // step must continue up from 4.6, not jump to where level time 2 dt would put it.
        let mut m = lift();
        let floor = far_floor();
        let mut sim = Sim::new(
            Vec3::ZERO,
            PlayerParams::default(),
            SlideSettings::default(),
        );
        m.step(&mut sim, &floor, &PlayerInput::default());
        let mut rec = sim.history().last().unwrap().clone();
        let dt = rec.dt_secs;
        rec.dynamics.objects[0].previous = RigidPose::from_translation(Vec3::Y * (4.6 - dt));
        rec.dynamics.objects[0].current = RigidPose::from_translation(Vec3::Y * 4.6);
        m.rest_at_record(&rec);
        assert!(!m.scene().is_moving());
        // Level time of the next step's end is 2 dt; in phase, the lift is at 4.6 + dt.
        m.animate_to(2.0 * f64::from(dt));
        let y = m.scene().objects()[0].current().translation.y;
        assert!((y - (4.6 + dt)).abs() < 1e-4, "{y}");
        // A record in phase keeps phase 0.
        m.rest_at(0.0);
        let mut sim = Sim::new(
            Vec3::ZERO,
            PlayerParams::default(),
            SlideSettings::default(),
        );
        m.step(&mut sim, &floor, &PlayerInput::default());
        m.rest_at_record(sim.history().last().unwrap());
        m.animate_to(2.0 * f64::from(dt));
        let y = m.scene().objects()[0].current().translation.y;
        assert!((y - 2.0 * dt).abs() < 1e-6, "{y}");
    }

    #[test]
    fn resting_at_a_record_leaves_no_motion_to_sweep() {
        let mut m = lift();
        let mut rec_objects = m.scene().poses();
        rec_objects[0].previous = RigidPose::from_translation(Vec3::Y);
        rec_objects[0].current = RigidPose::from_translation(Vec3::Y * 2.0);
        m.rest_at_poses(&rec_objects);
        assert!(!m.scene().is_moving());
        assert_eq!(m.scene().objects()[0].current().translation, Vec3::Y * 2.0);
    }
}
