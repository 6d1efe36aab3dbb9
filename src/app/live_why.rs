//! A live game's why: the one explainer (`probe::explain::Judge`) over the game's moves in the
//! history before the move at the cursor, then that move with its own evidence. The judge is
//! kept between frames, so while the cursor follows the newest move each frame steps only the
//! moves that arrived since, where replaying the whole history took time in proportion to it.

use std::sync::Arc;

use crate::probe::explain::bug_class::{crosses_a_triangle, start_depth_es};
use crate::probe::explain::{Evidence, Judge, SearchHint, Why};
use crate::probe::live_evidence::gather_live;
use crate::probe::{ProbeLevel, ShadowConfig};
use crate::sim::{FrameRecord, History, SolveState};

/// The judge over the history's moves up to (not including) frame `next`, for one
/// configuration: rebuilt from the history's first frame when the cursor goes back before
/// `next`, the configuration changes, or the history no longer holds the move last stepped
/// where it was (a resume from the cursor). The app starts a new one with each new history
/// and after re-solving the moves again. Moves the history evicted since they were stepped
/// stay counted.
#[derive(Default, Clone)]
pub(super) struct LiveJudge {
    judge: Judge,
    next: u64,
    /// The frame and move index of the last game move stepped.
    last_move: Option<(u64, u64)>,
    config: Option<ShadowConfig>,
}

impl LiveJudge {
    /// Why `rec` (at the cursor, a diverging game move) diverges, judged after the moves
    /// before it, its evidence searched here.
    pub fn why(
        &mut self,
        history: &History,
        rec: &FrameRecord,
        level: &Arc<ProbeLevel>,
        config: &ShadowConfig,
    ) -> Why {
        let hint = self.hint(history, rec.frame, level, config);
        let evidence = gather_live(&hint, level, rec, config);
        self.why_with(rec, level, config, evidence)
    }

    /// The judge stepped over the moves before frame `until`; what the search of the move
    /// there starts from.
    pub fn hint(
        &mut self,
        history: &History,
        until: u64,
        level: &ProbeLevel,
        config: &ShadowConfig,
    ) -> SearchHint {
        self.catch_up(history, until, level, config);
        self.judge.hint()
    }

    /// Why `rec` diverges, given its `evidence` (searched from [`Self::hint`] for it, here or
    /// in the page's worker).
    pub fn why_with(
        &self,
        rec: &FrameRecord,
        level: &ProbeLevel,
        config: &ShadowConfig,
        evidence: Evidence,
    ) -> Why {
        let Some(game) = rec.game.as_deref() else {
            return Why::Unexplained;
        };
        // The move at the cursor is judged on a copy: the next frame's cursor may be another.
        let mut judge = self.judge.clone();
        let crosses = |a, b| crosses(rec, level, a, b);
        judge
            .step(
                game,
                Some(evidence),
                &config.tolerance,
                Evidence::default,
                (crosses, || true),
            )
            .map_or(Why::Unexplained, |f| f.why(&judge.facts()))
    }

    /// Steps the judge over the game moves of frames `next..until`, from the history's start
    /// when what it stepped no longer stands.
    fn catch_up(
        &mut self,
        history: &History,
        until: u64,
        level: &ProbeLevel,
        config: &ShadowConfig,
    ) {
        let stepped_still_there = || {
            self.last_move.is_none_or(|(frame, index)| {
                let there = history.get(frame).and_then(|r| r.game.as_ref());
                there.is_some_and(|g| g.index == index)
            })
        };
        if self.config != Some(*config) || until < self.next || !stepped_still_there() {
            *self = Self {
                next: history.first_frame().unwrap_or(0),
                config: Some(*config),
                ..Self::default()
            };
        }
        let tol = &config.tolerance;
        for r in (self.next..until).filter_map(|f| history.get(f)) {
            let frame = r.frame;
            // A move whose re-solve has not come back yet has no verdict: the judge waits
            // there (the page's worker judges the moves in order).
            if r.game
                .as_deref()
                .is_some_and(|g| g.solve == SolveState::Pending)
            {
                self.next = frame;
                return;
            }
            if let Some(g) = r.game.as_deref() {
                let skin = g.skin_es.unwrap_or(config.settings.tuning.skin_es);
                // One overlap query of the start serves both depths, asked only when needed.
                let depth = std::cell::OnceCell::new();
                let depth_es = || *depth.get_or_init(|| start_depth_es(g, level));
                let unsound = || depth_es().is_some_and(|d| d > skin);
                let flagged = g.verdict(tol).diverges.then(|| Evidence {
                    start_unsound: unsound(),
                    start_inside: depth_es().is_some(),
                    searched: true,
                    ..Default::default()
                });
                let crosses = |a, b| crosses(r, level, a, b);
                self.judge
                    .step(g, flagged, tol, Evidence::default, (crosses, unsound));
                self.last_move = Some((frame, g.index));
            }
        }
        self.next = self.next.max(until);
    }
}

/// Whether the path from `a` to `b` crosses the level, as the file check asks it: a one-sided
/// level (`rec`'s sidedness) may be walked through from behind, so no crossing counts there.
fn crosses(rec: &FrameRecord, level: &ProbeLevel, a: glam::Vec3, b: glam::Vec3) -> bool {
    let two_sided =
        rec.call.settings.conventions.sidedness == crate::collision::Sidedness::TwoSided;
    two_sided && crosses_a_triangle(level, a, b)
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::time::Duration;

    use super::*;
    use crate::probe::feed::{FeedEvent, FileFeed};

    /// A committed recording read as the app reads a game: its level and its moves filed in a
    /// history one frame each.
    fn history_of(file: &str, config: ShadowConfig) -> (History, Arc<ProbeLevel>) {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/ports")
            .join(file);
        let feed = FileFeed::open(&path, config).unwrap();
        let (mut history, mut level) = (History::new(usize::MAX), None);
        let mut frame = 0;
        // The feed's worker ends with `Disconnected`; 10 minutes is the limit on a loaded
        // machine.
        while let Some(e) = feed.recv_timeout(Duration::from_secs(600)) {
            match e {
                FeedEvent::Level(l) => level = Some(l),
                FeedEvent::Move(mut r) => {
                    r.frame = frame;
                    frame += 1;
                    history.push(*r);
                }
                FeedEvent::Disconnected { clean, .. } => {
                    assert!(clean);
                    break;
                }
                _ => {}
            }
        }
        (history, level.unwrap())
    }

    /// The judge kept between frames gives every move the why a judge built afresh for it
    /// gives: the cursor walking forward over the diverging moves, then back, then forward.
    #[test]
    fn the_kept_judge_answers_as_a_fresh_one_forward_and_back() {
        let config = ShadowConfig::default();
        let (history, level) = history_of("babylon_lavaducts.slidelog", config);
        let diverging: Vec<&FrameRecord> = (history.iter())
            .filter(|r| {
                r.game
                    .as_ref()
                    .is_some_and(|g| g.verdict(&config.tolerance).diverges)
            })
            .collect();
        assert!(diverging.len() > 300, "{}", diverging.len());
        // Every 8th, then the same backwards, then forward again from the middle.
        let some: Vec<&FrameRecord> = diverging.iter().step_by(8).copied().collect();
        let order = (some.iter().chain(some.iter().rev())).chain(some.iter().skip(some.len() / 2));
        let mut kept = LiveJudge::default();
        let mut cascades = 0;
        for rec in order {
            let why = kept.why(&history, rec, &level, &config);
            let fresh = LiveJudge::default().why(&history, rec, &level, &config);
            assert_eq!(why, fresh, "frame {}", rec.frame);
            cascades += u32::from(matches!(why, Why::Cascade { .. }));
        }
        assert!(
            cascades > 0,
            "the moves before a cascade's root were judged"
        );
    }
}
