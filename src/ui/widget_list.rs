//! The canvas's widgets as text: egui's accessibility tree (AccessKit, which egui fills each
//! frame once enabled) reduced to one line per named widget a user can click, with where it is
//! on screen. The browser page writes it into a visually hidden element beside `#state`, so a
//! tool driving a page that is one canvas (the browser test) knows what it can press and where,
//! and clicks there as a user does.

use std::fmt::Write;

use egui::accesskit::{Action, Toggled, TreeUpdate};

/// Most lines listed (a frame lists only the widgets laid out, but a long table could list
/// thousands).
pub const MAX_WIDGETS: usize = 400;

/// One line per clickable widget with a name: `Role "name" [on|off] at x0,y0,x1,y1` (egui
/// points, which are CSS pixels at zoom 1), in the tree's order.
pub fn widget_list(update: &TreeUpdate) -> String {
    let mut out = String::new();
    let clickable = (update.nodes.iter())
        .filter(|(_, n)| n.supports_action(Action::Click))
        .filter_map(|(_, n)| Some((n, n.label()?, n.bounds()?)));
    for (node, label, b) in clickable.take(MAX_WIDGETS) {
        let label = label.replace(['\n', '"'], " ");
        let state = match node.toggled() {
            Some(Toggled::True) => " on",
            Some(Toggled::False) => " off",
            Some(Toggled::Mixed) => " mixed",
            None => "",
        };
        let _ = writeln!(
            out,
            "{:?} \"{label}\"{state} at {:.0},{:.0},{:.0},{:.0}",
            node.role(),
            b.x0,
            b.y0,
            b.x1,
            b.y1
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A button and a checkbox laid out in a frame: both listed, named, the box's state given,
    /// where egui put them.
    #[test]
    fn a_frame_lists_its_buttons_and_boxes_where_they_are() {
        let ctx = egui::Context::default();
        ctx.enable_accesskit();
        let (mut button, mut check) = (egui::Rect::NOTHING, egui::Rect::NOTHING);
        let mut out = ctx.run_ui(Default::default(), |ui| {
            egui::CentralPanel::default().show(ui, |ui| {
                button = ui.button("Re-solve all").rect;
                let mut on = true;
                check = ui.checkbox(&mut on, "a plane moved along skipped").rect;
                ui.label("not clickable");
            });
        });
        // The font atlas's upload, which no renderer takes here.
        out.textures_delta.clear();
        let update = out.platform_output.accesskit_update.expect("a tree");
        let text = widget_list(&update);
        let at = |r: egui::Rect| {
            format!(
                "at {:.0},{:.0},{:.0},{:.0}",
                r.min.x, r.min.y, r.max.x, r.max.y
            )
        };
        assert!(
            text.contains(&format!("Button \"Re-solve all\" {}", at(button))),
            "{text}"
        );
        assert!(
            text.contains(&format!(
                "CheckBox \"a plane moved along skipped\" on {}",
                at(check)
            )),
            "{text}"
        );
        assert!(!text.contains("not clickable"), "{text}");
    }
}
