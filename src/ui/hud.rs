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
            let r = &s.rates;
            let rates = format!(
                "{:5.1}  ({:5.2} ms, sim {:4.2} ms)",
                r.fps, r.frame_ms, r.sim_ms
            );
            row(ui, "fps", |ui| mono_wrapped(ui, rates));
            player_rows(ui, &s.player);
            let m = &s.last_move;
            let end = m.end.map_or("-".to_string(), |e| format!("{e:?}"));
            let last = format!("{} iter, {} contacts, {end}", m.iterations, m.contacts);
            row(ui, "last step", |ui| mono_wrapped(ui, last));
            display_rows(ui, &s.display);
        });
    let d = &s.display;
    if !d.cursor_captured && d.camera_mode.is_some_and(CameraMode::captures_cursor) {
        ui.label(RichText::new("Click the view to capture the mouse.").weak());
    }
}

/// One row of the HUD's grid: its label and its value.
fn row<R>(ui: &mut Ui, label: &str, value: impl FnOnce(&mut Ui) -> R) {
    ui.label(label);
    value(ui);
    ui.end_row();
}

/// Position, velocity, speed and state.
fn player_rows(ui: &mut Ui, p: &PlayerHud) {
    row(ui, "position", |ui| mono_wrapped(ui, v3(p.position)));
    row(ui, "velocity", |ui| mono_wrapped(ui, v3(p.velocity)));
    let speed = format!("{:.2} m/s", p.velocity.length());
    row(ui, "speed", |ui| mono_wrapped(ui, speed));
    let mut state = vec![if p.grounded { "grounded" } else { "airborne" }];
    if p.crouched {
        state.push("crouched");
    }
    if p.noclip {
        state.push("NOCLIP");
    }
    row(ui, "state", |ui| mono_wrapped(ui, state.join(", ")));
}

/// The level, the view and the GPU.
fn display_rows(ui: &mut Ui, d: &DisplayHud) {
    let level = format!("{} ({} tris)", d.level_name, d.level_triangles);
    row(ui, "level", |ui| wrapped(ui, level));
    let [w, h] = d.view_size;
    let mode = d.camera_mode.map_or("-", CameraMode::label);
    let view = format!("{w}×{h} MSAA {}×, {mode}", d.msaa);
    row(ui, "view", |ui| wrapped(ui, view));
    row(ui, "GPU", |ui| {
        ui.add(egui::Label::new(&d.adapter).truncate())
    });
}
