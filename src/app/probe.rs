//! The app side of the probe: listening for a game or reading a game's probe file,
//! the game's moves filed on the timeline, the shadow re-solve's settings and tolerance, and
//! the minimal scenario export. While a game's moves are shown the walker is frozen: the
//! history is the game's.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use super::cursor_why::CursorWhy;
use super::resolve_all::ResolveAll;
use super::tab_solve::TabSolve;
use crate::collision::SlideSettings;
use crate::probe::feed::{FeedEvent, FileFeed};
use crate::probe::listen::{DEFAULT_ADDR, Listener};
use crate::probe::push_feed::{PushFeed, TabPart};
use crate::probe::{ProbeLevel, ShadowConfig, ShadowTolerance};
use crate::sim::{MarkerKind, Sim, TimelineCommand};
use crate::ui::game::{ProbeCommand, ProbeSource, ProbeStatusView};

/// Time the app spends on probe events per drawn frame: a quarter of the frame interval, at
/// least 4 ms and at most 50 ms. Proportional, so a slow-drawing window (software rendering)
/// still takes a fast game's moves at the rate they come, and a flood never stalls it.
pub(super) fn event_budget(frame_ms: f32) -> Duration {
    Duration::from_secs_f32((frame_ms * 0.25 * 1e-3).clamp(0.004, 0.05))
}

/// The probe's state in the app.
#[derive(Default)]
pub(super) struct ProbeState {
    listener: Option<Listener>,
    feed: Option<FileFeed>,
    /// A game's tab streaming to the browser page: its channel and the stream.
    tab: Option<(String, PushFeed)>,
    /// The history holds a game's moves; the walker is frozen.
    pub active: bool,
    pub tolerance: ShadowTolerance,
    /// The cursor follows the newest game move.
    pub follow: bool,
    level: Option<Arc<ProbeLevel>>,
    peer: Option<String>,
    moves: u64,
    diverging: u64,
    /// The file feed has delivered everything.
    finished: bool,
    sent: Option<ShadowConfig>,
    /// Web page origins allowed to stream over a WebSocket (`--allow-origin`).
    pub allow_origins: Vec<String>,
    /// Why the move at the cursor diverges.
    why: CursorWhy,
    /// A "Re-solve all" under way, a slice a frame.
    resolving: Option<ResolveAll>,
    /// The convention switches apply over the game's declared conventions.
    over_declared: bool,
    /// A followed tab's moves re-solved in the page's worker.
    solve: TabSolve,
}

impl ProbeState {
    fn config(&self, settings: &crate::collision::SlideSettings) -> ShadowConfig {
        ShadowConfig {
            settings: *settings,
            tolerance: self.tolerance,
            assumed: None,
            over_declared: self.over_declared,
        }
    }

    /// What the menu bar and the inspector show of the probe.
    pub fn view(&self) -> ProbeStatusView {
        let source = match (&self.listener, &self.feed, &self.tab) {
            (Some(l), _, _) => Some(ProbeSource::Listening {
                addr: l.local_addr().to_string(),
                game: self.peer.clone(),
                page_url: page_url(l),
            }),
            (None, Some(f), _) => Some(ProbeSource::File {
                path: f.path.display().to_string(),
                finished: self.finished,
            }),
            (None, None, Some((channel, _))) => Some(ProbeSource::Tab {
                channel: channel.clone(),
                streaming: self.peer.is_some(),
            }),
            (None, None, None) => None,
        };
        ProbeStatusView {
            source,
            active: self.active,
            moves: self.moves,
            diverging: self.diverging,
            follow: self.follow,
            tolerance: self.tolerance,
            level: self.level.as_ref().map(|l| l.name.clone()),
            why: self.why.lines(),
            over_declared: self.over_declared,
            in_worker: (self.solve.in_worker).then(|| self.solve.waiting() as u64),
        }
    }

    /// Phase *update*: explains the game move at the cursor when it diverges (see
    /// [`CursorWhy::refresh`]).
    pub fn refresh_why(&mut self, sim: &Sim, settings: &SlideSettings) {
        let config = self.config(settings);
        let file = self.feed.as_ref().map(|f| f.path.as_path());
        self.why.following = self.follow;
        self.why.first_waiting = self.solve.first_waiting();
        self.why.refresh(sim, self.level.as_ref(), file, &config);
    }

    /// A new tolerance re-judges every game move in `sim`'s history (no re-solve).
    pub fn set_tolerance(&mut self, t: ShadowTolerance, sim: &mut Sim) {
        if !(t.position_m.is_finite() && t.position_m >= 0.0 && t.normal_deg.is_finite()) {
            return;
        }
        self.tolerance = t;
        if let Some(job) = &mut self.resolving {
            job.set_tolerance(t);
        }
        let mut diverging = 0;
        sim.history_mut().remark(|r| {
            let d = r.game.as_ref().is_some_and(|g| g.verdict(&t).diverges);
            diverging += u64::from(d);
            r.markers.with(MarkerKind::GameDiverges, d)
        });
        self.diverging = diverging;
    }
}

/// The WebSocket URL with its token a page streams to (none in the browser build).
fn page_url(l: &Listener) -> Option<String> {
    #[cfg(not(target_arch = "wasm32"))]
    return Some(format!("ws://{}/?token={}", l.local_addr(), l.page_token()));
    #[cfg(target_arch = "wasm32")]
    {
        let _ = l;
        None
    }
}

/// Where "Export minimal scenario…" writes when no save dialog answers (relative to the
/// working directory).
pub(super) const EXPORT_DIR: &str = "slidescope-exports";

/// What the app carries out for the probe session, in order: the session changes only its own
/// state and the history's records; a new history, a new world, dialogs and messages are the
/// app's.
pub(super) enum ProbeEffect {
    Say(String, bool),
    /// A fresh history for a game's moves: a new `Sim` (walker frozen), the debugger reset.
    FreshHistory,
    /// The game's level becomes the world (before the fresh history that follows it).
    ShowLevel(Arc<ProbeLevel>),
    /// Back to walking: a new `Sim`, the player on the first station.
    WalkAgain,
    /// The file dialog for a probe file.
    PickFile,
    /// "Export minimal scenario…" for the move at the cursor (a save dialog).
    ExportMinimal,
    /// The convention switches become these (the game's declared rows, those of the move at
    /// the cursor, over the switches), and every game move is re-solved with them.
    SetConventions(crate::collision::Conventions),
}

use ProbeEffect::Say;

impl ProbeState {
    /// What a probe command does to the session and the history.
    pub fn apply(
        &mut self,
        cmd: ProbeCommand,
        sim: &mut Sim,
        slide: &SlideSettings,
    ) -> Vec<ProbeEffect> {
        match cmd {
            ProbeCommand::Listen(addr) => {
                self.listen(addr.as_deref().unwrap_or(DEFAULT_ADDR), slide)
            }
            ProbeCommand::StopListening => {
                self.peer = None;
                let stopped = self.listener.take().map(|l| l.local_addr());
                stopped.map_or_else(Vec::new, |a| {
                    vec![Say(format!("stopped listening on {a}"), false)]
                })
            }
            ProbeCommand::OpenFileDialog => vec![ProbeEffect::PickFile],
            ProbeCommand::OpenFile(p) => self.open_file(&p, slide),
            ProbeCommand::Close => self.close(),
            ProbeCommand::SetFollow(on) => {
                self.follow = on;
                if on {
                    sim.command(TimelineCommand::End);
                }
                Vec::new()
            }
            ProbeCommand::SetTolerance(t) => {
                self.set_tolerance(t, sim);
                Vec::new()
            }
            ProbeCommand::ResolveAgain => self.resolve_again(sim, slide),
            ProbeCommand::OverDeclared(on) => {
                self.over_declared = on;
                self.resolve_again(sim, slide)
            }
            ProbeCommand::TakeDeclared => (sim.cursor_frame())
                .and_then(|(r, _)| r.game.as_ref()?.conventions)
                .map_or_else(Vec::new, |c| vec![ProbeEffect::SetConventions(c)]),
            ProbeCommand::ExportMinimal => vec![ProbeEffect::ExportMinimal],
        }
    }

    /// Timeline commands over a game's moves: the timeline is always "paused" (nothing is
    /// simulated); resuming means following the newest move, and walking on is not offered.
    pub fn timeline(&mut self, c: TimelineCommand, sim: &mut Sim) -> Vec<ProbeEffect> {
        match c {
            TimelineCommand::Resume => {
                self.follow = true;
                sim.command(TimelineCommand::End);
            }
            TimelineCommand::ResumeFromCursor => {
                let text = "these are a game's moves: close them (File menu) to walk again";
                return vec![Say(text.into(), false)];
            }
            TimelineCommand::Pause => self.follow = false,
            other => {
                self.follow = matches!(other, TimelineCommand::End);
                sim.command(other);
            }
        }
        Vec::new()
    }

    /// Listens for a game on `addr`.
    pub fn listen(&mut self, addr: &str, slide: &SlideSettings) -> Vec<ProbeEffect> {
        self.listener = None;
        // A new game's declaration holds until the user says otherwise.
        let config = ShadowConfig {
            over_declared: false,
            ..self.config(slide)
        };
        match Listener::bind_allowing(addr, config, self.allow_origins.clone()) {
            Ok((l, warning)) => {
                self.over_declared = false;
                let mut out: Vec<ProbeEffect> = warning.map(|w| Say(w, true)).into_iter().collect();
                let addr = l.local_addr();
                out.push(Say(
                    format!("listening for a game on {addr} (Probe::connect)"),
                    false,
                ));
                #[cfg(not(target_arch = "wasm32"))]
                {
                    // The page's URL with its token, for the log (the status line shows the
                    // first message).
                    log::info!("{}", l.page_hint());
                    eprintln!("slidescope: {}", l.page_hint());
                }
                self.feed = None;
                self.tab = None;
                self.stop_tab_worker();
                self.why.forget_file();
                self.listener = Some(l);
                self.sent = Some(config);
                out
            }
            Err(e) => vec![Say(format!("cannot listen on {addr}: {e}"), true)],
        }
    }

    /// Reads a game's probe file into the timeline (on a worker thread).
    pub fn open_file(&mut self, path: &Path, slide: &SlideSettings) -> Vec<ProbeEffect> {
        let config = ShadowConfig {
            over_declared: false,
            ..self.config(slide)
        };
        match FileFeed::open(path, config) {
            Ok(feed) => {
                self.over_declared = false;
                self.listener = None;
                self.tab = None;
                self.stop_tab_worker();
                self.peer = None;
                self.begin_history();
                self.finished = false;
                self.why.start_file(path, &config);
                self.feed = Some(feed);
                self.sent = Some(config);
                let text = format!("reading the game's moves from {}", path.display());
                vec![ProbeEffect::FreshHistory, Say(text, false)]
            }
            Err(e) => vec![Say(
                format!("probe file not opened (nothing changed): {e}"),
                true,
            )],
        }
    }

    /// No tab's worker any more (a listener, a file or nothing follows).
    fn stop_tab_worker(&mut self) {
        self.why.search_in(None);
        self.solve = TabSolve::default();
    }

    /// The session's side of a fresh history: active, following, nothing counted yet.
    fn begin_history(&mut self) {
        self.resolving = None;
        self.solve.new_history();
        self.active = true;
        self.follow = true;
        self.moves = 0;
        self.diverging = 0;
        self.why.restart_live();
    }

    /// Back to walking (on the game's level, if one came).
    fn close(&mut self) -> Vec<ProbeEffect> {
        self.resolving = None;
        self.over_declared = false;
        self.listener = None;
        self.feed = None;
        self.tab = None;
        self.stop_tab_worker();
        self.why.forget_file();
        self.peer = None;
        self.why.restart_live();
        if !self.active {
            return Vec::new();
        }
        self.active = false;
        let text = "closed the game's moves; walking again".into();
        vec![ProbeEffect::WalkAgain, Say(text, false)]
    }

    /// Passes new solve settings to a live game's re-solve.
    pub fn send_config(&mut self, slide: &SlideSettings) {
        let config = self.config(slide);
        if self.sent == Some(config) {
            return;
        }
        if let Some(l) = &self.listener {
            l.set_config(config);
            self.sent = Some(config);
        }
        if let Some((_, feed)) = &mut self.tab {
            feed.set_config(config);
            self.solve.config_changed(&mut self.why, &config);
            self.sent = Some(config);
        }
    }

    /// The next event of the listener, the file feed or the game's tab, if one is waiting.
    pub fn next_event(&mut self) -> Option<FeedEvent> {
        match (&self.listener, &self.feed, &mut self.tab) {
            (Some(l), _, _) => l.try_recv(),
            (None, Some(f), _) => f.try_recv(),
            (None, None, Some((_, t))) => t.try_recv(),
            (None, None, None) => None,
        }
    }

    /// Follows a game's tab on `channel` (the browser page's `#live=` link): its streams
    /// arrive through [`Self::tab_stream`].
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub fn follow_tab(&mut self, channel: &str, slide: &SlideSettings) -> Vec<ProbeEffect> {
        #[cfg(target_arch = "wasm32")]
        let worker = crate::probe::live_worker::LiveSearch::start()
            .map_err(|e| web_sys::console::warn_1(&e.into()))
            .ok()
            .map(|s| Box::new(s) as Box<dyn crate::probe::live_evidence::Searcher>);
        #[cfg(not(target_arch = "wasm32"))]
        let worker = None;
        self.follow_tab_in(channel, slide, worker)
    }

    /// Follows a game's tab with `worker` re-solving its moves and searching the move at the
    /// cursor (none: the page does both on its own thread).
    pub fn follow_tab_in(
        &mut self,
        channel: &str,
        slide: &SlideSettings,
        worker: Option<Box<dyn crate::probe::live_evidence::Searcher>>,
    ) -> Vec<ProbeEffect> {
        self.over_declared = false;
        let config = self.config(slide);
        self.listener = None;
        self.feed = None;
        self.why.forget_file();
        self.peer = None;
        self.tab = Some((
            channel.to_owned(),
            PushFeed::new("its tab on this origin", config),
        ));
        self.sent = Some(config);
        self.why.search_in(worker);
        let in_worker = self.solve.start(&mut self.why, &config);
        if let Some((_, feed)) = &mut self.tab {
            feed.solve_here(!in_worker);
        }
        let text = format!("waiting for the game's tab (channel {channel})");
        vec![Say(text, false)]
    }

    /// Whether the page follows a game's tab (a `#live=` link not since replaced by a file,
    /// a listener or Close).
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub fn follows_tab(&self) -> bool {
        self.tab.is_some()
    }

    /// What the game's tab sent: a new stream, its next bytes, or its goodbye.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub fn tab_stream(&mut self, part: TabPart<'_>) {
        let Some((_, feed)) = &mut self.tab else {
            return;
        };
        self.why.tab_part(&part);
        match part {
            TabPart::Begin => {
                self.solve.new_stream();
                feed.begin()
            }
            TabPart::Bytes(b) => feed.push(b),
            TabPart::End => feed.end(),
            TabPart::Lost(why) => feed.lose(why),
        }
    }

    /// One event: a move is filed in `sim`'s history (returns true); the rest are effects.
    pub fn on_event(&mut self, event: FeedEvent, sim: &mut Sim) -> (bool, Vec<ProbeEffect>) {
        let effects = match event {
            FeedEvent::Connected(peer) => {
                self.begin_history();
                self.why.level_made(true);
                let text = format!("a game connected from {peer}");
                self.peer = Some(peer);
                vec![ProbeEffect::FreshHistory, Say(text, false)]
            }
            FeedEvent::Refused(peer) => {
                let text = format!("refused a second game from {peer}: one game at a time");
                vec![Say(text, true)]
            }
            FeedEvent::Level(level) => {
                let follow = self.follow;
                self.begin_history();
                self.follow = follow;
                self.why.level_made(false);
                self.level = Some(level.clone());
                vec![ProbeEffect::ShowLevel(level), ProbeEffect::FreshHistory]
            }
            FeedEvent::Move(rec) => {
                self.diverging += u64::from(rec.markers.contains(MarkerKind::GameDiverges));
                self.moves += 1;
                sim.push_record(*rec);
                let early = self.solve.filed(sim.history_mut(), &self.tolerance);
                self.diverging += u64::from(early);
                return (true, Vec::new());
            }
            FeedEvent::Problem(p) => vec![Say(format!("probe: {p}"), true)],
            FeedEvent::Disconnected {
                moves,
                clean,
                error,
            } => self.disconnected(moves, clean, error),
        };
        (false, effects)
    }

    fn disconnected(&mut self, moves: u64, clean: bool, error: Option<String>) -> Vec<ProbeEffect> {
        self.peer = None;
        self.finished = true;
        let how = match (&error, clean) {
            (Some(e), _) => format!("cut short: {e}"),
            (None, true) => "closed by the game".into(),
            (None, false) => "ended without the game's END".into(),
        };
        let text = format!("game's stream ended after {moves} moves ({how})");
        vec![Say(text, error.is_some())]
    }

    /// Re-solves every game move in the history with the current settings (case mask,
    /// solver, …): "what would the reference have done". Begun here, carried on a slice a
    /// frame ([`ProbeState::resolve_step`]); asked again, it starts over.
    pub fn resolve_again(&mut self, sim: &mut Sim, slide: &SlideSettings) -> Vec<ProbeEffect> {
        let Some(level) = self.level.clone() else {
            return Vec::new();
        };
        self.resolving = Some(ResolveAll::new(level, self.config(slide), sim));
        self.resolve_step(sim, Duration::ZERO)
    }

    /// Phase *update*, after the events: the moves the page's worker re-solved are filed,
    /// and the move at the cursor is re-solved here if the history does not hold it whole. A
    /// worker that stopped leaves the re-solve to the page from then on.
    pub fn settle(&mut self, sim: &mut Sim, slide: &SlideSettings) -> Vec<ProbeEffect> {
        let config = self.config(slide);
        let level = self.level.as_deref();
        let settled = self.solve.settle(&mut self.why, sim, level, &config);
        self.diverging = self.diverging.saturating_add_signed(settled.diverging);
        let Some((why, waited)) = settled.stopped else {
            return Vec::new();
        };
        if let Some((_, feed)) = &mut self.tab {
            feed.solve_here(true);
        }
        let text = format!("the page's worker stopped ({why}): the page re-solves the moves");
        let mut out = vec![Say(text, true)];
        if waited {
            out.extend(self.resolve_again(sim, slide));
        }
        out
    }

    /// Drops a "Re-solve all" under way (the history it re-solves is gone).
    pub fn drop_resolving(&mut self) {
        self.resolving = None;
    }

    /// Carries a "Re-solve all" on for `budget` (a slice at least); once it is done the
    /// verdicts are the history's and the live why starts over.
    pub fn resolve_step(&mut self, sim: &mut Sim, budget: Duration) -> Vec<ProbeEffect> {
        let Some(done) = self.resolving.as_mut().and_then(|r| r.step(sim, budget)) else {
            return Vec::new();
        };
        self.resolving = None;
        // The verdicts changed under the live why's judge.
        self.why.restart_live();
        self.diverging = done.diverging;
        let text = format!(
            "re-solved {} game moves with the current settings in {:.0} ms: {} diverge",
            done.resolved, done.ms, done.diverging
        );
        vec![Say(text, false)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A session following a game's tab, and the Babylon three.js recording the game streams.
    fn following_a_tab() -> (Vec<u8>, SlideSettings, ProbeState, Sim) {
        let bytes = std::fs::read("tests/data/ports/babylon_threejs.slidelog").unwrap();
        let slide = SlideSettings::default();
        let mut probe = ProbeState::default();
        let sim = Sim::new(glam::Vec3::ZERO, Default::default(), slide);
        probe.follow_tab("test", &slide);
        (bytes, slide, probe, sim)
    }

    /// A game's tab streaming a recording in pieces of an odd size: the page files every move,
    /// judges it as reading the file does, and a reload (a second `Begin`) starts a fresh
    /// history. The second time the whole stream and the goodbye arrive before the page reads
    /// any of it (a page behind the game): every move is still filed, and the end is clean.
    #[test]
    fn a_game_tab_streamed_in_pieces_is_filed_as_its_file_is() {
        let (bytes, _, mut probe, mut sim) = following_a_tab();
        let (mut fresh, mut said) = (0, Vec::new());
        let mut drain = |probe: &mut ProbeState, sim: &mut Sim| {
            while let Some(e) = probe.next_event() {
                let (_, effects) = probe.on_event(e, sim);
                for e in effects {
                    match e {
                        ProbeEffect::FreshHistory => fresh += 1,
                        Say(text, _) => said.push(text),
                        _ => {}
                    }
                }
            }
        };
        for read_as_it_comes in [true, false] {
            probe.tab_stream(TabPart::Begin);
            for piece in bytes.chunks(65_537) {
                probe.tab_stream(TabPart::Bytes(piece));
                if read_as_it_comes {
                    drain(&mut probe, &mut sim);
                }
            }
            probe.tab_stream(TabPart::End);
            drain(&mut probe, &mut sim);
            let v = probe.view();
            assert_eq!((v.moves, v.diverging), (7680, 74));
            assert_eq!(
                v.source,
                Some(ProbeSource::Tab {
                    channel: "test".into(),
                    streaming: false
                })
            );
        }
        // Each stream: the connection's fresh history, then the level's.
        assert_eq!(fresh, 4);
        let ends: Vec<_> = said.iter().filter(|s| s.contains("stream ended")).collect();
        assert_eq!(ends.len(), 2, "{said:?}");
        assert!(
            ends.iter()
                .all(|s| s.contains("7680 moves (closed by the game)")),
            "{ends:?}"
        );
    }

    /// "Re-solve all" is carried a slice a frame: with no time to spare it takes a frame a
    /// slice, says nothing until it is done, re-solves the moves that arrive meanwhile (the
    /// second half of the stream, judged as they come with the settings the tab had), and ends
    /// with the verdicts of re-solving every move at once.
    #[test]
    fn re_solving_all_is_carried_a_slice_a_frame_and_ends_with_the_historys_verdicts() {
        let (bytes, mut slide, mut probe, mut sim) = following_a_tab();
        let drain = |probe: &mut ProbeState, sim: &mut Sim| {
            while let Some(e) = probe.next_event() {
                probe.on_event(e, sim);
            }
        };
        let (first, second) = bytes.split_at(bytes.len() / 2);
        probe.tab_stream(TabPart::Begin);
        probe.tab_stream(TabPart::Bytes(first));
        drain(&mut probe, &mut sim);
        let before = sim.history().len() as u64;
        // Without the face slab most moves diverge.
        slide.debug.cases.face = false;
        let mut said = probe.resolve_again(&mut sim, &slide);
        let (mut frames, mut rest) = (1, second.chunks(second.len() / 8 + 1));
        while said.is_empty() {
            if let Some(piece) = rest.next() {
                probe.tab_stream(TabPart::Bytes(piece));
                drain(&mut probe, &mut sim);
            }
            said = probe.resolve_step(&mut sim, Duration::ZERO);
            frames += 1;
        }
        let history = sim.history().len() as u64;
        assert_eq!(history, 7680, "the whole stream arrived during the job");
        assert!(
            frames * 32 >= history && frames <= history / 32 + 2,
            "{frames}"
        );
        assert!(before < history);
        let diverging = |sim: &Sim| {
            let d = |r: &&crate::sim::FrameRecord| r.markers.contains(MarkerKind::GameDiverges);
            sim.history().iter().filter(d).count() as u64
        };
        let now = diverging(&sim);
        assert!(now > 74 * 10, "{now}");
        assert_eq!(probe.view().diverging, now);
        let Some(Say(text, false)) = said.first() else {
            panic!("{:?}", said.len())
        };
        let words = format!("re-solved {history} game moves with the current settings in ");
        assert!(text.starts_with(&words) && text.ends_with(&format!(": {now} diverge")));
        // At once, as before: the same verdicts.
        let config = probe.config(&slide);
        let level = probe.level.clone().unwrap();
        let (mut scratch, mut trace) = Default::default();
        let at_once = (sim.history().iter())
            .filter_map(|r| {
                crate::probe::shadow::resolve_again(r, &level, &config, &mut scratch, &mut trace)
            })
            .filter(|r| r.markers.contains(MarkerKind::GameDiverges))
            .count() as u64;
        assert_eq!(at_once, now);
    }

    /// A tolerance set while "Re-solve all" runs holds for the moves it has not reached: the
    /// verdicts at the end are the ones the new tolerance gives.
    #[test]
    fn a_tolerance_set_during_re_solve_all_holds_for_the_rest() {
        let (bytes, mut slide, mut probe, mut sim) = following_a_tab();
        probe.tab_stream(TabPart::Begin);
        probe.tab_stream(TabPart::Bytes(&bytes));
        while let Some(e) = probe.next_event() {
            probe.on_event(e, &mut sim);
        }
        slide.debug.cases.face = false;
        let mut said = probe.resolve_again(&mut sim, &slide);
        let loose = ShadowTolerance {
            position_m: 10.0,
            normal_deg: 180.0,
        };
        probe.set_tolerance(loose, &mut sim);
        while said.is_empty() {
            said = probe.resolve_step(&mut sim, Duration::ZERO);
        }
        let at_once = |config: &ShadowConfig| {
            let level = probe.level.clone().unwrap();
            let (mut scratch, mut trace) = Default::default();
            (sim.history().iter())
                .filter_map(|r| {
                    crate::probe::shadow::resolve_again(r, &level, config, &mut scratch, &mut trace)
                })
                .filter(|r| r.markers.contains(MarkerKind::GameDiverges))
                .count() as u64
        };
        let strict = ShadowConfig {
            tolerance: ShadowTolerance::default(),
            ..probe.config(&slide)
        };
        let (now, loosely) = (probe.view().diverging, at_once(&probe.config(&slide)));
        assert_eq!(now, loosely);
        assert!(loosely < at_once(&strict), "{loosely}");
    }

    /// The inspector's why on a streamed game: a diverging move at the cursor gets where the
    /// game parts and the live judge's reason; a tolerance that lets it agree clears it, and
    /// back, the same lines; a move that agrees gets none.
    #[test]
    fn the_cursor_why_names_a_diverging_moves_stage_and_reason_and_nothing_else() {
        let (bytes, slide, mut probe, mut sim) = following_a_tab();
        probe.tab_stream(TabPart::Begin);
        probe.tab_stream(TabPart::Bytes(&bytes));
        probe.tab_stream(TabPart::End);
        while let Some(e) = probe.next_event() {
            probe.on_event(e, &mut sim);
        }
        let frames: Vec<_> = sim.history().iter().map(|r| (r.frame, r.markers)).collect();
        let diverging = frames
            .iter()
            .find(|(_, m)| m.contains(MarkerKind::GameDiverges))
            .unwrap()
            .0;
        let agreeing = frames
            .iter()
            .find(|(_, m)| !m.contains(MarkerKind::GameDiverges))
            .unwrap()
            .0;
        sim.command(TimelineCommand::Seek(diverging));
        probe.refresh_why(&sim, &slide);
        let lines = probe.view().why;
        assert!(lines.len() >= 2, "{lines:?}");
        assert!(lines.iter().any(|l| l.starts_with("why")), "{lines:?}");
        let strict = probe.tolerance;
        let loose = ShadowTolerance {
            position_m: 1e9,
            normal_deg: 180.0,
        };
        probe.tolerance = loose;
        probe.refresh_why(&sim, &slide);
        assert!(probe.view().why.is_empty(), "{:?}", probe.view().why);
        probe.tolerance = strict;
        probe.refresh_why(&sim, &slide);
        assert_eq!(probe.view().why, lines);
        sim.command(TimelineCommand::Seek(agreeing));
        probe.refresh_why(&sim, &slide);
        assert!(probe.view().why.is_empty());
    }

    /// "Re-solve all" carried to its end; how many moves diverge then.
    fn resolved_all(probe: &mut ProbeState, sim: &mut Sim, slide: &SlideSettings) -> u64 {
        let mut said = probe.resolve_again(sim, slide);
        while said.is_empty() {
            said = probe.resolve_step(sim, Duration::ZERO);
        }
        probe.view().diverging
    }

    /// The switches over the game's declared conventions: "take the game's" sets them to what
    /// the move at the cursor was re-solved with, which applied over the declaration judges
    /// every move as before; one declared row switched then re-judges the moves without the
    /// game's rule, and with the switches off the declaration holds again.
    #[test]
    fn switches_over_the_declared_conventions_judge_the_moves_without_the_games_rule() {
        use crate::collision::ShortMotion;
        // A fresh Babylon.js scene's walk, recorded with the adapter's declaration.
        let bytes = std::fs::read("tests/data/ports/babylon_fresh_scene.slidelog").unwrap();
        let (_, mut slide, mut probe, mut sim) = following_a_tab();
        probe.tab_stream(TabPart::Begin);
        probe.tab_stream(TabPart::Bytes(&bytes));
        probe.tab_stream(TabPart::End);
        while let Some(e) = probe.next_event() {
            probe.on_event(e, &mut sim);
        }
        let as_declared = probe.view().diverging;
        assert_eq!(as_declared, 4);
        sim.command(TimelineCommand::Seek(0));
        let taken = probe.apply(ProbeCommand::TakeDeclared, &mut sim, &slide);
        let [ProbeEffect::SetConventions(c)] = &taken[..] else {
            panic!("{} effects", taken.len())
        };
        assert_eq!(c.short_motion, ShortMotion::Dropped, "Babylon's, declared");
        slide.conventions = *c;
        probe.apply(ProbeCommand::OverDeclared(true), &mut sim, &slide);
        assert!(probe.view().over_declared);
        assert_eq!(resolved_all(&mut probe, &mut sim, &slide), as_declared);
        slide.conventions.short_motion = ShortMotion::Applied;
        let without = resolved_all(&mut probe, &mut sim, &slide);
        assert_eq!(without, 59);
        probe.apply(ProbeCommand::OverDeclared(false), &mut sim, &slide);
        assert_eq!(resolved_all(&mut probe, &mut sim, &slide), as_declared);
    }
}
