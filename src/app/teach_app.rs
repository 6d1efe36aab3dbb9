//! The app carrying out teaching mode's state ([`TeachState`]): its commands and effects, the
//! lesson opened and closed, the view space and presentation handed to the renderer.

use super::App;
use super::teach::TeachEffect;
use crate::lessons::{LessonState, Observation, ViewSettings};
use crate::render::{Camera, FrameSettings, SpaceMap, presentation};
use crate::sim::TimelineCommand;
use crate::ui::lessons::TeachCommand;
use crate::view::{CameraMode, load_scenario};
use glam::{Mat3, Vec3};
use std::collections::BTreeSet;

impl App {
    pub(super) fn apply_teach(&mut self, cmd: TeachCommand) {
        match self.teach.apply(cmd) {
            Some(TeachEffect::Open(i)) => self.open_lesson(i),
            Some(TeachEffect::Closed(arrow)) => self.lesson_closed(arrow),
            Some(TeachEffect::Say(text)) => self.say(text, false),
            None => {}
        }
    }

    /// Puts back the arrow scale the closed lesson changed.
    fn lesson_closed(&mut self, arrow_scale: Option<f32>) {
        if let Some(s) = arrow_scale {
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
        self.settings.layout.show(crate::ui::lesson_pane::PANE);
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
        // A lesson opened over another: the arrow scale from before the first is put back,
        // and kept to be put back again.
        let arrow = self.teach.close();
        self.lesson_closed(arrow);
        self.teach.saved_arrow_scale = arrow;
        self.show_scenario(opened);
        self.show_lesson_view(&state.lesson.view, state.open_triangle());
        self.put_cursor_at(state.open_iteration());
        let world = (self.world.name.clone(), self.world.path.clone());
        self.teach.opened(i, state, world);
    }

    /// A lesson's view settings: blend, Minkowski view, selection, case masks, arrow scale
    /// and camera angle.
    fn show_lesson_view(&mut self, view: &ViewSettings, triangle: Option<u32>) {
        self.teach.blend = view.blend;
        self.debugger.set_lesson_look(
            view.minkowski,
            triangle,
            view.draw.unwrap_or_default(),
            view.solve.unwrap_or_default(),
        );
        if let Some(s) = view.arrow_scale {
            let current = self.settings.view.arrow_scale;
            self.settings.view.arrow_scale = self.teach.override_arrow_scale(current, s);
        }
        if let Some(c) = view.camera {
            self.set_mode(CameraMode::Orbit);
            self.rig.yaw = c.yaw_deg.to_radians();
            self.rig.pitch = c.pitch_deg.to_radians().clamp(-1.55, 1.55);
            self.rig.orbit_distance = c.distance_m.clamp(0.5, 100.0);
        }
    }

    /// The cursor on iteration `it` of the first frame, the camera centred on its contact
    /// (from the lesson's angle and distance; without a contact there the lesson keeps its
    /// own framing).
    fn put_cursor_at(&mut self, it: u32) {
        self.sim.command(TimelineCommand::Home);
        if it > 0 {
            self.sim.command(TimelineCommand::StepIteration(
                i32::try_from(it).unwrap_or(0),
            ));
        }
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
    }

    /// What the lesson checks look at now (the walked nodes are the lessons' own).
    fn observation(&self) -> Observation {
        let toggles = self.debugger.toggles();
        Observation {
            blend: self.teach.blend,
            solve: toggles.solve,
            draw: toggles.draw,
            cursor: self.sim.cursor(),
            walking: !self.sim.is_paused(),
            triangle: self.debugger.triangle(),
            minkowski: self.debugger.minkowski(),
            solver: self.teach.solver,
            response: toggles.response,
            touched: BTreeSet::new(),
        }
    }

    /// Per frame, after the scene is built: lesson checks, the picked solver drawn, the
    /// presentation look.
    pub(super) fn teach_scene(&mut self) {
        if self.teach.presentation_applied != Some(self.teach.presentation) {
            crate::ui::presentation::apply(&self.shell.egui_ctx, self.teach.presentation);
            self.teach.presentation_applied = Some(self.teach.presentation);
        }
        if self.teach.lesson.is_some() {
            let obs = self.observation();
            let closed = self.teach.observe(&self.sim, &self.world, obs);
            self.lesson_closed(closed);
            if self.teach.lesson.is_some() {
                let radii = self.radii();
                self.teach
                    .add_solver_pick(&self.sim, radii, &mut self.scene);
            }
        }
        if self.teach.presentation {
            presentation::apply(&mut self.scene);
        }
    }

    /// The world → displayed map of this frame: the eSpace of the ellipsoid at the cursor
    /// (the live player while walking), blended by the slider, about its centre.
    pub(super) fn view_space(&self) -> SpaceMap {
        let (center, radii) = self.view_target();
        let axes = self
            .sim
            .cursor_frame()
            .filter(|_| self.sim.is_paused())
            .and_then(|(r, _)| r.call.ellipsoid)
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
}
