//! The page's side of the worker's verdicts (`judged.rs`): which moves filed unsolved wait for
//! one, and the verdicts that came before their move was filed. The worker reads the stream as
//! soon as it arrives, the page a slice of it a frame, so the worker is often ahead (a replay
//! after a reload, a page in the background); a verdict of a move not yet filed is kept for it.
//! A move whose verdict will not come — the worker skipped it, it was made with settings the
//! page has since changed, or it was dropped from a full queue — is an *orphan*, which the page
//! re-solves itself. A move dropped from the history before its verdict is still counted.

use std::collections::VecDeque;

use super::ShadowTolerance;
use super::judged::Judged;
use crate::sim::{History, MarkerKind, SolveState};

/// Verdicts kept for moves not yet filed (a stream's backlog is at most 128 MiB, a few hundred
/// thousand moves); past it the oldest go, and their moves are re-solved by the page.
const EARLY_LIMIT: usize = 1 << 20;

/// The page's moves waiting for the worker's verdicts, and the verdicts waiting for moves.
#[derive(Default)]
pub struct Waiting {
    /// Moves filed unsolved: their index in the stream and their history frame, in order.
    moves: VecDeque<(u64, u64)>,
    /// Verdicts of moves the page has not filed yet, in order.
    early: VecDeque<Judged>,
    /// The newest move the page filed (its index).
    last_filed: Option<u64>,
    /// Frames whose verdict will not come: the page re-solves them.
    orphans: Vec<u64>,
}

impl Waiting {
    /// A new stream: nothing it holds is of it.
    pub fn new_stream(&mut self) {
        *self = Self::default();
    }

    /// A new history of the same stream: its moves no longer wait (their frames are gone),
    /// the verdicts that came early are kept for the moves to come.
    pub fn new_history(&mut self) {
        self.moves.clear();
        self.orphans.clear();
    }

    /// Moves filed that wait for their verdict.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The history frame of the first move waiting.
    pub fn first_frame(&self) -> Option<u64> {
        self.moves.front().map(|(_, f)| *f)
    }

    /// The frames the page must re-solve itself, since the last call.
    pub fn take_orphans(&mut self) -> Vec<u64> {
        std::mem::take(&mut self.orphans)
    }

    /// The history's newest record was just filed: a move filed unsolved takes its verdict if
    /// it came early, or waits for it. Whether it was filed diverging now. `config`: how many
    /// configurations the worker has been sent (a verdict of another is not taken).
    pub fn filed(&mut self, history: &mut History, tol: &ShadowTolerance, config: u64) -> bool {
        let Some(record) = history.last() else {
            return false;
        };
        let Some(game) = record.game.as_deref() else {
            return false;
        };
        let (index, frame) = (game.index, record.frame);
        self.last_filed = Some(index);
        if game.solve != SolveState::Pending {
            return false;
        }
        while self.early.front().is_some_and(|j| j.index < index) {
            self.early.pop_front();
        }
        match self.early.front().map(|j| j.index) {
            Some(i) if i == index => {
                let judged = self.early.pop_front().expect("a front");
                self.file(judged, frame, history, tol, config)
            }
            // A later move's verdict came: this one's did not (dropped from a full queue).
            Some(_) => {
                self.orphans.push(frame);
                false
            }
            None => {
                self.moves.push_back((index, frame));
                false
            }
        }
    }

    /// Files each of the worker's verdicts onto its waiting move, or keeps it for a move not
    /// filed yet; how many of those filed diverge.
    pub fn take(
        &mut self,
        batch: Vec<Judged>,
        history: &mut History,
        tol: &ShadowTolerance,
        config: u64,
    ) -> u64 {
        let mut diverging = 0;
        for judged in batch {
            // Moves before it that still wait were skipped: theirs will not come.
            while let Some((_, frame)) = self.moves.front().filter(|(i, _)| *i < judged.index) {
                self.orphans.push(*frame);
                self.moves.pop_front();
            }
            match self.moves.front() {
                Some(&(i, frame)) if i == judged.index => {
                    self.moves.pop_front();
                    diverging += u64::from(self.file(judged, frame, history, tol, config));
                }
                _ if self.last_filed.is_none_or(|last| judged.index > last) => self.keep(judged),
                // A move no longer waiting (re-solved here, or of an older history).
                _ => {}
            }
        }
        diverging
    }

    fn keep(&mut self, judged: Judged) {
        if self.early.len() == EARLY_LIMIT {
            self.early.pop_front();
        }
        self.early.push_back(judged);
    }

    /// Files `judged` onto the record at `frame`; whether it diverges. A verdict of another
    /// configuration leaves the move to the page; a move the history dropped meanwhile is
    /// counted all the same.
    fn file(
        &mut self,
        judged: Judged,
        frame: u64,
        history: &mut History,
        tol: &ShadowTolerance,
        config: u64,
    ) -> bool {
        if judged.config != config {
            self.orphans.push(frame);
            return false;
        }
        let Some(pending) = history.get(frame) else {
            return judged.diverges(tol);
        };
        match judged.file(pending, tol) {
            Some(record) => {
                let diverges = record.markers.contains(MarkerKind::GameDiverges);
                history.replace(record);
                diverges
            }
            None => false,
        }
    }
}
