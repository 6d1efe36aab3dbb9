//! The debugger's UI model: what the timeline, inspector and help overlay show (gathered by the
//! app from the sim's history and the core's traces each frame) and the commands they send.
//! The panels themselves live in [`timeline`](super::timeline) and
//! [`inspector`](super::inspector).

use egui::{RichText, Ui};
use glam::Vec3;

use crate::collision::debug::PartRoots;
use crate::collision::{CaseKind, CaseMask, Conventions, ObjectId, Response, Trace};
use crate::sim::{Cursor, FrameRecord, TimelineCommand, TraceDiff, Walker};

/// Per case (face / edge / vertex): draw it in the view, and let the solver use it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CaseToggles {
    pub draw: CaseMask,
    pub solve: CaseMask,
    /// The solver's response variant: like the solve mask, the walking setting,
    /// and the cursor's frame is re-run with it while paused.
    pub response: Response,
    /// `ResponseOptions::exact_contact`, the same way.
    pub exact_contact: bool,
    /// `ResponseOptions::internal_edge_filter`, the same way.
    pub internal_edge_filter: bool,
    /// `ResponseOptions::touching_counts`, the same way.
    pub touching_counts: bool,
    /// The conventions on which real ports differ, the same way.
    pub conventions: Conventions,
    /// `ResponseOptions::max_climb_deg` and `max_step_m`, the same way.
    pub max_climb_deg: Option<f32>,
    pub max_step_m: Option<f32>,
    /// The walker the walk after the cursor is re-simulated with. Not a walking
    /// setting (that is Controls ▸ Settings ▸ walker): it only asks "what if".
    pub walker: Walker,
}

impl Default for CaseToggles {
    fn default() -> Self {
        Self {
            draw: CaseMask::ALL,
            solve: CaseMask::ALL,
            response: Response::Seed,
            exact_contact: false,
            internal_edge_filter: false,
            touching_counts: false,
            conventions: Conventions::default(),
            max_climb_deg: None,
            max_step_m: None,
            walker: Walker::Seed,
        }
    }
}

/// What the debugger panels ask for.
#[derive(Debug, Clone, PartialEq)]
pub enum DebugCommand {
    Timeline(TimelineCommand),
    /// Put the cursor on `frame`, iteration `iteration`.
    Select {
        frame: u64,
        iteration: u32,
    },
    /// Select a triangle (or clear the selection).
    SelectTriangle(Option<u32>),
    /// A moving object's triangle (its own mesh's index).
    SelectObjectTriangle(ObjectId, u32),
    SetToggles(CaseToggles),
    SetMinkowski(bool),
    /// Show every solver on the selected iteration.
    SetAllSolvers(bool),
    /// History budget in MiB.
    SetBudgetMib(u32),
    ToggleHelp,
    SaveRecording,
    LoadRecording,
    ExportFrame,
    /// From the inspector's game section.
    Probe(super::game::ProbeCommand),
}

pub use crate::sim::FrameSummary;

/// The selected triangle, as the inspector shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct TriangleInfo {
    pub index: u32,
    pub vertices: [Vec3; 3],
    pub normal: Vec3,
    /// Material and source node, or the collision mesh's source id.
    pub source: String,
    /// At the cursor's iteration, when it touched this triangle: the touched part and its
    /// quadratic with both roots.
    pub quadratic: Option<PartRoots>,
    /// Set when the triangle belongs to a moving object (`index` is then its own mesh's).
    pub object: Option<ObjectId>,
}

/// The frame at the cursor re-run with some cases switched off in the solver, or with another
/// response variant.
#[derive(Debug, Clone)]
pub struct RerunView {
    pub solve: CaseMask,
    pub response: Response,
    pub exact_contact: bool,
    pub internal_edge_filter: bool,
    pub touching_counts: bool,
    pub conventions: Conventions,
    pub result: Result<(Trace, TraceDiff, Vec3), String>,
    /// The frames after the cursor re-simulated with the same mask (the path the player would
    /// have walked): `None` when the cursor is on the newest frame.
    pub later: Option<LaterRerun>,
}

/// The recorded frames from the cursor on, re-simulated from the cursor's recorded state with
/// the same inputs and the solve mask.
#[derive(Debug, Clone, PartialEq)]
pub struct LaterRerun {
    /// Frames re-simulated (the cursor's included; capped).
    pub frames: usize,
    /// First frame whose end position differs by more than 1 mm, if any.
    pub diverges_at: Option<u64>,
    /// Distance between the recorded and the re-simulated position at the last frame (m).
    pub final_gap_m: f32,
    /// Centre paths (world): recorded and re-simulated, one point per frame.
    pub recorded_path: Vec<glam::Vec3>,
    pub resimulated_path: Vec<glam::Vec3>,
}

/// Everything the debugger panels show this frame.
#[derive(Debug, Clone, Default)]
pub struct DebugView {
    pub paused: bool,
    pub frames: Vec<FrameSummary>,
    pub cursor: Option<Cursor>,
    /// The record at the cursor.
    pub record: Option<FrameRecord>,
    /// What the history holds against its budget.
    pub memory: HistoryMemory,
    pub toggles: CaseToggles,
    pub minkowski: bool,
    pub triangle: Option<TriangleInfo>,
    pub rerun: Option<RerunView>,
    pub show_help: bool,
    pub all_solvers: bool,
    /// Every solver on the selected iteration (when `all_solvers`).
    pub solvers: Option<Vec<crate::collision::solvers::side_by_side::SideBySide>>,
    /// The level's dynamic objects' names, by object id.
    pub object_names: Vec<String>,
    /// The probe's state (tolerance, counts) for the game section of a game's move.
    pub probe: super::game::ProbeStatusView,
}

/// The history's memory: bytes held, the budget, the mean a frame, frames evicted.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct HistoryMemory {
    pub used_bytes: usize,
    pub budget_bytes: usize,
    pub bytes_per_frame: f64,
    pub evicted: u64,
}

/// The keys, shown by the F1 overlay (key, action).
pub const KEYS: [(&str, &str); 16] = [
    ("P / Pause", "pause / resume (live)"),
    (
        ", / .  or Left / Right (paused)",
        "one frame back / forward",
    ),
    (
        "[ / ]  or Down / Up (paused)",
        "one iteration back / forward",
    ),
    ("PgUp / PgDn", "previous / next marked frame"),
    ("Home / End", "oldest / newest frame"),
    ("R (paused)", "resume walking from the cursor"),
    ("click (paused)", "select the triangle under the mouse"),
    ("M", "Minkowski view of the selected triangle"),
    (
        "Z",
        "frame the selection: triangle, contact or the iteration's sweep",
    ),
    ("double-click", "orbit around the clicked point"),
    ("Ctrl+S / Ctrl+L", "save / load a recording"),
    ("Ctrl+E", "export the frame at the cursor"),
    ("Ctrl+Shift+E", "a game's move: export its minimal scenario"),
    ("F1", "this help"),
    ("WASD Space Shift C", "walk, jump, run, crouch"),
    ("F / 1 2 3", "noclip / camera modes"),
];

/// The F1 overlay.
pub fn help_ui(ctx: &egui::Context, open: bool, out: &mut Vec<DebugCommand>) {
    if !open {
        return;
    }
    let mut still_open = true;
    egui::Window::new("Keys")
        .open(&mut still_open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            egui::Grid::new("keys")
                .num_columns(2)
                .spacing([16.0, 4.0])
                .striped(true)
                .show(ui, |ui| {
                    for (k, a) in KEYS {
                        ui.label(RichText::new(k).monospace().strong());
                        ui.label(a);
                        ui.end_row();
                    }
                });
            ui.label(
                RichText::new(
                    "Markers: coloured ticks above frames worth a look (hover the timeline).",
                )
                .weak(),
            );
        });
    if !still_open {
        out.push(DebugCommand::ToggleHelp);
    }
}

/// Toggle rows for the three cases: "draw" and "solve".
pub fn case_toggles_ui(ui: &mut Ui, toggles: &CaseToggles, out: &mut Vec<DebugCommand>) {
    let mut t = *toggles;
    case_grid_ui(ui, &mut t);
    ui.horizontal_wrapped(|ui| response_toggles_ui(ui, &mut t));
    super::conventions_ui::conventions_ui(ui, "rerun_conventions", &mut t.conventions);
    if t != *toggles {
        out.push(DebugCommand::SetToggles(t));
    }
}

/// Each case drawn and solved, one row a case.
fn case_grid_ui(ui: &mut Ui, t: &mut CaseToggles) {
    egui::Grid::new("case_toggles")
        .num_columns(3)
        .spacing([10.0, 2.0])
        .show(ui, |ui| {
            ui.label("");
            ui.label("draw");
            ui.label("solve");
            ui.end_row();
            for (kind, name) in [
                (CaseKind::Face, "face"),
                (CaseKind::Edge, "edge"),
                (CaseKind::Vertex, "vertex"),
            ] {
                ui.label(name);
                let mut d = t.draw.allows(kind);
                if ui.checkbox(&mut d, "").changed() {
                    t.draw = t.draw.with(kind, d);
                }
                let mut s = t.solve.allows(kind);
                if ui
                    .checkbox(&mut s, "")
                    .on_hover_text("off: re-run the frame at the cursor without this case")
                    .changed()
                {
                    t.solve = t.solve.with(kind, s);
                }
                ui.end_row();
            }
        });
}

/// The slide rule, the fix, the walker and the response options a re-run takes.
fn response_toggles_ui(ui: &mut Ui, t: &mut CaseToggles) {
    ui.label("slide rule");
    for r in Response::ALL {
        ui.radio_value(&mut t.response, r, r.short_name())
            .on_hover_text(format!(
                "{}: re-run the frame at the cursor (and the walk after it) with this rule",
                r.name()
            ));
    }
    let fix = ui.button("the fix").on_hover_text(format!(
        "The Issues suite's fix: {}. Re-run the frame at the cursor and the walk after it \
         with it; the recorded path and the fixed one are drawn together",
        crate::issues::variant::Variant::fix_description()
    ));
    if fix.clicked() {
        t.response = Response::Planes;
        let walker = crate::sim::PlayerParams::default();
        t.max_climb_deg = Some(walker.max_ground_slope_deg);
        t.max_step_m = Some(walker.max_step_height_m);
        t.walker = Walker::Snap;
    }
    let mut snap = t.walker == Walker::Snap;
    if ui
        .checkbox(&mut snap, "snap walker")
        .on_hover_text("Re-simulate the walk after the cursor with the snap walker")
        .changed()
    {
        t.walker = if snap { Walker::Snap } else { Walker::Seed };
    }
    ui.checkbox(&mut t.exact_contact, "exact contact")
        .on_hover_text(
            "Put the contact centre exactly one eSpace unit from the triangles it touches \
             (the seed's start + v·t ends up to ~1e-3 inside on moves over ~26 radii): \
             re-run the frame at the cursor with it",
        );
    ui.checkbox(&mut t.internal_edge_filter, "internal-edge filter")
        .on_hover_text(
            "A contact on an edge shared with a coplanar triangle (a seam in a flat \
             surface) slides on the face, not on the edge's round normal: re-run the frame \
             at the cursor with it and watch a seam snag disappear",
        );
    ui.checkbox(&mut t.touching_counts, "touching counts")
        .on_hover_text(
            "A path that only grazes a face, edge or vertex at eSpace distance exactly 1 \
             (resting on a plane, sliding onto the edge of its triangle) touches it: the \
             seed reports no contact there. Re-run the frame at the cursor with it",
        );
}
