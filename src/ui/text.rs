//! Text that wraps at the panel's edge: a panel's widest row must not be wider than the panel,
//! or egui widens the panel's content (its `max_rect`) to that row and every paragraph after
//! it wraps past the edge, cut mid-word.

use egui::{Response, RichText, Ui};

/// `text` in monospace, wrapped at spaces to the width left in `ui`.
pub fn mono_wrapped(ui: &mut Ui, text: impl Into<String>) -> Response {
    ui.add(egui::Label::new(RichText::new(text).monospace()).wrap())
}

/// `text` as given, wrapped to the width left in `ui`.
pub fn wrapped(ui: &mut Ui, text: impl Into<egui::WidgetText>) -> Response {
    ui.add(egui::Label::new(text).wrap())
}
