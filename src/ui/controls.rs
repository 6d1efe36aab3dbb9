//! The Controls pane: messages, the HUD, stations and the settings.

use super::pane::{PaneUi, Place};
use super::pane_name::Pane;
use egui::{Color32, Ui};

use super::Command;
use super::hud::hud_ui;
use super::settings_panel::settings_ui;
use super::shell_model::{ShellModel, ShellOutput};

/// HUD, stations and settings.
pub const PANE: Pane = Pane::new("Controls");

pub(super) static CONTROLS: PaneUi = PaneUi::new(PANE, "Controls", Place::Side, |ui, cx| {
    controls_ui(ui, cx.m, cx.out)
});
/// Stations / spawn points: clicking one teleports there.
pub fn stations_ui(ui: &mut Ui, names: &[String], out: &mut Vec<Command>) {
    if names.is_empty() {
        ui.label("This level has no spawn points.");
    }
    for (i, name) in names.iter().enumerate() {
        if ui.button(name).on_hover_text("Teleport here").clicked() {
            out.push(Command::Teleport(i));
        }
    }
}

/// HUD, messages, stations and settings.
pub(super) fn controls_ui(ui: &mut Ui, m: &ShellModel, out: &mut ShellOutput) {
    egui::ScrollArea::vertical()
        .id_salt("controls_scroll")
        .show(ui, |ui| {
            if let Some(n) = &m.note {
                ui.colored_label(Color32::YELLOW, n);
            }
            for (text, error) in &m.messages {
                let c = if *error {
                    Color32::LIGHT_RED
                } else {
                    Color32::LIGHT_GREEN
                };
                ui.colored_label(c, text);
            }
            hud_ui(ui, &m.hud);
            ui.separator();
            egui::CollapsingHeader::new("Stations and spawn points")
                .default_open(true)
                .show(ui, |ui| stations_ui(ui, &m.stations, &mut out.commands));
            egui::CollapsingHeader::new("Settings")
                .default_open(false)
                .show(ui, |ui| {
                    settings_ui(
                        ui,
                        &m.params,
                        &m.slide,
                        &m.view,
                        m.fov_deg,
                        m.auto_exposure,
                        &mut out.commands,
                    )
                });
        });
}
