//! The desktop app: the `App` that owns everything the window shows, and the commands it
//! applies (here); one frame in phases (`frame.rs`); the window and the GPU's life
//! (`window.rs`, `gfx.rs`); keys and cursor (`input.rs`). The owners of their own state: the
//! debugger (`debugger/`), the lessons (`teach.rs`), the probe session (`probe.rs`), the Issues
//! menu (`issues.rs`). Files: dialogs, drag & drop, links, settings persistence.

mod cursor_why;
mod debug;
mod debug_files;
mod debugger;
mod dialog;
mod dynamic;
mod frame;
mod frame_stats;
mod gfx;
mod input;
mod issues;
mod issues_app;
pub mod link;
mod live_why;
pub mod open_any;
mod probe;
mod probe_app;
mod resolve_all;
mod scenario_open;
pub mod settings;
mod tab_solve;
mod tab_why;
mod teach;
mod teach_app;
#[cfg(target_arch = "wasm32")]
pub mod web;
mod window;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use web_time::Instant;

use glam::Vec3;
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::KeyCode;
use winit::window::Window;

use crate::render::DebugScene;
use crate::sim::{FrameRecord, Sim};
use crate::ui::{self, Command};
use crate::view::{CameraRig, World};
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
    /// Web page origins allowed to stream over a WebSocket (besides the printed token).
    pub allow_origins: Vec<String>,
}

/// Opens the window as `startup` says. Returns a one-line error when the window or GPU cannot
/// be opened.
pub fn run(startup: Startup) -> Result<(), String> {
    let event_loop = EventLoop::new().map_err(|e| format!("cannot open a window: {e}"))?;
    event_loop.set_control_flow(ControlFlow::Poll);
    let mut app = App::new(startup.level);
    app.probe.allow_origins = startup.allow_origins.clone();
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
    rig: CameraRig,
    messages: Vec<Message>,
    scene: DebugScene,
    fatal: Option<String>,
    /// The debugger: selection, toggles, re-runs, overlays (`debugger/`).
    debugger: debugger::Debugger,
    /// Lessons, the world / eSpace view and presentation (`teach.rs`).
    teach: teach::TeachState,
    /// A game's moves through the probe (`probe.rs`).
    probe: probe::ProbeState,
    /// The window, its GPU surface and egui.
    shell: Shell,
    /// Keys held, the captured mouse, noclip.
    input: InputState,
    /// Frame timing and the render interpolation.
    timing: FrameTiming,
}

/// The window, its GPU surface and egui (`window.rs`, `gfx.rs`): `None` until the window
/// opens.
struct Shell {
    gfx: Option<Gfx>,
    window: Option<Arc<Window>>,
    egui_ctx: egui::Context,
    egui_state: Option<egui_winit::State>,
}

/// What the keyboard and mouse hold between events (`input.rs`).
struct InputState {
    keys: HashSet<KeyCode>,
    captured: bool,
    /// Noclip flight toggled with F (the sim flies while the input says so).
    noclip: bool,
}

/// Frame timing (`frame.rs`): the last frame's start, the rates the HUD shows, the render
/// interpolation between the last two fixed steps, and the optional measurement.
struct FrameTiming {
    last_frame: Instant,
    fps: f32,
    frame_ms: f32,
    sim_ms: f32,
    alpha: f32,
    /// Frame times for measurements (`SLIDESCOPE_FRAME_STATS`).
    frame_stats: Option<frame_stats::FrameStats>,
}

impl FrameTiming {
    /// A frame starts at `now`: the seconds since the last one, folded into the smoothed frame
    /// time and rate the HUD shows.
    fn tick(&mut self, now: Instant) -> f32 {
        let dt = now.duration_since(self.last_frame).as_secs_f32();
        self.last_frame = now;
        if dt > 0.0 {
            self.frame_ms = self.frame_ms * 0.9 + dt * 1e3 * 0.1;
            self.fps = 1000.0 / self.frame_ms.max(1e-3);
        }
        dt
    }
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
            rig,
            messages,
            scene: DebugScene::default(),
            fatal: None,
            debugger: debugger::Debugger::default(),
            teach: teach::TeachState::new(),
            issues: issues::IssuesMenu::new(),
            probe: probe::ProbeState::default(),
            shell: Shell {
                gfx: None,
                window: None,
                egui_ctx: dark_context(),
                egui_state: None,
            },
            input: InputState {
                keys: HashSet::new(),
                captured: false,
                noclip: false,
            },
            timing: FrameTiming {
                last_frame: Instant::now(),
                fps: 0.0,
                frame_ms: 0.0,
                sim_ms: 0.0,
                alpha: 1.0,
                frame_stats: frame_stats::FrameStats::from_env(),
            },
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
        if let Some(g) = &mut self.shell.gfx {
            g.renderer.set_level(&g.gpu.device, &world.geometry);
            g.renderer.set_dynamic_objects(&world.dynamic_geometry);
        }
        if let Some(w) = &self.shell.window {
            w.set_title(&format!("slidescope — {}", world.name));
        }
        self.world = world;
        // An Issues scene's report belongs to its world (opening the scene sets it again).
        self.issues.close();
        self.probe.drop_resolving();
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
        self.sim.render_center(self.timing.alpha)
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

    fn save_settings(&mut self) {
        self.settings.camera_mode = self.rig.mode;
        self.settings.orbit_distance = self.rig.orbit_distance;
        self.settings.fov_deg = self.rig.fov_deg;
        if let Some(w) = &self.shell.window {
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
            Command::WalkIssueBugAndFix => self.walk_issue_bug_and_fix(),
            Command::OpenScenarioDialog => self.open_scenario_dialog(),
            Command::OpenScenario(p) => {
                self.open_scenario(&p);
            }
            Command::LoadBuiltin => self.set_world(World::builtin(None)),
            Command::ClearRecent => self.settings.recent.clear(),
            Command::Teleport(i) => self.teleport(i),
            Command::SetCameraMode(m) => self.set_mode(m),
            Command::ToggleNoclip => self.input.noclip = !self.input.noclip,
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

/// An egui context in the dark theme whatever the system's: the panels, the HUD over the 3D
/// view and the palette are drawn for it (with a light system theme, as in a browser by
/// default, headings came out black on the dark panels).
fn dark_context() -> egui::Context {
    let ctx = egui::Context::default();
    ctx.set_theme(egui::ThemePreference::Dark);
    // The page lists the canvas's widgets for tools that drive it (`ui::widget_list`).
    #[cfg(target_arch = "wasm32")]
    ctx.enable_accesskit();
    ctx
}
