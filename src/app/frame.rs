//! One frame of the app, in phases: *update* (clock, probe, simulation, the debugger's caches)
//! → *ui* (egui lays out the panels from a read-only model and returns what the user did) →
//! *apply* (commands, camera input, picks) → *present* (scene, camera, the GPU frame). Model:
//! rerun's `re_viewer` app, whose `logic()` runs apart from its `ui()`.

use std::sync::atomic::Ordering;
use web_time::Instant;

use glam::Vec3;
use winit::event_loop::ActiveEventLoop;
use winit::window::Window;

use crate::render::{FrameSettings, GroundMarker};
use crate::scene::{TraceStyle, add_frame, add_player, palette};
use crate::sim::PlayerInput;
use crate::ui::{self, DisplayHud, FrameRates, HudStats, LastMove, PlayerHud};
use crate::view::CameraMode;

use super::{App, gfx};

/// What the ui phase hands to the next phases.
struct UiFrame {
    output: egui::FullOutput,
    shell: ui::ShellOutput,
    textures: gfx::TexturesGuard,
}

impl App {
    /// Simulation for this frame: the sim runs its fixed 60 Hz steps inside. While a game's
    /// moves are shown the walker is frozen (the history is the game's).
    pub(super) fn simulate(&mut self, dt_secs: f32) {
        if self.probe.active {
            self.timing.alpha = 1.0;
            return;
        }
        let input = self.move_input();
        let started = Instant::now();
        let advance = if self.rig.mode == CameraMode::Fly {
            // Free fly moves the camera, not the player (which keeps falling or resting).
            let (sy, cy) = input.yaw_rad.sin_cos();
            let right = Vec3::new(cy, 0.0, -sy);
            let up = f32::from(u8::from(input.fly_up)) - f32::from(u8::from(input.fly_down));
            let wish = self.rig.look_dir() * input.forward + right * input.right + Vec3::Y * up;
            let speed = self.settings.params.noclip_speed_mps * if input.run { 2.5 } else { 1.0 };
            self.rig.fly_eye += wish.clamp_length_max(1.0) * speed * dt_secs.clamp(0.0, 0.25);
            let idle = PlayerInput {
                yaw_rad: input.yaw_rad,
                noclip: self.input.noclip,
                ..Default::default()
            };
            self.step_world(f64::from(dt_secs), &idle)
        } else {
            self.step_world(f64::from(dt_secs), &input)
        };
        self.timing.alpha = advance.alpha;
        if advance.steps > 0 {
            self.timing.sim_ms = started.elapsed().as_secs_f32() * 1e3 / advance.steps as f32;
        }
    }

    pub(super) fn build_scene(&mut self) {
        if let Some(scene) = self
            .debugger
            .scene(&self.sim, &self.world, &self.settings.view)
        {
            self.scene = scene;
            return;
        }
        let v = self.settings.view;
        let radii = self.radii();
        let center = self.render_center();
        let mut scene = std::mem::take(&mut self.scene);
        scene.clear();
        self.add_live_objects(&mut scene);
        if self.rig.mode != CameraMode::FirstPerson {
            add_player(&mut scene, center, radii);
        }
        if let Some(rec) = self.last_record() {
            let style = TraceStyle {
                arrow_scale: v.arrow_scale,
                normal_length: (radii.min_element() * 1.5).max(0.1),
                swept_volume: v.swept_volume,
                contacts: v.contacts,
                velocities: v.velocities,
                slide_planes: v.slide_planes,
                only_iteration: None,
            };
            add_frame(&mut scene, rec, radii, &style);
            let last_hit = rec
                .trace
                .iterations
                .iter()
                .flat_map(|it| it.contacts.first());
            if v.highlight_triangle
                && let Some(t) = last_hit
                    .last()
                    .and_then(|c| self.world.contact_triangle(c, &rec.dynamics.objects))
            {
                scene.highlight_triangle = Some(t);
            }
        }
        if v.ground_marker
            && let Some((p, n)) = self.ground_probe(center, radii, &self.sim.settings, 3.0)
        {
            scene.ground = Some(GroundMarker {
                at: p,
                normal: n,
                radius: radii.x.max(radii.z) * 0.8,
                color: if self.sim.player().grounded {
                    palette::GROUND
                } else {
                    palette::AIRBORNE
                },
            });
        }
        self.scene = scene;
    }

    pub(super) fn hud(&self, view_size: [u32; 2]) -> HudStats {
        let player = self.sim.player();
        let rec = self.last_record();
        let rates = FrameRates {
            fps: self.timing.fps,
            frame_ms: self.timing.frame_ms,
            sim_ms: self.timing.sim_ms,
        };
        let player = PlayerHud {
            position: self.render_center(),
            velocity: player.velocity_mps,
            grounded: player.grounded,
            crouched: player.crouched,
            noclip: player.noclip,
        };
        let last_move = LastMove {
            iterations: rec.map_or(0, |r| r.trace.iterations.len() as u32),
            contacts: rec.map_or(0, |r| {
                r.trace
                    .iterations
                    .iter()
                    .map(|i| i.contacts.len() as u32)
                    .sum()
            }),
            end: rec.and_then(|r| r.outcome.slide()).map(|r| r.end),
        };
        let gfx = self.shell.gfx.as_ref();
        let display = DisplayHud {
            level_name: if self.world.clockwise {
                format!("{} (winds clockwise: drawn flipped)", self.world.name)
            } else {
                self.world.name.clone()
            },
            level_triangles: self.world.collision.triangle_count(),
            adapter: gfx.map_or(String::new(), |g| g.gpu.adapter_summary()),
            msaa: gfx.map_or(1, |g| g.renderer.sample_count()),
            view_size,
            camera_mode: Some(self.rig.mode),
            cursor_captured: self.input.captured,
        };
        HudStats {
            rates,
            player,
            last_move,
            display,
        }
    }

    /// One frame, in phases: *update* (clock, probe, simulation) → *ui* (egui lays out the
    /// panels from a read-only model and returns what the user did) → *apply* (commands,
    /// camera input, picks) → *present* (scene, camera, the GPU frame). Model: rerun's
    /// `re_viewer` app, whose `logic()` runs apart from its `ui()`.
    pub(super) fn redraw(&mut self, event_loop: &ActiveEventLoop) {
        let now = Instant::now();
        let Some(dt) = self.update(now, event_loop) else {
            return;
        };
        let Some(window) = self.shell.window.clone() else {
            return;
        };
        let Some(mut frame) = self.ui(&window) else {
            return;
        };
        let shell = std::mem::take(&mut frame.shell);
        let view_px = shell.view_px;
        self.apply_shell(shell, dt, event_loop);
        if let Some(state) = self.shell.egui_state.as_mut() {
            let output = std::mem::take(&mut frame.output.platform_output);
            #[cfg(target_arch = "wasm32")]
            if let Some(update) = &output.accesskit_update {
                super::web::show_widgets(update);
            }
            state.handle_platform_output(&window, output);
        }
        if self.present(frame, view_px) {
            self.frame_presented(now);
        }
    }

    /// Phase *update*: the frame clock, a lost device, the probe's new moves, the
    /// simulation's fixed steps and the debugger's re-run and solver caches. `None` when the
    /// frame ends here (the device was recreated).
    pub(super) fn update(&mut self, now: Instant, event_loop: &ActiveEventLoop) -> Option<f32> {
        let dt = self.timing.tick(now);
        if self
            .shell
            .gfx
            .as_ref()
            .is_some_and(|g| g.device_lost.load(Ordering::Relaxed))
        {
            self.recreate_gfx(event_loop);
            return None;
        }
        let polled = Instant::now();
        self.poll_probe();
        if let Some(s) = &mut self.timing.frame_stats {
            s.probe(polled.elapsed().as_secs_f32() * 1e3);
        }
        self.simulate(dt);
        self.debugger
            .update(&self.sim, &self.world, &self.settings.slide);
        if self.probe.active {
            self.probe.refresh_why(&self.sim, &self.settings.slide);
        }
        Some(dt)
    }

    /// Phase *ui*: egui runs the shell over the model of this frame. The textures it changed
    /// are held in a guard that clears them on every path out of the frame.
    fn ui(&mut self, window: &Window) -> Option<UiFrame> {
        let state = self.shell.egui_state.as_mut()?;
        let raw = state.take_egui_input(window);
        let ctx = self.shell.egui_ctx.clone();
        let texture = self.shell.gfx.as_ref().and_then(|g| g.texture_id);
        let model = self.shell_model();
        let mut shell = ui::ShellOutput::default();
        let layout = &mut self.settings.layout;
        let mut output = ctx.run_ui(raw, |ui| {
            ui::shell_ui(ui, &model, layout, texture, &mut shell)
        });
        // Handled on every path (egui asserts that deltas are not dropped unapplied).
        let textures = gfx::TexturesGuard(std::mem::take(&mut output.textures_delta));
        Some(UiFrame {
            output,
            shell,
            textures,
        })
    }

    /// What the panels show this frame (read-only for the ui phase).
    pub(super) fn shell_model(&self) -> ui::ShellModel {
        let view_size = self
            .shell
            .gfx
            .as_ref()
            .and_then(|g| g.target.as_ref())
            .map_or([0, 0], |t| [t.width, t.height]);
        ui::ShellModel {
            hud: self.hud(view_size),
            stations: self.world.stations.iter().map(|s| s.name.clone()).collect(),
            messages: self
                .messages
                .iter()
                .filter(|m| m.error || m.at.elapsed().as_secs() < 6)
                .map(|m| (m.text.clone(), m.error))
                .collect(),
            note: self.world.note.clone(),
            params: self.settings.params,
            slide: self.settings.slide,
            view: self.settings.view,
            fov_deg: self.rig.fov_deg,
            auto_exposure: self.world.auto_exposure,
            mode: self.rig.mode,
            recent: self.settings.recent.clone(),
            debug: self
                .debugger
                .view(&self.sim, &self.world, self.probe.view()),
            teach: self.teach.view(&self.sim),
            issues: self.issues.view(),
        }
    }

    /// Phase *apply*: the commands the panels gave, then the 3D view's mouse input (camera
    /// glide, look, zoom, re-centring, picking, cursor capture).
    pub(super) fn apply_shell(
        &mut self,
        shell: ui::ShellOutput,
        dt: f32,
        event_loop: &ActiveEventLoop,
    ) {
        let ui::ShellOutput {
            commands,
            view_px: _,
            drag_px: look_drag,
            zoom_steps,
            clicked: capture_click,
            click_uv,
            double_click_uv,
        } = shell;
        self.rig.advance(dt);
        if let Some(uv) = double_click_uv {
            self.recenter_at(uv);
        }
        for c in commands {
            self.apply(c, event_loop);
        }
        if self.rig.mode == CameraMode::Orbit || !self.input.captured {
            self.rig
                .rotate(look_drag[0], look_drag[1], self.settings.mouse_sensitivity);
        }
        if zoom_steps != 0.0 {
            self.rig.zoom(zoom_steps);
        }
        if let Some(uv) = click_uv
            && self.sim.is_paused()
        {
            self.pick(uv);
        }
        if capture_click && self.rig.mode.captures_cursor() && !self.sim.is_paused() {
            self.set_capture(true);
        }
    }

    /// Phase *present*: the scene and camera of this frame drawn with egui's output. Returns
    /// whether a frame reached the screen.
    fn present(&mut self, frame: UiFrame, view_px: [u32; 2]) -> bool {
        self.build_scene();
        self.teach_scene();
        let camera = self.debug_camera(view_px[0] as f32 / view_px[1].max(1) as f32);
        let mut frame_settings = self.frame_settings();
        let camera = self.teach_frame(camera, &mut frame_settings);
        let ppp = frame.output.pixels_per_point;
        let clipped = self.shell.egui_ctx.tessellate(frame.output.shapes, ppp);
        let Some(g) = self.shell.gfx.as_mut() else {
            return false;
        };
        g.present(&gfx::FrameDraw {
            camera: &camera,
            scene: &self.scene,
            settings: &frame_settings,
            view_px,
            clipped: &clipped,
            pixels_per_point: ppp,
            textures: &frame.textures.0,
        })
    }

    /// How the level is drawn this frame (the view settings and the level's own).
    pub(super) fn frame_settings(&self) -> FrameSettings {
        let view = &self.settings.view;
        FrameSettings {
            wireframe: view.wireframe,
            back_face_tint: if view.back_face_tint { 0.6 } else { 0.0 },
            flip_winding: self.world.clockwise,
            colour: view.level_colour,
            exposure: view.exposure.factor(self.world.auto_exposure),
            max_slope_deg: self.settings.params.max_ground_slope_deg,
            ..FrameSettings::default()
        }
    }

    /// Frame-time measurements after a presented frame (`SLIDESCOPE_FRAME_STATS`).
    pub(super) fn frame_presented(&mut self, started: Instant) {
        if let Some(s) = &mut self.timing.frame_stats {
            s.frame(started);
        }
        if self.timing.frame_stats.as_ref().is_some_and(|s| s.due()) {
            self.write_frame_stats();
        }
    }

    pub(super) fn write_frame_stats(&mut self) {
        let p = self.probe.view();
        let (bytes, frames) = (self.sim.history().used_bytes(), self.sim.history().len());
        if let Some(s) = &mut self.timing.frame_stats {
            s.write(
                bytes,
                frames,
                serde_json::json!({ "moves": p.moves, "diverging": p.diverging }),
            );
        }
    }
}
