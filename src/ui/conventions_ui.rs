//! The conventions on which real ports differ from seed 001 (issue 24,
//! `collision::conventions`), as re-run switches: like the solve mask, they are the walking
//! settings, and while paused the frame at the cursor is re-run with them.

use egui::Ui;

use crate::collision::{BackFaces, Conventions, Padding, Roots, ShortMotion};

/// A collapsible row of switches editing `c` in place.
pub fn conventions_ui(ui: &mut Ui, c: &mut Conventions) {
    let changed = *c != Conventions::default();
    let title = if changed {
        "conventions (not the seed's)"
    } else {
        "conventions (seed 001)"
    };
    ui.collapsing(title, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.label("padding");
            for p in Padding::ALL {
                ui.radio_value(&mut c.padding, p, p.name());
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("short leftover");
            for m in ShortMotion::ALL {
                ui.radio_value(&mut c.short_motion, m, m.name());
            }
            ui.label("under (eSpace)");
            ui.add(
                egui::DragValue::new(&mut c.min_velocity_es)
                    .speed(1e-4)
                    .range(0.0..=0.5),
            );
            ui.label("or (m)");
            ui.add(
                egui::DragValue::new(&mut c.min_velocity_m)
                    .speed(1e-4)
                    .range(0.0..=1.0),
            );
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("dead zone (m)").on_hover_text(
                "A move no longer than this leaves the ellipsoid where it was (Babylon.js: 0.001)",
            );
            ui.add(
                egui::DragValue::new(&mut c.dead_zone_m)
                    .speed(1e-4)
                    .range(0.0..=1.0),
            );
            ui.checkbox(&mut c.fallback, "fallback when out of iterations")
                .on_hover_text("Off: keep the last checked centre (Babylon.js, Irrlicht)");
            ui.checkbox(&mut c.impulse_filter, "impulse filter");
        });
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut c.two_sided, "two-sided");
            ui.add_enabled_ui(!c.two_sided, |ui| {
                ui.label("one-sided ignores");
                for b in BackFaces::ALL {
                    ui.radio_value(&mut c.back_faces, b, b.name());
                }
            });
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("an edge already overlapped");
            for r in Roots::ALL {
                ui.radio_value(&mut c.roots, r, r.name());
            }
        });
        if ui.button("seed 001's").clicked() {
            *c = Conventions::default();
        }
    });
}
