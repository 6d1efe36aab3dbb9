//! The app side of moving geometry (seed 001 12.12–12.15): every fixed step moves the
//! level's dynamic objects to the step's end time before the player steps (level time is the
//! sim's frame count, so live runs and replays agree), the camera turns with a platform the
//! player rides, a resumed run or a loaded recording puts the objects at the poses recorded
//! for its frame, and the live 3D view draws the objects between their last two poses (the
//! paused view's objects, sweeps and adjustment vectors come from `scene::object_shapes`).

use glam::Vec3;

use super::App;
use crate::collision::{Ellipsoid, SlideSettings, sweep_in};
use crate::render::{DebugScene, Renderer};
use crate::scene::object_shapes;
use crate::sim::{Advance, PlayerInput};

impl App {
    /// Runs the fixed steps due after `real_dt_secs`, moving the objects before each, and
    /// turns the view with the platforms ridden.
    pub(super) fn step_world(&mut self, real_dt_secs: f64, input: &PlayerInput) -> Advance {
        let advance =
            self.world
                .movers
                .update(&mut self.sim, &self.world.collision, real_dt_secs, input);
        let yaw = self.sim.take_platform_yaw_rad();
        if yaw != 0.0 && yaw.is_finite() {
            self.rig.yaw = (self.rig.yaw + yaw).rem_euclid(std::f32::consts::TAU);
        }
        advance
    }

    /// Puts the objects where the history's last frame left them (after a resume from the
    /// cursor or a loaded recording); without history, at time 0.
    pub(super) fn rest_movers_at_last_record(&mut self) {
        match self.sim.history().last() {
            Some(rec) => self.world.movers.rest_at_record(rec),
            None => self.world.movers.rest_at(0.0),
        }
    }

    /// Uploads the objects' meshes to `renderer`.
    pub(super) fn upload_dynamic(&self, renderer: &mut Renderer) {
        renderer.set_dynamic_objects(&self.world.dynamic_geometry);
    }

    /// The live objects, between their last two poses like the player.
    pub(super) fn add_live_objects(&self, scene: &mut DebugScene) {
        object_shapes::add_live_objects(scene, self.world.movers.scene(), self.timing.alpha);
    }

    /// The ground under an ellipsoid within `reach` metres, the moving objects included.
    pub(super) fn ground_probe(
        &self,
        center: Vec3,
        radii: Vec3,
        settings: &SlideSettings,
        reach: f32,
    ) -> Option<(Vec3, Vec3)> {
        let e = Ellipsoid::new(center, radii).ok()?;
        let world = self.world.movers.world(&self.world.collision);
        let hit = sweep_in(world, &e, Vec3::NEG_Y * reach, settings).ok()??;
        hit.contacts.first().map(|c| (c.point, c.normal))
    }
}
