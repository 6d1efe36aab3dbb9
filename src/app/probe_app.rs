//! The app carrying out the game probe's session ([`ProbeState`]): its commands, its events
//! each frame within a budget, and the effects they leave (the timeline, messages, exports).

use super::App;
use super::probe::{EXPORT_DIR, ProbeEffect, event_budget};
use crate::probe::ProbeLevel;
use crate::probe::minimise::minimise;
use crate::sim::{Sim, TimelineCommand};
use crate::ui::game::ProbeCommand;
use crate::view::World;
use ProbeEffect::Say;
use std::path::Path;
use web_time::Instant;

impl App {
    /// A probe command: the session applies it, the app carries out what it asks.
    pub(super) fn apply_probe(&mut self, cmd: ProbeCommand) {
        let effects = self.probe.apply(cmd, &mut self.sim, &self.settings.slide);
        self.carry_out_probe(effects);
    }

    /// Timeline commands while a game's moves are shown.
    pub(super) fn probe_timeline(&mut self, c: TimelineCommand) {
        let effects = self.probe.timeline(c, &mut self.sim);
        self.carry_out_probe(effects);
    }

    /// Listens for a game on `addr`.
    pub(super) fn start_listening(&mut self, addr: &str) {
        let effects = self.probe.listen(addr, &self.settings.slide);
        self.carry_out_probe(effects);
    }

    /// Follows a game's tab on `channel` (the page's `#live=` link).
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub(super) fn follow_game_tab(&mut self, channel: &str) {
        let effects = self.probe.follow_tab(channel, &self.settings.slide);
        self.carry_out_probe(effects);
    }

    /// Reads a game's probe file into the timeline.
    pub(super) fn open_probe_file(&mut self, path: &Path) {
        let effects = self.probe.open_file(path, &self.settings.slide);
        self.carry_out_probe(effects);
    }

    /// Re-solves every game move in the history with the current settings.
    pub(super) fn resolve_game_moves_again(&mut self) {
        let effects = self
            .probe
            .resolve_again(&mut self.sim, &self.settings.slide);
        self.carry_out_probe(effects);
    }

    /// Takes the probe's events for this frame (within [`event_budget`]), each event's effects
    /// carried out before the next event (a connection's fresh history before its moves).
    pub(super) fn poll_probe(&mut self) {
        self.probe.send_config(&self.settings.slide);
        let started = Instant::now();
        let budget = event_budget(self.timing.frame_ms);
        let mut moved = false;
        while started.elapsed() < budget {
            let Some(event) = self.probe.next_event() else {
                break;
            };
            let (filed, effects) = self.probe.on_event(event, &mut self.sim);
            moved |= filed;
            self.carry_out_probe(effects);
        }
        if moved && self.probe.follow {
            self.sim.command(TimelineCommand::End);
        }
        let left = budget.saturating_sub(started.elapsed());
        let effects = self.probe.resolve_step(&mut self.sim, left);
        self.carry_out_probe(effects);
        let effects = self.probe.settle(&mut self.sim, &self.settings.slide);
        self.carry_out_probe(effects);
    }

    /// What the probe session asked for, in order.
    fn carry_out_probe(&mut self, effects: Vec<ProbeEffect>) {
        for effect in effects {
            match effect {
                Say(text, error) => self.say(text, error),
                ProbeEffect::FreshHistory => {
                    self.sim =
                        Sim::new(glam::Vec3::ZERO, self.settings.params, self.settings.slide);
                    self.sim.command(TimelineCommand::Pause);
                    self.debugger.reset();
                }
                ProbeEffect::ShowLevel(level) => self.show_probe_level(&level),
                ProbeEffect::WalkAgain => {
                    self.sim =
                        Sim::new(glam::Vec3::ZERO, self.settings.params, self.settings.slide);
                    self.teleport(0);
                }
                ProbeEffect::PickFile => {
                    self.set_capture(false);
                    if let Some(p) = super::dialog::pick(super::dialog::Purpose::Probe) {
                        self.open_probe_file(&p);
                    }
                }
                ProbeEffect::ExportMinimal => self.export_minimal_dialog(),
                ProbeEffect::SetConventions(c) => {
                    // As a switch changed by hand: the settings, then every game move again.
                    self.settings.slide.conventions = c;
                    self.sim.settings = self.settings.slide;
                    self.resolve_game_moves_again();
                }
            }
        }
    }

    /// The game's level becomes the world (one with nothing in it is not drawn: the view keeps
    /// the level it shows, and says so).
    fn show_probe_level(&mut self, level: &ProbeLevel) {
        if level.is_empty() {
            self.say(
                format!(
                    "{}: the game's moves are re-solved against nothing; the view keeps the \
                     last level",
                    level.name
                ),
                false,
            );
            return;
        }
        let mut world =
            World::from_level(level.level.clone(), level.name.clone(), level.path.clone());
        world.note = Some("a game's level (through the probe)".into());
        self.set_world(world);
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
        // Without an answer from the save dialog (cancelled, or a desktop with no file-dialog
        // portal, where it returns at once) the case still goes somewhere, and says where.
        let (path, fallback) = match super::dialog::save(super::dialog::Purpose::Scenario, &name) {
            Some(p) => (p, ""),
            None => (
                std::path::Path::new(EXPORT_DIR).join(&name),
                "no save dialog answered: ",
            ),
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            let _ = std::fs::create_dir_all(dir);
        }
        match case.scenario.write(&path) {
            Ok(()) => self.say(
                format!(
                    "{fallback}exported {} triangles of {} to {}{} (check it: slidescope run {})",
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
