//! The HUD: frame rate, position, velocity, state and the last step's iterations and contacts.

use egui::{RichText, Ui};
use glam::Vec3;

use super::text::{mono_wrapped, wrapped};
use crate::collision::EndReason;
use crate::view::CameraMode;

/// Numbers shown in the HUD.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HudStats {
    pub rates: FrameRates,
    pub player: PlayerHud,
    pub last_move: LastMove,
    pub display: DisplayHud,
}

/// How fast frames and steps go.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct FrameRates {
    pub fps: f32,
    pub frame_ms: f32,
    /// CPU time of the last simulation steps (ms).
    pub sim_ms: f32,
}

/// Where the player is and in what state.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct PlayerHud {
    pub position: Vec3,
    /// m/s.
    pub velocity: Vec3,
    pub grounded: bool,
    pub crouched: bool,
    pub noclip: bool,
}

/// The last step's collide-and-slide call.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct LastMove {
    pub iterations: u32,
    pub contacts: u32,
    pub end: Option<EndReason>,
}

/// The level, the GPU and the view.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DisplayHud {
    pub level_name: String,
    pub level_triangles: usize,
    pub adapter: String,
    pub msaa: u32,
    pub view_size: [u32; 2],
    pub camera_mode: Option<CameraMode>,
    pub cursor_captured: bool,
}

fn v3(v: Vec3) -> String {
    format!("{:6.2} {:6.2} {:6.2}", v.x, v.y, v.z)
}

/// Frame rate, position, velocity, grounded, iterations and contacts of the last step.
pub fn hud_ui(ui: &mut Ui, s: &HudStats) {
    egui::Grid::new("hud")
        .num_columns(2)
        .spacing([8.0, 2.0])
        .show(ui, |ui| {
            ui.label("fps");
            super::text::mono_wrapped(
                ui,
                format!(
                    "{:5.1}  ({:5.2} ms, sim {:4.2} ms)",
                    s.rates.fps, s.rates.frame_ms, s.rates.sim_ms
                ),
            );
            ui.end_row();
            ui.label("position");
            mono_wrapped(ui, v3(s.player.position));
            ui.end_row();
            ui.label("velocity");
            mono_wrapped(ui, v3(s.player.velocity));
            ui.end_row();
            ui.label("speed");
            mono_wrapped(ui, format!("{:.2} m/s", s.player.velocity.length()));
            ui.end_row();
            ui.label("state");
            let mut state = vec![if s.player.grounded {
                "grounded"
            } else {
                "airborne"
            }];
            if s.player.crouched {
                state.push("crouched");
            }
            if s.player.noclip {
                state.push("NOCLIP");
            }
            mono_wrapped(ui, state.join(", "));
            ui.end_row();
            ui.label("last step");
            let end = s
                .last_move
                .end
                .map_or("-".to_string(), |e| format!("{e:?}"));
            super::text::mono_wrapped(
                ui,
                format!(
                    "{} iter, {} contacts, {end}",
                    s.last_move.iterations, s.last_move.contacts
                ),
            );
            ui.end_row();
            ui.label("level");
            wrapped(
                ui,
                format!(
                    "{} ({} tris)",
                    s.display.level_name, s.display.level_triangles
                ),
            );
            ui.end_row();
            ui.label("view");
            wrapped(
                ui,
                format!(
                    "{}×{} MSAA {}×, {}",
                    s.display.view_size[0],
                    s.display.view_size[1],
                    s.display.msaa,
                    s.display.camera_mode.map_or("-", CameraMode::label)
                ),
            );
            ui.end_row();
            ui.label("GPU");
            ui.add(egui::Label::new(&s.display.adapter).truncate());
            ui.end_row();
        });
    if !s.display.cursor_captured
        && s.display
            .camera_mode
            .is_some_and(CameraMode::captures_cursor)
    {
        ui.label(RichText::new("Click the view to capture the mouse.").weak());
    }
}
