//! The conventions on which real ports differ from seed 001, one switch row per row of the
//! `slidescope-conventions` table (a choice: its values; a flag: a box; an amount: a number),
//! each with its row's documentation as the hover text. Shown with the walking settings and
//! with the debugger's re-run switches (while paused, the frame at the cursor is re-run with
//! them).

use egui::Ui;

use crate::collision::Conventions;
use crate::collision::conventions::{Convention, Kind, Solver, TABLE};

/// A collapsible block of switches editing `c` in place; `id` keeps its open state apart from
/// another block's.
pub fn conventions_ui(ui: &mut Ui, id: &str, c: &mut Conventions) {
    let title = if *c == Conventions::default() {
        "conventions (the defaults)"
    } else {
        "conventions (changed)"
    };
    egui::CollapsingHeader::new(title)
        .id_salt(id)
        .show(ui, |ui| {
            for row in TABLE {
                if let Some(solver) = row.solver {
                    ui.horizontal_wrapped(|ui| row_ui(ui, row, solver, c));
                }
            }
            if ui.button("the defaults").clicked() {
                *c = Conventions::default();
            }
        });
}

/// One row's switch.
fn row_ui(ui: &mut Ui, row: &Convention, solver: Solver<Conventions>, c: &mut Conventions) {
    let mut wire = (solver.get)(c);
    let before = wire;
    let doc = row.doc.split_whitespace().collect::<Vec<_>>().join(" ");
    match row.kind {
        Kind::Choice(named) => {
            ui.label(row.spec.label).on_hover_text(&doc);
            for (i, n) in named.iter().enumerate() {
                ui.radio_value(&mut wire, i as u32, n.ui);
            }
        }
        Kind::Flag => {
            let mut on = wire == 1;
            ui.checkbox(&mut on, row.spec.label).on_hover_text(&doc);
            wire = u32::from(on);
        }
        Kind::Amount => {
            ui.label(row.spec.label).on_hover_text(&doc);
            let (max, speed) = row.spec.drag;
            let mut x = f32::from_bits(wire);
            ui.add(egui::DragValue::new(&mut x).speed(speed).range(0.0..=max));
            wire = x.to_bits();
        }
        Kind::Bits => {}
    }
    if wire != before {
        (solver.set)(c, wire);
    }
}
