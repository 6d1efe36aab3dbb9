//! The top menu bar: File, Camera, View, Lessons, Issues and the probe's live indicator.

use std::path::PathBuf;

use egui::{RichText, Ui};

use super::platform::IN_BROWSER;
use super::{Command, game, issues, lessons, pane_name};
use crate::view::CameraMode;

/// The top menu bar: File (open, recent, built-in, quit) and Camera.
#[allow(clippy::too_many_arguments)]
pub fn menu_bar_ui(
    ui: &mut Ui,
    recent: &[PathBuf],
    mode: CameraMode,
    teach: &lessons::TeachView,
    probe: &game::ProbeStatusView,
    panes: &[(pane_name::Pane, bool)],
    issues: &issues::IssuesView,
    out: &mut Vec<Command>,
) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| file_menu_ui(ui, recent, probe, out));
        ui.menu_button("Camera", |ui| {
            for m in CameraMode::ALL {
                if ui.radio(mode == m, m.label()).clicked() {
                    out.push(Command::SetCameraMode(m));
                }
            }
        });
        let mut t = Vec::new();
        let mut panel_cmds = Vec::new();
        lessons::view_menu_ui(ui, teach, &mut t, |ui| {
            ui.separator();
            ui.label("Panels");
            for &(pane, shown) in panes {
                let mut on = shown;
                if ui.checkbox(&mut on, pane.title()).changed() {
                    panel_cmds.push(Command::TogglePane(pane));
                }
            }
            if ui.button("Reset layout").clicked() {
                panel_cmds.push(Command::ResetLayout);
            }
        });
        out.extend(panel_cmds);
        lessons::lessons_menu_ui(ui, teach, &mut t);
        out.extend(t.into_iter().map(Command::Teach));
        issues::issues_menu_ui(ui, issues, out);
        game::probe_indicator_ui(ui, probe);
        ui.separator();
        ui.label(
            RichText::new("WASD move · Space jump · Shift run · Ctrl/C crouch · F noclip · 1/2/3 camera · Esc release")
                .small()
                .weak(),
        );
    });
}

/// The File menu: open a level or a scenario, recent files, the built-in level, the probe's
/// entries, reset settings and quit.
fn file_menu_ui(
    ui: &mut Ui,
    recent: &[PathBuf],
    probe: &game::ProbeStatusView,
    out: &mut Vec<Command>,
) {
    if ui.button("Open level…  (Ctrl+O)").clicked() {
        out.push(Command::OpenDialog);
    }
    if ui.button("Open scenario…").clicked() {
        out.push(Command::OpenScenarioDialog);
    }
    ui.menu_button("Recent files", |ui| {
        if recent.is_empty() {
            ui.label("(none yet)");
        }
        for p in recent {
            if ui.button(p.display().to_string()).clicked() {
                out.push(Command::Open(p.clone()));
            }
        }
        if !recent.is_empty() && ui.button("Clear list").clicked() {
            out.push(Command::ClearRecent);
        }
    });
    if ui.button("Built-in level").clicked() {
        out.push(Command::LoadBuiltin);
    }
    ui.separator();
    let mut p = Vec::new();
    game::probe_menu_ui(ui, probe, &mut p);
    out.extend(p.into_iter().map(Command::Probe));
    ui.separator();
    if ui.button("Reset settings").clicked() {
        out.push(Command::ResetSettings);
    }
    if !IN_BROWSER && ui.button("Quit").clicked() {
        out.push(Command::Quit);
    }
}
