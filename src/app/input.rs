//! Keyboard and cursor: the walking keys as the player's input, camera-mode keys, capturing the
//! cursor for mouse look.

use winit::event_loop::ActiveEventLoop;
use winit::keyboard::KeyCode;
use winit::window::CursorGrabMode;

use crate::sim::PlayerInput;
use crate::ui::Command;
use crate::view::CameraMode;

use super::App;

impl App {
    pub(super) fn set_capture(&mut self, on: bool) {
        let Some(window) = &self.shell.window else {
            return;
        };
        if on {
            let grabbed = window
                .set_cursor_grab(CursorGrabMode::Locked)
                .or_else(|_| window.set_cursor_grab(CursorGrabMode::Confined));
            if let Err(e) = grabbed {
                log::warn!("cannot capture the cursor: {e}");
            }
            window.set_cursor_visible(false);
        } else {
            let _ = window.set_cursor_grab(CursorGrabMode::None);
            window.set_cursor_visible(true);
        }
        self.input.captured = on;
    }

    pub(super) fn set_mode(&mut self, mode: CameraMode) {
        if mode == CameraMode::Fly && self.rig.mode != CameraMode::Fly {
            let (center, radii) = (self.render_center(), self.radii());
            let cam = self.rig.camera(&self.world.collision, center, radii);
            self.rig.fly_eye = cam.eye;
        }
        self.rig.mode = mode;
        if !mode.captures_cursor() {
            self.set_capture(false);
        }
    }

    pub(super) fn on_key(&mut self, code: KeyCode, pressed: bool, event_loop: &ActiveEventLoop) {
        if pressed {
            self.input.keys.insert(code);
        } else {
            self.input.keys.remove(&code);
            return;
        }
        let held = |a, b| self.input.keys.contains(&a) || self.input.keys.contains(&b);
        let ctrl = held(KeyCode::ControlLeft, KeyCode::ControlRight);
        // Shift is also the run key: without a game's moves, Ctrl+Shift+E is Ctrl+E.
        let shift = held(KeyCode::ShiftLeft, KeyCode::ShiftRight);
        if code == KeyCode::KeyE && ctrl && shift && self.probe.active {
            self.apply_probe(crate::ui::game::ProbeCommand::ExportMinimal);
            return;
        }
        if self.debug_key(code, ctrl) {
            return;
        }
        match code {
            KeyCode::Escape => self.set_capture(false),
            KeyCode::KeyF => self.input.noclip = !self.input.noclip,
            KeyCode::Digit1 => self.set_mode(CameraMode::FirstPerson),
            KeyCode::Digit2 => self.set_mode(CameraMode::Orbit),
            KeyCode::Digit3 => self.set_mode(CameraMode::Fly),
            KeyCode::KeyO if ctrl => self.apply(Command::OpenDialog, event_loop),
            _ => {}
        }
    }

    pub(super) fn move_input(&self) -> PlayerInput {
        let k = |c: KeyCode| self.input.keys.contains(&c);
        let axis = |pos: bool, neg: bool| f32::from(u8::from(pos)) - f32::from(u8::from(neg));
        PlayerInput {
            forward: axis(
                k(KeyCode::KeyW) || k(KeyCode::ArrowUp),
                k(KeyCode::KeyS) || k(KeyCode::ArrowDown),
            ),
            right: axis(
                k(KeyCode::KeyD) || k(KeyCode::ArrowRight),
                k(KeyCode::KeyA) || k(KeyCode::ArrowLeft),
            ),
            yaw_rad: self.rig.yaw,
            jump: k(KeyCode::Space),
            run: k(KeyCode::ShiftLeft) || k(KeyCode::ShiftRight),
            crouch: k(KeyCode::ControlLeft) || k(KeyCode::ControlRight) || k(KeyCode::KeyC),
            noclip: self.input.noclip,
            fly_up: k(KeyCode::KeyE) || k(KeyCode::Space),
            fly_down: k(KeyCode::KeyQ),
        }
    }
}
