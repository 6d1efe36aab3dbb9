//! The legend: every colour the 3D view draws, with what it means. The colours are the
//! renderer's own constants.

use egui::{Color32, RichText, Ui};

use crate::lessons::SolverKind;
use crate::render::LevelColour;
use crate::scene::cursor_palette as cp;
use crate::scene::palette as p;

/// A group of the legend: its title and (colour, meaning) rows.
pub type LegendGroup = (&'static str, &'static [([f32; 4], &'static str)]);

/// (colour, meaning) of everything drawn, grouped.
pub const LEGEND: [LegendGroup; 5] = [
    (
        "Ellipsoid and motion",
        &[
            (p::ELLIPSOID_WIRE, "ellipsoid at the iteration's start"),
            (p::SWEPT_WIRE, "swept volume of the iteration"),
            (cp::AFTER_WIRE, "ellipsoid where the response put it"),
            (p::REQUESTED, "requested motion (velocity)"),
            (p::REMAINING, "remaining motion past the contact"),
            (p::SLIDE, "slide: remaining motion projected on the plane"),
            (p::INTEGRATION, "integration velocity"),
        ],
    ),
    (
        "Contacts",
        &[
            (p::CONTACT_POINT, "contact point"),
            (p::CONTACT_NORMAL, "contact (slide-plane) normal"),
            (p::SLIDE_PLANE, "slide plane"),
            (p::HIGHLIGHT, "hit / selected triangle"),
            (p::GROUND, "ground marker (grounded)"),
            (p::AIRBORNE, "ground marker (airborne)"),
            ([0.85, 0.15, 0.55, 1.0], "back faces of the level"),
        ],
    ),
    (
        "Minkowski sum (M)",
        &[
            (cp::FACE_SLAB, "face slab: triangle pushed ±1 (eSpace)"),
            (cp::EDGE_WIRE, "edge cylinders"),
            (cp::VERTEX_WIRE, "vertex spheres"),
            (cp::CENTER_RAY, "the swept centre as a ray"),
            (cp::ENTRY, "where the ray enters (smaller root)"),
            (cp::EXIT, "where it leaves (larger root)"),
            (cp::RAY_BEYOND, "the ray beyond this move (t < 0 or t > 1)"),
        ],
    ),
    (
        "Paths",
        &[
            (cp::PATH, "recorded path of the frame"),
            (cp::RERUN_PATH, "re-run path (cases switched off)"),
            (cp::LATER_PATH, "recorded walk after the cursor"),
            (
                cp::LATER_RESIM_PATH,
                "that walk re-simulated with cases off",
            ),
        ],
    ),
    (
        "Moving geometry",
        &[
            (p::DYNAMIC_CONTACT_POINT, "contact on a moving object"),
            (p::DYNAMIC_CONTACT_NORMAL, "its normal"),
            (p::ADJUSTMENT, "adjustment: the object's motion (12.12.1)"),
            (
                p::EXTENDED_SWEEP_WIRE,
                "extended sweep against the previous pose",
            ),
        ],
    ),
];

/// Linear RGBA → the swatch's sRGB colour (opaque).
pub fn swatch_color(rgba: [f32; 4]) -> Color32 {
    let to_u8 = |v: f32| (v.clamp(0.0, 1.0).powf(1.0 / 2.2) * 255.0) as u8;
    Color32::from_rgb(to_u8(rgba[0]), to_u8(rgba[1]), to_u8(rgba[2]))
}

/// The legend, one row a colour.
pub fn legend_ui(ui: &mut Ui) {
    let size = ui.text_style_height(&egui::TextStyle::Body) * 0.8;
    let row = |ui: &mut Ui, c: [f32; 4], text: &str| {
        ui.horizontal(|ui| {
            let (r, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
            ui.painter().rect_filled(r, 2.0, swatch_color(c));
            ui.label(text);
        });
    };
    for (group, items) in LEGEND {
        ui.label(RichText::new(group).strong());
        for (c, text) in items {
            row(ui, *c, text);
        }
    }
    // The solvers' colours and names come from the solvers themselves.
    ui.label(RichText::new("Solvers (contact, normal, touching ellipsoid)").strong());
    for kind in SolverKind::ALL {
        row(ui, kind.color(), kind.label());
    }
    ui.label(
        RichText::new("Faded shapes belong to earlier iterations of the frame.")
            .weak()
            .small(),
    );
    ui.label(
        RichText::new("Moving objects: faded at the pose the sweep was tested against.")
            .weak()
            .small(),
    );
}

pub(super) fn swatch(ui: &mut Ui, rgba: [f32; 4], text: &str) {
    let to_u8 = |v: f32| (v.clamp(0.0, 1.0).powf(1.0 / 2.2) * 255.0) as u8;
    let c = Color32::from_rgb(to_u8(rgba[0]), to_u8(rgba[1]), to_u8(rgba[2]));
    // A painted square: the default fonts have no reliable box glyph.
    let (r, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
    ui.painter().rect_filled(r, 2.0, c);
    ui.label(RichText::new(text).color(c));
}

/// The colours of a level colour mode, each with its meaning.
pub fn level_colour_legend_ui(ui: &mut Ui, mode: LevelColour) {
    for (c, text) in mode.legend() {
        ui.horizontal(|ui| swatch(ui, *c, text));
    }
}
