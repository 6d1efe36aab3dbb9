//! The lesson pane: the open lesson's panel ([`lesson_panel_ui`]) beside the 3D view.

use egui::Ui;

use super::lessons::lesson_panel_ui;
use super::pane::{PaneCx, PaneUi, Place};
use super::pane_name::Pane;

pub const PANE: Pane = Pane::new("Lesson");

pub(super) static LESSON: PaneUi = PaneUi::new(PANE, "Lesson", Place::Side, draw);

fn draw(ui: &mut Ui, cx: &mut PaneCx<'_>) {
    if cx.m.teach.lesson.is_some() {
        lesson_panel_ui(ui, &cx.m.teach, cx.teach);
    } else {
        ui.label("No lesson open: pick one from the Lessons menu.");
    }
}
