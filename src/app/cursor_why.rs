//! Why the game move at the cursor diverges, as the inspector shows it: the stage where the
//! game and the reference part, then the reason — the open file's check's (the table's) for a
//! file's moves, the live judge's ([`LiveJudge`]) for a live game's, whose move is searched in
//! the page's worker when the browser page follows a game's tab (`probe::live_worker`).
//! Recomputed only when the cursor, the tolerance, the settings, the file's reasons or the
//! worker's answers change.

use std::path::Path;
use std::sync::Arc;

use super::live_why::LiveJudge;
use super::tab_why::TabWhy;
use crate::collision::SlideSettings;
use crate::probe::explain::stage;
use crate::probe::file_whys::FileWhys;
use crate::probe::judged::Judged;
use crate::probe::live_evidence::Searcher;
use crate::probe::probe_file_check::CheckOptions;
use crate::probe::{ProbeLevel, ShadowConfig, ShadowTolerance};
use crate::sim::{FrameRecord, Sim};

/// What the cursor's explanation depends on: the record, the tolerance, the settings, whether
/// they apply over the game's declared conventions, whether the file's reasons are in, and
/// how many answers the tab's worker has given, whether the cursor follows the game, and
/// whether every move before it has its verdict (a tab's worker judges them).
type WhyKey = (
    u64,
    ShadowTolerance,
    SlideSettings,
    bool,
    bool,
    u64,
    bool,
    bool,
);

/// The cursor's why, the open file's reasons and a live game's judge.
#[derive(Default)]
pub(super) struct CursorWhy {
    /// The lines shown, for the key they were explained with.
    shown: Option<(WhyKey, Vec<String>)>,
    /// The open file's check, which gives the inspector its reasons.
    file: Option<FileWhys>,
    /// A live game's explainer, kept between frames.
    live: LiveJudge,
    /// Levels the followed stream made active (the worker's mirror numbers them alike).
    levels: u64,
    /// The cursor follows the newest game move (the probe session's `follow`).
    pub following: bool,
    /// The history frame of the first move still waiting for the tab's worker's verdict.
    pub first_waiting: Option<u64>,
    /// The followed game tab's worker, which re-solves its moves and searches the move at
    /// the cursor.
    tab: Option<TabWhy<Box<dyn Searcher>>>,
}

impl CursorWhy {
    /// The lines the inspector shows.
    pub fn lines(&self) -> Vec<String> {
        self.shown
            .as_ref()
            .map_or_else(Vec::new, |(_, l)| l.clone())
    }

    /// Starts checking the probe file at `path`, whose moves are then explained by it.
    pub fn start_file(&mut self, path: &Path, config: &ShadowConfig) {
        self.file = Some(FileWhys::start(path, check_options(config)));
    }

    /// No file's reasons: a live game, or none.
    pub fn forget_file(&mut self) {
        self.file = None;
    }

    /// The followed tab's moves go to `searcher` (the page's worker; a same-thread one in
    /// tests), or to none.
    pub fn search_in(&mut self, searcher: Option<Box<dyn Searcher>>) {
        self.tab = searcher.map(TabWhy::new);
        self.levels = 0;
    }

    /// The followed tab's next piece, for the worker's copy of the stream.
    pub fn tab_part(&mut self, part: &crate::probe::push_feed::TabPart<'_>) {
        // A worker that stopped is handed nothing more (the page does its work).
        if let Some(t) = self.tab.as_mut().filter(|t| t.failure().is_none()) {
            t.part(part);
        }
    }

    /// The worker re-solves the followed tab's moves (with `config` from now on); false
    /// without a worker, or once it stopped (why: [`Self::worker_failure`]).
    pub fn solves_in_worker(&mut self, config: &ShadowConfig) -> bool {
        let Some(tab) = self.tab.as_mut().filter(|t| t.failure().is_none()) else {
            return false;
        };
        tab.config(config);
        true
    }

    /// Why the worker stopped, if one did.
    pub fn worker_failure(&self) -> Option<String> {
        self.tab.as_ref().and_then(|t| t.failure())
    }

    /// The moves the worker re-solved since the last call.
    pub fn judged(&mut self) -> Vec<Judged> {
        self.tab.as_mut().map_or_else(Vec::new, |t| t.judged())
    }

    /// The stream made a level active (the first is 1; a new stream counts afresh).
    pub fn level_made(&mut self, fresh_stream: bool) {
        self.levels = if fresh_stream { 0 } else { self.levels + 1 };
    }

    /// A new history, or verdicts changed under the live judge: it starts afresh, and the
    /// cursor's why is explained again.
    pub fn restart_live(&mut self) {
        self.live = LiveJudge::default();
        if let Some(tab) = &mut self.tab {
            tab.forget();
        }
        self.shown = None;
    }

    /// Phase *update*: explains the game move at the cursor when it diverges. `file` is the
    /// open probe file's path (its check restarts when the configuration changed).
    pub fn refresh(
        &mut self,
        sim: &Sim,
        level: Option<&Arc<ProbeLevel>>,
        file: Option<&Path>,
        config: &ShadowConfig,
    ) {
        let Some((rec, _)) = sim.cursor_frame() else {
            self.shown = None;
            return;
        };
        let over = config.over_declared;
        // With the switches over the declaration the file's reasons go unused: its check is
        // not restarted at each switch (in a page, a worker and a whole check each).
        let ready = !over && self.file_ready(file, config);
        let answers = self.answers_in();
        let key = (
            rec.frame,
            config.tolerance,
            config.settings,
            over,
            ready,
            answers,
            // Following, a tab's why may be another move's; paused, it is the cursor's own.
            self.following,
            self.first_waiting.is_none_or(|f| f >= rec.frame),
        );
        if self.shown.as_ref().is_some_and(|(k, _)| *k == key) {
            return;
        }
        let lines = match (&rec.game, level) {
            (Some(g), Some(level)) if g.verdict(&config.tolerance).diverges => {
                let parting = stage::parting(rec, g, &config.tolerance).map(|p| p.line());
                // The file's check judges the moves as the game declared them: with the
                // switches over the declaration, the live judge explains the verdicts shown.
                let file = self.file.as_mut().filter(|_| !over);
                let why = match file.map(|w| w.get()) {
                    Some(Some(Ok(whys))) => whys.get(&g.index).cloned().unwrap_or_else(|| {
                        vec!["why: the file's check did not flag this move".into()]
                    }),
                    Some(Some(Err(e))) => vec![format!("why: the file's check failed: {e}")],
                    Some(None) => vec!["why: explaining the whole file…".into()],
                    None => self.live_lines(sim, rec, level, config),
                };
                parting.into_iter().chain(why).collect()
            }
            _ => Vec::new(),
        };
        self.shown = Some((key, lines));
    }

    /// A live game's move: the judge's why, its evidence searched in the tab's worker (the
    /// why waits for it) or here.
    fn live_lines(
        &mut self,
        sim: &Sim,
        rec: &FrameRecord,
        level: &Arc<ProbeLevel>,
        config: &ShadowConfig,
    ) -> Vec<String> {
        let note = match self.searched_in_worker(sim, rec, level, config) {
            Ok(lines) => return lines,
            Err(note) => note,
        };
        let lines = self.live.why(sim.history(), rec, level, config).lines();
        lines.into_iter().chain(note).collect()
    }

    /// The why with the worker's evidence, or that it waits for it; `Err`: no worker, or it
    /// failed (a line saying so), so the move is searched here.
    fn searched_in_worker(
        &mut self,
        sim: &Sim,
        rec: &FrameRecord,
        level: &Arc<ProbeLevel>,
        config: &ShadowConfig,
    ) -> Result<Vec<String>, Option<String>> {
        let tab = self.tab.as_mut().ok_or(None)?;
        let on = (rec, level, self.levels);
        let following = self.following;
        (tab.lines(&mut self.live, sim.history(), on, config, following)).map_err(Some)
    }

    /// Answers the tab's worker has given so far (0 without one).
    fn answers_in(&mut self) -> u64 {
        if let Some(tab) = &mut self.tab {
            return tab.poll();
        }
        0
    }

    /// Whether the open file's reasons are ready, restarting its check when the tolerance or
    /// the settings changed.
    fn file_ready(&mut self, path: Option<&Path>, config: &ShadowConfig) -> bool {
        let (Some(path), Some(w)) = (path, &mut self.file) else {
            return false;
        };
        let options = &w.options;
        if (options.settings, options.tolerance) != (config.settings, config.tolerance) {
            *w = FileWhys::start(path, check_options(config));
        }
        w.get().is_some()
    }
}

/// The check's options for the app's re-solve configuration.
fn check_options(config: &ShadowConfig) -> CheckOptions {
    CheckOptions {
        settings: config.settings,
        tolerance: config.tolerance,
        ..Default::default()
    }
}
