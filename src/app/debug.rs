//! The app side of the debugger: timeline keys, the debugger's commands, the view model of
//! the timeline and inspector panels, the paused 3D view at the cursor, picking a triangle
//! with a ray through `collision::raycast`, the re-run with cases switched off, saving and
//! loading recordings and exporting the frame at the cursor as a scenario file.

use std::path::Path;

use glam::{Vec3, Vec4Swizzles};
use winit::event_loop::ActiveEventLoop;
use winit::keyboard::KeyCode;

use super::App;
use crate::collision::solvers::side_by_side::{SideBySide, side_by_side_at};
use crate::collision::{CaseMask, ObjectId, Response, raycast, raycast_objects};
use crate::level::query::Geometry;
use crate::level::scenario::Scenario;
use crate::render::Camera;
use crate::scene::minkowski_shapes::MinkowskiRay;
use crate::scene::world_triangles;
use crate::scene::{PausedComparisons, PausedOptions, paused_scene};
use crate::sim::{
    DiffTolerance, FrameRecord, RerunEdits, TimelineCommand, diff_traces, replay_frames_in,
    rerun_frame_in,
};
use crate::ui::debugger::{
    CaseToggles, DebugCommand, DebugView, LaterRerun, RerunView, TriangleInfo,
};
use crate::view::CameraMode;
use crate::view::camera_rig::selection_sphere;

const MIB: usize = 1024 * 1024;
/// At most this many frames (10 s at 60 Hz) are re-simulated after the cursor when a case is
/// switched off, so a toggle stays interactive on a long history.
const MAX_LATER_FRAMES: usize = 600;

/// What a re-run depends on: the cursor's frame, the solve mask, the response variant, the
/// exact contact, internal-edge and touching switches and the newest frame.
type RerunKey = (u64, CaseMask, Response, bool, bool, bool, Option<u64>);

/// The cursor (frame, iteration) the "all solvers" rows were computed for.
type SolversKey = (u64, u32);

/// Debugger state the app keeps between frames.
#[derive(Debug, Default)]
pub(super) struct DebugState {
    pub toggles: CaseToggles,
    /// The selected level triangle.
    pub triangle: Option<u32>,
    /// The selected triangle of a moving object (its own mesh's index); exclusive with
    /// `triangle`.
    pub object_triangle: Option<(ObjectId, u32)>,
    pub minkowski: bool,
    pub show_help: bool,
    /// The "all solvers" overlay, and its last result keyed by (frame, iteration).
    pub all_solvers: bool,
    solvers: Option<(SolversKey, Option<Vec<SideBySide>>)>,
    /// The last re-run: (frame, solve mask, newest frame) and what it gave.
    rerun: Option<(RerunKey, RerunView)>,
    /// The camera and aspect of the last drawn frame (for picking).
    pub last_camera: Option<(Camera, f32)>,
}

/// The world ray through `uv` (0..1, origin top-left) of a view drawn with `camera`.
pub fn pick_ray(camera: &Camera, aspect: f32, uv: [f32; 2]) -> Option<(Vec3, Vec3)> {
    let inv = camera.view_proj(aspect).inverse();
    let (x, y) = (uv[0] * 2.0 - 1.0, 1.0 - uv[1] * 2.0);
    let near = inv * glam::Vec4::new(x, y, 0.0, 1.0);
    let far = inv * glam::Vec4::new(x, y, 1.0, 1.0);
    if near.w.abs() < 1e-12 || far.w.abs() < 1e-12 {
        return None;
    }
    let (a, b) = (near.xyz() / near.w, far.xyz() / far.w);
    let dir = (b - a).try_normalize()?;
    a.is_finite().then_some((a, dir))
}

impl App {
    /// Timeline and debugger keys. Returns true when the key was used.
    pub(super) fn debug_key(
        &mut self,
        code: KeyCode,
        ctrl: bool,
        event_loop: &ActiveEventLoop,
    ) -> bool {
        let paused = self.sim.is_paused();
        let tl = |c| Some(DebugCommand::Timeline(c));
        let cmd = match code {
            KeyCode::KeyS if ctrl => Some(DebugCommand::SaveRecording),
            KeyCode::KeyL if ctrl => Some(DebugCommand::LoadRecording),
            KeyCode::KeyE if ctrl => Some(DebugCommand::ExportFrame),
            _ if ctrl => None,
            KeyCode::F1 => Some(DebugCommand::ToggleHelp),
            KeyCode::KeyP | KeyCode::Pause => tl(if paused {
                TimelineCommand::Resume
            } else {
                TimelineCommand::Pause
            }),
            KeyCode::Comma => tl(TimelineCommand::StepFrame(-1)),
            KeyCode::Period => tl(TimelineCommand::StepFrame(1)),
            KeyCode::ArrowLeft if paused => tl(TimelineCommand::StepFrame(-1)),
            KeyCode::ArrowRight if paused => tl(TimelineCommand::StepFrame(1)),
            KeyCode::BracketLeft => tl(TimelineCommand::StepIteration(-1)),
            KeyCode::BracketRight => tl(TimelineCommand::StepIteration(1)),
            KeyCode::ArrowDown if paused => tl(TimelineCommand::StepIteration(-1)),
            KeyCode::ArrowUp if paused => tl(TimelineCommand::StepIteration(1)),
            KeyCode::PageUp => tl(TimelineCommand::PrevMarker),
            KeyCode::PageDown => tl(TimelineCommand::NextMarker),
            KeyCode::Home => tl(TimelineCommand::Home),
            KeyCode::End => tl(TimelineCommand::End),
            KeyCode::KeyR if paused => tl(TimelineCommand::ResumeFromCursor),
            KeyCode::KeyM => Some(DebugCommand::SetMinkowski(!self.dbg.minkowski)),
            KeyCode::KeyZ => {
                self.frame_selection();
                return true;
            }
            _ => None,
        };
        match cmd {
            Some(c) => {
                self.apply_debug(c, event_loop);
                true
            }
            None => false,
        }
    }

    pub(super) fn apply_debug(&mut self, cmd: DebugCommand, _event_loop: &ActiveEventLoop) {
        match cmd {
            DebugCommand::Timeline(c) if self.probe.active => self.probe_timeline(c),
            DebugCommand::Timeline(c) => {
                if matches!(c, TimelineCommand::Pause) || !self.sim.is_paused() {
                    // Pausing while captured would leave the mouse trapped.
                    self.set_capture(false);
                }
                self.sim.command(c);
                self.after_timeline_command(c);
            }
            DebugCommand::Select { frame, iteration } => {
                self.sim.command(TimelineCommand::Seek(frame));
                if iteration > 0 {
                    let n = i32::try_from(iteration).unwrap_or(i32::MAX);
                    self.sim.command(TimelineCommand::StepIteration(n));
                }
            }
            DebugCommand::SelectTriangle(t) => {
                self.dbg.triangle = t.filter(|&t| self.world.collision.get_triangle(t).is_some());
                self.dbg.object_triangle = None;
            }
            DebugCommand::SelectObjectTriangle(object, t) => {
                let exists = self
                    .world
                    .movers
                    .scene()
                    .object(object)
                    .is_some_and(|o| o.mesh().get_triangle(t).is_some());
                self.dbg.object_triangle = exists.then_some((object, t));
                self.dbg.triangle = None;
            }
            DebugCommand::SetToggles(t) => {
                // The solve switches are the walking settings' case mask (one value, also in
                // the settings panel): frames simulated from now on use it, and while paused
                // the cursor's frame and the frames after it are re-run with it.
                let solve_changed = self.settings.slide.cases != t.solve
                    || self.settings.slide.response != t.response
                    || self.settings.slide.exact_contact != t.exact_contact
                    || self.settings.slide.internal_edge_filter != t.internal_edge_filter
                    || self.settings.slide.touching_counts != t.touching_counts;
                self.dbg.toggles = t;
                self.settings.slide.cases = t.solve;
                self.sim.settings.cases = t.solve;
                self.settings.slide.response = t.response;
                self.sim.settings.response = t.response;
                self.settings.slide.exact_contact = t.exact_contact;
                self.sim.settings.exact_contact = t.exact_contact;
                self.settings.slide.internal_edge_filter = t.internal_edge_filter;
                self.sim.settings.internal_edge_filter = t.internal_edge_filter;
                self.settings.slide.touching_counts = t.touching_counts;
                self.sim.settings.touching_counts = t.touching_counts;
                if self.probe.active && solve_changed {
                    // A game's moves are re-solved in place with the new mask.
                    self.resolve_game_moves_again();
                }
            }
            DebugCommand::SetMinkowski(on) => self.dbg.minkowski = on,
            DebugCommand::SetAllSolvers(on) => self.dbg.all_solvers = on,
            DebugCommand::SetBudgetMib(m) => {
                let bytes = usize::try_from(m.max(1)).unwrap_or(1).saturating_mul(MIB);
                self.sim.history_mut().set_budget_bytes(bytes);
            }
            DebugCommand::ToggleHelp => self.dbg.show_help = !self.dbg.show_help,
            DebugCommand::SaveRecording => self.save_recording_dialog(),
            DebugCommand::LoadRecording => self.load_recording_dialog(),
            DebugCommand::ExportFrame => self.export_frame_dialog(),
            DebugCommand::Probe(p) => self.apply_probe(p),
        }
    }

    /// Timeline commands over a game's moves: the timeline is always "paused" (nothing is
    /// simulated); resuming means following the newest move, and walking on is not offered.
    fn probe_timeline(&mut self, c: TimelineCommand) {
        match c {
            TimelineCommand::Resume => {
                self.probe.follow = true;
                self.sim.command(TimelineCommand::End);
            }
            TimelineCommand::ResumeFromCursor => self.say(
                "these are a game's moves: close them (File menu) to walk again".into(),
                false,
            ),
            TimelineCommand::Pause => self.probe.follow = false,
            other => {
                self.probe.follow = matches!(other, TimelineCommand::End);
                self.sim.command(other);
            }
        }
    }

    fn save_recording_dialog(&mut self) {
        self.set_capture(false);
        self.sim.command(TimelineCommand::Pause);
        let Some(path) = super::dialog::save(super::dialog::Purpose::Recording, "recording.json")
        else {
            return;
        };
        self.save_recording_to(&path);
    }

    pub(super) fn save_recording_to(&mut self, path: &Path) {
        let level = self
            .world
            .path
            .as_ref()
            .map_or_else(|| self.world.name.clone(), |p| p.display().to_string());
        match self.sim.save_recording(path, &level) {
            Ok(()) => self.say(
                format!(
                    "saved {} frames to {}",
                    self.sim.history().len(),
                    path.display()
                ),
                false,
            ),
            Err(e) => self.say(format!("recording not saved: {e}"), true),
        }
    }

    fn load_recording_dialog(&mut self) {
        self.set_capture(false);
        let Some(path) = super::dialog::pick(super::dialog::Purpose::Recording) else {
            return;
        };
        self.load_recording_from(&path);
    }

    pub(super) fn load_recording_from(&mut self, path: &Path) {
        match self.sim.load_recording(path) {
            Ok(()) => {
                self.dbg.rerun = None;
                self.rest_movers_at_last_record();
                self.say(
                    format!(
                        "loaded {} frames from {} (paused at the first)",
                        self.sim.history().len(),
                        path.display()
                    ),
                    false,
                );
            }
            Err(e) => self.say(format!("recording not loaded (nothing changed): {e}"), true),
        }
    }

    /// The geometry of the current level for a file written into `dir`: the level file (by a
    /// path relative to `dir` when there is one, pinned by its content hash), else the
    /// collision mesh's triangles inline.
    fn level_geometry(&self, dir: &Path) -> Result<Geometry, String> {
        match &self.world.path {
            Some(p) => {
                let abs = std::path::absolute(p).unwrap_or_else(|_| p.clone());
                let stored = std::path::absolute(dir)
                    .ok()
                    .and_then(|d| relative_path(&d, &abs))
                    .unwrap_or_else(|| abs.clone());
                crate::level::scenario::pinned_level(stored, &abs).map_err(|e| e.to_string())
            }
            None => Ok(Geometry::Triangles {
                triangles: (0..self.world.collision.triangle_count() as u32)
                    .filter_map(|i| self.world.collision.get_triangle(i))
                    .map(|t| t.vertices)
                    .collect(),
            }),
        }
    }

    /// The frame at the cursor as a scenario to be written into `dir`: its exact call, with
    /// the recorded result as the expectation (bit-identical trace). `slidescope run` replays it.
    pub(super) fn cursor_scenario(&self, dir: &Path) -> Result<Scenario, String> {
        let (rec, _) = self.sim.cursor_frame().ok_or("no frame at the cursor")?;
        let call = rec.recorded_call().ok_or(format!(
            "frame {} made no collision query (noclip, or the core refused the move)",
            rec.frame
        ))?;
        let level = self
            .world
            .path
            .as_ref()
            .and_then(|p| p.file_stem())
            .map_or("triangles".into(), |s| s.to_string_lossy().into_owned());
        Ok(Scenario::from_frame(
            format!("{level}_frame_{}", rec.frame),
            format!(
                "Frame {} exported from the slidescope debugger: {} iteration(s), ended by {:?}. \
                 Expected: the recorded result, bit for bit.",
                rec.frame,
                call.trace.iterations.len(),
                call.result.end
            ),
            self.level_geometry(dir)?,
            call,
        ))
    }

    fn export_frame_dialog(&mut self) {
        self.set_capture(false);
        let frame = self.sim.cursor().map_or(0, |c| c.frame);
        let name = format!("frame-{frame}.scenario.json");
        let Some(path) = super::dialog::save(super::dialog::Purpose::Scenario, &name) else {
            return;
        };
        match self.export_frame_to(&path) {
            Ok(()) => self.say(
                format!(
                    "frame {frame} exported to {} (check it: slidescope run {})",
                    path.display(),
                    path.display()
                ),
                false,
            ),
            Err(e) => self.say(format!("nothing exported: {e}"), true),
        }
    }

    /// Writes the frame at the cursor as a scenario file at `path` (atomically).
    pub(super) fn export_frame_to(&self, path: &Path) -> Result<(), String> {
        let dir = path.parent().unwrap_or(Path::new("."));
        let scenario = self.cursor_scenario(dir)?;
        let text = scenario.to_json().map_err(|e| e.to_string())?;
        crate::vfs::write_atomic(path, text.as_bytes()).map_err(|e| e.to_string())
    }

    /// Recomputes the re-run when the cursor's frame or the solve mask changed.
    fn refresh_rerun(&mut self) {
        self.dbg.toggles.solve = self.settings.slide.cases;
        self.dbg.toggles.response = self.settings.slide.response;
        self.dbg.toggles.exact_contact = self.settings.slide.exact_contact;
        self.dbg.toggles.internal_edge_filter = self.settings.slide.internal_edge_filter;
        self.dbg.toggles.touching_counts = self.settings.slide.touching_counts;
        let solve = self.dbg.toggles.solve;
        let response = self.dbg.toggles.response;
        let exact_contact = self.dbg.toggles.exact_contact;
        let internal_edge_filter = self.dbg.toggles.internal_edge_filter;
        let touching_counts = self.dbg.toggles.touching_counts;
        let Some((rec, _)) = self.sim.cursor_frame() else {
            self.dbg.rerun = None;
            return;
        };
        // A game's moves are re-solved in place when the mask changes (app/probe.rs).
        let same = solve == rec.settings.cases
            && response == rec.settings.response
            && exact_contact == rec.settings.exact_contact
            && internal_edge_filter == rec.settings.internal_edge_filter
            && touching_counts == rec.settings.touching_counts;
        if same || rec.ellipsoid.is_none() || rec.game.is_some() {
            self.dbg.rerun = None;
            return;
        }
        let key = (
            rec.frame,
            solve,
            response,
            exact_contact,
            internal_edge_filter,
            touching_counts,
            self.sim.history().last_frame(),
        );
        if self.dbg.rerun.as_ref().is_some_and(|(k, _)| *k == key) {
            return;
        }
        let edits = RerunEdits {
            cases: Some(solve),
            response: Some(response),
            exact_contact: Some(exact_contact),
            internal_edge_filter: Some(internal_edge_filter),
            touching_counts: Some(touching_counts),
            ..Default::default()
        };
        let scene = Some(self.world.movers.scene());
        let result = rerun_frame_in(&self.world.collision, scene, rec, &edits)
            .map(|r| {
                let diff = diff_traces(&rec.trace, &r.trace, &DiffTolerance::default());
                (r.trace, diff, r.result.position)
            })
            .map_err(|e| e.to_string());
        let later = self.later_rerun(rec.frame, &edits);
        self.dbg.rerun = Some((
            key,
            RerunView {
                solve,
                response,
                exact_contact,
                internal_edge_filter,
                touching_counts,
                result,
                later,
            },
        ));
    }

    /// Re-simulates the recorded frames from `frame` on (at most [`MAX_LATER_FRAMES`]) with
    /// `edits`: where the walk would have gone. `None` when `frame` is the newest.
    fn later_rerun(&self, frame: u64, edits: &RerunEdits) -> Option<LaterRerun> {
        let frames: Vec<FrameRecord> = self
            .sim
            .history()
            .iter()
            .filter(|r| r.frame >= frame)
            .take(MAX_LATER_FRAMES)
            .cloned()
            .collect();
        if frames.len() < 2 {
            return None;
        }
        let scene = Some(self.world.movers.scene());
        let again = replay_frames_in(&self.world.collision, scene, &frames, Some(edits));
        let recorded_path: Vec<Vec3> = frames.iter().map(|r| r.after.center).collect();
        let resimulated_path: Vec<Vec3> = again.iter().map(|r| r.after.center).collect();
        let diverges_at = frames
            .iter()
            .zip(&resimulated_path)
            .find(|(r, p)| (r.after.center - **p).length() > 1e-3)
            .map(|(r, _)| r.frame);
        let final_gap_m = match (recorded_path.last(), resimulated_path.last()) {
            (Some(a), Some(b)) => (*a - *b).length(),
            _ => 0.0,
        };
        Some(LaterRerun {
            frames: resimulated_path.len(),
            diverges_at,
            final_gap_m,
            recorded_path,
            resimulated_path,
        })
    }

    /// Everything the debugger panels show this frame.
    /// Every solver on the iteration at the cursor, against the triangles the broad phase
    /// offered it (from the trace), cached per (frame, iteration).
    fn refresh_solvers(&mut self) -> Option<Vec<SideBySide>> {
        if !self.dbg.all_solvers {
            return None;
        }
        let (rec, i) = self.sim.cursor_frame()?;
        let key = (rec.frame, i);
        if let Some((k, rows)) = &self.dbg.solvers
            && *k == key
        {
            return rows.clone();
        }
        let rows = rec
            .ellipsoid
            .zip(rec.trace.iterations.get(i as usize))
            .and_then(|(e, it)| side_by_side_at(&self.world.collision, e.radii, e.axes, it));
        self.dbg.solvers = Some((key, rows.clone()));
        rows
    }

    /// The inspector's view of the selected moving-object triangle at the cursor's frame:
    /// corners at the current pose, and the quadratic of the part the iteration's extended
    /// sweep touched on it (against the previous pose).
    fn object_triangle_info(&self) -> Option<TriangleInfo> {
        let (object, i) = self.dbg.object_triangle?;
        let (rec, it) = self.sim.cursor_frame()?;
        let (previous, current) = self.object_triangle_at(rec, object, i)?;
        let quadratic = rec.ellipsoid.and_then(|e| {
            let it = rec.trace.iterations.get(it as usize)?;
            MinkowskiRay::of_object_iteration(it, object, i, previous, &e.space())?.roots
        });
        let (o, _, pose) = self.world.object_poses(object, &rec.objects)?;
        // The mesh's own (model-space) normal, turned by the pose.
        let normal = pose.transform_vector(o.mesh().get_triangle(i)?.normal);
        let name = &o.name;
        Some(TriangleInfo {
            index: i,
            vertices: current,
            normal,
            source: format!(
                "moving object {name} (object {}), triangle {i} of its own mesh",
                object.0
            ),
            quadratic,
            object: Some(object),
        })
    }

    pub(super) fn debug_view(&mut self) -> DebugView {
        self.refresh_rerun();
        let solvers = self.refresh_solvers();
        let h = self.sim.history();
        let triangle = self.dbg.triangle.and_then(|i| {
            let t = self.world.collision.get_triangle(i)?;
            // The touched part's quadratic at the cursor, solved by the core (lesson 6).
            let quadratic = self.sim.cursor_frame().and_then(|(rec, it)| {
                let e = rec.ellipsoid?;
                let it = rec.trace.iterations.get(it as usize)?;
                MinkowskiRay::of_iteration(it, i, t.vertices, &e.space()).roots
            });
            Some(TriangleInfo {
                index: i,
                vertices: t.vertices,
                normal: t.normal,
                source: self.world.triangle_source(i),
                quadratic,
                object: None,
            })
        });
        let triangle = triangle.or_else(|| self.object_triangle_info());
        DebugView {
            paused: self.sim.is_paused(),
            frames: {
                let (a, b) = h.summaries();
                [a, b].concat()
            },
            cursor: self.sim.cursor(),
            record: self.sim.cursor_frame().map(|(r, _)| r.clone()),
            used_bytes: h.used_bytes(),
            budget_bytes: h.budget_bytes(),
            bytes_per_frame: h.bytes_per_frame(),
            evicted: h.evicted(),
            toggles: self.dbg.toggles,
            minkowski: self.dbg.minkowski,
            triangle,
            rerun: self.dbg.rerun.as_ref().map(|(_, v)| v.clone()),
            show_help: self.dbg.show_help,
            all_solvers: self.dbg.all_solvers,
            solvers,
            object_names: self
                .world
                .movers
                .scene()
                .objects()
                .iter()
                .map(|o| o.name.clone())
                .collect(),
            probe: self.probe_status(),
        }
    }

    /// Where the camera looks: the ellipsoid at the cursor's iteration while paused, else the
    /// live player. Returns (centre, radii).
    pub(super) fn view_target(&self) -> (Vec3, Vec3) {
        if self.sim.is_paused()
            && let Some((rec, i)) = self.sim.cursor_frame()
            && let Some(e) = rec.ellipsoid
        {
            let c = rec
                .trace
                .iterations
                .get(i as usize)
                .map_or(e.center, |it| it.start_center);
            return (c, e.radii);
        }
        (self.render_center(), self.radii())
    }

    /// What the frame key (Z) frames, as a sphere (centre, radius; world): the selected
    /// triangle with the cursor iteration's contact, else the contact with the ellipsoid
    /// around it, else the iteration's whole sweep, else the ellipsoid.
    pub(super) fn selection_sphere(&self) -> Option<(Vec3, f32)> {
        let (rec, i) = self.sim.cursor_frame()?;
        let reach = rec
            .ellipsoid
            .map_or(self.radii(), |e| e.radii)
            .max_element();
        let triangle = self
            .dbg
            .triangle
            .and_then(|t| self.world.collision.get_triangle(t))
            .map(|t| t.vertices);
        Some(selection_sphere(
            triangle,
            rec.trace.iterations.get(i as usize),
            rec.after.center,
            reach,
        ))
    }

    /// Frames the selection (see [`App::selection_sphere`]) with a short camera move.
    pub(super) fn frame_selection(&mut self) {
        match self.selection_sphere() {
            Some((c, r)) => self.rig.frame_on(c, r),
            None => self.say("nothing to frame: no frame at the cursor".into(), false),
        }
    }

    /// Re-centres the orbit camera on the level point under `uv` of the 3D view.
    pub(super) fn recenter_at(&mut self, uv: [f32; 2]) {
        let Some((origin, dir, far)) = self.view_ray(uv) else {
            return;
        };
        if let Ok(Some(hit)) = raycast(&self.world.collision, origin, dir, far) {
            self.rig.recenter(hit.point);
        }
    }

    /// The world ray under `uv` of the 3D view as last drawn (origin, direction, far plane),
    /// undoing the eSpace view's map.
    fn view_ray(&self, uv: [f32; 2]) -> Option<(Vec3, Vec3, f32)> {
        let (cam, aspect) = self.dbg.last_camera?;
        let (origin, dir) = pick_ray(&cam, aspect, uv)?;
        let (origin, dir) = self.unmap_pick_ray(origin, dir);
        Some((origin, dir, cam.far))
    }

    /// The camera for this frame; while paused a first-person camera becomes the orbit one
    /// (the eye would sit inside the drawn ellipsoid).
    pub(super) fn debug_camera(&mut self, aspect: f32) -> Camera {
        if !self.sim.is_paused() {
            // Walking: the camera follows the ellipsoid again.
            self.rig.release_focus();
        }
        let (center, radii) = self.view_target();
        let mode = self.rig.mode;
        if self.sim.is_paused() && mode == CameraMode::FirstPerson {
            self.rig.mode = CameraMode::Orbit;
        }
        let cam = self.rig.camera(&self.world.collision, center, radii);
        self.rig.mode = mode;
        self.dbg.last_camera = Some((cam, aspect));
        cam
    }

    /// Selects the triangle under `uv` of the 3D view (paused only).
    pub(super) fn pick(&mut self, uv: [f32; 2]) {
        let Some((origin, dir, far)) = self.view_ray(uv) else {
            return;
        };
        // Moving objects at the poses recorded for the frame at the cursor (where they are
        // drawn); the nearer of the level and the objects wins.
        let poses = self
            .sim
            .cursor_frame()
            .map_or(&[][..], |(rec, _)| rec.objects.as_slice());
        let level = raycast(&self.world.collision, origin, dir, far);
        let objects = raycast_objects(self.world.movers.scene(), poses, origin, dir, far);
        match (level, objects) {
            (Ok(level), Ok(object)) => {
                let object = object.filter(|(_, o)| level.is_none_or(|l| o.distance < l.distance));
                self.dbg.object_triangle = object.map(|(id, hit)| (id, hit.triangle));
                self.dbg.triangle = level.filter(|_| object.is_none()).map(|h| h.triangle);
            }
            (Err(e), _) | (_, Err(e)) => log::warn!("pick: {e}"),
        }
    }

    /// Triangle `t` of moving object `object` in world space at its previous and current
    /// poses in `rec`.
    fn object_triangle_at(
        &self,
        rec: &FrameRecord,
        object: ObjectId,
        t: u32,
    ) -> Option<([Vec3; 3], [Vec3; 3])> {
        world_triangles::object_triangle_at(self.world.collision_world(), &rec.objects, object, t)
    }

    /// The paused view at the cursor. Returns false (nothing built) when live or when there
    /// is nothing recorded.
    pub(super) fn build_paused_scene(&mut self) -> bool {
        if !self.sim.is_paused() {
            return false;
        }
        let Some((rec, i)) = self.sim.cursor_frame() else {
            return false;
        };
        let options = PausedOptions {
            triangle: self.dbg.triangle,
            object_triangle: self.dbg.object_triangle,
            highlight_contact: self.settings.view.highlight_triangle,
            draw: self.dbg.toggles.draw,
            minkowski: self.dbg.minkowski,
            radii: self.radii(),
            arrow_scale: self.settings.view.arrow_scale,
        };
        let rerun = self.dbg.rerun.as_ref().map(|(_, rv)| rv);
        let comparisons = PausedComparisons {
            rerun: rerun.and_then(|rv| rv.result.as_ref().ok().map(|(t, _, end)| (t, *end))),
            later: rerun
                .and_then(|rv| rv.later.as_ref())
                .map(|l| (&l.recorded_path[..], &l.resimulated_path[..])),
            solvers: match &self.dbg.solvers {
                Some((key, Some(rows))) if self.dbg.all_solvers && *key == (rec.frame, i) => {
                    Some(&rows[..])
                }
                _ => None,
            },
        };
        let world = self.world.collision_world();
        self.scene = paused_scene(rec, i as usize, world, &options, &comparisons);
        true
    }
}

/// `to` as a path relative to the folder `from` (both absolute), or `None` when they share no
/// root (other drive).
fn relative_path(from: &Path, to: &Path) -> Option<std::path::PathBuf> {
    use std::path::Component;
    let (f, t): (Vec<Component>, Vec<Component>) =
        (from.components().collect(), to.components().collect());
    if f.first() != t.first() {
        return None;
    }
    let common = f.iter().zip(&t).take_while(|(a, b)| a == b).count();
    let mut out = std::path::PathBuf::new();
    for _ in common..f.len() {
        out.push("..");
    }
    for c in &t[common..] {
        out.push(c.as_os_str());
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_climb_to_the_common_folder() {
        let rel = |a: &str, b: &str| relative_path(Path::new(a), Path::new(b));
        assert_eq!(
            rel("/w/repo/tests/scenarios", "/w/repo/assets/teaching.glb"),
            Some("../../assets/teaching.glb".into())
        );
        assert_eq!(rel("/w/a", "/w/a/l.glb"), Some("l.glb".into()));
        assert_eq!(rel("/", "/x/l.glb"), Some("x/l.glb".into()));
    }

    #[test]
    fn pick_ray_through_the_view_centre_is_the_camera_forward() {
        let cam = Camera::look_at(Vec3::new(0.0, 2.0, 5.0), Vec3::new(0.0, 1.0, 0.0));
        let (o, d) = pick_ray(&cam, 16.0 / 9.0, [0.5, 0.5]).expect("ray");
        assert!((d - cam.forward()).length() < 1e-4, "{d}");
        assert!((o - cam.eye).length() < 0.1, "{o}");
    }
}
