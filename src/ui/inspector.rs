//! The inspector panel: the frame at the cursor (inputs and result), its per-iteration table
//! (selecting a row selects the iteration), the narration of the selected iteration, the
//! selected triangle with every case's outcome, the case toggles and the re-run's diff.

use super::pane::{PaneCx, PaneUi, Place};
use super::pane_name::Pane;
use std::ops::ControlFlow;

use egui::{Color32, RichText, Ui};

use super::debugger::{DebugCommand, DebugView, RerunView, TriangleInfo, case_toggles_ui};
use super::narration::{candidate_rows, end_reason_label, iteration_rows, narrate_named};
use super::text::{mono_wrapped, wrapped};
use crate::collision::debug::PartRoots;
use crate::scene::cursor_palette as cp;
use crate::sim::{Cursor, FrameRecord, StepOutcome};

pub const PANE: Pane = Pane::new("Inspector");

pub(super) static INSPECTOR: PaneUi = PaneUi::new(PANE, "Inspector", Place::Side, draw);

/// Every text wraps at the pane's width; only a row that cannot wrap (the pane dragged
/// narrower than a table) scrolls sideways, and its bar shows without hovering, so nothing
/// is cut out of sight.
fn draw(ui: &mut Ui, cx: &mut PaneCx<'_>) {
    ui.spacing_mut().scroll = egui::style::ScrollStyle {
        dormant_background_opacity: 1.0,
        dormant_handle_opacity: 1.0,
        ..egui::style::ScrollStyle::solid()
    };
    egui::ScrollArea::both()
        .id_salt("inspector_scroll")
        .show(ui, |ui| inspector_ui(ui, &cx.m.debug, cx.debug));
}

fn v3(v: glam::Vec3) -> String {
    format!("({:.3}, {:.3}, {:.3})", v.x, v.y, v.z)
}

/// The vectors of one iteration row: point, normal, remaining, slide, integration.
fn row_details_ui(ui: &mut Ui, r: &super::narration::IterationRow) {
    egui::Grid::new(("iteration_details", r.iteration))
        .num_columns(2)
        .spacing([8.0, 1.0])
        .show(ui, |ui| {
            for (k, v) in [
                ("point", &r.point),
                ("normal", &r.normal),
                ("remaining m", &r.remaining),
                ("slide m", &r.slide),
                ("integration", &r.integration),
            ] {
                ui.label(RichText::new(k).weak());
                mono_wrapped(ui, v.as_str());
                ui.end_row();
            }
        });
}

/// The right-hand panel's contents.
pub fn inspector_ui(ui: &mut Ui, v: &DebugView, out: &mut Vec<DebugCommand>) {
    let (Some(c), Some(rec)) = (v.cursor, &v.record) else {
        ui.label("Walk a little: every step is recorded here. Press P to pause, F1 for keys.");
        return;
    };
    if !v.paused {
        ui.label(
            RichText::new("Live: showing the newest frame. Pause (P) to step and inspect.").weak(),
        );
    }
    if let Some(game) = &rec.game {
        egui::CollapsingHeader::new("Game vs reference")
            .default_open(true)
            .show(ui, |ui| {
                let mut probe = Vec::new();
                super::game::game_move_ui(ui, rec, game, &v.probe, &mut probe);
                out.extend(probe.into_iter().map(DebugCommand::Probe));
            });
    }
    frame_info_ui(ui, rec);

    iterations_ui(ui, rec, c, out);

    ui.add_space(4.0);
    ui.label(RichText::new("What happened").strong());
    ui.label(narrate_named(
        &rec.trace,
        c.iteration as usize,
        &v.object_names,
    ));
    if let Some(conventions) = super::narration::conventions_sentence(&rec.call.settings) {
        ui.label(RichText::new(conventions).weak());
    }
    super::dynamic_inspector::dynamic_objects_ui(ui, rec, c.iteration as usize, &v.object_names);

    ui.add_space(4.0);
    ui.separator();
    triangle_header_ui(ui, v.minkowski, out);
    match &v.triangle {
        None => {
            ui.label(
                RichText::new("Click a triangle in the view (paused) or a triangle number above.")
                    .weak(),
            );
        }
        Some(t) => {
            // A moving object's triangle: its section ends the panel.
            if selected_triangle_ui(ui, t, rec, c, out).is_break() {
                return;
            }
        }
    }

    ui.add_space(4.0);
    ui.separator();
    ui.label(RichText::new("Solvers").strong());
    super::solvers::solvers_ui(ui, v, out);
    ui.separator();
    ui.label(RichText::new("Minkowski cases").strong());
    case_toggles_ui(ui, &v.toggles, out);
    if let Some(r) = &v.rerun {
        rerun_ui(ui, rec, r);
    }
}

/// The frame's inputs and result: dt, centres, requested move, radii, grounded, outcome.
fn frame_info_ui(ui: &mut Ui, rec: &FrameRecord) {
    egui::CollapsingHeader::new(format!("Frame {}", rec.frame))
        .default_open(false)
        .show(ui, |ui| {
            egui::Grid::new("frame_info")
                .num_columns(2)
                .spacing([8.0, 2.0])
                .show(ui, |ui| {
                    let row = |ui: &mut Ui, k: &str, val: String| {
                        ui.label(k);
                        mono_wrapped(ui, val);
                        ui.end_row();
                    };
                    row(ui, "dt (s)", format!("{:.5}", rec.dt_secs));
                    row(ui, "centre before", v3(rec.before.center));
                    row(ui, "requested move", v3(rec.call.requested_move));
                    if let Some(e) = rec.call.ellipsoid {
                        row(ui, "radii (m)", v3(e.radii));
                    }
                    row(ui, "centre after", v3(rec.after.center));
                    row(
                        ui,
                        "grounded",
                        format!("{} -> {}", rec.before.grounded, rec.after.grounded),
                    );
                    let outcome = match &rec.outcome {
                        StepOutcome::Slid(r) => format!("slid, {}", end_reason_label(r.end)),
                        StepOutcome::Noclip => "noclip (no query)".into(),
                        StepOutcome::Refused(m) => format!("refused: {m}"),
                        StepOutcome::Other(m) => m.clone(),
                    };
                    row(ui, "outcome", outcome);
                });
        });
}

/// The frame's per-iteration table (a row selects its iteration; its triangle cell the
/// triangle) and the selected row's vectors.
fn iterations_ui(ui: &mut Ui, rec: &FrameRecord, c: Cursor, out: &mut Vec<DebugCommand>) {
    ui.label(RichText::new("Iterations").strong());
    let rows = iteration_rows(&rec.trace);
    if rows.is_empty() {
        ui.label("No detect/respond iterations in this frame.");
    } else {
        // Narrow enough for the inspector tile at its default widths (nothing clipped): the
        // case, the longest cell, last and wrapped; the row's vectors for the selected row
        // below and on hover; how the loop ended under the table.
        egui::Grid::new("iterations")
            .striped(true)
            .num_columns(4)
            .spacing([10.0, 2.0])
            .show(ui, |ui| {
                for h in ["#", "t / depth", "tri", "case"] {
                    ui.label(RichText::new(h).strong());
                }
                ui.end_row();
                for r in &rows {
                    let selected = r.iteration as u32 == c.iteration;
                    if ui
                        .selectable_label(selected, format!("{}", r.iteration + 1))
                        .on_hover_ui(|ui| row_details_ui(ui, r))
                        .clicked()
                    {
                        out.push(DebugCommand::Select {
                            frame: c.frame,
                            iteration: r.iteration as u32,
                        });
                    }
                    ui.monospace(r.time_cell.as_str());
                    match r.first_triangle {
                        // The triangle cell selects the triangle.
                        Some((object, t)) => {
                            if ui.link(r.triangle.as_str()).clicked() {
                                out.push(match object {
                                    None => DebugCommand::SelectTriangle(Some(t)),
                                    Some(o) => DebugCommand::SelectObjectTriangle(o, t),
                                });
                            }
                        }
                        None => {
                            ui.monospace(r.triangle.as_str());
                        }
                    }
                    mono_wrapped(ui, r.case.as_str());
                    ui.end_row();
                }
            });
        if let Some(end) = rows.last().filter(|r| !r.end.is_empty()) {
            wrapped(ui, RichText::new(format!("loop ended: {}", end.end)).weak());
        }
        if let Some(r) = rows.iter().find(|r| r.iteration as u32 == c.iteration) {
            ui.add_space(2.0);
            row_details_ui(ui, r);
        }
    }
}

/// The Triangle section's title with the Minkowski view's switch.
fn triangle_header_ui(ui: &mut Ui, minkowski: bool, out: &mut Vec<DebugCommand>) {
    ui.horizontal(|ui| {
        ui.label(RichText::new("Triangle").strong());
        let mut mk = minkowski;
        if ui
            .checkbox(&mut mk, "Minkowski view (M)")
            .on_hover_text(
                "Face slab, edge cylinders and vertex spheres of the selected triangle, or of \
                 every triangle this iteration touched when none is selected (world space)",
            )
            .changed()
        {
            out.push(DebugCommand::SetMinkowski(mk));
        }
    });
}

/// The selected triangle: its corners, normal and source, the touched part's quadratic, and
/// how each case met it in the cursor's iteration.
fn selected_triangle_ui(
    ui: &mut Ui,
    t: &TriangleInfo,
    rec: &FrameRecord,
    c: Cursor,
    out: &mut Vec<DebugCommand>,
) -> ControlFlow<()> {
    ui.horizontal(|ui| {
        ui.monospace(format!("#{}", t.index));
        if ui.small_button("clear").clicked() {
            out.push(DebugCommand::SelectTriangle(None));
        }
    });
    egui::Grid::new("triangle")
        .num_columns(2)
        .spacing([8.0, 2.0])
        .show(ui, |ui| {
            for (i, p) in t.vertices.iter().enumerate() {
                ui.label(format!("v{i}"));
                ui.monospace(v3(*p));
                ui.end_row();
            }
            ui.label("normal");
            ui.monospace(v3(t.normal));
            ui.end_row();
            ui.label("source");
            ui.add(egui::Label::new(&t.source).wrap());
            ui.end_row();
        });
    if let Some(q) = &t.quadratic {
        quadratic_ui(ui, q);
    }
    if let Some(object) = t.object {
        object_triangle_cases_ui(ui, rec, c.iteration as usize, object, t.index);
        return ControlFlow::Break(());
    }
    ui.label(RichText::new(format!("Cases in iteration {}", c.iteration + 1)).strong());
    triangle_cases_ui(ui, rec, c.iteration as usize, t.index);
    ControlFlow::Continue(())
}

/// Every case's outcome against a level triangle in `iteration`, the one used in yellow.
fn triangle_cases_ui(ui: &mut Ui, rec: &FrameRecord, iteration: usize, triangle: u32) {
    match candidate_rows(&rec.trace, iteration, triangle) {
        None => {
            ui.label(
                RichText::new("not offered by the broad phase in this iteration")
                    .color(Color32::LIGHT_RED),
            );
        }
        Some(rows) => {
            let winner = rec
                .trace
                .iterations
                .get(iteration)
                .and_then(|it| it.contacts.first())
                .filter(|ct| ct.triangle == triangle)
                .map(|ct| super::narration::feature_label(ct.feature));
            egui::Grid::new("cases")
                .num_columns(2)
                .spacing([8.0, 1.0])
                .striped(true)
                .show(ui, |ui| {
                    for (part, outcome) in rows {
                        let won = winner.as_deref() == Some(part.as_str());
                        ui.label(&part);
                        if won {
                            ui.label(
                                RichText::new(format!("{outcome} (used)")).color(Color32::YELLOW),
                            );
                        } else {
                            ui.monospace(outcome);
                        }
                        ui.end_row();
                    }
                });
        }
    }
}

/// The re-run of the frame with the switched cases, rule or switches: what changed, the end,
/// the first divergence and the later frames re-simulated.
fn rerun_ui(ui: &mut Ui, rec: &FrameRecord, r: &RerunView) {
    match &r.result {
        Err(e) => {
            ui.colored_label(Color32::LIGHT_RED, format!("re-run failed: {e}"));
        }
        Ok((trace, diff, end_pos)) => {
            let what = rerun_changes(r, rec);
            ui.label(
                RichText::new(format!("Re-run of this frame {}", what.join(" and "))).strong(),
            );
            ui.label(format!(
                "{} -> {} iterations, end {} -> {}",
                rec.trace.iterations.len(),
                trace.iterations.len(),
                end_reason_label(diff.end.0),
                end_reason_label(diff.end.1),
            ));
            let recorded_end = rec.outcome.slide().map_or(rec.after.center, |s| s.position);
            ui.monospace(format!(
                "end {}\n vs {} (Δ {:.4} m)",
                v3(*end_pos),
                v3(recorded_end),
                (*end_pos - recorded_end).length()
            ));
            match &diff.first_divergence {
                None => {
                    ui.label("The traces are identical.");
                }
                Some(d) => {
                    ui.label(format!("First divergence: {d:?}"));
                }
            }
            if let Some(l) = &r.later {
                ui.label(
                    RichText::new(format!(
                        "Later frames re-simulated: {} (same inputs, same mask)",
                        l.frames
                    ))
                    .strong(),
                );
                match l.diverges_at {
                    None => ui.label("The walk is unchanged (every frame within 1 mm)."),
                    Some(f) => ui.label(format!(
                        "The walk departs at frame {f}; {:.3} m apart at the end.",
                        l.final_gap_m
                    )),
                };
            }
            ui.label(
                RichText::new(
                    "View: recorded path in white, re-run path in magenta; later frames: \
                     recorded walk in grey, re-simulated walk in violet.",
                )
                .weak(),
            );
        }
    }
}

/// What the re-run changed from the recorded frame, in words.
fn rerun_changes(r: &RerunView, rec: &FrameRecord) -> Vec<String> {
    let mut what = Vec::new();
    if r.solve != rec.call.settings.debug.cases {
        what.push("without the switched-off cases".to_string());
    }
    if r.response != rec.call.settings.response.rule {
        what.push(format!("with the {} rule", r.response.name()));
    }
    if r.conventions != rec.call.settings.conventions {
        what.push("with other conventions (padding, short leftover, dead zone, sides)".into());
    }
    let switches = [
        (
            r.internal_edge_filter,
            rec.call.settings.response.internal_edge_filter,
            "with the internal-edge filter",
            "without the internal-edge filter",
        ),
        (
            r.touching_counts,
            rec.call.settings.response.touching_counts,
            "with touching contacts counted",
            "without touching contacts",
        ),
        (
            r.exact_contact,
            rec.call.settings.response.exact_contact,
            "with the exact contact centre",
            "with the seed's contact centre (start + v·t)",
        ),
    ];
    for (now, recorded, on, off) in switches {
        if now != recorded {
            what.push(if now { on } else { off }.to_string());
        }
    }
    what
}

/// The touched part's quadratic `a t² + b t + c = 0` and its two roots (seed 001 12.6; seeds
/// 000/003's stable form), as the Minkowski view draws them on the ray.
fn quadratic_ui(ui: &mut Ui, q: &PartRoots) {
    ui.label(
        RichText::new(format!(
            "Quadratic of the {} (eSpace, t in moves)",
            super::narration::feature_label(q.feature)
        ))
        .strong(),
    );
    // Tiny coefficients (a slow extended sweep) keep their digits in scientific notation.
    let num = |x: f32| {
        let a = x.abs();
        if a != 0.0 && !(1e-3..1e5).contains(&a) {
            format!("{a:.3e}")
        } else {
            format!("{a:.4}")
        }
    };
    let sign = |x: f32| if x < 0.0 { "−" } else { "+" };
    ui.monospace(format!(
        "{}{} t² {} {} t {} {} = 0",
        if q.a < 0.0 { "−" } else { "" },
        num(q.a),
        sign(q.b),
        num(q.b),
        sign(q.c),
        num(q.c)
    ));
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(format!("enters t = {:.4}", q.enter)).color(color(cp::ENTRY)));
        ui.label(RichText::new(format!("leaves t = {:.4}", q.exit)).color(color(cp::EXIT)));
    });
    if q.enter < 0.0 {
        ui.label(RichText::new("t < 0: the centre started inside this part (embedded).").weak());
    }
}

fn color(rgba: [f32; 4]) -> Color32 {
    super::legend::swatch_color(rgba)
}

/// For a moving object's triangle: how the iteration's extended sweep met it (seed 001
/// 12.12.1). The trace keeps the object's earliest hit and the contacts on it, not every part.
fn object_triangle_cases_ui(
    ui: &mut Ui,
    rec: &crate::sim::FrameRecord,
    iteration: usize,
    object: crate::collision::ObjectId,
    triangle: u32,
) {
    ui.label(RichText::new(format!("In iteration {}", iteration + 1)).strong());
    let Some(it) = rec.trace.iterations.get(iteration) else {
        return;
    };
    let Some(d) = it.dynamic.iter().find(|d| d.object == object) else {
        ui.label(RichText::new("the object was not tested in this iteration").weak());
        return;
    };
    if d.culled {
        ui.label(RichText::new("culled: the object's box missed the extended sweep").weak());
        return;
    }
    let contacts: Vec<_> = it
        .contacts
        .iter()
        .filter(|c| c.triangle == triangle && c.source.object() == Some(object))
        .collect();
    if contacts.is_empty() {
        ui.label(
            RichText::new(format!(
                "no contact on this triangle; the object's earliest hit: {}",
                d.hit.map_or("none".into(), super::narration::time_label)
            ))
            .weak(),
        );
    }
    for c in contacts {
        ui.label(
            RichText::new(format!(
                "{}, {}, against the previous pose along the extended sweep; carried to the \
                 current pose",
                super::narration::feature_label(c.feature),
                super::narration::time_label(c.time)
            ))
            .color(Color32::YELLOW),
        );
    }
}
