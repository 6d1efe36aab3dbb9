//! The level's moving objects driven by the fixed step (seed 001 12.12.1 `ObjectSetUpdated`,
//! 12.15): before each step every animated object set takes its pose at the step's end time,
//! `(frame + 1) × dt`, so its previous pose is the step's start and the core sweeps against
//! the motion in between. Level time is the simulation's frame count, never the wall clock,
//! so a run and its replay move the objects identically.
//!
//! After a jump in time (resume from the cursor, a loaded recording) the objects are put at
//! the poses recorded for that frame and settled (previous = current), so the next step sees
//! only the motion from there: no phantom sweep from wherever they were drawn before.

use super::{Advance, FrameRecord, PlayerInput, PlayerState, Sim};
use crate::collision::{CollisionMesh, CollisionWorld, DynamicScene, ObjectPoses};
use crate::level::Level;
use crate::level::gltf_anim::LevelAnimation;

/// A level's dynamic objects and the animations that move them.
#[derive(Debug, Clone, Default)]
pub struct Movers {
    scene: DynamicScene,
    animations: Vec<LevelAnimation>,
}

impl Movers {
    /// Objects and their animations (one animation per object set), settled at time 0.
    pub fn new(scene: DynamicScene, animations: Vec<LevelAnimation>) -> Self {
        let mut m = Self { scene, animations };
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
        for a in &self.animations {
            let pose = a.pose_at(t_secs);
            if let Err(e) = self.scene.update_set(a.set, |_| pose) {
                log::warn!("object set {} not moved: {e}", a.set.0);
            }
        }
    }

    /// Every object at its pose at `t_secs`, at rest (previous = current).
    pub fn rest_at(&mut self, t_secs: f64) {
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
    pub fn rest_at_record(&mut self, record: &FrameRecord) {
        if record.objects.is_empty() {
            self.rest_at((record.frame + 1) as f64 * f64::from(record.dt_secs));
        } else {
            self.rest_at_poses(&record.objects);
        }
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

#[cfg(test)]
mod tests {
    use glam::Vec3;

    use super::*;
    use crate::collision::{RigidPose, SlideSettings};
    use crate::level::gltf_anim::{KeyInterpolation, NodeChannels, Track};
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

    #[test]
    fn each_step_moves_objects_from_its_start_to_its_end_time() {
        let mut m = lift();
        let floor = CollisionMesh::from_triangles(&[[
            Vec3::new(50.0, -5.0, 50.0),
            Vec3::new(50.0, -5.0, 51.0),
            Vec3::new(51.0, -5.0, 50.0),
        ]])
        .unwrap();
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
        let o = rec.objects[0];
        assert!((f64::from(o.previous.translation.y) - 2.0 * dt).abs() < 1e-6);
        assert!((f64::from(o.current.translation.y) - 3.0 * dt).abs() < 1e-6);
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
