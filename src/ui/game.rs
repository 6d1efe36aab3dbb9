//! The probe in the UI: File-menu entries (listen, open a game's file), the live indicator
//! in the menu bar, and the inspector's "game vs reference" section for a game's move — both
//! sides per iteration, where they part, and the minimal-scenario export. The rows are built
//! by [`game_rows`] (plain text, tested) and only laid out here.

use std::path::PathBuf;

use egui::{Color32, RichText, Ui};
use glam::Vec3;
use slidescope_probe::format::missing::CONTACT_T;

use super::narration::feature_label;
use super::text::{mono_wrapped, wrapped};
use crate::collision::{CaseKind, ContactTime};
use crate::probe::{GameMove, ShadowTolerance};
use crate::sim::FrameRecord;

/// What the user asked of the probe.
#[derive(Debug, Clone, PartialEq)]
pub enum ProbeCommand {
    /// Listen for a game (default address when `None`).
    Listen(Option<String>),
    StopListening,
    OpenFileDialog,
    OpenFile(PathBuf),
    /// Back to walking.
    Close,
    SetFollow(bool),
    SetTolerance(ShadowTolerance),
    /// Re-solve every game move with the current settings.
    ResolveAgain,
    /// The convention switches apply over the conventions the game declared (on), or only to
    /// the rows it did not declare (off).
    OverDeclared(bool),
    /// The convention switches become the game's (those of the move at the cursor).
    TakeDeclared,
    /// Crop the move at the cursor and write it as a scenario.
    ExportMinimal,
}

/// Where the game's moves come from.
#[derive(Debug, Clone, PartialEq)]
pub enum ProbeSource {
    Listening {
        addr: String,
        game: Option<String>,
        /// The WebSocket URL with the listener's token, for a game in a browser page.
        page_url: Option<String>,
    },
    File {
        path: String,
        finished: bool,
    },
    /// The browser page following a game's tab on the same origin (`#live=CHANNEL`).
    Tab {
        channel: String,
        /// The game's stream is open.
        streaming: bool,
    },
}

/// The probe's state as the UI shows it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ProbeStatusView {
    pub source: Option<ProbeSource>,
    /// The history holds a game's moves.
    pub active: bool,
    pub moves: u64,
    pub diverging: u64,
    pub follow: bool,
    pub tolerance: ShadowTolerance,
    pub level: Option<String>,
    /// Why the game move at the cursor diverges, a few lines; empty when it agrees.
    pub why: Vec<String>,
    /// The convention switches apply over the conventions the game declared.
    pub over_declared: bool,
    /// The page's worker re-solves the followed tab's moves: how many wait for it.
    pub in_worker: Option<u64>,
}

/// The File menu's probe entries.
pub fn probe_menu_ui(ui: &mut Ui, s: &ProbeStatusView, out: &mut Vec<ProbeCommand>) {
    match &s.source {
        Some(ProbeSource::Tab { channel, .. }) => {
            ui.label(RichText::new(format!("following the game's tab (channel {channel})")).weak())
                .on_hover_text(
                    "The game's page streams its moves here over a BroadcastChannel of this \
                     origin: attachSlidescope(scene, { viewer: \"tab\" }) in slidescope-probe",
                );
        }
        Some(ProbeSource::Listening { addr, page_url, .. }) => {
            if ui.button(format!("Stop listening ({addr})")).clicked() {
                out.push(ProbeCommand::StopListening);
            }
            if let Some(url) = page_url {
                ui.label(RichText::new("a game in a browser page streams to:").weak())
                    .on_hover_text(
                        "The page's probe (probe-js: Probe.toWebSocket(url) or the Babylon \
                         adapter) connects with this token; start slidescope with \
                         --allow-origin ORIGIN to take a page's origin without it",
                    );
                let mut text = url.clone();
                ui.add(egui::TextEdit::singleline(&mut text).desired_width(320.0));
            }
        }
        // A browser page cannot accept connections: the entry stays, greyed, saying why.
        _ => {
            let b = ui
                .add_enabled(
                    !super::platform::IN_BROWSER,
                    egui::Button::new("Listen for a game"),
                )
                .on_hover_text(
                    "Accept a game's probe connection on 127.0.0.1:7878 \
                     (slidescope_probe::Probe::connect). Desktop only.",
                )
                .on_disabled_hover_text(
                    "Desktop only: a browser page cannot accept a game's connection. A game \
                     on this page's origin streams to it with attachSlidescope(scene, { viewer: \
                     \"tab\" }); or open the game's probe file (or drop it on the page).",
                );
            if b.clicked() {
                out.push(ProbeCommand::Listen(None));
            }
        }
    }
    if ui.button("Open a game's probe file…").clicked() {
        out.push(ProbeCommand::OpenFileDialog);
    }
    if s.active && ui.button("Close the game's moves (walk again)").clicked() {
        out.push(ProbeCommand::Close);
    }
}

/// The live indicator in the menu bar: where moves come from, how many, how many diverge.
pub fn probe_indicator_ui(ui: &mut Ui, s: &ProbeStatusView) {
    let Some(source) = &s.source else {
        return;
    };
    let (dot, text) = match source {
        ProbeSource::Listening {
            addr, game: None, ..
        } => (
            Color32::GRAY,
            format!("listening on {addr} — no game connected"),
        ),
        ProbeSource::Listening {
            game: Some(peer), ..
        } => (Color32::LIGHT_GREEN, format!("game {peer}")),
        ProbeSource::Tab { channel, streaming } => (
            if *streaming {
                Color32::LIGHT_GREEN
            } else {
                Color32::GRAY
            },
            if *streaming {
                format!("game tab ({channel})")
            } else {
                format!("waiting for the game's tab ({channel})")
            },
        ),
        ProbeSource::File { path, finished } => (
            if *finished {
                Color32::LIGHT_BLUE
            } else {
                Color32::YELLOW
            },
            format!(
                "{}{}",
                short_name(path),
                if *finished { "" } else { " (reading)" }
            ),
        ),
    };
    let (r, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
    ui.painter().circle_filled(r.center(), 4.5, dot);
    let counts = if s.active {
        let waiting = (s.in_worker)
            .filter(|n| *n > 0)
            .map_or(String::new(), |n| format!(", {n} being re-solved"));
        format!(" · {} moves, {} diverge{waiting}", s.moves, s.diverging)
    } else {
        String::new()
    };
    let color = if s.diverging > 0 {
        Color32::from_rgb(255, 110, 190)
    } else {
        ui.visuals().text_color()
    };
    ui.label(
        RichText::new(format!("{text}{counts}"))
            .color(color)
            .small(),
    );
}

fn short_name(path: &str) -> String {
    std::path::Path::new(path)
        .file_name()
        .map_or(path.to_owned(), |n| n.to_string_lossy().into_owned())
}

/// One iteration of a game's move, both sides, as text.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRow {
    pub iteration: u32,
    /// "face, t = 0.512, tri 12" or "—".
    pub game: String,
    pub reference: String,
    /// "0.267 mm, 0.0°" or "" when only one side hit.
    pub difference: String,
    /// This is the iteration where the two part.
    pub parts_here: bool,
}

fn mm(m: f32) -> String {
    format!("{:.3} mm", m * 1e3)
}

fn v3(v: Vec3) -> String {
    format!("{:.4} {:.4} {:.4}", v.x, v.y, v.z)
}

fn case_name(k: Option<CaseKind>) -> &'static str {
    match k {
        Some(CaseKind::Face) => "face",
        Some(CaseKind::Edge) => "edge",
        Some(CaseKind::Vertex) => "vertex",
        None => "case ?",
    }
}

/// The inspector's rows for a game's move `rec` (its trace is the reference's re-solve).
pub fn game_rows(rec: &FrameRecord, game: &GameMove, tol: &ShadowTolerance) -> Vec<GameRow> {
    let verdict = game.verdict(tol);
    game.comparison
        .rows
        .iter()
        .map(|row| {
            let g = row.game.and_then(|i| game.contacts.get(i as usize));
            let c = rec
                .trace
                .iterations
                .get(row.iteration as usize)
                .and_then(|it| it.contacts.first());
            let game_text = g.map_or("no contact".into(), |g| {
                let named = match (g.case, g.feature) {
                    (Some(k), Some(f)) if f.kind() == k => feature_label(f),
                    (Some(k), _) => case_name(Some(k)).to_owned(),
                    (None, Some(f)) => format!("{} (from the point)", feature_label(f)),
                    (None, None) => case_name(None).to_owned(),
                };
                let tri = g.triangle_label();
                // A time the game declared it does not send is not shown as 0.
                let t = if game.missing & CONTACT_T == 0 {
                    format!(", t = {:.3}", g.t)
                } else {
                    String::new()
                };
                format!("{named}{t}{tri}")
            });
            let ref_text = c.map_or("no contact".into(), |c| {
                let t = match c.time {
                    ContactTime::Toi(t) => format!("t = {t:.3}"),
                    ContactTime::Embedded { depth_es } => format!("embedded {depth_es:.4}"),
                };
                format!("{}, {t}, tri {}", feature_label(c.feature), c.triangle)
            });
            let difference = match (row.center_distance_m, row.normal_angle_deg) {
                (Some(d), Some(a)) => format!("{}, {a:.1}°", mm(d)),
                _ => String::new(),
            };
            GameRow {
                iteration: row.iteration,
                game: game_text,
                reference: ref_text,
                difference,
                parts_here: verdict.iteration == Some(row.iteration),
            }
        })
        .collect()
}

/// The verdict in one line.
pub fn verdict_line(game: &GameMove, tol: &ShadowTolerance) -> (String, bool) {
    let v = game.verdict(tol);
    if let Some((_, msg)) = &game.unresolved {
        return (format!("not re-solved: {msg}"), true);
    }
    match (v.diverges, v.cause, v.iteration) {
        (true, Some(c), Some(i)) => (format!("parts at iteration {i}: {}", c.label()), true),
        (true, Some(c), None) => (
            format!(
                "diverges: {} {} apart (tolerance {})",
                c.label(),
                mm(game.comparison.end_distance_m.unwrap_or(f32::NAN)),
                mm(tol.position_m)
            ),
            true,
        ),
        _ => (
            match game.comparison.end_distance_m {
                Some(d) => format!("agrees: ends {} apart", mm(d)),
                None => "re-solved (the game sent no result to compare)".into(),
            },
            false,
        ),
    }
}

/// The inspector's section for a game's move.
pub fn game_move_ui(
    ui: &mut Ui,
    rec: &FrameRecord,
    game: &GameMove,
    status: &ProbeStatusView,
    out: &mut Vec<ProbeCommand>,
) {
    let tol = status.tolerance;
    ui.label(
        RichText::new(format!(
            "Game frame {} · {:.3} s · mover {} · move {}",
            game.frame, game.time_secs, game.mover, game.index
        ))
        .strong(),
    );
    let (line, bad) = verdict_line(game, &tol);
    let color = if bad {
        Color32::from_rgb(255, 110, 190)
    } else {
        Color32::LIGHT_GREEN
    };
    ui.add(egui::Label::new(RichText::new(line).color(color)).wrap());
    for why in &status.why {
        ui.add(egui::Label::new(RichText::new(why).color(color)).wrap());
    }
    let rows = game_rows(rec, game, &tol);
    if !rows.is_empty() {
        game_rows_grid_ui(ui, &rows, color);
    } else if game.result.is_some() {
        ui.label(
            RichText::new("The game sent no per-iteration contacts.")
                .weak()
                .small(),
        );
    }
    game_end_ui(ui, rec, game);
    tolerance_ui(ui, tol, out);
    game_actions_ui(ui, status, out);
    declared_ui(ui, game.conventions.is_some(), status.over_declared, out);
}

/// Both sides of each iteration (game, reference, their difference); the iteration where
/// they part in `color`.
fn game_rows_grid_ui(ui: &mut Ui, rows: &[GameRow], color: Color32) {
    egui::Grid::new("game_rows")
        .num_columns(3)
        .striped(true)
        .spacing([6.0, 1.0])
        .show(ui, |ui| {
            for r in rows {
                let it = RichText::new(format!("it {}", r.iteration)).monospace();
                ui.label(if r.parts_here {
                    it.color(color).strong()
                } else {
                    it
                });
                ui.label(RichText::new("game").color(GAME_COLOR_UI));
                ui.add(egui::Label::new(RichText::new(&r.game).color(GAME_COLOR_UI)).wrap());
                ui.end_row();
                ui.label("");
                ui.label("reference");
                ui.add(egui::Label::new(&r.reference).wrap());
                ui.end_row();
                if !r.difference.is_empty() {
                    ui.label("");
                    ui.label(RichText::new("Δ").weak());
                    mono_wrapped(
                        ui,
                        format!("centre {}", r.difference.replacen(", ", ", normal ", 1)),
                    );
                    ui.end_row();
                }
            }
        });
}

/// Where the game and the reference ended, and the settings the game said it used.
fn game_end_ui(ui: &mut Ui, rec: &FrameRecord, game: &GameMove) {
    egui::Grid::new("game_end")
        .num_columns(2)
        .spacing([6.0, 2.0])
        .show(ui, |ui| {
            if let Some(r) = game.result {
                ui.label(RichText::new("game end").color(GAME_COLOR_UI));
                // A no-break space: the count and "it" wrap together.
                mono_wrapped(ui, format!("{} ({}\u{a0}it)", v3(r.end), r.iterations));
                ui.end_row();
            }
            if let Some(s) = rec.outcome.slide() {
                ui.label("reference end");
                mono_wrapped(ui, format!("{} ({}\u{a0}it)", v3(s.position), s.iterations));
                ui.end_row();
            }
            let said = [
                game.skin_es.map(|s| format!("skin {s}")),
                game.max_iterations.map(|m| format!("max {m} it")),
                // As the re-solve took it: declared, or an earlier writer's flag.
                (rec.call.settings.conventions.sidedness != crate::collision::Sidedness::TwoSided)
                    .then(|| "one-sided".to_owned()),
            ]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>();
            if !said.is_empty() {
                ui.label("game settings");
                wrapped(ui, said.join(", "));
                ui.end_row();
            }
        });
}

/// The comparison's tolerance (position in mm, normal in degrees).
fn tolerance_ui(ui: &mut Ui, tol: ShadowTolerance, out: &mut Vec<ProbeCommand>) {
    ui.horizontal_wrapped(|ui| {
        ui.label("tolerance");
        let mut t = tol;
        let mut mm_value = t.position_m * 1e3;
        ui.add(
            egui::DragValue::new(&mut mm_value)
                .speed(0.01)
                .range(0.0..=100.0)
                .suffix(" mm")
                .max_decimals(3),
        );
        ui.add(
            egui::DragValue::new(&mut t.normal_deg)
                .speed(0.1)
                .range(0.0..=90.0)
                .suffix("°")
                .max_decimals(1),
        );
        t.position_m = mm_value * 1e-3;
        if t != tol {
            out.push(ProbeCommand::SetTolerance(t));
        }
    });
}

/// Export the minimal scenario, re-solve all, follow the game.
fn game_actions_ui(ui: &mut Ui, status: &ProbeStatusView, out: &mut Vec<ProbeCommand>) {
    ui.horizontal_wrapped(|ui| {
        if ui
            .button("Export minimal scenario… (Ctrl+Shift+E)")
            .on_hover_text(
                "Crop the level to the triangles of both solves, check the crop still shows the \
                 difference, and write a scenario file `slidescope run` replays.",
            )
            .clicked()
        {
            out.push(ProbeCommand::ExportMinimal);
        }
        if ui
            .button("Re-solve all")
            .on_hover_text(
                "Re-solve every game move with the current settings (case switches, solver, \
                 response, conventions; a convention the game declared, and its per-move \
                 one-sided flag, stay as the game said unless the switches apply over them): \
                 what would the reference have done?",
            )
            .clicked()
        {
            out.push(ProbeCommand::ResolveAgain);
        }
        let mut follow = status.follow;
        if ui.checkbox(&mut follow, "follow").changed() {
            out.push(ProbeCommand::SetFollow(follow));
        }
    });
}

/// Whether the convention switches apply over what the game declared, and taking the game's
/// (shown while the game declared conventions or the switches apply over them).
fn declared_ui(ui: &mut Ui, declared: bool, over: bool, out: &mut Vec<ProbeCommand>) {
    if !(declared || over) {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        let mut on = over;
        let switches = ui.checkbox(&mut on, "apply my switches over the game's conventions");
        switches.on_hover_text(
            "Off: a convention the game declared is re-solved as the game said, and the \
             switches change only the rest. On: every switch applies, so switching off a rule \
             the game declared shows what its moves would be without it (take the game's \
             first, then change one: every move is re-solved at each change).",
        );
        if on != over {
            out.push(ProbeCommand::OverDeclared(on));
        }
        let take = ui.button("take the game's conventions");
        let take = take.on_hover_text(
            "Set the convention switches to the game's declared rows (those of the move at \
             the cursor) over your switches, and re-solve every move.",
        );
        if take.clicked() {
            out.push(ProbeCommand::TakeDeclared);
        }
    });
}

/// The game's colour in text (matches the 3D view's game path).
pub const GAME_COLOR_UI: Color32 = Color32::from_rgb(255, 160, 60);
