//! The app side of the probe (issue 13): listening for a game or reading a game's probe file,
//! the game's moves filed on the timeline, the shadow re-solve's settings and tolerance, and
//! the minimal scenario export. While a game's moves are shown the walker is frozen: the
//! history is the game's.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use web_time::Instant;

use super::App;
use crate::collision::{Scratch, Trace};
use crate::probe::feed::{FeedEvent, FileFeed};
use crate::probe::listen::{DEFAULT_ADDR, Listener};
use crate::probe::minimise::minimise;
use crate::probe::shadow::resolve_again;
use crate::probe::{ProbeLevel, ShadowConfig, ShadowTolerance};
use crate::sim::{MarkerKind, Sim, TimelineCommand};
use crate::ui::game::{ProbeCommand, ProbeSource, ProbeStatusView};
use crate::view::World;

/// Time the app spends on probe events per drawn frame: a quarter of the frame interval, at
/// least 4 ms and at most 50 ms. Proportional, so a slow-drawing window (software rendering)
/// still takes a fast game's moves at the rate they come, and a flood never stalls it.
fn event_budget(frame_ms: f32) -> Duration {
    Duration::from_secs_f32((frame_ms * 0.25 * 1e-3).clamp(0.004, 0.05))
}

/// The probe's state in the app.
#[derive(Default)]
pub(super) struct ProbeState {
    listener: Option<Listener>,
    feed: Option<FileFeed>,
    /// The history holds a game's moves; the walker is frozen.
    pub active: bool,
    pub tolerance: ShadowTolerance,
    /// The cursor follows the newest game move.
    pub follow: bool,
    level: Option<Arc<ProbeLevel>>,
    peer: Option<SocketAddr>,
    moves: u64,
    diverging: u64,
    /// The file feed has delivered everything.
    finished: bool,
    sent: Option<ShadowConfig>,
}

impl ProbeState {
    fn config(&self, settings: &crate::collision::SlideSettings) -> ShadowConfig {
        ShadowConfig {
            settings: *settings,
            tolerance: self.tolerance,
        }
    }

    /// What the menu bar and the inspector show of the probe.
    pub fn view(&self) -> ProbeStatusView {
        let source = match (&self.listener, &self.feed) {
            (Some(l), _) => Some(ProbeSource::Listening {
                addr: l.local_addr().to_string(),
                game: self.peer.map(|a| a.to_string()),
            }),
            (None, Some(f)) => Some(ProbeSource::File {
                path: f.path.display().to_string(),
                finished: self.finished,
            }),
            (None, None) => None,
        };
        ProbeStatusView {
            source,
            active: self.active,
            moves: self.moves,
            diverging: self.diverging,
            follow: self.follow,
            tolerance: self.tolerance,
            level: self.level.as_ref().map(|l| l.name.clone()),
        }
    }

    /// A new tolerance re-judges every game move in `sim`'s history (no re-solve).
    fn set_tolerance(&mut self, t: ShadowTolerance, sim: &mut Sim) {
        if !(t.position_m.is_finite() && t.position_m >= 0.0 && t.normal_deg.is_finite()) {
            return;
        }
        self.tolerance = t;
        let mut diverging = 0;
        sim.history_mut().remark(|r| {
            let d = r.game.as_ref().is_some_and(|g| g.verdict(&t).diverges);
            diverging += u64::from(d);
            r.markers.with(MarkerKind::GameDiverges, d)
        });
        self.diverging = diverging;
    }
}

impl App {
    pub(super) fn apply_probe(&mut self, cmd: ProbeCommand) {
        match cmd {
            ProbeCommand::Listen(addr) => {
                self.start_listening(addr.as_deref().unwrap_or(DEFAULT_ADDR))
            }
            ProbeCommand::StopListening => {
                if let Some(l) = self.probe.listener.take() {
                    self.say(format!("stopped listening on {}", l.local_addr()), false);
                }
                self.probe.peer = None;
            }
            ProbeCommand::OpenFileDialog => {
                self.set_capture(false);
                if let Some(p) = super::dialog::pick(super::dialog::Purpose::Probe) {
                    self.open_probe_file(&p);
                }
            }
            ProbeCommand::OpenFile(p) => self.open_probe_file(&p),
            ProbeCommand::Close => self.close_probe(),
            ProbeCommand::SetFollow(on) => {
                self.probe.follow = on;
                if on {
                    self.sim.command(TimelineCommand::End);
                }
            }
            ProbeCommand::SetTolerance(t) => self.probe.set_tolerance(t, &mut self.sim),
            ProbeCommand::ResolveAgain => self.resolve_game_moves_again(),
            ProbeCommand::ExportMinimal => self.export_minimal_dialog(),
        }
    }

    /// Timeline commands over a game's moves: the timeline is always "paused" (nothing is
    /// simulated); resuming means following the newest move, and walking on is not offered.
    pub(super) fn probe_timeline(&mut self, c: TimelineCommand) {
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

    /// Listens for a game on `addr`.
    pub(super) fn start_listening(&mut self, addr: &str) {
        self.probe.listener = None;
        let config = self.probe.config(&self.settings.slide);
        match Listener::bind(addr, config) {
            Ok((l, warning)) => {
                if let Some(w) = warning {
                    self.say(w, true);
                }
                self.say(
                    format!(
                        "listening for a game on {} (Probe::connect)",
                        l.local_addr()
                    ),
                    false,
                );
                self.probe.feed = None;
                self.probe.listener = Some(l);
                self.probe.sent = Some(config);
            }
            Err(e) => self.say(format!("cannot listen on {addr}: {e}"), true),
        }
    }

    /// Reads a game's probe file into the timeline (on a worker thread).
    pub(super) fn open_probe_file(&mut self, path: &Path) {
        let config = self.probe.config(&self.settings.slide);
        match FileFeed::open(path, config) {
            Ok(feed) => {
                self.probe.listener = None;
                self.probe.peer = None;
                self.enter_probe_mode();
                self.probe.finished = false;
                self.probe.feed = Some(feed);
                self.probe.sent = Some(config);
                self.say(
                    format!("reading the game's moves from {}", path.display()),
                    false,
                );
            }
            Err(e) => self.say(
                format!("probe file not opened (nothing changed): {e}"),
                true,
            ),
        }
    }

    /// A fresh history for a game's moves, the walker frozen, the cursor following.
    fn enter_probe_mode(&mut self) {
        self.sim = Sim::new(glam::Vec3::ZERO, self.settings.params, self.settings.slide);
        self.sim.command(TimelineCommand::Pause);
        self.debugger.reset();
        self.probe.active = true;
        self.probe.follow = true;
        self.probe.moves = 0;
        self.probe.diverging = 0;
    }

    /// Back to walking (on the game's level, if one came).
    fn close_probe(&mut self) {
        self.probe.listener = None;
        self.probe.feed = None;
        self.probe.peer = None;
        if self.probe.active {
            self.probe.active = false;
            self.sim = Sim::new(glam::Vec3::ZERO, self.settings.params, self.settings.slide);
            self.teleport(0);
            self.say("closed the game's moves; walking again".into(), false);
        }
    }

    /// Takes the probe's events for this frame (within [`event_budget`]).
    pub(super) fn poll_probe(&mut self) {
        let config = self.probe.config(&self.settings.slide);
        if let Some(l) = &self.probe.listener
            && self.probe.sent != Some(config)
        {
            l.set_config(config);
            self.probe.sent = Some(config);
        }
        let started = Instant::now();
        let budget = event_budget(self.frame_ms);
        let mut moved = false;
        while started.elapsed() < budget {
            let event = match (&self.probe.listener, &self.probe.feed) {
                (Some(l), _) => l.try_recv(),
                (None, Some(f)) => f.try_recv(),
                (None, None) => None,
            };
            let Some(event) = event else {
                break;
            };
            moved |= self.on_probe_event(event);
        }
        if moved && self.probe.follow {
            self.sim.command(TimelineCommand::End);
        }
    }

    /// Returns true when a move was filed.
    fn on_probe_event(&mut self, event: FeedEvent) -> bool {
        match event {
            FeedEvent::Connected(peer) => {
                self.enter_probe_mode();
                self.probe.peer = Some(peer);
                self.say(format!("a game connected from {peer}"), false);
            }
            FeedEvent::Refused(peer) => self.say(
                format!("refused a second game from {peer}: one game at a time"),
                true,
            ),
            FeedEvent::Level(level) => self.show_probe_level(level),
            FeedEvent::Move(rec) => {
                if rec.markers.contains(MarkerKind::GameDiverges) {
                    self.probe.diverging += 1;
                }
                self.probe.moves += 1;
                self.sim.push_record(*rec);
                return true;
            }
            FeedEvent::Problem(p) => self.say(format!("probe: {p}"), true),
            FeedEvent::Disconnected {
                moves,
                clean,
                error,
            } => {
                self.probe.peer = None;
                self.probe.finished = true;
                let how = match (&error, clean) {
                    (Some(e), _) => format!("cut short: {e}"),
                    (None, true) => "closed by the game".into(),
                    (None, false) => "ended without the game's END".into(),
                };
                self.say(
                    format!("game's stream ended after {moves} moves ({how})"),
                    error.is_some(),
                );
            }
        }
        false
    }

    /// The game's level becomes the world (a new level starts a new history).
    fn show_probe_level(&mut self, level: Arc<ProbeLevel>) {
        let mut world =
            World::from_level(level.level.clone(), level.name.clone(), level.path.clone());
        world.note = Some("a game's level (through the probe)".into());
        self.set_world(world);
        let (peer, follow) = (self.probe.peer, self.probe.follow);
        self.enter_probe_mode();
        self.probe.peer = peer;
        self.probe.follow = follow;
        self.probe.level = Some(level);
    }

    /// Re-solves every game move in the history with the current settings (case mask,
    /// solver, …): "what would the reference have done".
    pub(super) fn resolve_game_moves_again(&mut self) {
        let Some(level) = self.probe.level.clone() else {
            return;
        };
        let config = self.probe.config(&self.settings.slide);
        let started = Instant::now();
        let (mut scratch, mut trace) = (Scratch::default(), Trace::default());
        let again: Vec<_> = self
            .sim
            .history()
            .iter()
            .filter_map(|r| resolve_again(r, &level, &config, &mut scratch, &mut trace))
            .collect();
        let n = again.len();
        let mut diverging = 0;
        for r in again {
            diverging += u64::from(r.markers.contains(MarkerKind::GameDiverges));
            self.sim.history_mut().replace(r);
        }
        self.probe.diverging = diverging;
        self.say(
            format!(
                "re-solved {n} game moves with the current settings in {:.0} ms: {diverging} diverge",
                started.elapsed().as_secs_f64() * 1e3
            ),
            false,
        );
    }

    /// "Export minimal scenario…" for the game's move at the cursor.
    fn export_minimal_dialog(&mut self) {
        self.set_capture(false);
        let Some((rec, _)) = self.sim.cursor_frame() else {
            return;
        };
        let case = match minimise(rec, &self.world.collision, &self.probe.tolerance) {
            Ok(c) => c,
            Err(e) => {
                self.say(format!("nothing exported: {e}"), true);
                return;
            }
        };
        let name = format!("{}.scenario.json", case.scenario.name);
        let Some(path) = super::dialog::save(super::dialog::Purpose::Scenario, &name) else {
            return;
        };
        match case.scenario.write(&path) {
            Ok(()) => self.say(
                format!(
                    "exported {} triangles of {} to {}{} (check it: slidescope run {})",
                    case.kept,
                    case.of,
                    path.display(),
                    if case.reproduces {
                        ", the crop still shows the game diverging"
                    } else {
                        ""
                    },
                    path.display()
                ),
                false,
            ),
            Err(e) => self.say(format!("nothing exported: {e}"), true),
        }
    }
}
