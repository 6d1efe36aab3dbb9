//! The app side of the debugger: timeline keys, the debugger's commands, the view model of
//! the timeline and inspector panels, the paused 3D view at the cursor, picking a triangle
//! with a ray through `collision::raycast`, the re-run with cases switched off, saving and
//! loading recordings and exporting the frame at the cursor as a query.

use std::path::Path;

use glam::{Mat3, Vec3, Vec4Swizzles};
use winit::event_loop::ActiveEventLoop;
use winit::keyboard::KeyCode;

use super::App;
use super::camera_rig::CameraMode;
use crate::collision::{CaseMask, raycast};
use crate::level::query::{EllipsoidShape as QueryEllipsoid, Geometry, Query, QueryMode};
use crate::render::cursor_scene::{self, CursorStyle};
use crate::render::{Camera, palette};
use crate::sim::{DiffTolerance, RerunEdits, TimelineCommand, diff_traces, rerun_frame_in};
use crate::ui::debugger::{
    CaseToggles, DebugCommand, DebugView, FrameSummary, RerunView, TriangleInfo,
};

const MIB: usize = 1024 * 1024;

/// Debugger state the app keeps between frames.
#[derive(Debug, Default)]
pub(super) struct DebugState {
    pub toggles: CaseToggles,
    pub triangle: Option<u32>,
    pub minkowski: bool,
    pub show_help: bool,
    /// The last re-run: (frame, solve mask) and what it gave.
    rerun: Option<(u64, CaseMask, RerunView)>,
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
            }
            DebugCommand::SetToggles(t) => self.dbg.toggles = t,
            DebugCommand::SetMinkowski(on) => self.dbg.minkowski = on,
            DebugCommand::SetBudgetMib(m) => {
                let bytes = usize::try_from(m.max(1)).unwrap_or(1).saturating_mul(MIB);
                self.sim.history_mut().set_budget_bytes(bytes);
            }
            DebugCommand::ToggleHelp => self.dbg.show_help = !self.dbg.show_help,
            DebugCommand::SaveRecording => self.save_recording_dialog(),
            DebugCommand::LoadRecording => self.load_recording_dialog(),
            DebugCommand::ExportFrame => self.export_frame_dialog(),
        }
    }

    fn save_recording_dialog(&mut self) {
        self.set_capture(false);
        self.sim.command(TimelineCommand::Pause);
        let Some(path) = rfd::FileDialog::new()
            .add_filter("slidescope recording", &["json"])
            .set_file_name("recording.json")
            .save_file()
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
        let Some(path) = rfd::FileDialog::new()
            .add_filter("slidescope recording", &["json"])
            .pick_file()
        else {
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

    /// The frame at the cursor as a query (`slidescope slide` runs it): the level file when
    /// there is one, else the collision mesh's triangles inline.
    pub(super) fn cursor_query(&self) -> Result<Query, String> {
        let (rec, _) = self.sim.cursor_frame().ok_or("no frame at the cursor")?;
        let e = rec.ellipsoid.ok_or(format!(
            "frame {} made no collision query (noclip)",
            rec.frame
        ))?;
        let geometry = match &self.world.path {
            Some(p) => crate::level::scenario::pinned_level(
                std::path::absolute(p).unwrap_or_else(|_| p.clone()),
                p,
            )
            .map_err(|e| e.to_string())?,
            None => Geometry::Triangles {
                triangles: (0..self.world.collision.triangle_count() as u32)
                    .filter_map(|i| self.world.collision.get_triangle(i))
                    .map(|t| t.vertices)
                    .collect(),
            },
        };
        Ok(Query {
            mode: QueryMode::Slide,
            geometry,
            ellipsoid: QueryEllipsoid {
                radii: e.radii,
                axes: (e.axes != Mat3::IDENTITY).then_some([
                    e.axes.x_axis,
                    e.axes.y_axis,
                    e.axes.z_axis,
                ]),
            },
            start: e.center,
            velocity: rec.requested_move,
            settings: rec.settings,
        })
    }

    fn export_frame_dialog(&mut self) {
        self.set_capture(false);
        // A query cannot hold object poses: frames with moving objects export a scenario.
        if let Some(scenario) = self.cursor_scenario() {
            return self.export_scenario_dialog(scenario);
        }
        let query = match self.cursor_query() {
            Ok(q) => q,
            Err(e) => return self.say(format!("nothing exported: {e}"), true),
        };
        let frame = self.sim.cursor().map_or(0, |c| c.frame);
        let Some(path) = rfd::FileDialog::new()
            .add_filter("slidescope query", &["json"])
            .set_file_name(format!("frame-{frame}.query.json"))
            .save_file()
        else {
            return;
        };
        let written = serde_json::to_string_pretty(&query)
            .map_err(|e| e.to_string())
            .and_then(|text| write_atomic(&path, text.as_bytes()).map_err(|e| e.to_string()));
        match written {
            Ok(()) => self.say(
                format!(
                    "frame {frame} exported to {} (run: slidescope slide {})",
                    path.display(),
                    path.display()
                ),
                false,
            ),
            Err(e) => self.say(format!("export failed: {e}"), true),
        }
    }

    /// Recomputes the re-run when the cursor's frame or the solve mask changed.
    fn refresh_rerun(&mut self) {
        let solve = self.dbg.toggles.solve;
        let Some((rec, _)) = self.sim.cursor_frame() else {
            self.dbg.rerun = None;
            return;
        };
        if solve == CaseMask::ALL || rec.ellipsoid.is_none() {
            self.dbg.rerun = None;
            return;
        }
        if self
            .dbg
            .rerun
            .as_ref()
            .is_some_and(|(f, m, _)| *f == rec.frame && *m == solve)
        {
            return;
        }
        let edits = RerunEdits {
            cases: Some(solve),
            ..Default::default()
        };
        let scene = Some(self.world.movers.scene());
        let result = rerun_frame_in(&self.world.collision, scene, rec, &edits)
            .map(|r| {
                let diff = diff_traces(&rec.trace, &r.trace, &DiffTolerance::default());
                (r.trace, diff, r.result.position)
            })
            .map_err(|e| e.to_string());
        self.dbg.rerun = Some((rec.frame, solve, RerunView { solve, result }));
    }

    /// Everything the debugger panels show this frame.
    pub(super) fn debug_view(&mut self) -> DebugView {
        self.refresh_rerun();
        let h = self.sim.history();
        let triangle = self.dbg.triangle.and_then(|i| {
            let t = self.world.collision.get_triangle(i)?;
            Some(TriangleInfo {
                index: i,
                vertices: t.vertices,
                normal: t.normal,
                source: self.world.triangle_source(i),
            })
        });
        DebugView {
            paused: self.sim.is_paused(),
            frames: h
                .iter()
                .map(|f| FrameSummary {
                    frame: f.frame,
                    iterations: f.iteration_count() as u32,
                    markers: f.markers,
                })
                .collect(),
            cursor: self.sim.cursor(),
            record: self.sim.cursor_frame().map(|(r, _)| r.clone()),
            used_bytes: h.used_bytes(),
            budget_bytes: h.budget_bytes(),
            bytes_per_frame: h.bytes_per_frame(),
            evicted: h.evicted(),
            toggles: self.dbg.toggles,
            minkowski: self.dbg.minkowski,
            triangle,
            rerun: self.dbg.rerun.as_ref().map(|(_, _, v)| v.clone()),
            show_help: self.dbg.show_help,
            object_names: self
                .world
                .movers
                .scene()
                .objects()
                .iter()
                .map(|o| o.name.clone())
                .collect(),
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

    /// The camera for this frame; while paused a first-person camera becomes the orbit one
    /// (the eye would sit inside the drawn ellipsoid).
    pub(super) fn debug_camera(&mut self, aspect: f32) -> Camera {
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
        let Some((cam, aspect)) = self.dbg.last_camera else {
            return;
        };
        let Some((origin, dir)) = pick_ray(&cam, aspect, uv) else {
            return;
        };
        match raycast(&self.world.collision, origin, dir, cam.far) {
            Ok(Some(hit)) => self.dbg.triangle = Some(hit.triangle),
            Ok(None) => self.dbg.triangle = None,
            Err(e) => log::warn!("pick: {e}"),
        }
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
        let v = self.settings.view;
        let mut scene = std::mem::take(&mut self.scene);
        scene.clear();
        let (radii, axes) = rec
            .ellipsoid
            .map_or_else(|| (self.radii(), Mat3::IDENTITY), |e| (e.radii, e.axes));
        let style = CursorStyle {
            arrow_scale: v.arrow_scale,
            normal_length: (radii.min_element() * 1.5).max(0.1),
            draw: self.dbg.toggles.draw,
            ..Default::default()
        };
        if rec.trace.iterations.is_empty() {
            scene.ellipsoids.push(crate::render::EllipsoidShape {
                center: rec.after.center,
                radii,
                axes,
                color: palette::ELLIPSOID,
                wire: Some(palette::ELLIPSOID_WIRE),
            });
        }
        cursor_scene::add_cursor_iteration(&mut scene, &rec.trace, radii, axes, i as usize, &style);
        self.add_cursor_objects(&mut scene, rec, i as usize, radii, axes);
        if let Some((_, _, rv)) = &self.dbg.rerun
            && let Ok((trace, _, end)) = &rv.result
        {
            cursor_scene::add_rerun_paths(&mut scene, &rec.trace, trace, *end, radii, axes);
        }
        let it = rec.trace.iterations.get(i as usize);
        if let Some(t) = self.dbg.triangle
            && let Some(tri) = self.world.collision.get_triangle(t)
        {
            scene.highlight_triangle = Some(tri.vertices);
            if self.dbg.minkowski
                && let Some(e) = rec.ellipsoid
            {
                let entry = it.and_then(|it| {
                    it.contacts
                        .iter()
                        .find(|c| {
                            c.triangle == t && c.source == crate::collision::ContactSource::Static
                        })
                        .map(|c| c.center)
                });
                cursor_scene::add_minkowski(
                    &mut scene,
                    tri.vertices,
                    &e.space(),
                    radii,
                    axes,
                    self.dbg.toggles.draw,
                    it.map(|it| (it.start_center, it.velocity)),
                    entry,
                );
            }
        } else if v.highlight_triangle
            && let Some(c) = it.and_then(|it| it.contacts.first())
            && let Some(t) = self.contact_triangle(c, &rec.objects)
        {
            scene.highlight_triangle = Some(t);
        }
        self.scene = scene;
        true
    }
}

/// Writes `bytes` to a temporary file next to `path`, then renames it over `path`.
fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pick_ray_through_the_view_centre_is_the_camera_forward() {
        let cam = Camera::look_at(Vec3::new(0.0, 2.0, 5.0), Vec3::new(0.0, 1.0, 0.0));
        let (o, d) = pick_ray(&cam, 16.0 / 9.0, [0.5, 0.5]).expect("ray");
        assert!((d - cam.forward()).length() < 1e-4, "{d}");
        assert!((o - cam.eye).length() < 0.1, "{o}");
    }
}
