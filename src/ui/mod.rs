//! egui panels. They read state and turn clicks and edits into [`Command`]s; the app applies
//! them. Functions that draw UI end in `_ui`.

pub mod debugger;
pub mod dynamic_inspector;
pub mod dynamic_narration;
pub mod game;
pub mod inspector;
pub mod issues;
pub mod layout;
pub mod legend;
pub mod lessons;
pub mod narration;
pub mod plots;
pub mod presentation;
pub mod solvers;
pub mod timeline;

/// The browser build: no Quit, no probe listener (see `app::web`).
pub const IN_BROWSER: bool = cfg!(target_arch = "wasm32");

use std::path::PathBuf;

use egui::{Color32, RichText, Ui};
use glam::Vec3;

use crate::app::camera_rig::CameraMode;
use crate::app::settings::ViewToggles;
use crate::collision::{BroadPhase, EndReason, SlideSettings};
use crate::render::LevelColour;
use crate::render::level_colour::MAX_EXPOSURE;
use crate::scene::palette;
use crate::sim::PlayerParams;

/// What the user asked for.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    OpenDialog,
    Open(PathBuf),
    /// "Open scenario…": pick a scenario file and show its call in the debugger.
    OpenScenarioDialog,
    OpenScenario(PathBuf),
    LoadBuiltin,
    ClearRecent,
    Teleport(usize),
    SetCameraMode(CameraMode),
    ToggleNoclip,
    SetParams(PlayerParams),
    SetSlide(SlideSettings),
    SetView(ViewToggles),
    SetFov(f32),
    ResetSettings,
    Quit,
    /// Timeline, inspector and case toggles.
    Debug(debugger::DebugCommand),
    /// Lessons, the world / eSpace view, presentation.
    Teach(lessons::TeachCommand),
    /// Listening for a game, a game's probe file.
    Probe(game::ProbeCommand),
    /// Close a shown pane, reopen a closed one (View menu).
    TogglePane(layout::Pane),
    ResetLayout,
    /// Open scene N of the Issues suite; close its report window.
    OpenIssue(u8),
    CloseIssue,
}

/// Numbers shown in the HUD.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HudStats {
    pub fps: f32,
    pub frame_ms: f32,
    /// CPU time of the last simulation steps (ms).
    pub sim_ms: f32,
    pub position: Vec3,
    /// m/s.
    pub velocity: Vec3,
    pub grounded: bool,
    pub crouched: bool,
    pub noclip: bool,
    pub iterations: u32,
    pub contacts: u32,
    pub end: Option<EndReason>,
    pub level_name: String,
    pub level_triangles: usize,
    pub adapter: String,
    pub msaa: u32,
    pub view_size: [u32; 2],
    pub camera_mode: Option<CameraMode>,
    pub cursor_captured: bool,
}

fn v3(v: Vec3) -> String {
    format!("{:6.2} {:6.2} {:6.2}", v.x, v.y, v.z)
}

fn swatch(ui: &mut Ui, rgba: [f32; 4], text: &str) {
    let to_u8 = |v: f32| (v.clamp(0.0, 1.0).powf(1.0 / 2.2) * 255.0) as u8;
    let c = Color32::from_rgb(to_u8(rgba[0]), to_u8(rgba[1]), to_u8(rgba[2]));
    // A painted square: the default fonts have no reliable box glyph.
    let (r, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
    ui.painter().rect_filled(r, 2.0, c);
    ui.label(RichText::new(text).color(c));
}

/// The top menu bar: File (open, recent, built-in, quit) and Camera.
#[allow(clippy::too_many_arguments)]
pub fn menu_bar_ui(
    ui: &mut Ui,
    recent: &[PathBuf],
    mode: CameraMode,
    teach: &lessons::TeachView,
    probe: &game::ProbeStatusView,
    panes: &[(layout::Pane, bool)],
    issues: &issues::IssuesView,
    out: &mut Vec<Command>,
) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            if ui.button("Open level…  (Ctrl+O)").clicked() {
                out.push(Command::OpenDialog);
            }
            if ui.button("Open scenario…").clicked() {
                out.push(Command::OpenScenarioDialog);
            }
            ui.menu_button("Recent files", |ui| {
                if recent.is_empty() {
                    ui.label("(none yet)");
                }
                for p in recent {
                    if ui.button(p.display().to_string()).clicked() {
                        out.push(Command::Open(p.clone()));
                    }
                }
                if !recent.is_empty() && ui.button("Clear list").clicked() {
                    out.push(Command::ClearRecent);
                }
            });
            if ui.button("Built-in level").clicked() {
                out.push(Command::LoadBuiltin);
            }
            ui.separator();
            let mut p = Vec::new();
            game::probe_menu_ui(ui, probe, &mut p);
            out.extend(p.into_iter().map(Command::Probe));
            ui.separator();
            if ui.button("Reset settings").clicked() {
                out.push(Command::ResetSettings);
            }
            if !IN_BROWSER && ui.button("Quit").clicked() {
                out.push(Command::Quit);
            }
        });
        ui.menu_button("Camera", |ui| {
            for m in CameraMode::ALL {
                if ui.radio(mode == m, m.label()).clicked() {
                    out.push(Command::SetCameraMode(m));
                }
            }
        });
        let mut t = Vec::new();
        let mut panel_cmds = Vec::new();
        lessons::view_menu_ui(ui, teach, &mut t, |ui| {
            ui.separator();
            ui.label("Panels");
            for &(pane, shown) in panes {
                let mut on = shown;
                if ui.checkbox(&mut on, pane.title()).changed() {
                    panel_cmds.push(Command::TogglePane(pane));
                }
            }
            if ui.button("Reset layout").clicked() {
                panel_cmds.push(Command::ResetLayout);
            }
        });
        out.extend(panel_cmds);
        lessons::lessons_menu_ui(ui, teach, &mut t);
        out.extend(t.into_iter().map(Command::Teach));
        issues::issues_menu_ui(ui, issues, out);
        game::probe_indicator_ui(ui, probe);
        ui.separator();
        ui.label(
            RichText::new("WASD move · Space jump · Shift run · Ctrl/C crouch · F noclip · 1/2/3 camera · Esc release")
                .small()
                .weak(),
        );
    });
}

/// Frame rate, position, velocity, grounded, iterations and contacts of the last step.
pub fn hud_ui(ui: &mut Ui, s: &HudStats) {
    egui::Grid::new("hud")
        .num_columns(2)
        .spacing([8.0, 2.0])
        .show(ui, |ui| {
            ui.label("fps");
            ui.monospace(format!(
                "{:5.1}  ({:5.2} ms, sim {:4.2} ms)",
                s.fps, s.frame_ms, s.sim_ms
            ));
            ui.end_row();
            ui.label("position");
            ui.monospace(v3(s.position));
            ui.end_row();
            ui.label("velocity");
            ui.monospace(v3(s.velocity));
            ui.end_row();
            ui.label("speed");
            ui.monospace(format!("{:.2} m/s", s.velocity.length()));
            ui.end_row();
            ui.label("state");
            let mut state = vec![if s.grounded { "grounded" } else { "airborne" }];
            if s.crouched {
                state.push("crouched");
            }
            if s.noclip {
                state.push("NOCLIP");
            }
            ui.monospace(state.join(", "));
            ui.end_row();
            ui.label("last step");
            let end = s.end.map_or("-".to_string(), |e| format!("{e:?}"));
            ui.monospace(format!(
                "{} iter, {} contacts, {end}",
                s.iterations, s.contacts
            ));
            ui.end_row();
            ui.label("level");
            ui.label(format!("{} ({} tris)", s.level_name, s.level_triangles));
            ui.end_row();
            ui.label("view");
            ui.label(format!(
                "{}×{} MSAA {}×, {}",
                s.view_size[0],
                s.view_size[1],
                s.msaa,
                s.camera_mode.map_or("-", CameraMode::label)
            ));
            ui.end_row();
            ui.label("GPU");
            ui.add(egui::Label::new(&s.adapter).truncate());
            ui.end_row();
        });
    if !s.cursor_captured && s.camera_mode.is_some_and(CameraMode::captures_cursor) {
        ui.label(RichText::new("Click the view to capture the mouse.").weak());
    }
}

/// Stations / spawn points: clicking one teleports there.
pub fn stations_ui(ui: &mut Ui, names: &[String], out: &mut Vec<Command>) {
    if names.is_empty() {
        ui.label("This level has no spawn points.");
    }
    for (i, name) in names.iter().enumerate() {
        if ui.button(name).on_hover_text("Teleport here").clicked() {
            out.push(Command::Teleport(i));
        }
    }
}

/// Radii, speeds, gravity, `SlideSettings` (incl. the case mask) and view toggles.
pub fn settings_ui(
    ui: &mut Ui,
    params: &PlayerParams,
    slide: &SlideSettings,
    view: &ViewToggles,
    fov_deg: f32,
    auto_exposure: f32,
    out: &mut Vec<Command>,
) {
    let mut p = *params;
    ui.label(RichText::new("Ellipsoid and movement").strong());
    let radii_row = |ui: &mut Ui, label: &str, r: &mut Vec3| {
        ui.label(label);
        ui.horizontal(|ui| {
            for v in [&mut r.x, &mut r.y, &mut r.z] {
                ui.add(
                    egui::DragValue::new(v)
                        .speed(0.01)
                        .range(0.05..=5.0)
                        .max_decimals(2),
                );
            }
        });
        ui.end_row();
    };
    egui::Grid::new("walk")
        .num_columns(2)
        .spacing([8.0, 2.0])
        .show(ui, |ui| {
            radii_row(ui, "radii (m)", &mut p.standing_radii);
            radii_row(ui, "crouched (m)", &mut p.crouch_radii);
            let row =
                |ui: &mut Ui, label: &str, v: &mut f32, range: std::ops::RangeInclusive<f32>| {
                    ui.label(label);
                    ui.add(egui::Slider::new(v, range).max_decimals(2));
                    ui.end_row();
                };
            row(ui, "walk (m/s)", &mut p.walk_speed_mps, 0.1..=20.0);
            row(ui, "run (m/s)", &mut p.run_speed_mps, 0.1..=40.0);
            row(ui, "crouch (m/s)", &mut p.crouch_speed_mps, 0.1..=20.0);
            row(ui, "noclip (m/s)", &mut p.noclip_speed_mps, 0.5..=60.0);
            row(ui, "jump (m/s)", &mut p.jump_speed_mps, 0.0..=20.0);
            row(ui, "gravity (m/s²)", &mut p.gravity_mps2, 0.0..=50.0);
            row(
                ui,
                "friction (1/s)",
                &mut p.ground_friction_per_sec,
                0.0..=60.0,
            );
            row(ui, "air control", &mut p.air_control, 0.0..=1.0);
            row(ui, "max slope (°)", &mut p.max_ground_slope_deg, 0.0..=89.0);
            row(ui, "step height (m)", &mut p.max_step_height_m, 0.0..=1.0);
        });
    if p != *params {
        out.push(Command::SetParams(p));
    }
    ui.add_space(4.0);
    ui.label(RichText::new("Collide and slide").strong());
    let mut s = *slide;
    egui::Grid::new("slide")
        .num_columns(2)
        .spacing([8.0, 2.0])
        .show(ui, |ui| {
            ui.label("skin (eSpace)");
            ui.add(
                egui::DragValue::new(&mut s.skin_es)
                    .speed(1e-4)
                    .range(0.0..=0.49)
                    .max_decimals(4),
            );
            ui.end_row();
            ui.label("max iterations");
            ui.add(egui::DragValue::new(&mut s.max_iterations).range(1..=100));
            ui.end_row();
            ui.label("max contacts");
            ui.add(egui::DragValue::new(&mut s.max_contacts).range(1..=1000));
            ui.end_row();
            ui.label("solver");
            egui::ComboBox::from_id_salt("narrow_phase")
                .selected_text(s.narrow_phase.name())
                .show_ui(ui, |ui| {
                    for k in crate::collision::NarrowPhaseKind::ALL {
                        ui.selectable_value(&mut s.narrow_phase, k, k.name());
                    }
                })
                .response
                .on_hover_text(
                    "The per-triangle sweep test walking uses. Seed 002's gradient-normal \
                     method is approximate on edges (on purpose: compare it in the inspector's \
                     'All solvers').",
                );
            ui.end_row();
            ui.label("cases");
            ui.horizontal(|ui| {
                ui.checkbox(&mut s.cases.face, "face");
                ui.checkbox(&mut s.cases.edge, "edge");
                ui.checkbox(&mut s.cases.vertex, "vertex");
            });
            ui.end_row();
            ui.label("response");
            ui.horizontal(|ui| {
                ui.checkbox(&mut s.impulse_filter, "impulse filter");
                ui.checkbox(&mut s.fallback, "fallback");
            });
            ui.end_row();
            ui.label("slide rule");
            egui::ComboBox::from_id_salt("response_variant")
                .selected_text(s.response.name())
                .show_ui(ui, |ui| {
                    for r in crate::collision::Response::ALL {
                        ui.selectable_value(&mut s.response, r, r.name());
                    }
                })
                .response
                .on_hover_text(
                    "The seed projects onto one plane per iteration and ping-pongs in creases; \
                     the crease rule slides along two planes' crease line and stops at a third.",
                );
            ui.end_row();
            ui.label("triangles");
            ui.horizontal(|ui| {
                ui.checkbox(&mut s.two_sided, "two-sided");
                let mut brute = s.broad_phase == BroadPhase::BruteForce;
                if ui.checkbox(&mut brute, "brute force").changed() {
                    s.broad_phase = if brute {
                        BroadPhase::BruteForce
                    } else {
                        BroadPhase::Bvh
                    };
                }
            });
            ui.end_row();
        });
    if s != *slide {
        out.push(Command::SetSlide(s));
    }

    ui.add_space(4.0);
    ui.label(RichText::new("View").strong());
    let mut v = *view;
    let mut fov = fov_deg;
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut v.wireframe, "wireframe");
        ui.checkbox(&mut v.back_face_tint, "back-face tint");
        ui.checkbox(&mut v.highlight_triangle, "hit triangle");
        ui.checkbox(&mut v.ground_marker, "ground marker");
    });
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut v.swept_volume, "");
        swatch(ui, palette::SWEPT_WIRE, "swept volume");
        ui.checkbox(&mut v.slide_planes, "");
        swatch(ui, palette::SLIDE_PLANE, "slide planes");
    });
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut v.contacts, "");
        swatch(ui, palette::CONTACT_POINT, "points");
        swatch(ui, palette::CONTACT_NORMAL, "normals");
    });
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut v.velocities, "");
        swatch(ui, palette::REQUESTED, "requested");
        swatch(ui, palette::REMAINING, "remaining");
        swatch(ui, palette::SLIDE, "slide");
        swatch(ui, palette::INTEGRATION, "integration");
    });
    egui::Grid::new("view")
        .num_columns(2)
        .spacing([8.0, 2.0])
        .show(ui, |ui| {
            level_colour_rows_ui(ui, &mut v, auto_exposure, params.max_ground_slope_deg);
            ui.label("arrow scale");
            ui.add(egui::Slider::new(&mut v.arrow_scale, 1.0..=60.0).max_decimals(1));
            ui.end_row();
            ui.label("field of view (°)");
            ui.add(egui::Slider::new(&mut fov, 30.0..=110.0).max_decimals(0));
            ui.end_row();
        });
    if v != *view {
        out.push(Command::SetView(v));
    }
    if fov != fov_deg {
        out.push(Command::SetFov(fov));
    }
}

/// Grid rows: the level's colour mode (with its legend) and the exposure.
fn level_colour_rows_ui(ui: &mut Ui, v: &mut ViewToggles, auto_exposure: f32, max_slope: f32) {
    ui.label("level colours");
    egui::ComboBox::from_id_salt("level_colour")
        .selected_text(v.level_colour.label())
        .show_ui(ui, |ui| {
            for c in LevelColour::ALL {
                ui.selectable_value(&mut v.level_colour, c, c.label());
            }
        })
        .response
        .on_hover_text(format!(
            "Slope colours walkable floors (up to the max slope, now {max_slope:.0}°, set \
             under 'Ellipsoid and movement') apart from what is too steep to stand on."
        ));
    ui.end_row();
    if !v.level_colour.legend().is_empty() {
        ui.label("");
        ui.vertical(|ui| level_colour_legend_ui(ui, v.level_colour));
        ui.end_row();
    }
    ui.label("exposure");
    ui.horizontal(|ui| {
        ui.checkbox(&mut v.exposure.auto, "auto")
            .on_hover_text("Brightens dark levels from their material colours");
        if v.exposure.auto {
            ui.label(RichText::new(format!("{auto_exposure:.2}×")).monospace());
        } else {
            ui.add(
                egui::Slider::new(&mut v.exposure.manual, 0.25..=MAX_EXPOSURE)
                    .logarithmic(true)
                    .max_decimals(2),
            );
        }
    });
    ui.end_row();
}

/// The colours of a level colour mode, each with its meaning.
pub fn level_colour_legend_ui(ui: &mut Ui, mode: LevelColour) {
    for (c, text) in mode.legend() {
        ui.horizontal(|ui| swatch(ui, *c, text));
    }
}

/// Everything the shell shows, gathered by the app each frame.
#[derive(Debug, Clone)]
pub struct ShellModel {
    pub hud: HudStats,
    pub stations: Vec<String>,
    /// (text, is_error)
    pub messages: Vec<(String, bool)>,
    pub note: Option<String>,
    pub params: PlayerParams,
    pub slide: SlideSettings,
    pub view: ViewToggles,
    pub fov_deg: f32,
    /// The level's automatic exposure (shown beside the exposure control).
    pub auto_exposure: f32,
    pub mode: CameraMode,
    pub recent: Vec<PathBuf>,
    /// The debugger panels (timeline, inspector).
    pub debug: debugger::DebugView,
    /// Lessons, view space, presentation.
    pub teach: lessons::TeachView,
    /// The Issues menu and the open scene's report.
    pub issues: issues::IssuesView,
}

/// What the shell gathered this frame.
#[derive(Debug, Clone, Default)]
pub struct ShellOutput {
    pub commands: Vec<Command>,
    /// Size of the 3D view in physical pixels.
    pub view_px: [u32; 2],
    /// Mouse drag over the 3D view (physical pixels).
    pub drag_px: [f32; 2],
    /// Wheel steps over the 3D view.
    pub zoom_steps: f32,
    /// The 3D view was clicked.
    pub clicked: bool,
    /// Where the 3D view was clicked, as a fraction of its size (0..1, origin top-left).
    pub click_uv: Option<[f32; 2]>,
    /// Where the 3D view was double-clicked (same units).
    pub double_click_uv: Option<[f32; 2]>,
}

/// The whole window: the menu bar above the workbench's tiles (3D view, inspector, plots,
/// timeline, controls, lesson; see [`layout`]), the 3D view showing `view_texture` (the
/// renderer's offscreen frame).
pub fn shell_ui(
    ui: &mut Ui,
    m: &ShellModel,
    layout: &mut layout::Layout,
    view_texture: Option<egui::TextureId>,
    out: &mut ShellOutput,
) {
    let panes: Vec<(layout::Pane, bool)> = layout::Pane::CLOSABLE
        .iter()
        .map(|&p| (p, layout.has(p)))
        .collect();
    egui::Panel::top("menu").show(ui, |ui| {
        menu_bar_ui(
            ui,
            &m.recent,
            m.mode,
            &m.teach,
            &m.debug.probe,
            &panes,
            &m.issues,
            &mut out.commands,
        );
    });
    issues::report_window_ui(ui.ctx(), &m.issues, &mut out.commands);
    let mut teach = Vec::new();
    lessons::legend_window_ui(ui.ctx(), &m.teach, &mut teach);
    let mut debug = Vec::new();
    debugger::help_ui(ui.ctx(), m.debug.show_help, &mut debug);
    let mut panes = ShellPanes {
        m,
        view_texture,
        out,
        debug,
        teach,
    };
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE)
        .show(ui, |ui| {
            layout.tree.ui(
                &mut layout::Behavior {
                    contents: &mut panes,
                },
                ui,
            );
        });
    let ShellPanes {
        out, debug, teach, ..
    } = panes;
    out.commands.extend(debug.into_iter().map(Command::Debug));
    out.commands.extend(teach.into_iter().map(Command::Teach));
}

/// What each tile draws.
struct ShellPanes<'a> {
    m: &'a ShellModel,
    view_texture: Option<egui::TextureId>,
    out: &'a mut ShellOutput,
    debug: Vec<debugger::DebugCommand>,
    teach: Vec<lessons::TeachCommand>,
}

impl layout::PaneContents for ShellPanes<'_> {
    fn pane_ui(&mut self, ui: &mut Ui, pane: layout::Pane) {
        use layout::Pane;
        let m = self.m;
        match pane {
            Pane::View3d => view_ui(ui, self.view_texture, m.view.level_colour, self.out),
            Pane::Inspector => {
                egui::ScrollArea::vertical()
                    .id_salt("inspector_scroll")
                    .show(ui, |ui| {
                        inspector::inspector_ui(ui, &m.debug, &mut self.debug)
                    });
            }
            Pane::Plots => plots::plots_ui(ui, &m.debug, &mut self.debug),
            Pane::Timeline => {
                egui::ScrollArea::vertical()
                    .id_salt("timeline_scroll")
                    .show(ui, |ui| {
                        timeline::timeline_ui(ui, &m.debug, &mut self.debug)
                    });
            }
            Pane::Controls => controls_ui(ui, m, self.out),
            Pane::Lesson => {
                if m.teach.lesson.is_some() {
                    lessons::lesson_panel_ui(ui, &m.teach, &mut self.teach);
                } else {
                    ui.label("No lesson open: pick one from the Lessons menu.");
                }
            }
        }
    }
}

/// HUD, messages, stations and settings.
fn controls_ui(ui: &mut Ui, m: &ShellModel, out: &mut ShellOutput) {
    egui::ScrollArea::vertical()
        .id_salt("controls_scroll")
        .show(ui, |ui| {
            if let Some(n) = &m.note {
                ui.colored_label(Color32::YELLOW, n);
            }
            for (text, error) in &m.messages {
                let c = if *error {
                    Color32::LIGHT_RED
                } else {
                    Color32::LIGHT_GREEN
                };
                ui.colored_label(c, text);
            }
            hud_ui(ui, &m.hud);
            ui.separator();
            egui::CollapsingHeader::new("Stations and spawn points")
                .default_open(true)
                .show(ui, |ui| stations_ui(ui, &m.stations, &mut out.commands));
            egui::CollapsingHeader::new("Settings")
                .default_open(false)
                .show(ui, |ui| {
                    settings_ui(
                        ui,
                        &m.params,
                        &m.slide,
                        &m.view,
                        m.fov_deg,
                        m.auto_exposure,
                        &mut out.commands,
                    )
                });
        });
}

/// The 3D view: the renderer's offscreen frame filling its tile.
fn view_ui(
    ui: &mut Ui,
    view_texture: Option<egui::TextureId>,
    colour: LevelColour,
    out: &mut ShellOutput,
) {
    {
        {
            let size = ui.available_size();
            let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
            let ppp = ui.ctx().pixels_per_point();
            out.view_px = [
                (rect.width() * ppp).round().max(0.0) as u32,
                (rect.height() * ppp).round().max(0.0) as u32,
            ];
            if let Some(id) = view_texture {
                ui.painter().image(
                    id,
                    rect,
                    egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
                    Color32::WHITE,
                );
            }
            if !colour.legend().is_empty() {
                // The colour mode's legend in the view's corner, where the colours are.
                egui::Area::new(egui::Id::unique("level_colour_legend"))
                    .fixed_pos(rect.left_top() + egui::vec2(8.0, 8.0))
                    .interactable(false)
                    .show(ui.ctx(), |ui| {
                        egui::Frame::popup(ui.style()).show(ui, |ui| {
                            ui.label(RichText::new(format!("Level: {}", colour.label())).strong());
                            level_colour_legend_ui(ui, colour);
                        });
                    });
            }
            if response.dragged() {
                let d = response.drag_delta() * ppp;
                out.drag_px[0] += d.x;
                out.drag_px[1] += d.y;
            }
            if response.hovered() {
                out.zoom_steps += ui.input(|i| i.smooth_scroll_delta.y) / 50.0;
            }
            if response.double_clicked() {
                out.double_click_uv = response.interact_pointer_pos().map(|p| {
                    let uv = (p - rect.min) / rect.size().max(egui::vec2(1.0, 1.0));
                    [uv.x, uv.y]
                });
            }
            if response.clicked() {
                out.clicked = true;
                out.click_uv = response.interact_pointer_pos().map(|p| {
                    let uv = (p - rect.min) / rect.size().max(egui::vec2(1.0, 1.0));
                    [uv.x, uv.y]
                });
            }
        }
    }
}
