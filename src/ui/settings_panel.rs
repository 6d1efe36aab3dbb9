//! The Settings section of the Controls pane: the ellipsoid and movement, collide-and-slide
//! (`SlideSettings`, incl. the case mask) and what the 3D view draws.

use egui::{RichText, Ui};
use glam::Vec3;

use super::Command;
use super::legend::{level_colour_legend_ui, swatch};
use crate::collision::{BroadPhase, SlideSettings};
use crate::render::LevelColour;
use crate::render::level_colour::MAX_EXPOSURE;
use crate::scene::palette;
use crate::sim::{PlayerParams, Walker};
use crate::view::ViewToggles;

/// Radii, speeds, gravity, `SlideSettings` (incl. the case mask) and view toggles.
pub fn settings_ui(
    ui: &mut Ui,
    params: &PlayerParams,
    slide: &SlideSettings,
    view: &ViewToggles,
    fov_deg: f32,
    auto_exposure: f32,
    out: &mut Vec<Command>,
) {
    movement_settings_ui(ui, params, out);
    ui.add_space(4.0);
    slide_settings_ui(ui, slide, out);
    ui.add_space(4.0);
    view_settings_ui(
        ui,
        view,
        fov_deg,
        auto_exposure,
        params.max_ground_slope_deg,
        out,
    );
}

/// The ellipsoid's radii (standing, crouched) and the walker's speeds, gravity and limits.
fn movement_settings_ui(ui: &mut Ui, params: &PlayerParams, out: &mut Vec<Command>) {
    let mut p = *params;
    ui.label(RichText::new("Ellipsoid and movement").strong());
    let radii_row = |ui: &mut Ui, label: &str, r: &mut Vec3| {
        ui.label(label);
        ui.horizontal(|ui| {
            for v in [&mut r.x, &mut r.y, &mut r.z] {
                ui.add(
                    egui::DragValue::new(v)
                        .speed(0.01)
                        .range(0.05..=5.0)
                        .max_decimals(2),
                );
            }
        });
        ui.end_row();
    };
    egui::Grid::new("walk")
        .num_columns(2)
        .spacing([8.0, 2.0])
        .show(ui, |ui| {
            radii_row(ui, "radii (m)", &mut p.standing_radii);
            radii_row(ui, "crouched (m)", &mut p.crouch_radii);
            let row =
                |ui: &mut Ui, label: &str, v: &mut f32, range: std::ops::RangeInclusive<f32>| {
                    ui.label(label);
                    ui.add(egui::Slider::new(v, range).max_decimals(2));
                    ui.end_row();
                };
            row(ui, "walk (m/s)", &mut p.walk_speed_mps, 0.1..=20.0);
            row(ui, "run (m/s)", &mut p.run_speed_mps, 0.1..=40.0);
            row(ui, "crouch (m/s)", &mut p.crouch_speed_mps, 0.1..=20.0);
            row(ui, "noclip (m/s)", &mut p.noclip_speed_mps, 0.5..=60.0);
            row(ui, "jump (m/s)", &mut p.jump_speed_mps, 0.0..=20.0);
            row(ui, "gravity (m/s²)", &mut p.gravity_mps2, 0.0..=50.0);
            row(
                ui,
                "friction (1/s)",
                &mut p.ground_friction_per_sec,
                0.0..=60.0,
            );
            row(ui, "air control", &mut p.air_control, 0.0..=1.0);
            row(ui, "max slope (°)", &mut p.max_ground_slope_deg, 0.0..=89.0);
            row(ui, "step height (m)", &mut p.max_step_height_m, 0.0..=1.0);
            walker_row(ui, &mut p.walker);
        });
    if p != *params {
        out.push(Command::SetParams(p));
    }
}

/// Grid row: which walker steps the player (the seed's, or the snap walker).
fn walker_row(ui: &mut Ui, walker: &mut Walker) {
    ui.label("walker");
    egui::ComboBox::from_id_salt("walker")
        .selected_text(walker.name())
        .show_ui(ui, |ui| {
            for w in Walker::ALL {
                ui.selectable_value(walker, w, w.name());
            }
        })
        .response
        .on_hover_text(
            "The seed's walker pulls the player two skins down in every grounded move and keeps \
             the slide's velocity: it drifts down slopes, and climbs worse the higher the step \
             rate. The snap walker moves in the ground's plane without gravity and snaps back \
             onto the ground within the step height.",
        );
    ui.end_row();
}

/// `SlideSettings`: the skin, limits, solver, cases, response, broad phase and conventions.
fn slide_settings_ui(ui: &mut Ui, slide: &SlideSettings, out: &mut Vec<Command>) {
    ui.label(RichText::new("Collide and slide").strong());
    let mut s = *slide;
    egui::Grid::new("slide")
        .num_columns(2)
        .spacing([8.0, 2.0])
        .show(ui, |ui| {
            sweep_rows_ui(ui, &mut s);
            response_rows_ui(ui, &mut s);
        });
    super::conventions_ui::conventions_ui(ui, "walk_conventions", &mut s.conventions);
    if s != *slide {
        out.push(Command::SetSlide(s));
    }
}

/// Grid rows: the skin, the iteration and contact limits, the solver and the case mask.
fn sweep_rows_ui(ui: &mut Ui, s: &mut SlideSettings) {
    ui.label("skin (eSpace)");
    ui.add(
        egui::DragValue::new(&mut s.tuning.skin_es)
            .speed(1e-4)
            .range(0.0..=0.49)
            .max_decimals(4),
    );
    ui.end_row();
    ui.label("max iterations");
    ui.add(egui::DragValue::new(&mut s.tuning.max_iterations).range(1..=100));
    ui.end_row();
    ui.label("max contacts");
    ui.add(egui::DragValue::new(&mut s.tuning.max_contacts).range(1..=1000));
    ui.end_row();
    ui.label("solver");
    egui::ComboBox::from_id_salt("narrow_phase")
        .selected_text(s.debug.narrow_phase.name())
        .show_ui(ui, |ui| {
            for k in crate::collision::NarrowPhaseKind::ALL {
                ui.selectable_value(&mut s.debug.narrow_phase, k, k.name());
            }
        })
        .response
        .on_hover_text(
            "The per-triangle sweep test walking uses. Seed 002's gradient-normal \
             method is approximate on edges (on purpose: compare it in the inspector's \
             'All solvers').",
        );
    ui.end_row();
    ui.label("cases");
    ui.horizontal(|ui| {
        ui.checkbox(&mut s.debug.cases.face, "face");
        ui.checkbox(&mut s.debug.cases.edge, "edge");
        ui.checkbox(&mut s.debug.cases.vertex, "vertex");
    });
    ui.end_row();
}

/// Grid rows: the slide rule and the broad phase.
fn response_rows_ui(ui: &mut Ui, s: &mut SlideSettings) {
    ui.label("slide rule");
    egui::ComboBox::from_id_salt("response_variant")
        .selected_text(s.response.rule.name())
        .show_ui(ui, |ui| {
            for r in crate::collision::Response::ALL {
                ui.selectable_value(&mut s.response.rule, r, r.name());
            }
        })
        .response
        .on_hover_text(
            "The seed projects onto one plane per iteration and ping-pongs in creases; \
             the crease rule slides along two planes' crease line and stops at a third; \
             the plane solver solves the motion against every plane of the call at once.",
        );
    ui.end_row();
    if s.response.rule == crate::collision::Response::Planes {
        climb_limit_row(ui, s);
    }
    ui.label("triangles");
    ui.horizontal(|ui| {
        let mut brute = s.debug.broad_phase == BroadPhase::BruteForce;
        if ui.checkbox(&mut brute, "brute force").changed() {
            s.debug.broad_phase = if brute {
                BroadPhase::BruteForce
            } else {
                BroadPhase::Bvh
            };
        }
    });
    ui.end_row();
}

/// What the 3D view draws (with the shapes' colours), the level colours, the arrows' scale and
/// the field of view.
fn view_settings_ui(
    ui: &mut Ui,
    view: &ViewToggles,
    fov_deg: f32,
    auto_exposure: f32,
    max_slope: f32,
    out: &mut Vec<Command>,
) {
    ui.label(RichText::new("View").strong());
    let mut v = *view;
    let mut fov = fov_deg;
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut v.wireframe, "wireframe");
        ui.checkbox(&mut v.back_face_tint, "back-face tint");
        ui.checkbox(&mut v.highlight_triangle, "hit triangle");
        ui.checkbox(&mut v.ground_marker, "ground marker");
    });
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut v.swept_volume, "");
        swatch(ui, palette::SWEPT_WIRE, "swept volume");
        ui.checkbox(&mut v.slide_planes, "");
        swatch(ui, palette::SLIDE_PLANE, "slide planes");
    });
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut v.contacts, "");
        swatch(ui, palette::CONTACT_POINT, "points");
        swatch(ui, palette::CONTACT_NORMAL, "normals");
    });
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut v.velocities, "");
        swatch(ui, palette::REQUESTED, "requested");
        swatch(ui, palette::REMAINING, "remaining");
        swatch(ui, palette::SLIDE, "slide");
        swatch(ui, palette::INTEGRATION, "integration");
    });
    egui::Grid::new("view")
        .num_columns(2)
        .spacing([8.0, 2.0])
        .show(ui, |ui| {
            level_colour_rows_ui(ui, &mut v, auto_exposure, max_slope);
            ui.label("arrow scale");
            ui.add(egui::Slider::new(&mut v.arrow_scale, 1.0..=60.0).max_decimals(1));
            ui.end_row();
            ui.label("field of view (°)");
            ui.add(egui::Slider::new(&mut fov, 30.0..=110.0).max_decimals(0));
            ui.end_row();
        });
    if v != *view {
        out.push(Command::SetView(v));
    }
    if fov != fov_deg {
        out.push(Command::SetFov(fov));
    }
}

/// Grid rows: the level's colour mode (with its legend) and the exposure.
fn level_colour_rows_ui(ui: &mut Ui, v: &mut ViewToggles, auto_exposure: f32, max_slope: f32) {
    ui.label("level colours");
    egui::ComboBox::from_id_salt("level_colour")
        .selected_text(v.level_colour.label())
        .show_ui(ui, |ui| {
            for c in LevelColour::ALL {
                ui.selectable_value(&mut v.level_colour, c, c.label());
            }
        })
        .response
        .on_hover_text(format!(
            "Slope colours walkable floors (up to the max slope, now {max_slope:.0}°, set \
             under 'Ellipsoid and movement') apart from what is too steep to stand on."
        ));
    ui.end_row();
    if !v.level_colour.legend().is_empty() {
        ui.label("");
        ui.vertical(|ui| level_colour_legend_ui(ui, v.level_colour));
        ui.end_row();
    }
    ui.label("exposure");
    ui.horizontal(|ui| {
        ui.checkbox(&mut v.exposure.auto, "auto")
            .on_hover_text("Brightens dark levels from their material colours");
        if v.exposure.auto {
            ui.label(RichText::new(format!("{auto_exposure:.2}×")).monospace());
        } else {
            ui.add(
                egui::Slider::new(&mut v.exposure.manual, 0.25..=MAX_EXPOSURE)
                    .logarithmic(true)
                    .max_decimals(2),
            );
        }
    });
    ui.end_row();
}

/// The plane solver's climb limit: off, or the steepest face (degrees) it climbs; with it on,
/// the step height above which an edge is a wall's lip.
fn climb_limit_row(ui: &mut egui::Ui, s: &mut SlideSettings) {
    let climb = OptionalValue {
        label: "climb limit",
        switch: "faces steeper",
        default: 45.0,
        range: 1.0..=89.0,
        suffix: "°",
        hover: "A face facing up but steeper than this is slid along, not climbed (the plane \
                solver only). Edges and vertices, a step's lip, are still climbed.",
    };
    climb.row(ui, &mut s.response.max_climb_deg);
    if s.response.max_climb_deg.is_some() {
        let lip = OptionalValue {
            label: "lip walls",
            switch: "edges above",
            default: 0.3,
            range: 0.0..=2.0,
            suffix: " m",
            hover: "An edge or a vertex met higher than this above the ellipsoid's lowest point \
                    is a wall's lip (a trim, a sill), slid along like a steep face, not a step's.",
        };
        lip.row(ui, &mut s.response.max_step_m);
    }
}

/// A grid row for a setting that is off (`None`) or a value: a switch and, when on, a slider.
struct OptionalValue {
    label: &'static str,
    switch: &'static str,
    default: f32,
    range: std::ops::RangeInclusive<f32>,
    suffix: &'static str,
    hover: &'static str,
}

impl OptionalValue {
    fn row(self, ui: &mut egui::Ui, value: &mut Option<f32>) {
        ui.label(self.label);
        ui.horizontal(|ui| {
            ui.spacing_mut().slider_width = 70.0;
            let mut on = value.is_some();
            if ui.checkbox(&mut on, self.switch).changed() {
                *value = on.then_some(self.default);
            }
            if let Some(v) = value {
                ui.add(egui::Slider::new(v, self.range).suffix(self.suffix));
            }
        })
        .response
        .on_hover_text(self.hover);
        ui.end_row();
    }
}
