//! The app side of teaching mode and of the world / eSpace view: opening a lesson
//! (its scenario through "Open scenario", then its view settings and cursor), the observation
//! its checks run on every frame, the picked solver drawn in the scene, the numbers at the
//! cursor, the eSpace blend handed to the renderer as a transform (`render::space_view`) and
//! the presentation look. Kept apart from the debugger's own files; `mod.rs` calls in at
//! four places (commands, shell model, scene, camera).

use std::collections::BTreeSet;
use std::path::PathBuf;

use glam::{Mat3, Vec3};

use crate::collision::{ContactTime, IterationTrace};
use crate::lessons::walk::touched_nodes;
use crate::lessons::{
    Catalog, LESSONS_DIR, LessonState, Observation, SolverAnswer, SolverKind, compare_solvers,
};
use crate::render::DebugScene;
use crate::scene::overlays;
use crate::sim::Sim;
use crate::ui::lessons::{LessonPanel, NumberRow, TeachCommand, TeachView};
use crate::view::World;

/// The solvers' answers at (frame, iteration), and the static test at its end.
type SolverCache = ((u64, u32), Option<(Vec<SolverAnswer>, bool)>);

/// Teaching and view-space state the app keeps between frames.
pub(super) struct TeachState {
    /// 0 world … 1 eSpace.
    pub blend: f32,
    pub presentation: bool,
    pub legend: bool,
    pub solver: Option<SolverKind>,
    pub catalog: Catalog,
    /// The open lesson and its place in the catalog.
    pub(super) lesson: Option<(usize, LessonState)>,
    /// The world the lesson opened (closing the lesson when another level is opened).
    lesson_world: Option<(String, Option<PathBuf>)>,
    /// The arrow scale before the lesson changed it.
    pub(super) saved_arrow_scale: Option<f32>,
    /// Nodes touched by walked frames since the lesson opened, and the last frame scanned.
    touched: BTreeSet<String>,
    scanned_to: u64,
    /// The style last given to egui (`None`: never set).
    pub(super) presentation_applied: Option<bool>,
    /// Solvers at (frame, iteration).
    solvers: Option<SolverCache>,
}

impl TeachState {
    pub fn new() -> Self {
        Self {
            blend: 0.0,
            presentation: false,
            legend: false,
            solver: None,
            catalog: Catalog::read(std::path::Path::new(LESSONS_DIR)),
            lesson: None,
            lesson_world: None,
            saved_arrow_scale: None,
            touched: BTreeSet::new(),
            scanned_to: 0,
            presentation_applied: None,
            solvers: None,
        }
    }
}

fn v3(v: Vec3) -> String {
    format!("({:.3}, {:.3}, {:.3})", v.x, v.y, v.z)
}

/// The numbers of iteration `it` with their units, in world space or eSpace.
fn number_rows(it: &IterationTrace, radii: Vec3, espace: bool) -> Vec<NumberRow> {
    let (space, unit) = if espace {
        ("eSpace", "units")
    } else {
        ("world", "m")
    };
    // A position or displacement recorded in both spaces, shown in the chosen one.
    let spatial = |label: &str, world: Vec3, es: Vec3| -> NumberRow {
        let v = if espace { es } else { world };
        (label.into(), space, format!("{} {unit}", v3(v)))
    };
    let motion = if espace { it.velocity_es } else { it.velocity };
    let mut rows: Vec<NumberRow> = vec![
        (
            "ellipsoid radii".into(),
            "world",
            format!("{} m", v3(radii)),
        ),
        spatial("centre at start", it.start_center, it.start_center_es),
        (
            "motion".into(),
            space,
            format!("{} {unit}, |v| = {:.4} {unit}", v3(motion), motion.length()),
        ),
    ];
    match it.contacts.first() {
        None => rows.push(("contact".into(), "-", "none: clear path".into())),
        Some(c) => {
            let when = match c.time {
                ContactTime::Toi(t) => format!("t = {t:.4} (fraction of the motion)"),
                ContactTime::Embedded { depth_es } => {
                    format!("embedded {depth_es:.4} units deep")
                }
            };
            rows.push(("first contact".into(), "-", when));
            rows.push(spatial("contact point", c.point, c.point_es));
            let n = if espace { c.normal_es } else { c.normal };
            rows.push(("contact normal".into(), space, format!("{} (unit)", v3(n))));
            if it.contacts.len() > 1 {
                rows.push((
                    "simultaneous contacts".into(),
                    "-",
                    it.contacts.len().to_string(),
                ));
            }
        }
    }
    if let Some(r) = it.response {
        rows.push(spatial(
            "remaining motion",
            r.remaining_velocity,
            r.remaining_velocity_es,
        ));
        rows.push(spatial(
            "slide motion",
            r.slide_velocity,
            r.slide_velocity_es,
        ));
        rows.push(spatial("new centre", r.new_center, r.new_center_es));
        rows.push((
            "integration velocity".into(),
            "world",
            format!("{} m per call", v3(r.integration_velocity)),
        ));
    }
    rows
}

/// What a teaching command leaves for the app to do.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum TeachEffect {
    /// Open lesson `i` of the catalog (its scenario, view settings, cursor and camera).
    Open(usize),
    /// The lesson closed: put back the arrow scale from before it, if it changed one.
    Closed(Option<f32>),
    Say(String),
}

impl TeachState {
    /// What `cmd` does to the teaching state; what is left for the app comes back.
    pub fn apply(&mut self, cmd: TeachCommand) -> Option<TeachEffect> {
        match cmd {
            TeachCommand::Open(i) => return Some(TeachEffect::Open(i)),
            TeachCommand::Step(d) => {
                let (i, _) = self.lesson.as_ref()?;
                let j = *i as i64 + i64::from(d);
                let n = self.catalog.entries.len() as i64;
                return (0..n).contains(&j).then_some(TeachEffect::Open(j as usize));
            }
            TeachCommand::Restart => {
                return self.lesson.as_ref().map(|(i, _)| TeachEffect::Open(*i));
            }
            TeachCommand::Close => return Some(TeachEffect::Closed(self.close())),
            TeachCommand::Reload => {
                self.catalog = Catalog::read(std::path::Path::new(LESSONS_DIR));
                let n = self.catalog.entries.len();
                return Some(TeachEffect::Say(format!("{n} lesson files read")));
            }
            TeachCommand::SetBlend(b) => {
                self.blend = if b.is_finite() {
                    b.clamp(0.0, 1.0)
                } else {
                    0.0
                };
            }
            TeachCommand::SetPresentation(on) => self.presentation = on,
            TeachCommand::SetLegend(on) => self.legend = on,
            TeachCommand::PickSolver(s) => self.solver = s,
        }
        None
    }

    /// Closes the lesson. Returns the arrow scale from before the lesson changed it.
    pub fn close(&mut self) -> Option<f32> {
        self.lesson = None;
        self.lesson_world = None;
        self.solver = None;
        self.saved_arrow_scale.take()
    }

    /// The lesson sets the arrow scale to `scale`: the first time, `current` is kept to be
    /// put back when it closes. Returns the scale to use.
    pub(super) fn override_arrow_scale(&mut self, current: f32, scale: f32) -> f32 {
        self.saved_arrow_scale.get_or_insert(current);
        scale
    }

    /// Lesson `i` is open, as `state`, on the world `world` (name and path).
    pub(super) fn opened(
        &mut self,
        i: usize,
        state: LessonState,
        world: (String, Option<PathBuf>),
    ) {
        self.touched.clear();
        self.scanned_to = 0;
        self.solvers = None;
        self.lesson_world = Some(world);
        self.lesson = Some((i, state));
    }

    /// Per drawn frame: the lesson closes when another level was opened; else its checks run
    /// on `obs` (the nodes walked since the last frame added) and the solvers' answers at the
    /// cursor are refreshed.
    pub fn observe(&mut self, sim: &Sim, world: &World, mut obs: Observation) -> Option<f32> {
        self.lesson.as_ref()?;
        if self.lesson_world.as_ref() != Some(&(world.name.clone(), world.path.clone())) {
            return self.close();
        }
        self.scan_touched(sim, world);
        obs.touched = self.touched.clone();
        if let Some((_, state)) = &mut self.lesson {
            state.observe(&obs);
        }
        self.refresh_solvers(sim, world);
        None
    }

    /// Adds the nodes touched by walked frames recorded since the last call.
    fn scan_touched(&mut self, sim: &Sim, world: &World) {
        let h = sim.history();
        if h.last_frame().is_some_and(|l| l < self.scanned_to) {
            self.scanned_to = 0; // the history was cut (resumed from the cursor)
        }
        let from = self.scanned_to;
        let names = touched_nodes(h.iter().filter(|r| r.frame > from), |t| {
            world.triangle_source(t)
        });
        if let Some(l) = h.last_frame() {
            self.scanned_to = l;
        }
        self.touched.extend(names);
    }

    fn refresh_solvers(&mut self, sim: &Sim, world: &World) {
        let Some(c) = sim.cursor() else {
            self.solvers = None;
            return;
        };
        let key = (c.frame, c.iteration);
        if self.solvers.as_ref().is_some_and(|(k, _)| *k == key) {
            return;
        }
        let answers = sim.cursor_frame().and_then(|(rec, i)| {
            let e = rec.call.ellipsoid?;
            let it = rec.trace.iterations.get(i as usize)?;
            compare_solvers(&world.collision, e.radii, e.axes, it)
        });
        self.solvers = Some((key, answers));
    }

    /// The picked solver's contact point, normal and touching ellipsoid, added to `scene`
    /// (`radii`: the player's, for a frame without an ellipsoid).
    pub(super) fn add_solver_pick(&self, sim: &Sim, radii: Vec3, scene: &mut DebugScene) {
        let Some(kind) = self.solver else {
            return;
        };
        let Some((_, Some((answers, _)))) = &self.solvers else {
            return;
        };
        let Some(hit) = answers.iter().find(|a| a.kind == kind).and_then(|a| a.hit) else {
            return;
        };
        let Some((rec, _)) = sim.cursor_frame() else {
            return;
        };
        let (radii, axes) = rec
            .call
            .ellipsoid
            .map_or((radii, Mat3::IDENTITY), |e| (e.radii, e.axes));
        let r = (0.04 * radii.min_element()).clamp(0.004, 0.05);
        let normal_length = (radii.min_element() * 1.5).max(0.1);
        overlays::add_solver_hit(
            scene,
            &hit,
            kind.color(),
            0.12,
            radii,
            axes,
            r,
            normal_length,
        );
    }

    /// What the teaching panels show this frame.
    pub fn view(&self, sim: &Sim) -> TeachView {
        let numbers = sim
            .cursor_frame()
            .and_then(|(rec, i)| {
                let e = rec.call.ellipsoid?;
                let it = rec.trace.iterations.get(i as usize)?;
                Some(number_rows(it, e.radii, self.blend >= 0.5))
            })
            .unwrap_or_default();
        TeachView {
            blend: self.blend,
            presentation: self.presentation,
            legend: self.legend,
            catalog: self
                .catalog
                .entries
                .iter()
                .map(|e| (e.label(), e.lesson.as_ref().err().map(|e| e.to_string())))
                .collect(),
            catalog_error: self.catalog.error.clone(),
            lesson: self.lesson_panel(),
            solver: self.solver,
            solvers: self.solvers.as_ref().and_then(|(_, s)| s.clone()),
            numbers,
        }
    }

    /// The open lesson's panel.
    fn lesson_panel(&self) -> Option<LessonPanel> {
        let (i, s) = self.lesson.as_ref()?;
        let l = &s.lesson;
        Some(LessonPanel {
            index: *i,
            count: self.catalog.entries.len(),
            title: l.title.clone(),
            seeds: l.seeds.clone(),
            paragraphs: l.paragraphs.clone(),
            prompts: l
                .prompts
                .iter()
                .zip(s.done())
                .map(|(p, d)| (p.prompt.clone(), *d))
                .collect(),
            question: l.quiz.question.clone(),
            quiz: Some(s.quiz()),
            hint: l.quiz.hint.clone(),
            explanation: l.quiz.explanation.clone(),
            note: l.note.clone(),
            uses_solvers: l
                .prompts
                .iter()
                .any(|p| matches!(p.check, crate::lessons::Check::SolverPicked(_))),
        })
    }
}
