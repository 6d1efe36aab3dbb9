//! A game move re-solved away from the page that shows it (the browser page's worker,
//! `live_worker.rs`), handed back as what the page's history keeps of a move it does not show:
//! the comparison, the verdict's markers, the findings and the re-solve's end, without the
//! trace. The page files each move of a followed game's tab before its re-solve
//! ([`shadow::unsolved`](super::shadow::unsolved)), takes these as they come back
//! ([`Judged::file`]), and re-solves on its own thread only the move it shows
//! ([`solve_shown`]), so what a streaming game costs the page does not grow with the moves a
//! frame or the level's size. Messages are MessagePack, as the worker's other answers.

use serde::{Deserialize, Serialize};

use super::shadow::resolve_again;
use super::{Cause, Comparison, ProbeLevel, ShadowConfig, ShadowTolerance};
use crate::collision::{Scratch, Trace};
use crate::sim::{
    Findings, FrameRecord, History, MarkerKind, Markers, PlayerState, SolveState, StepOutcome,
};

/// The largest batch of judged moves read at once (a move is a few hundred bytes).
const BATCH_LIMIT: usize = 64 << 20;

/// One move's re-solve as the page's history keeps it for a move it does not show.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Judged {
    /// The move's index in its stream.
    pub index: u64,
    pub comparison: Comparison,
    pub unresolved: Option<(Cause, String)>,
    pub markers: Markers,
    pub findings: Findings,
    pub outcome: StepOutcome,
    pub after: PlayerState,
}

impl Judged {
    /// What the page keeps of `record`, a game move re-solved whole; `None` for another record.
    pub fn of(record: &FrameRecord) -> Option<Self> {
        let game = record.game.as_deref()?;
        Some(Self {
            index: game.index,
            comparison: game.comparison.clone(),
            unresolved: game.unresolved.clone(),
            markers: record.markers,
            findings: record.findings,
            outcome: record.outcome.clone(),
            after: record.after,
        })
    }

    /// Files the re-solve onto `pending`, the same move filed before it
    /// ([`SolveState::Pending`]), its divergence judged with `tol` (the page's, which may
    /// have changed since the worker judged it); `None` when `pending` is another move or no
    /// longer waits (re-solved here meanwhile).
    pub fn file(self, pending: &FrameRecord, tol: &ShadowTolerance) -> Option<FrameRecord> {
        let game = pending.game.as_deref()?;
        if game.index != self.index || game.solve != SolveState::Pending {
            return None;
        }
        let mut record = pending.clone();
        let game = record.game.as_deref_mut()?;
        game.comparison = self.comparison;
        game.unresolved = self.unresolved;
        game.solve = SolveState::Judged;
        let diverges = game.verdict(tol).diverges;
        record.markers = self.markers.with(MarkerKind::GameDiverges, diverges);
        record.findings = self.findings;
        record.outcome = self.outcome;
        record.after = self.after;
        Some(record)
    }
}

pub fn encode(batch: &[Judged]) -> Vec<u8> {
    rmp_serde::to_vec_named(batch).unwrap_or_default()
}

pub fn decode(bytes: &[u8]) -> Result<Vec<Judged>, String> {
    if bytes.len() > BATCH_LIMIT {
        return Err(format!(
            "a batch of judged moves is {} bytes, more than the {BATCH_LIMIT} read",
            bytes.len()
        ));
    }
    rmp_serde::from_slice(bytes).map_err(|e| format!("the worker's moves could not be read: {e}"))
}

/// The page's moves waiting for their re-solve, in the order they were filed: a move's index
/// in its stream and its history frame. Answers come back in the same order.
#[derive(Default)]
pub struct Waiting {
    moves: std::collections::VecDeque<(u64, u64)>,
}

impl Waiting {
    /// `record`, just filed in the history, waits for its re-solve if it was filed pending.
    pub fn filed(&mut self, record: &FrameRecord) {
        if let Some(g) = record
            .game
            .as_deref()
            .filter(|g| g.solve == SolveState::Pending)
        {
            self.moves.push_back((g.index, record.frame));
        }
    }

    /// Nothing waits (a new history; or the page re-solves what waited itself).
    pub fn clear(&mut self) {
        self.moves.clear();
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// The history frame of the first move waiting.
    pub fn first_frame(&self) -> Option<u64> {
        self.moves.front().map(|(_, f)| *f)
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Files each judged move onto its waiting record in `history`; how many of those filed
    /// diverge. An answer for a move no longer waiting (another history's, or one re-solved
    /// here) is dropped.
    pub fn take(
        &mut self,
        batch: Vec<Judged>,
        history: &mut History,
        tol: &ShadowTolerance,
    ) -> u64 {
        let mut diverging = 0;
        for judged in batch {
            while self.moves.front().is_some_and(|(i, _)| *i < judged.index) {
                self.moves.pop_front();
            }
            let Some((_, frame)) = self.moves.front().filter(|(i, _)| *i == judged.index) else {
                continue;
            };
            let frame = *frame;
            self.moves.pop_front();
            let filed = history.get(frame).and_then(|r| judged.file(r, tol));
            if let Some(record) = filed {
                diverging += u64::from(record.markers.contains(MarkerKind::GameDiverges));
                history.replace(record);
            }
        }
        diverging
    }
}

/// Re-solves the game move at `frame` on `level` unless the history holds it whole: the move
/// the page shows (its trace, drawn and stepped). `Some(diverges)` when the move was still
/// waiting for its verdict (its verdict is this re-solve's; the worker's, when it comes, is
/// dropped), `None` otherwise.
pub fn solve_shown(
    history: &mut History,
    frame: u64,
    level: &ProbeLevel,
    config: &ShadowConfig,
    (scratch, trace): (&mut Scratch, &mut Trace),
) -> Option<bool> {
    let record = history.get(frame)?;
    let solve = record.game.as_deref()?.solve;
    if solve == SolveState::Whole {
        return None;
    }
    let again = resolve_again(record, level, config, scratch, trace)?;
    let diverges = again.markers.contains(MarkerKind::GameDiverges);
    history.replace(again);
    (solve == SolveState::Pending).then_some(diverges)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::probe::{ProbeSession, Step};

    /// A move re-solved afresh under a convention switch is the same record as the move
    /// re-solved first without it and then again under it ("Re-solve all"), so the worker,
    /// which re-solves afresh, and the page's "Re-solve all" give the same verdicts.
    #[test]
    fn re_solving_afresh_and_again_agree() {
        for file in ["babylon_threejs", "irrlicht_lavaducts"] {
            let path = format!(
                "{}/tests/data/ports/{file}.slidelog",
                env!("CARGO_MANIFEST_DIR")
            );
            let reader = slidescope_probe::read::Reader::new(std::io::BufReader::new(
                std::fs::File::open(path).unwrap(),
            ))
            .unwrap();
            let mut session = ProbeSession::new(".");
            let (base, mut switched) = (ShadowConfig::default(), ShadowConfig::default());
            switched.settings.conventions.skin_in_metres = true;
            let (mut s, mut t) = (Scratch::default(), Trace::default());
            let mut differ = Vec::new();
            for record in reader {
                let Step::Move(m) = session.step(record.unwrap()) else {
                    continue;
                };
                let afresh = m.resolve(&switched, &mut s, &mut t);
                let first = m.resolve(&base, &mut s, &mut t);
                let level = m.level.as_deref().unwrap();
                let again = resolve_again(&first, level, &switched, &mut s, &mut t).unwrap();
                if format!("{afresh:?}") != format!("{again:?}") {
                    differ.push(m.index);
                }
            }
            assert!(
                differ.is_empty(),
                "{file}: {} moves differ: {:?}",
                differ.len(),
                &differ[..differ.len().min(10)]
            );
        }
    }
}
