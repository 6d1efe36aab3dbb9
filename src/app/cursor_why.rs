//! Why the game move at the cursor diverges, as the inspector shows it: the stage where the
//! game and the reference part, then the reason — the open file's check's (the table's) for a
//! file's moves, the live judge's ([`LiveJudge`]) for a live game's. Recomputed only when the
//! cursor, the tolerance, the settings or the file's reasons change.

use std::path::Path;
use std::sync::Arc;

use super::live_why::LiveJudge;
use crate::collision::SlideSettings;
use crate::probe::explain::stage;
use crate::probe::file_whys::FileWhys;
use crate::probe::probe_file_check::CheckOptions;
use crate::probe::{ProbeLevel, ShadowConfig, ShadowTolerance};
use crate::sim::Sim;

/// What the cursor's explanation depends on: the record, the tolerance, the settings, whether
/// they apply over the game's declared conventions, and whether the file's reasons are in.
type WhyKey = (u64, ShadowTolerance, SlideSettings, bool, bool);

/// The cursor's why, the open file's reasons and a live game's judge.
#[derive(Default)]
pub(super) struct CursorWhy {
    /// The lines shown, for the key they were explained with.
    shown: Option<(WhyKey, Vec<String>)>,
    /// The open file's check, which gives the inspector its reasons.
    file: Option<FileWhys>,
    /// A live game's explainer, kept between frames.
    live: LiveJudge,
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

    /// A new history, or verdicts changed under the live judge: it starts afresh, and the
    /// cursor's why is explained again.
    pub fn restart_live(&mut self) {
        self.live = LiveJudge::default();
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
        let key = (rec.frame, config.tolerance, config.settings, over, ready);
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
                    None => self.live.why(sim.history(), rec, level, config).lines(),
                };
                parting.into_iter().chain(why).collect()
            }
            _ => Vec::new(),
        };
        self.shown = Some((key, lines));
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
