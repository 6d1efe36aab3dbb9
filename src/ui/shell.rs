//! The whole window: the menu bar above the workbench's tiles, each tile drawn by its pane.

use egui::Ui;

use super::menu_bar::menu_bar_ui;
use super::pane::PaneCx;
use super::shell_model::{ShellModel, ShellOutput};
use super::{Command, debugger, issues, layout, lessons, pane_name};

/// The whole window: the menu bar above the workbench's tiles (the registered panes,
/// [`PANES`](super::PANES); see [`layout`]), the 3D view showing `view_texture` (the renderer's
/// offscreen frame).
pub fn shell_ui(
    ui: &mut Ui,
    m: &ShellModel,
    layout: &mut layout::Layout,
    view_texture: Option<egui::TextureId>,
    out: &mut ShellOutput,
) {
    let panes: Vec<(pane_name::Pane, bool)> = pane_name::Pane::closable()
        .map(|p| (p, layout.has(p)))
        .collect();
    egui::Panel::top("menu").show(ui, |ui| {
        menu_bar_ui(
            ui,
            &m.recent,
            m.mode,
            &m.teach,
            &m.debug.probe,
            &panes,
            &m.issues,
            &mut out.commands,
        );
    });
    issues::report_window_ui(ui.ctx(), &m.issues, &mut out.commands);
    let mut teach = Vec::new();
    lessons::legend_window_ui(ui.ctx(), &m.teach, &mut teach);
    let mut debug = Vec::new();
    debugger::help_ui(ui.ctx(), m.debug.show_help, &mut debug);
    let mut cx = PaneCx {
        m,
        view_texture,
        out,
        debug: &mut debug,
        teach: &mut teach,
    };
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE)
        .show(ui, |ui| {
            layout.tree.ui(&mut layout::Behavior { cx: &mut cx }, ui);
        });
    out.commands.extend(debug.into_iter().map(Command::Debug));
    out.commands.extend(teach.into_iter().map(Command::Teach));
}
