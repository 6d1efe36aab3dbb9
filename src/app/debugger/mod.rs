//! The debugger as an owner of its state: the selection, the case
//! toggles, the Minkowski and all-solvers overlays, the help overlay, the cached re-run and
//! solver rows and the camera of the last drawn frame. The app calls it in its phases:
//! [`Debugger::update`] refreshes the caches (update phase), [`Debugger::view`] says what the
//! panels show (ui phase, read-only), [`Debugger::apply`] carries out a panel's command on the
//! debugger and the sim and hands back the app's part as [`Effect`]s (apply phase), and
//! [`Debugger::scene`] draws the paused view (present phase, read-only). Model: rerun's
//! `re_viewer` app, whose state owners keep `logic()` apart from `ui()`.

mod keys;
mod rerun;
mod scene;
mod view;

use glam::Vec3;

use crate::collision::solvers::side_by_side::SideBySide;
use crate::collision::{CaseMask, Conventions, ObjectId, Response, SlideSettings};
use crate::render::Camera;
use crate::sim::{Sim, TimelineCommand, Walker};
use crate::ui::debugger::{CaseToggles, DebugCommand, RerunView};
use crate::ui::game::ProbeCommand;
use crate::view::World;
pub(super) use keys::DebugKey;

const MIB: usize = 1024 * 1024;

/// What a re-run depends on: the cursor's frame, the solve mask, the response variant, the
/// exact contact, internal-edge and touching switches, the conventions, the climb limit and
/// step height (their bits), the walker and the newest frame.
type RerunKey = (
    u64,
    CaseMask,
    Response,
    bool,
    bool,
    bool,
    Conventions,
    (Option<u32>, Option<u32>),
    Walker,
    Option<u64>,
);

/// The cursor (frame, iteration) the "all solvers" rows were computed for.
type SolversKey = (u64, u32);

/// The debugger's state between frames.
#[derive(Debug, Default)]
pub(super) struct Debugger {
    toggles: CaseToggles,
    /// The selected level triangle.
    triangle: Option<u32>,
    /// The selected triangle of a moving object (its own mesh's index); exclusive with
    /// `triangle`.
    object_triangle: Option<(ObjectId, u32)>,
    minkowski: bool,
    show_help: bool,
    /// The "all solvers" overlay, and its last result keyed by (frame, iteration).
    all_solvers: bool,
    solvers: Option<(SolversKey, Option<Vec<SideBySide>>)>,
    /// The last re-run: what it depends on and what it gave.
    rerun: Option<(RerunKey, RerunView)>,
    /// The camera and aspect of the last drawn frame (for picking).
    last_camera: Option<(Camera, f32)>,
}

/// What a debugger command leaves for the app to do.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Effect {
    /// Let the mouse go (pausing while captured would leave it trapped).
    ReleaseCursor,
    /// A run resumed from the cursor continues with the moving objects at the poses recorded
    /// for that frame, at rest (no phantom motion from where they were).
    RestMovers,
    /// The solve settings changed (a game's moves are re-solved with them).
    SolveChanged,
    SaveRecording,
    LoadRecording,
    ExportFrame,
    /// The inspector's game section: the probe session's command.
    Probe(ProbeCommand),
}

/// The player's radii now (crouching changes them).
pub(super) fn player_radii(sim: &Sim) -> Vec3 {
    sim.params.sanitized().radii(sim.player().crouched)
}

impl Debugger {
    /// A fresh debugger for a new history (a scenario, a game's moves) that keeps the help
    /// overlay as it was.
    pub fn reset(&mut self) {
        *self = Self {
            show_help: self.show_help,
            ..Self::default()
        };
    }

    /// Phase *update*: the case toggles follow the walking settings, and the re-run and the
    /// solver rows are recomputed when what they depend on changed.
    pub fn update(&mut self, sim: &Sim, world: &World, slide: &SlideSettings) {
        self.toggles.solve = slide.debug.cases;
        self.toggles.response = slide.response.rule;
        self.toggles.exact_contact = slide.response.exact_contact;
        self.toggles.internal_edge_filter = slide.response.internal_edge_filter;
        self.toggles.touching_counts = slide.response.touching_counts;
        self.toggles.conventions = slide.conventions;
        self.toggles.max_climb_deg = slide.response.max_climb_deg;
        self.toggles.max_step_m = slide.response.max_step_m;
        self.refresh_rerun(sim, world);
        self.refresh_solvers(sim, world);
    }

    /// Phase *apply*: what `cmd` does to the debugger, the sim and the walking settings
    /// (`slide`); what is left for the app comes back. A timeline command over a game's moves
    /// is the probe session's (the app routes it there first).
    pub fn apply(
        &mut self,
        cmd: DebugCommand,
        sim: &mut Sim,
        world: &World,
        slide: &mut SlideSettings,
    ) -> Vec<Effect> {
        match cmd {
            DebugCommand::Timeline(c) => return timeline(c, sim),
            DebugCommand::Select { frame, iteration } => select(sim, frame, iteration),
            DebugCommand::SelectTriangle(t) => {
                self.triangle = t.filter(|&t| world.collision.get_triangle(t).is_some());
                self.object_triangle = None;
            }
            DebugCommand::SelectObjectTriangle(object, t) => {
                self.select_object_triangle(world, object, t);
            }
            DebugCommand::SetToggles(t) => return self.set_toggles(t, sim, slide),
            DebugCommand::SetMinkowski(on) => self.minkowski = on,
            DebugCommand::SetAllSolvers(on) => self.all_solvers = on,
            DebugCommand::SetBudgetMib(m) => {
                let bytes = usize::try_from(m.max(1)).unwrap_or(1).saturating_mul(MIB);
                sim.history_mut().set_budget_bytes(bytes);
            }
            DebugCommand::ToggleHelp => self.show_help = !self.show_help,
            DebugCommand::SaveRecording => return vec![Effect::SaveRecording],
            DebugCommand::LoadRecording => return vec![Effect::LoadRecording],
            DebugCommand::ExportFrame => return vec![Effect::ExportFrame],
            DebugCommand::Probe(p) => return vec![Effect::Probe(p)],
        }
        Vec::new()
    }

    fn select_object_triangle(&mut self, world: &World, object: ObjectId, t: u32) {
        let exists = world
            .movers
            .scene()
            .object(object)
            .is_some_and(|o| o.mesh().get_triangle(t).is_some());
        self.object_triangle = exists.then_some((object, t));
        self.triangle = None;
    }

    /// The solve switches are the walking settings' (one value, also in the settings panel):
    /// frames simulated from now on use them, and while paused the cursor's frame and the
    /// frames after it are re-run with them.
    fn set_toggles(
        &mut self,
        t: CaseToggles,
        sim: &mut Sim,
        slide: &mut SlideSettings,
    ) -> Vec<Effect> {
        let solve_changed = slide.debug.cases != t.solve
            || slide.response.rule != t.response
            || slide.response.exact_contact != t.exact_contact
            || slide.response.internal_edge_filter != t.internal_edge_filter
            || slide.response.touching_counts != t.touching_counts
            || slide.conventions != t.conventions
            || slide.response.max_climb_deg != t.max_climb_deg
            || slide.response.max_step_m != t.max_step_m;
        self.toggles = t;
        slide.debug.cases = t.solve;
        slide.response.rule = t.response;
        slide.response.exact_contact = t.exact_contact;
        slide.response.internal_edge_filter = t.internal_edge_filter;
        slide.response.touching_counts = t.touching_counts;
        slide.response.max_climb_deg = t.max_climb_deg;
        slide.response.max_step_m = t.max_step_m;
        slide.conventions = t.conventions;
        sim.settings.debug.cases = t.solve;
        sim.settings.response.rule = t.response;
        sim.settings.response.exact_contact = t.exact_contact;
        sim.settings.response.internal_edge_filter = t.internal_edge_filter;
        sim.settings.response.touching_counts = t.touching_counts;
        sim.settings.response.max_climb_deg = t.max_climb_deg;
        sim.settings.response.max_step_m = t.max_step_m;
        sim.settings.conventions = t.conventions;
        if solve_changed {
            vec![Effect::SolveChanged]
        } else {
            Vec::new()
        }
    }

    /// A recording was loaded: the re-run is recomputed for it.
    pub fn forget_rerun(&mut self) {
        self.rerun = None;
    }

    /// A lesson's look: the Minkowski view, the selected triangle and the case masks.
    pub fn set_lesson_look(
        &mut self,
        minkowski: bool,
        triangle: Option<u32>,
        draw: crate::collision::CaseMask,
        solve: crate::collision::CaseMask,
    ) {
        self.minkowski = minkowski;
        self.triangle = triangle;
        self.toggles.draw = draw;
        self.toggles.solve = solve;
    }

    pub fn toggles(&self) -> CaseToggles {
        self.toggles
    }

    pub fn triangle(&self) -> Option<u32> {
        self.triangle
    }

    pub fn minkowski(&self) -> bool {
        self.minkowski
    }

    /// The camera and aspect of the last drawn frame.
    pub fn last_camera(&self) -> Option<(Camera, f32)> {
        self.last_camera
    }

    /// Remembers the camera drawn this frame (for picking).
    pub fn set_last_camera(&mut self, camera: Camera, aspect: f32) {
        self.last_camera = Some((camera, aspect));
    }

    /// The last camera as mapped into the displayed space (the world / eSpace view).
    pub fn map_last_camera(&mut self, camera: Camera) {
        if let Some((c, _)) = &mut self.last_camera {
            *c = camera;
        }
    }
}

/// A timeline command on the walker's history.
fn timeline(c: TimelineCommand, sim: &mut Sim) -> Vec<Effect> {
    let mut effects = Vec::new();
    if matches!(c, TimelineCommand::Pause) || !sim.is_paused() {
        effects.push(Effect::ReleaseCursor);
    }
    sim.command(c);
    if c == TimelineCommand::ResumeFromCursor {
        effects.push(Effect::RestMovers);
    }
    effects
}

/// The cursor on `frame`, iteration `iteration`.
fn select(sim: &mut Sim, frame: u64, iteration: u32) {
    sim.command(TimelineCommand::Seek(frame));
    if iteration > 0 {
        let n = i32::try_from(iteration).unwrap_or(i32::MAX);
        sim.command(TimelineCommand::StepIteration(n));
    }
}
