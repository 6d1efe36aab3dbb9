//! The desktop app: a winit 0.30 event loop, egui-winit input, egui-wgpu drawing, the 3D view
//! (an offscreen frame shown inside the egui layout), input mapping, file dialogs, drag & drop
//! and settings persistence.

mod debug;
mod debug_files;
mod debugger;
mod dialog;
mod dynamic;
mod frame_stats;
mod gfx;
mod issues;
pub mod link;
pub mod open_any;
mod probe;
mod scenario_open;
pub mod settings;
mod teach;
#[cfg(target_arch = "wasm32")]
pub mod web;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use web_time::Instant;

use glam::Vec3;
use winit::application::ApplicationHandler;
use winit::event::{DeviceEvent, DeviceId, ElementState, MouseButton, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::{KeyCode, PhysicalKey};
use winit::window::{CursorGrabMode, Window, WindowId};

use crate::render::{DebugScene, FrameSettings, GroundMarker};
use crate::scene::{TraceStyle, add_frame, add_player, palette};
use crate::sim::{FrameRecord, PlayerInput, Sim};
use crate::ui::{self, Command, HudStats};
use crate::view::{CameraMode, CameraRig, World};
use gfx::Gfx;
use settings::Settings;

/// The teaching level opened when no level is given.
pub const DEFAULT_LEVEL: &str = "assets/teaching.glb";

/// What the app opens with.
#[derive(Debug, Clone, Default)]
pub struct Startup {
    /// The level (else the teaching level, else the built-in one).
    pub level: Option<PathBuf>,
    /// Any file to open after start: a level, scenario, recording or probe file.
    pub open: Option<PathBuf>,
    /// Listen for a game on this address.
    pub listen: Option<String>,
}

/// Opens the window as `startup` says. Returns a one-line error when the window or GPU cannot
/// be opened.
pub fn run(startup: Startup) -> Result<(), String> {
    let event_loop = EventLoop::new().map_err(|e| format!("cannot open a window: {e}"))?;
    event_loop.set_control_flow(ControlFlow::Poll);
    let mut app = App::new(startup.level);
    if let Some(addr) = &startup.listen {
        app.start_listening(addr);
    }
    if let Some(file) = &startup.open {
        app.open_any(file);
    }
    event_loop
        .run_app(&mut app)
        .map_err(|e| format!("event loop failed: {e}"))?;
    match app.fatal {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// What the ui phase hands to the next phases.
struct UiFrame {
    output: egui::FullOutput,
    shell: ui::ShellOutput,
    textures: gfx::TexturesGuard,
}

struct Message {
    text: String,
    error: bool,
    at: Instant,
}

struct App {
    /// The Issues menu's scenes, and the one whose report window is open (`issues.rs`).
    issues: issues::IssuesMenu,
    settings: Settings,
    settings_path: Option<PathBuf>,
    world: World,
    sim: Sim,
    /// Noclip flight toggled with F (the sim flies while the input says so).
    noclip: bool,
    /// Render interpolation between the last two fixed steps.
    alpha: f32,
    rig: CameraRig,
    keys: HashSet<KeyCode>,
    captured: bool,
    gfx: Option<Gfx>,
    window: Option<Arc<Window>>,
    egui_ctx: egui::Context,
    egui_state: Option<egui_winit::State>,
    last_frame: Instant,
    fps: f32,
    frame_ms: f32,
    sim_ms: f32,
    messages: Vec<Message>,
    scene: DebugScene,
    fatal: Option<String>,
    /// The debugger: selection, toggles, re-runs, overlays (`debugger/`).
    debugger: debugger::Debugger,
    /// Lessons, the world / eSpace view and presentation (`teach.rs`).
    teach: teach::TeachState,
    /// A game's moves through the probe (`probe.rs`).
    probe: probe::ProbeState,
    /// Frame times for measurements (`SLIDESCOPE_FRAME_STATS`).
    frame_stats: Option<frame_stats::FrameStats>,
}

impl App {
    fn new(level: Option<PathBuf>) -> Self {
        let settings_path = Settings::default_path();
        let (settings, warning) = match &settings_path {
            Some(p) => Settings::load(p),
            None => (
                Settings::default(),
                Some("no config folder: settings not saved".into()),
            ),
        };
        let mut messages = Vec::new();
        if let Some(w) = warning {
            log::warn!("{w}");
            messages.push(Message {
                text: w,
                error: true,
                at: Instant::now(),
            });
        }
        let (world, err) = initial_world(level);
        if let Some(e) = err {
            messages.push(Message {
                text: e,
                error: true,
                at: Instant::now(),
            });
        }
        let feet = world.stations.first().map_or(Vec3::ZERO, |s| s.feet);
        let sim = Sim::new(feet, settings.params, settings.slide);
        let mut rig = CameraRig::new(
            settings.camera_mode,
            settings.orbit_distance,
            settings.fov_deg,
        );
        if let Some(s) = world.stations.first() {
            rig.face(s.feet, s.look);
        }
        Self {
            settings,
            settings_path,
            world,
            sim,
            noclip: false,
            alpha: 1.0,
            rig,
            keys: HashSet::new(),
            captured: false,
            gfx: None,
            window: None,
            egui_ctx: dark_context(),
            egui_state: None,
            last_frame: Instant::now(),
            fps: 0.0,
            frame_ms: 0.0,
            sim_ms: 0.0,
            messages,
            scene: DebugScene::default(),
            fatal: None,
            debugger: debugger::Debugger::default(),
            teach: teach::TeachState::new(),
            issues: issues::IssuesMenu::new(),
            probe: probe::ProbeState::default(),
            frame_stats: frame_stats::FrameStats::from_env(),
        }
    }

    fn say(&mut self, text: String, error: bool) {
        if error {
            log::warn!("{text}");
        } else {
            log::info!("{text}");
        }
        self.messages.push(Message {
            text,
            error,
            at: Instant::now(),
        });
        if self.messages.len() > 4 {
            self.messages.remove(0);
        }
    }

    fn set_world(&mut self, world: World) {
        if let Some(g) = &mut self.gfx {
            g.renderer.set_level(&g.gpu.device, &world.geometry);
            g.renderer.set_dynamic_objects(&world.dynamic_geometry);
        }
        if let Some(w) = &self.window {
            w.set_title(&format!("slidescope — {}", world.name));
        }
        self.world = world;
        // An Issues scene's report belongs to its world (opening the scene sets it again).
        self.issues.close();
        self.sim = Sim::new(Vec3::ZERO, self.settings.params, self.settings.slide);
        self.teleport(0);
    }

    /// Puts the player on station `i` (at rest) and turns the camera to its look point.
    fn teleport(&mut self, i: usize) {
        let Some(s) = self.world.stations.get(i).cloned() else {
            return;
        };
        let radii = self.radii();
        self.sim.teleport(s.feet + Vec3::Y * radii.y);
        self.rig.face(s.feet, s.look);
        self.rig.fly_eye = s.feet + Vec3::Y * (radii.y * 1.8) - self.rig.look_dir() * 3.0;
    }

    /// The player's current radii (crouching changes them).
    fn radii(&self) -> Vec3 {
        debugger::player_radii(&self.sim)
    }

    fn render_center(&self) -> Vec3 {
        self.sim.render_center(self.alpha)
    }

    fn last_record(&self) -> Option<&FrameRecord> {
        self.sim.history().last()
    }

    /// Loads a level file; on failure shows the error and keeps the current level.
    fn open(&mut self, path: &Path) {
        match World::load(path) {
            Ok(w) => {
                self.settings.push_recent(path);
                self.say(format!("opened {}", path.display()), false);
                self.set_world(w);
            }
            Err(e) => self.say(e, true),
        }
    }

    fn set_capture(&mut self, on: bool) {
        let Some(window) = &self.window else {
            return;
        };
        if on {
            let grabbed = window
                .set_cursor_grab(CursorGrabMode::Locked)
                .or_else(|_| window.set_cursor_grab(CursorGrabMode::Confined));
            if let Err(e) = grabbed {
                log::warn!("cannot capture the cursor: {e}");
            }
            window.set_cursor_visible(false);
        } else {
            let _ = window.set_cursor_grab(CursorGrabMode::None);
            window.set_cursor_visible(true);
        }
        self.captured = on;
    }

    fn save_settings(&mut self) {
        self.settings.camera_mode = self.rig.mode;
        self.settings.orbit_distance = self.rig.orbit_distance;
        self.settings.fov_deg = self.rig.fov_deg;
        if let Some(w) = &self.window {
            let size = w.inner_size().to_logical::<f32>(w.scale_factor());
            if size.width > 0.0 && size.height > 0.0 {
                self.settings.window_size = [size.width, size.height];
            }
        }
        if let Some(p) = &self.settings_path
            && let Err(e) = self.settings.save(p)
        {
            log::warn!("settings not saved: {e}");
        }
    }

    fn apply(&mut self, cmd: Command, event_loop: &ActiveEventLoop) {
        match cmd {
            Command::OpenDialog => {
                self.set_capture(false);
                if let Some(p) = dialog::pick(dialog::Purpose::Level) {
                    self.open(&p);
                }
            }
            Command::Open(p) => self.open(&p),
            Command::OpenIssue(n) => self.open_issue(n),
            Command::CloseIssue => self.issues.close(),
            Command::OpenScenarioDialog => self.open_scenario_dialog(),
            Command::OpenScenario(p) => {
                self.open_scenario(&p);
            }
            Command::LoadBuiltin => self.set_world(World::builtin(None)),
            Command::ClearRecent => self.settings.recent.clear(),
            Command::Teleport(i) => self.teleport(i),
            Command::SetCameraMode(m) => self.set_mode(m),
            Command::ToggleNoclip => self.noclip = !self.noclip,
            Command::SetParams(p) => {
                self.settings.params = p;
                self.sim.params = p;
            }
            Command::SetSlide(s) => {
                self.settings.slide = s;
                self.sim.settings = s;
                if self.probe.active {
                    // The re-solve follows the solve settings: the game's moves again.
                    self.resolve_game_moves_again();
                }
            }
            Command::SetView(v) => self.settings.view = v,
            Command::TogglePane(p) => self.settings.layout.toggle(p),
            Command::ResetLayout => self.settings.layout = ui::layout::Layout::default(),
            Command::SetFov(f) => self.rig.fov_deg = f,
            Command::ResetSettings => {
                let recent = std::mem::take(&mut self.settings.recent);
                self.settings = Settings {
                    recent,
                    ..Settings::default()
                };
                self.rig = CameraRig::new(
                    self.settings.camera_mode,
                    self.settings.orbit_distance,
                    self.settings.fov_deg,
                );
                self.sim.params = self.settings.params;
                self.sim.settings = self.settings.slide;
            }
            Command::Debug(d) => self.apply_debug(d),
            Command::Probe(p) => self.apply_probe(p),
            Command::Teach(t) => self.apply_teach(t),
            Command::Quit => {
                self.save_settings();
                event_loop.exit();
            }
        }
    }

    fn set_mode(&mut self, mode: CameraMode) {
        if mode == CameraMode::Fly && self.rig.mode != CameraMode::Fly {
            let (center, radii) = (self.render_center(), self.radii());
            let cam = self.rig.camera(&self.world.collision, center, radii);
            self.rig.fly_eye = cam.eye;
        }
        self.rig.mode = mode;
        if !mode.captures_cursor() {
            self.set_capture(false);
        }
    }

    fn on_key(&mut self, code: KeyCode, pressed: bool, event_loop: &ActiveEventLoop) {
        if pressed {
            self.keys.insert(code);
        } else {
            self.keys.remove(&code);
            return;
        }
        let ctrl =
            self.keys.contains(&KeyCode::ControlLeft) || self.keys.contains(&KeyCode::ControlRight);
        if self.debug_key(code, ctrl) {
            return;
        }
        match code {
            KeyCode::Escape => self.set_capture(false),
            KeyCode::KeyF => self.noclip = !self.noclip,
            KeyCode::Digit1 => self.set_mode(CameraMode::FirstPerson),
            KeyCode::Digit2 => self.set_mode(CameraMode::Orbit),
            KeyCode::Digit3 => self.set_mode(CameraMode::Fly),
            KeyCode::KeyO if ctrl => self.apply(Command::OpenDialog, event_loop),
            _ => {}
        }
    }

    fn move_input(&self) -> PlayerInput {
        let k = |c: KeyCode| self.keys.contains(&c);
        let axis = |pos: bool, neg: bool| f32::from(u8::from(pos)) - f32::from(u8::from(neg));
        PlayerInput {
            forward: axis(
                k(KeyCode::KeyW) || k(KeyCode::ArrowUp),
                k(KeyCode::KeyS) || k(KeyCode::ArrowDown),
            ),
            right: axis(
                k(KeyCode::KeyD) || k(KeyCode::ArrowRight),
                k(KeyCode::KeyA) || k(KeyCode::ArrowLeft),
            ),
            yaw_rad: self.rig.yaw,
            jump: k(KeyCode::Space),
            run: k(KeyCode::ShiftLeft) || k(KeyCode::ShiftRight),
            crouch: k(KeyCode::ControlLeft) || k(KeyCode::ControlRight) || k(KeyCode::KeyC),
            noclip: self.noclip,
            fly_up: k(KeyCode::KeyE) || k(KeyCode::Space),
            fly_down: k(KeyCode::KeyQ),
        }
    }

    /// Simulation for this frame: the sim runs its fixed 60 Hz steps inside. While a game's
    /// moves are shown the walker is frozen (the history is the game's).
    fn simulate(&mut self, dt_secs: f32) {
        if self.probe.active {
            self.alpha = 1.0;
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
                noclip: self.noclip,
                ..Default::default()
            };
            self.step_world(f64::from(dt_secs), &idle)
        } else {
            self.step_world(f64::from(dt_secs), &input)
        };
        self.alpha = advance.alpha;
        if advance.steps > 0 {
            self.sim_ms = started.elapsed().as_secs_f32() * 1e3 / advance.steps as f32;
        }
    }

    fn build_scene(&mut self) {
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
                    .and_then(|c| self.world.contact_triangle(c, &rec.objects))
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

    fn hud(&self, view_size: [u32; 2]) -> HudStats {
        let player = self.sim.player();
        let rec = self.last_record();
        HudStats {
            fps: self.fps,
            frame_ms: self.frame_ms,
            sim_ms: self.sim_ms,
            position: self.render_center(),
            velocity: player.velocity_mps,
            grounded: player.grounded,
            crouched: player.crouched,
            noclip: player.noclip,
            iterations: rec.map_or(0, |r| r.trace.iterations.len() as u32),
            contacts: rec.map_or(0, |r| {
                r.trace
                    .iterations
                    .iter()
                    .map(|i| i.contacts.len() as u32)
                    .sum()
            }),
            end: rec.and_then(|r| r.outcome.slide()).map(|r| r.end),
            level_name: if self.world.clockwise {
                format!("{} (winds clockwise: drawn flipped)", self.world.name)
            } else {
                self.world.name.clone()
            },
            level_triangles: self.world.collision.triangle_count(),
            adapter: self
                .gfx
                .as_ref()
                .map_or(String::new(), |g| g.gpu.adapter_summary()),
            msaa: self.gfx.as_ref().map_or(1, |g| g.renderer.sample_count()),
            view_size,
            camera_mode: Some(self.rig.mode),
            cursor_captured: self.captured,
        }
    }

    /// One frame, in phases: *update* (clock, probe, simulation) → *ui* (egui lays out the
    /// panels from a read-only model and returns what the user did) → *apply* (commands,
    /// camera input, picks) → *present* (scene, camera, the GPU frame). Model: rerun's
    /// `re_viewer` app, whose `logic()` runs apart from its `ui()`.
    fn redraw(&mut self, event_loop: &ActiveEventLoop) {
        let now = Instant::now();
        let Some(dt) = self.update(now, event_loop) else {
            return;
        };
        let Some(window) = self.window.clone() else {
            return;
        };
        let Some(mut frame) = self.ui(&window) else {
            return;
        };
        let shell = std::mem::take(&mut frame.shell);
        let view_px = shell.view_px;
        self.apply_shell(shell, dt, event_loop);
        if let Some(state) = self.egui_state.as_mut() {
            let output = std::mem::take(&mut frame.output.platform_output);
            state.handle_platform_output(&window, output);
        }
        if self.present(frame, view_px) {
            self.frame_presented(now);
        }
    }

    /// Phase *update*: the frame clock, a lost device, the probe's new moves, the
    /// simulation's fixed steps and the debugger's re-run and solver caches. `None` when the
    /// frame ends here (the device was recreated).
    fn update(&mut self, now: Instant, event_loop: &ActiveEventLoop) -> Option<f32> {
        let dt = now.duration_since(self.last_frame).as_secs_f32();
        self.last_frame = now;
        if dt > 0.0 {
            self.frame_ms = self.frame_ms * 0.9 + dt * 1e3 * 0.1;
            self.fps = 1000.0 / self.frame_ms.max(1e-3);
        }
        if self
            .gfx
            .as_ref()
            .is_some_and(|g| g.device_lost.load(Ordering::Relaxed))
        {
            self.recreate_gfx(event_loop);
            return None;
        }
        let polled = Instant::now();
        self.poll_probe();
        if let Some(s) = &mut self.frame_stats {
            s.probe(polled.elapsed().as_secs_f32() * 1e3);
        }
        self.simulate(dt);
        self.debugger
            .update(&self.sim, &self.world, &self.settings.slide);
        Some(dt)
    }

    /// Phase *ui*: egui runs the shell over the model of this frame. The textures it changed
    /// are held in a guard that clears them on every path out of the frame.
    fn ui(&mut self, window: &Window) -> Option<UiFrame> {
        let state = self.egui_state.as_mut()?;
        let raw = state.take_egui_input(window);
        let ctx = self.egui_ctx.clone();
        let texture = self.gfx.as_ref().and_then(|g| g.texture_id);
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
    fn shell_model(&self) -> ui::ShellModel {
        let view_size = self
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
    fn apply_shell(&mut self, shell: ui::ShellOutput, dt: f32, event_loop: &ActiveEventLoop) {
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
        if self.rig.mode == CameraMode::Orbit || !self.captured {
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
        let clipped = self.egui_ctx.tessellate(frame.output.shapes, ppp);
        let Some(g) = self.gfx.as_mut() else {
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
    fn frame_settings(&self) -> FrameSettings {
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
    fn frame_presented(&mut self, started: Instant) {
        if let Some(s) = &mut self.frame_stats {
            s.frame(started);
        }
        if self.frame_stats.as_ref().is_some_and(|s| s.due()) {
            self.write_frame_stats();
        }
    }

    fn write_frame_stats(&mut self) {
        let p = self.probe.view();
        let (bytes, frames) = (self.sim.history().used_bytes(), self.sim.history().len());
        if let Some(s) = &mut self.frame_stats {
            s.write(
                bytes,
                frames,
                serde_json::json!({ "moves": p.moves, "diverging": p.diverging }),
            );
        }
    }

    fn recreate_gfx(&mut self, event_loop: &ActiveEventLoop) {
        self.gfx = None;
        // The page cannot block on a new device: it asks for a reload instead.
        #[cfg(target_arch = "wasm32")]
        {
            self.fail(
                "the GPU device was lost: reload the page".into(),
                event_loop,
            );
        }
        #[cfg(not(target_arch = "wasm32"))]
        self.recreate_gfx_blocking(event_loop);
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn recreate_gfx_blocking(&mut self, event_loop: &ActiveEventLoop) {
        let Some(window) = self.window.clone() else {
            return;
        };
        match Gfx::new(window) {
            Ok(mut g) => {
                g.renderer.set_level(&g.gpu.device, &self.world.geometry);
                self.upload_dynamic(&mut g.renderer);
                if let Some(state) = self.egui_state.as_mut() {
                    state.set_max_texture_side(
                        g.gpu.device.limits().max_texture_dimension_2d as usize,
                    );
                }
                // egui's font texture lived on the old device: start egui afresh.
                self.egui_ctx = dark_context();
                if let Some(w) = &self.window {
                    self.egui_state = Some(egui_state(&self.egui_ctx, w, &g));
                }
                self.gfx = Some(g);
                self.say("GPU device was lost and has been recreated".into(), true);
            }
            Err(e) => {
                self.fatal = Some(e.to_string());
                event_loop.exit();
            }
        }
    }

    /// The window attributes: sized from the settings on the desktop; in the browser the page's
    /// canvas (appended to the page, sized by its style sheet).
    fn window_attributes(&self) -> winit::window::WindowAttributes {
        let attrs =
            Window::default_attributes().with_title(format!("slidescope — {}", self.world.name));
        #[cfg(target_arch = "wasm32")]
        return web::window_attributes(attrs);
        #[cfg(not(target_arch = "wasm32"))]
        {
            let [w, h] = self.settings.window_size;
            attrs
                .with_inner_size(winit::dpi::LogicalSize::new(f64::from(w), f64::from(h)))
                .with_min_inner_size(winit::dpi::LogicalSize::new(640.0, 400.0))
        }
    }

    /// Ends the app with `error` (in the browser: shown on the page).
    fn fail(&mut self, error: String, event_loop: &ActiveEventLoop) {
        #[cfg(target_arch = "wasm32")]
        web::show_status(&error, true);
        self.fatal = Some(error);
        event_loop.exit();
    }

    /// The window's GPU is open (or failed to open): set up drawing and egui.
    fn gfx_ready(
        &mut self,
        window: Arc<Window>,
        gfx: Result<Gfx, crate::render::RenderError>,
        event_loop: &ActiveEventLoop,
    ) {
        let mut g = match gfx {
            Ok(g) => g,
            Err(e) => {
                self.fail(e.to_string(), event_loop);
                return;
            }
        };
        // The page's canvas may have been laid out (and resized) while the GPU opened.
        let size = window.inner_size();
        g.resize(size.width, size.height);
        g.renderer.set_level(&g.gpu.device, &self.world.geometry);
        self.upload_dynamic(&mut g.renderer);
        self.egui_state = Some(egui_state(&self.egui_ctx, &window, &g));
        self.gfx = Some(g);
        self.window = Some(window);
        self.last_frame = Instant::now();
    }
}

/// egui's input state for `window`, textures limited to what `gfx`'s device takes.
fn egui_state(ctx: &egui::Context, window: &Window, gfx: &Gfx) -> egui_winit::State {
    egui_winit::State::new(
        ctx.clone(),
        egui::ViewportId::ROOT,
        window,
        Some(window.scale_factor() as f32),
        window.theme(),
        Some(gfx.gpu.device.limits().max_texture_dimension_2d as usize),
    )
}

/// An egui context in the dark theme whatever the system's: the panels, the HUD over the 3D
/// view and the palette are drawn for it (with a light system theme, as in a browser by
/// default, headings came out black on the dark panels).
fn dark_context() -> egui::Context {
    let ctx = egui::Context::default();
    ctx.set_theme(egui::ThemePreference::Dark);
    ctx
}

/// The level to start with: the argument, else the teaching level, else the built-in one.
fn initial_world(level: Option<PathBuf>) -> (World, Option<String>) {
    match level {
        Some(p) => match World::load(&p) {
            Ok(w) => (w, None),
            Err(e) => (
                World::builtin(Some(
                    "Built-in level (the requested file failed to load)".into(),
                )),
                Some(e),
            ),
        },
        None => match World::load(Path::new(DEFAULT_LEVEL)) {
            Ok(w) => (w, None),
            Err(e) => {
                log::warn!("{e}");
                (
                    World::builtin(Some(format!(
                        "{DEFAULT_LEVEL} not available: the teaching level generated in code"
                    ))),
                    None,
                )
            }
        },
    }
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.window.is_some() {
            return;
        }
        let window = match event_loop.create_window(self.window_attributes()) {
            Ok(w) => Arc::new(w),
            Err(e) => {
                self.fail(format!("cannot create a window: {e}"), event_loop);
                return;
            }
        };
        #[cfg(not(target_arch = "wasm32"))]
        {
            let gfx = Gfx::new(window.clone());
            self.gfx_ready(window, gfx, event_loop);
        }
        // The page's GPU comes later (`web::take_gfx` hands it over in `about_to_wait`).
        #[cfg(target_arch = "wasm32")]
        web::open_gfx(window);
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        let consumed = match (&self.window, self.egui_state.as_mut()) {
            (Some(w), Some(state)) if !self.captured => state.on_window_event(w, &event).consumed,
            _ => false,
        };
        match event {
            WindowEvent::CloseRequested => {
                self.save_settings();
                event_loop.exit();
            }
            WindowEvent::Resized(size) => {
                if let Some(g) = &mut self.gfx {
                    g.resize(size.width, size.height);
                }
            }
            WindowEvent::DroppedFile(path) => self.open_any(&path),
            WindowEvent::Focused(false) => {
                self.keys.clear();
                self.set_capture(false);
            }
            WindowEvent::KeyboardInput { event, .. } => {
                let PhysicalKey::Code(code) = event.physical_key else {
                    return;
                };
                let pressed = event.state == ElementState::Pressed;
                // Releases always reach us so no key stays stuck.
                if !pressed || !consumed || self.captured {
                    if pressed && event.repeat {
                        return;
                    }
                    let typing = self.egui_ctx.egui_wants_keyboard_input();
                    if !pressed || !typing || self.captured {
                        self.on_key(code, pressed, event_loop);
                    }
                }
            }
            WindowEvent::MouseInput {
                state: ElementState::Pressed,
                button: MouseButton::Left,
                ..
            } if self.captured => {}
            WindowEvent::RedrawRequested => self.redraw(event_loop),
            _ => {}
        }
    }

    fn device_event(&mut self, _event_loop: &ActiveEventLoop, _id: DeviceId, event: DeviceEvent) {
        if let DeviceEvent::MouseMotion { delta } = event
            && self.captured
        {
            self.rig.rotate(
                delta.0 as f32,
                delta.1 as f32,
                self.settings.mouse_sensitivity,
            );
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        #[cfg(target_arch = "wasm32")]
        self.web_events(event_loop);
        let Some(w) = &self.window else {
            return;
        };
        if w.is_minimized() == Some(true) {
            event_loop.set_control_flow(ControlFlow::Wait);
        } else {
            event_loop.set_control_flow(ControlFlow::Poll);
            w.request_redraw();
        }
    }

    fn exiting(&mut self, _event_loop: &ActiveEventLoop) {
        self.save_settings();
        self.write_frame_stats();
    }
}
