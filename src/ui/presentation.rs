//! The projector look of the panels (the "Presentation" toggle): larger text and high-contrast
//! colours — white text on black, stronger outlines — for every style egui keeps.

use egui::{Color32, FontId, Stroke, TextStyle};

/// Text is this much larger in presentation mode.
pub const TEXT_SCALE: f32 = 1.3;

/// Sets (or restores) the look of every panel.
pub fn apply(ctx: &egui::Context, on: bool) {
    ctx.all_styles_mut(|style| {
        let defaults = egui::style::default_text_styles();
        style.text_styles = defaults
            .into_iter()
            .map(|(k, f): (TextStyle, FontId)| {
                let size = if on { f.size * TEXT_SCALE } else { f.size };
                (k, FontId::new(size, f.family))
            })
            .collect();
        let base = if style.visuals.dark_mode {
            egui::Visuals::dark()
        } else {
            egui::Visuals::light()
        };
        style.visuals = base;
        if on {
            let v = &mut style.visuals;
            v.override_text_color = Some(if v.dark_mode {
                Color32::WHITE
            } else {
                Color32::BLACK
            });
            if v.dark_mode {
                v.panel_fill = Color32::BLACK;
                v.window_fill = Color32::from_gray(8);
                v.extreme_bg_color = Color32::BLACK;
            }
            let edge = if v.dark_mode {
                Color32::from_gray(200)
            } else {
                Color32::from_gray(30)
            };
            v.widgets.noninteractive.bg_stroke = Stroke::new(1.5, edge);
            v.widgets.inactive.bg_stroke = Stroke::new(1.5, edge);
            v.selection.stroke = Stroke::new(2.0, Color32::YELLOW);
        }
    });
}
