//! The "all solvers" section of the inspector: every seed's solver on the selected
//! iteration, in the colour the 3D view draws it, with its distance from the f64 reference.

use egui::{Color32, RichText, Ui};

use super::debugger::{DebugCommand, DebugView};
use crate::collision::ContactTime;
use crate::scene::cursor_palette;

/// The egui colour of solver row `i` (same as the 3D view's).
pub fn solver_color(i: usize) -> Color32 {
    let c = cursor_palette::SOLVERS[i % cursor_palette::SOLVERS.len()];
    Color32::from_rgb(
        (c[0] * 255.0) as u8,
        (c[1] * 255.0) as u8,
        (c[2] * 255.0) as u8,
    )
}

pub fn solvers_ui(ui: &mut Ui, v: &DebugView, out: &mut Vec<DebugCommand>) {
    let mut on = v.all_solvers;
    if ui
        .checkbox(&mut on, "All solvers on this iteration")
        .on_hover_text(
            "Decomposed (seed 001/003), plane space (seed 000), gradient normal (seed 002) and \
             the f64 reference, on the same swept ellipsoid and candidate triangles; drawn in \
             the view as contact point, normal and centre in each solver's colour.",
        )
        .changed()
    {
        out.push(DebugCommand::SetAllSolvers(on));
    }
    if !on {
        return;
    }
    let Some(rows) = &v.solvers else {
        ui.label(RichText::new("No iteration at the cursor (noclip or no motion).").weak());
        return;
    };
    egui::ScrollArea::horizontal()
        .id_salt("solver_table")
        .show(ui, |ui| {
            egui::Grid::new("solvers")
                .striped(true)
                .num_columns(6)
                .spacing([8.0, 2.0])
                .show(ui, |ui| {
                    for h in ["solver", "t", "Δt vs ref", "normal Δ°", "case", "tri"] {
                        ui.label(RichText::new(h).strong());
                    }
                    ui.end_row();
                    for (i, r) in rows.iter().enumerate() {
                        ui.colored_label(solver_color(i), r.solver);
                        match r.hit {
                            None => {
                                ui.monospace("miss");
                                ui.label("");
                                ui.label("");
                                ui.label("");
                                ui.label("");
                            }
                            Some(h) => {
                                ui.monospace(match h.time {
                                    ContactTime::Toi(t) => format!("{t:.5}"),
                                    ContactTime::Embedded { depth_es } => {
                                        format!("in {depth_es:.4} es")
                                    }
                                });
                                ui.monospace(
                                    r.dt_vs_reference
                                        .map_or("—".into(), |d| format!("{d:+.2e}")),
                                );
                                ui.monospace(
                                    r.normal_angle_deg.map_or("—".into(), |a| format!("{a:.3}")),
                                );
                                ui.label(format!("{:?}", h.feature));
                                ui.monospace(h.primitive.to_string());
                            }
                        }
                        ui.end_row();
                    }
                });
        });
    ui.label(
        RichText::new(
            "t is the fraction of this iteration's motion; the reference (f64 bisection on the \
             exact distance) is the judge.",
        )
        .weak(),
    );
}
