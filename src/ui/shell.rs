//! The whole window: the menu bar above the workbench's tiles, each tile drawn by its pane.

use egui::Ui;

use super::controls::controls_ui;
use super::menu_bar::menu_bar_ui;
use super::shell_model::{ShellModel, ShellOutput};
use super::view3d::view_ui;
use super::{Command, debugger, inspector, issues, layout, lessons, plots, timeline};

/// The whole window: the menu bar above the workbench's tiles (3D view, inspector, plots,
/// timeline, controls, lesson; see [`layout`]), the 3D view showing `view_texture` (the
/// renderer's offscreen frame).
pub fn shell_ui(
    ui: &mut Ui,
    m: &ShellModel,
    layout: &mut layout::Layout,
    view_texture: Option<egui::TextureId>,
    out: &mut ShellOutput,
) {
    let panes: Vec<(layout::Pane, bool)> = layout::Pane::CLOSABLE
        .iter()
        .map(|&p| (p, layout.has(p)))
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
    let mut panes = ShellPanes {
        m,
        view_texture,
        out,
        debug,
        teach,
    };
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE)
        .show(ui, |ui| {
            layout.tree.ui(
                &mut layout::Behavior {
                    contents: &mut panes,
                },
                ui,
            );
        });
    let ShellPanes {
        out, debug, teach, ..
    } = panes;
    out.commands.extend(debug.into_iter().map(Command::Debug));
    out.commands.extend(teach.into_iter().map(Command::Teach));
}

/// What each tile draws.
struct ShellPanes<'a> {
    m: &'a ShellModel,
    view_texture: Option<egui::TextureId>,
    out: &'a mut ShellOutput,
    debug: Vec<debugger::DebugCommand>,
    teach: Vec<lessons::TeachCommand>,
}

impl layout::PaneContents for ShellPanes<'_> {
    fn pane_ui(&mut self, ui: &mut Ui, pane: layout::Pane) {
        use layout::Pane;
        let m = self.m;
        match pane {
            Pane::View3d => view_ui(ui, self.view_texture, m.view.level_colour, self.out),
            Pane::Inspector => {
                // Every text wraps at the pane's width; only a row that cannot wrap (the pane
                // dragged narrower than a table) scrolls sideways, and its bar shows without
                // hovering, so nothing is cut out of sight.
                ui.spacing_mut().scroll = egui::style::ScrollStyle {
                    dormant_background_opacity: 1.0,
                    dormant_handle_opacity: 1.0,
                    ..egui::style::ScrollStyle::solid()
                };
                egui::ScrollArea::both()
                    .id_salt("inspector_scroll")
                    .show(ui, |ui| {
                        inspector::inspector_ui(ui, &m.debug, &mut self.debug)
                    });
            }
            Pane::Plots => plots::plots_ui(ui, &m.debug, &mut self.debug),
            Pane::Timeline => {
                egui::ScrollArea::vertical()
                    .id_salt("timeline_scroll")
                    .show(ui, |ui| {
                        timeline::timeline_ui(ui, &m.debug, &mut self.debug)
                    });
            }
            Pane::Controls => controls_ui(ui, m, self.out),
            Pane::Lesson => {
                if m.teach.lesson.is_some() {
                    lessons::lesson_panel_ui(ui, &m.teach, &mut self.teach);
                } else {
                    ui.label("No lesson open: pick one from the Lessons menu.");
                }
            }
        }
    }
}
