//! The inspector's moving-geometry section (seed 001 12.12.1): for the iteration at
//! the cursor, every contact on a dynamic object (object name and id, its triangle, the
//! object's adjustment vector) and every object the detection tested (adjustment, extended
//! sweep, hit / miss / culled). Read from the trace only.

use egui::{Color32, RichText, Ui};

use super::dynamic_narration::{object_label, turn_degrees};
use super::narration::{feature_label, time_label};
use crate::collision::IterationTrace;
use crate::scene::palette;
use crate::sim::FrameRecord;

fn v3(v: glam::Vec3) -> String {
    format!("({:.3}, {:.3}, {:.3})", v.x, v.y, v.z)
}

fn color(c: [f32; 4]) -> Color32 {
    let u = |x: f32| (x.clamp(0.0, 1.0) * 255.0) as u8;
    Color32::from_rgb(u(c[0]), u(c[1]), u(c[2]))
}

/// The section; nothing is shown when the iteration tested no dynamic object. Objects the
/// broad phase culled are only named.
pub fn dynamic_objects_ui(ui: &mut Ui, rec: &FrameRecord, iteration: usize, names: &[String]) {
    let Some(it) = rec.trace.iterations.get(iteration) else {
        return;
    };
    if it.dynamic.is_empty() {
        return;
    }
    ui.add_space(4.0);
    ui.label(RichText::new("Moving objects").strong());
    for c in &it.contacts {
        let Some(object) = c.source.object() else {
            continue;
        };
        let adjustment = it
            .dynamic
            .iter()
            .find(|d| d.object == object)
            .map_or(glam::Vec3::ZERO, |d| d.adjustment);
        ui.label(
            RichText::new(format!(
                "contact on {}: triangle {}, {}, {}; adjustment {}",
                object_label(names, object),
                c.triangle,
                feature_label(c.feature),
                time_label(c.time),
                v3(adjustment)
            ))
            .color(color(palette::DYNAMIC_CONTACT_POINT)),
        );
    }
    let near = it.dynamic.iter().any(|d| !d.culled);
    if near {
        objects_table_ui(ui, it, names);
    }
    let culled: Vec<String> = it
        .dynamic
        .iter()
        .filter(|d| d.culled)
        .map(|d| object_label(names, d.object))
        .collect();
    if !culled.is_empty() {
        ui.label(
            RichText::new(format!(
                "Not near the sweep (culled by their boxes): {}.",
                culled.join(", ")
            ))
            .weak(),
        );
    }
    ui.label(
        RichText::new(
            "View: object at its previous pose faded, extended sweep in pink, adjustment arrow \
             (× arrow scale), contacts on objects in cyan.",
        )
        .weak(),
    );
}

/// One row per object the broad phase kept: adjustment, turn, extended sweep, hit.
fn objects_table_ui(ui: &mut Ui, it: &IterationTrace, names: &[String]) {
    // Wider than the inspector: scrolls sideways rather than widening the panel over the view.
    egui::ScrollArea::horizontal()
        .id_salt("dynamic_objects_scroll")
        .show(ui, |ui| objects_grid_ui(ui, it, names));
}

fn objects_grid_ui(ui: &mut Ui, it: &IterationTrace, names: &[String]) {
    egui::Grid::new("dynamic_objects")
        .striped(true)
        .num_columns(5)
        .spacing([10.0, 2.0])
        .show(ui, |ui| {
            for h in [
                "object",
                "adjustment (m)",
                "turn",
                "extended sweep (m)",
                "hit",
            ] {
                ui.label(RichText::new(h).strong());
            }
            ui.end_row();
            for d in it.dynamic.iter().filter(|d| !d.culled) {
                ui.label(object_label(names, d.object));
                ui.monospace(v3(d.adjustment))
                    .on_hover_text("the object's motion since the last update (seed eAdjust)");
                ui.monospace(format!("{:.1}°", turn_degrees(&d.previous, &d.current)));
                ui.monospace(v3(d.extended_velocity))
                    .on_hover_text("this iteration's motion minus the adjustment");
                ui.monospace(d.hit.map_or("miss".into(), time_label));
                ui.end_row();
            }
        });
}
