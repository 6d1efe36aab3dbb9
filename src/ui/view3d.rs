//! The 3D view pane: the renderer's offscreen frame, the level colours' legend in its corner,
//! and the mouse over it (drag, wheel, clicks) for the app's camera and picking.

use super::pane::{PaneUi, Place};
use super::pane_name::Pane;
use egui::{Color32, RichText, Ui};

use super::legend::level_colour_legend_ui;
use super::shell_model::ShellOutput;
use crate::render::LevelColour;

/// The 3D view's tile (cannot be closed).
pub const PANE: Pane = Pane::new("View3d");

pub(super) static VIEW3D: PaneUi = PaneUi::new(PANE, "3D view", Place::Main, |ui, cx| {
    view_ui(ui, cx.view_texture, cx.m.view.level_colour, cx.out)
});
/// The 3D view: the renderer's offscreen frame filling its tile.
pub(super) fn view_ui(
    ui: &mut Ui,
    view_texture: Option<egui::TextureId>,
    colour: LevelColour,
    out: &mut ShellOutput,
) {
    {
        {
            let size = ui.available_size();
            let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
            let ppp = ui.ctx().pixels_per_point();
            out.view_px = [
                (rect.width() * ppp).round().max(0.0) as u32,
                (rect.height() * ppp).round().max(0.0) as u32,
            ];
            if let Some(id) = view_texture {
                ui.painter().image(
                    id,
                    rect,
                    egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
                    Color32::WHITE,
                );
            }
            if !colour.legend().is_empty() {
                // The colour mode's legend in the view's corner, where the colours are.
                egui::Area::new(egui::Id::unique("level_colour_legend"))
                    .fixed_pos(rect.left_top() + egui::vec2(8.0, 8.0))
                    .interactable(false)
                    .show(ui.ctx(), |ui| {
                        egui::Frame::popup(ui.style()).show(ui, |ui| {
                            ui.label(RichText::new(format!("Level: {}", colour.label())).strong());
                            level_colour_legend_ui(ui, colour);
                        });
                    });
            }
            if response.dragged() {
                let d = response.drag_delta() * ppp;
                out.drag_px[0] += d.x;
                out.drag_px[1] += d.y;
            }
            if response.hovered() {
                out.zoom_steps += ui.input(|i| i.smooth_scroll_delta.y) / 50.0;
            }
            if response.double_clicked() {
                out.double_click_uv = response.interact_pointer_pos().map(|p| {
                    let uv = (p - rect.min) / rect.size().max(egui::vec2(1.0, 1.0));
                    [uv.x, uv.y]
                });
            }
            if response.clicked() {
                out.clicked = true;
                out.click_uv = response.interact_pointer_pos().map(|p| {
                    let uv = (p - rect.min) / rect.size().max(egui::vec2(1.0, 1.0));
                    [uv.x, uv.y]
                });
            }
        }
    }
}
