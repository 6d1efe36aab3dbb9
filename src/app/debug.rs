//! The app side of the debugger ([`Debugger`](super::debugger::Debugger) owns its state): its
//! keys and commands routed, the [`Effect`]s a command leaves carried out, the camera while
//! paused, and the 3D view's rays (picking a triangle, re-centring the orbit camera).

use glam::{Vec3, Vec4Swizzles};
use winit::keyboard::KeyCode;

use super::App;
use super::debugger::{DebugKey, Effect};
use crate::collision::raycast;
use crate::render::Camera;
use crate::ui::debugger::DebugCommand;
use crate::view::CameraMode;

/// The world ray through `uv` (0..1, origin top-left) of a view drawn with `camera`.
pub fn pick_ray(camera: &Camera, aspect: f32, uv: [f32; 2]) -> Option<(Vec3, Vec3)> {
    let inv = camera.view_proj(aspect).inverse();
    let (x, y) = (uv[0] * 2.0 - 1.0, 1.0 - uv[1] * 2.0);
    let near = inv * glam::Vec4::new(x, y, 0.0, 1.0);
    let far = inv * glam::Vec4::new(x, y, 1.0, 1.0);
    if near.w.abs() < 1e-12 || far.w.abs() < 1e-12 {
        return None;
    }
    let (a, b) = (near.xyz() / near.w, far.xyz() / far.w);
    let dir = (b - a).try_normalize()?;
    a.is_finite().then_some((a, dir))
}

impl App {
    /// Timeline and debugger keys. Returns true when the key was used.
    pub(super) fn debug_key(&mut self, code: KeyCode, ctrl: bool) -> bool {
        match self.debugger.key(code, ctrl, self.sim.is_paused()) {
            Some(DebugKey::Command(c)) => self.apply_debug(c),
            Some(DebugKey::FrameSelection) => self.frame_selection(),
            None => return false,
        }
        true
    }

    /// A debugger command: a timeline command over a game's moves goes to the probe session,
    /// anything else to the debugger, whose effects the app then carries out.
    pub(super) fn apply_debug(&mut self, cmd: DebugCommand) {
        if let DebugCommand::Timeline(c) = cmd
            && self.probe.active
        {
            return self.probe_timeline(c);
        }
        let effects =
            self.debugger
                .apply(cmd, &mut self.sim, &self.world, &mut self.settings.slide);
        for e in effects {
            self.debug_effect(e);
        }
    }

    fn debug_effect(&mut self, effect: Effect) {
        match effect {
            Effect::ReleaseCursor => self.set_capture(false),
            Effect::RestMovers => self.rest_movers_at_last_record(),
            // A game's moves are re-solved in place with the new switches.
            Effect::SolveChanged if self.probe.active => self.resolve_game_moves_again(),
            Effect::SolveChanged => {}
            Effect::SaveRecording => self.save_recording_dialog(),
            Effect::LoadRecording => self.load_recording_dialog(),
            Effect::ExportFrame => self.export_frame_dialog(),
            Effect::Probe(p) => self.apply_probe(p),
        }
    }

    /// Where the camera looks: the ellipsoid at the cursor's iteration while paused, else the
    /// live player. Returns (centre, radii).
    pub(super) fn view_target(&self) -> (Vec3, Vec3) {
        if self.sim.is_paused()
            && let Some((rec, i)) = self.sim.cursor_frame()
            && let Some(e) = rec.call.ellipsoid
        {
            let c = rec
                .trace
                .iterations
                .get(i as usize)
                .map_or(e.center, |it| it.start_center);
            return (c, e.radii);
        }
        (self.render_center(), self.radii())
    }

    /// Frames the selection (see [`Debugger::selection_sphere`](super::debugger::Debugger))
    /// with a short camera move.
    pub(super) fn frame_selection(&mut self) {
        match self.debugger.selection_sphere(&self.sim, &self.world) {
            Some((c, r)) => self.rig.frame_on(c, r),
            None => self.say("nothing to frame: no frame at the cursor".into(), false),
        }
    }

    /// Re-centres the orbit camera on the level point under `uv` of the 3D view.
    pub(super) fn recenter_at(&mut self, uv: [f32; 2]) {
        let Some((origin, dir, far)) = self.view_ray(uv) else {
            return;
        };
        if let Ok(Some(hit)) = raycast(&self.world.collision, origin, dir, far) {
            self.rig.recenter(hit.point);
        }
    }

    /// The world ray under `uv` of the 3D view as last drawn (origin, direction, far plane),
    /// undoing the eSpace view's map.
    fn view_ray(&self, uv: [f32; 2]) -> Option<(Vec3, Vec3, f32)> {
        let (cam, aspect) = self.debugger.last_camera()?;
        let (origin, dir) = pick_ray(&cam, aspect, uv)?;
        let (origin, dir) = self.unmap_pick_ray(origin, dir);
        Some((origin, dir, cam.far))
    }

    /// The camera for this frame; while paused a first-person camera becomes the orbit one
    /// (the eye would sit inside the drawn ellipsoid).
    pub(super) fn debug_camera(&mut self, aspect: f32) -> Camera {
        if !self.sim.is_paused() {
            // Walking: the camera follows the ellipsoid again.
            self.rig.release_focus();
        }
        let (center, radii) = self.view_target();
        let mode = self.rig.mode;
        if self.sim.is_paused() && mode == CameraMode::FirstPerson {
            self.rig.mode = CameraMode::Orbit;
        }
        let cam = self.rig.camera(&self.world.collision, center, radii);
        self.rig.mode = mode;
        self.debugger.set_last_camera(cam, aspect);
        cam
    }

    /// Selects the triangle under `uv` of the 3D view (paused only).
    pub(super) fn pick(&mut self, uv: [f32; 2]) {
        if let Some((origin, dir, far)) = self.view_ray(uv) {
            self.debugger.pick(&self.sim, &self.world, origin, dir, far);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pick_ray_through_the_view_centre_is_the_camera_forward() {
        let cam = Camera::look_at(Vec3::new(0.0, 2.0, 5.0), Vec3::new(0.0, 1.0, 0.0));
        let (o, d) = pick_ray(&cam, 16.0 / 9.0, [0.5, 0.5]).expect("ray");
        assert!((d - cam.forward()).length() < 1e-4, "{d}");
        assert!((o - cam.eye).length() < 0.1, "{o}");
    }
}
