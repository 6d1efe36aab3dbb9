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
    /// Which configuration it was re-solved with: how many the worker had been sent then.
    pub config: u64,
    pub comparison: Comparison,
    pub unresolved: Option<(Cause, String)>,
    pub markers: Markers,
    pub findings: Findings,
    pub outcome: StepOutcome,
    pub after: PlayerState,
}

impl Judged {
    /// What the page keeps of `record`, a game move re-solved whole with the `config`-th
    /// configuration; `None` for another record.
    pub fn of(record: &FrameRecord, config: u64) -> Option<Self> {
        let game = record.game.as_deref()?;
        Some(Self {
            index: game.index,
            config,
            comparison: game.comparison.clone(),
            unresolved: game.unresolved.clone(),
            markers: record.markers,
            findings: record.findings,
            outcome: record.outcome.clone(),
            after: record.after,
        })
    }

    /// Whether the move diverges beyond `tol` (as its record's verdict judges it).
    pub fn diverges(&self, tol: &ShadowTolerance) -> bool {
        self.unresolved.is_some() || self.comparison.verdict(tol).diverges
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

/// Re-solves the game move at `frame` on `level` unless the history holds it whole: the move
/// the page shows (its trace, drawn and stepped), with the settings now. What that changes in
/// the count of diverging moves: a move waiting for its verdict takes this one (the worker's,
/// when it comes, is dropped); a judged move's verdict may differ under settings changed since.
pub fn solve_shown(
    history: &mut History,
    frame: u64,
    level: &ProbeLevel,
    config: &ShadowConfig,
    (scratch, trace): (&mut Scratch, &mut Trace),
) -> i64 {
    let Some(record) = history.get(frame) else {
        return 0;
    };
    let Some(solve) = record.game.as_deref().map(|g| g.solve) else {
        return 0;
    };
    let before = match solve {
        SolveState::Whole => return 0,
        SolveState::Pending => false,
        SolveState::Judged => record.markers.contains(MarkerKind::GameDiverges),
    };
    let Some(again) = resolve_again(record, level, config, scratch, trace) else {
        return 0;
    };
    let now = again.markers.contains(MarkerKind::GameDiverges);
    history.replace(again);
    i64::from(now) - i64::from(before)
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
