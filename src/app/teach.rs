//! The app side of teaching mode (issue 8) and of the world / eSpace view: opening a lesson
//! (its scenario through "Open scenario", then its view settings and cursor), the observation
//! its checks run on every frame, the picked solver drawn in the scene, the numbers at the
//! cursor, the eSpace blend handed to the renderer as a transform (`render::space_view`) and
//! the presentation look. Kept apart from the debugger's own files; `mod.rs` calls in at
//! four places (commands, shell model, scene, camera).

use std::collections::BTreeSet;
use std::path::PathBuf;

use glam::{Mat3, Vec3};

use super::App;
use crate::collision::{ContactTime, IterationTrace};
use crate::lessons::walk::touched_nodes;
use crate::lessons::{
    Catalog, LESSONS_DIR, LessonState, Observation, SolverAnswer, SolverKind, compare_solvers,
};
use crate::render::{Camera, FrameSettings, SpaceMap, presentation};
use crate::scene::overlays;
use crate::sim::TimelineCommand;
use crate::ui::lessons::{LessonPanel, NumberRow, TeachCommand, TeachView};
use crate::view::{CameraMode, load_scenario};

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
    saved_arrow_scale: Option<f32>,
    /// Nodes touched by walked frames since the lesson opened, and the last frame scanned.
    touched: BTreeSet<String>,
    scanned_to: u64,
    /// The style last given to egui (`None`: never set).
    presentation_applied: Option<bool>,
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

impl App {
    pub(super) fn apply_teach(&mut self, cmd: TeachCommand) {
        match cmd {
            TeachCommand::Open(i) => self.open_lesson(i),
            TeachCommand::Step(d) => {
                if let Some((i, _)) = &self.teach.lesson {
                    let j = *i as i64 + i64::from(d);
                    if (0..self.teach.catalog.entries.len() as i64).contains(&j) {
                        self.open_lesson(j as usize);
                    }
                }
            }
            TeachCommand::Restart => {
                if let Some((i, _)) = &self.teach.lesson {
                    let i = *i;
                    self.open_lesson(i);
                }
            }
            TeachCommand::Close => self.close_lesson(),
            TeachCommand::Reload => {
                self.teach.catalog = Catalog::read(std::path::Path::new(LESSONS_DIR));
                let n = self.teach.catalog.entries.len();
                self.say(format!("{n} lesson files read"), false);
            }
            TeachCommand::SetBlend(b) => {
                self.teach.blend = if b.is_finite() {
                    b.clamp(0.0, 1.0)
                } else {
                    0.0
                };
            }
            TeachCommand::SetPresentation(on) => self.teach.presentation = on,
            TeachCommand::SetLegend(on) => self.teach.legend = on,
            TeachCommand::PickSolver(s) => self.teach.solver = s,
        }
    }

    fn close_lesson(&mut self) {
        self.teach.lesson = None;
        self.teach.lesson_world = None;
        self.teach.solver = None;
        if let Some(s) = self.teach.saved_arrow_scale.take() {
            self.settings.view.arrow_scale = s;
        }
    }

    /// Opens lesson `i` of the catalog: its scene through "Open scenario", then its cursor,
    /// view settings and camera. A broken lesson or scene is a message; nothing changes.
    pub(super) fn open_lesson(&mut self, i: usize) {
        let Some(entry) = self.teach.catalog.entries.get(i) else {
            return;
        };
        let path = entry.path.clone();
        let lesson = match &entry.lesson {
            Ok(l) => l.clone(),
            Err(e) => return self.say(format!("lesson not opened: {e}"), true),
        };
        // The lesson's tab comes to the front (reopened if the user closed it).
        self.settings.layout.show(crate::ui::layout::Pane::Lesson);
        let opened = match load_scenario(&lesson.scenario_path(&path)) {
            Ok(o) => o,
            Err(e) => {
                return self.say(format!("lesson not opened: {}: {e}", path.display()), true);
            }
        };
        let state = match LessonState::new(&path, lesson, opened.record.trace.clone()) {
            Ok(s) => s,
            Err(e) => return self.say(format!("lesson not opened: {e}"), true),
        };
        let arrow = self.teach.saved_arrow_scale;
        self.close_lesson();
        self.teach.saved_arrow_scale = arrow;
        self.show_scenario(opened);
        let view = state.lesson.view.clone();
        self.teach.blend = view.blend;
        self.debugger.set_lesson_look(
            view.minkowski,
            state.open_triangle(),
            view.draw.unwrap_or_default(),
            view.solve.unwrap_or_default(),
        );
        if let Some(s) = view.arrow_scale {
            self.teach
                .saved_arrow_scale
                .get_or_insert(self.settings.view.arrow_scale);
            self.settings.view.arrow_scale = s;
        }
        if let Some(c) = view.camera {
            self.set_mode(CameraMode::Orbit);
            self.rig.yaw = c.yaw_deg.to_radians();
            self.rig.pitch = c.pitch_deg.to_radians().clamp(-1.55, 1.55);
            self.rig.orbit_distance = c.distance_m.clamp(0.5, 100.0);
        }
        let it = state.open_iteration();
        self.sim.command(TimelineCommand::Home);
        if it > 0 {
            self.sim.command(TimelineCommand::StepIteration(
                i32::try_from(it).unwrap_or(0),
            ));
        }
        // Centred on the open iteration's contact, from the lesson's angle and distance (a
        // lesson without a contact there keeps its own framing).
        let contact = self
            .sim
            .cursor_frame()
            .and_then(|(rec, i)| rec.trace.iterations.get(i as usize))
            .is_some_and(|it| !it.contacts.is_empty());
        self.rig.focus = contact
            .then(|| {
                self.debugger
                    .selection_sphere(&self.sim, &self.world)
                    .map(|(c, _)| c)
            })
            .flatten();
        self.teach.touched.clear();
        self.teach.scanned_to = 0;
        self.teach.solvers = None;
        self.teach.lesson_world = Some((self.world.name.clone(), self.world.path.clone()));
        self.teach.lesson = Some((i, state));
    }

    /// What the lesson checks look at now.
    fn observation(&self) -> Observation {
        Observation {
            blend: self.teach.blend,
            solve: self.debugger.toggles().solve,
            draw: self.debugger.toggles().draw,
            cursor: self.sim.cursor(),
            walking: !self.sim.is_paused(),
            triangle: self.debugger.triangle(),
            minkowski: self.debugger.minkowski(),
            solver: self.teach.solver,
            touched: self.teach.touched.clone(),
        }
    }

    /// Adds the nodes touched by walked frames recorded since the last call.
    fn scan_touched(&mut self) {
        let h = self.sim.history();
        if h.last_frame().is_some_and(|l| l < self.teach.scanned_to) {
            self.teach.scanned_to = 0; // the history was cut (resumed from the cursor)
        }
        let from = self.teach.scanned_to;
        let names = touched_nodes(h.iter().filter(|r| r.frame > from), |t| {
            self.world.triangle_source(t)
        });
        if let Some(l) = h.last_frame() {
            self.teach.scanned_to = l;
        }
        self.teach.touched.extend(names);
    }

    /// Per frame, after the scene is built: lesson checks, the picked solver drawn, the
    /// presentation look.
    pub(super) fn teach_scene(&mut self) {
        if self.teach.presentation_applied != Some(self.teach.presentation) {
            crate::ui::presentation::apply(&self.egui_ctx, self.teach.presentation);
            self.teach.presentation_applied = Some(self.teach.presentation);
        }
        if self.teach.lesson.is_some()
            && self.teach.lesson_world.as_ref()
                != Some(&(self.world.name.clone(), self.world.path.clone()))
        {
            self.close_lesson();
        }
        if self.teach.lesson.is_some() {
            self.scan_touched();
            let obs = self.observation();
            if let Some((_, state)) = &mut self.teach.lesson {
                state.observe(&obs);
            }
            self.refresh_lesson_solvers();
            self.add_solver_pick();
        }
        if self.teach.presentation {
            presentation::apply(&mut self.scene);
        }
    }

    fn refresh_lesson_solvers(&mut self) {
        let Some(c) = self.sim.cursor() else {
            self.teach.solvers = None;
            return;
        };
        let key = (c.frame, c.iteration);
        if self.teach.solvers.as_ref().is_some_and(|(k, _)| *k == key) {
            return;
        }
        let answers = self.sim.cursor_frame().and_then(|(rec, i)| {
            let e = rec.ellipsoid?;
            let it = rec.trace.iterations.get(i as usize)?;
            compare_solvers(&self.world.collision, e.radii, e.axes, it)
        });
        self.teach.solvers = Some((key, answers));
    }

    /// The picked solver's contact point, normal and touching ellipsoid.
    fn add_solver_pick(&mut self) {
        let Some(kind) = self.teach.solver else {
            return;
        };
        let Some((_, Some((answers, _)))) = &self.teach.solvers else {
            return;
        };
        let Some(hit) = answers.iter().find(|a| a.kind == kind).and_then(|a| a.hit) else {
            return;
        };
        let Some((rec, _)) = self.sim.cursor_frame() else {
            return;
        };
        let (radii, axes) = rec
            .ellipsoid
            .map_or((self.radii(), Mat3::IDENTITY), |e| (e.radii, e.axes));
        let r = (0.04 * radii.min_element()).clamp(0.004, 0.05);
        let normal_length = (radii.min_element() * 1.5).max(0.1);
        overlays::add_solver_hit(
            &mut self.scene,
            &hit,
            kind.color(),
            0.12,
            radii,
            axes,
            r,
            normal_length,
        );
    }

    /// The world → displayed map of this frame: the eSpace of the ellipsoid at the cursor
    /// (the live player while walking), blended by the slider, about its centre.
    pub(super) fn view_space(&self) -> SpaceMap {
        let (center, radii) = self.view_target();
        let axes = self
            .sim
            .cursor_frame()
            .filter(|_| self.sim.is_paused())
            .and_then(|(r, _)| r.ellipsoid)
            .map_or(Mat3::IDENTITY, |e| e.axes);
        SpaceMap::espace_blend(radii, axes, center, self.teach.blend)
    }

    /// Maps the camera into the displayed space and sets the frame's space and look; the
    /// debugger's picking then sees the mapped camera.
    pub(super) fn teach_frame(&mut self, camera: Camera, settings: &mut FrameSettings) -> Camera {
        let space = self.view_space();
        let camera = space.camera(camera);
        self.debugger.map_last_camera(camera);
        settings.space = space;
        if self.teach.presentation {
            presentation::frame_settings(settings);
        }
        camera
    }

    /// A pick ray through the displayed view, back in world space.
    pub(super) fn unmap_pick_ray(&self, origin: Vec3, dir: Vec3) -> (Vec3, Vec3) {
        let space = self.view_space();
        if space.is_identity() {
            return (origin, dir);
        }
        (space.unmap_point(origin), space.unmap_dir(dir))
    }

    /// What the teaching panels show this frame.
    pub(super) fn teach_view(&self) -> TeachView {
        let t = &self.teach;
        let lesson = t.lesson.as_ref().map(|(i, s)| {
            let l = &s.lesson;
            LessonPanel {
                index: *i,
                count: t.catalog.entries.len(),
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
            }
        });
        let numbers = self
            .sim
            .cursor_frame()
            .and_then(|(rec, i)| {
                let e = rec.ellipsoid?;
                let it = rec.trace.iterations.get(i as usize)?;
                Some(number_rows(it, e.radii, t.blend >= 0.5))
            })
            .unwrap_or_default();
        TeachView {
            blend: t.blend,
            presentation: t.presentation,
            legend: t.legend,
            catalog: t
                .catalog
                .entries
                .iter()
                .map(|e| (e.label(), e.lesson.as_ref().err().map(|e| e.to_string())))
                .collect(),
            catalog_error: t.catalog.error.clone(),
            lesson,
            solver: t.solver,
            solvers: t.solvers.as_ref().and_then(|(_, s)| s.clone()),
            numbers,
        }
    }
}
