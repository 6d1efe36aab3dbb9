//! A live game's move at the cursor, searched for what reconciles it (`explain::gather`: the
//! convention sets, the bug classes; 0.1–10 ms a move, `docs/measurements.md`), away from the
//! page that draws it. The browser page's worker (`live_worker.rs`) keeps a [`Mirror`] of the
//! followed game's stream — the same pieces the page reads, read by the same session, for its
//! levels — and answers an [`Ask`] (the move's record, the judge's hint, the configuration and
//! which of the stream's levels it was re-solved on) with the move's [`Evidence`]. The judge
//! that names it stays with the page (`app/tab_why.rs`), so the why is the one a search on the
//! page's thread gives: [`gather_live`] is what both run.
//!
//! Messages are MessagePack (`rmp-serde`): a record's floats cross exactly, NaN included.

use std::collections::VecDeque;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use slidescope_probe::push::PushReader;

use super::explain::{Evidence, SearchHint, gather};
use super::judged::Judged;
use super::probe_session::{PendingMove, ProbeSession, Step};
use super::push_feed::{BACKLOG_LIMIT, TabPart};
use super::{ProbeLevel, ShadowConfig};
use crate::collision::{Scratch, Trace};
use crate::sim::FrameRecord;

/// Levels a mirror keeps, the newest (a game switching back and forth re-sends or re-uses
/// them; an ask for one dropped is answered with an error).
const LEVELS_KEPT: usize = 8;
/// The largest ask or answer read (a record with its trace is kilobytes).
const MESSAGE_LIMIT: usize = 16 << 20;

/// The evidence of `record` (a game move re-solved on `level`), as the file check gathers it.
pub fn gather_live(
    hint: &SearchHint,
    level: &ProbeLevel,
    record: &FrameRecord,
    config: &ShadowConfig,
) -> Evidence {
    let mut objects = level.objects().clone();
    objects.apply_poses(&record.dynamics.objects);
    gather(hint, (Some(level), &objects), record, config, false)
}

/// What the page asks of its worker for one move.
#[derive(Debug, Serialize, Deserialize)]
pub struct Ask {
    /// Which level of the stream the move was re-solved on: 1 for the first the stream made
    /// active, counted as the app receives them (`FeedEvent::Level`).
    pub level: u64,
    pub record: FrameRecord,
    pub hint: SearchHint,
    pub config: ShadowConfig,
}

/// The worker's answer: the evidence, or why there is none.
pub type Answer = Result<Evidence, String>;

pub fn encode_ask(ask: &Ask) -> Result<Vec<u8>, String> {
    rmp_serde::to_vec_named(ask).map_err(|e| format!("the move could not be written: {e}"))
}

pub fn decode_ask(bytes: &[u8]) -> Result<Ask, String> {
    check_length(bytes, "ask")?;
    rmp_serde::from_slice(bytes).map_err(|e| format!("the page's ask could not be read: {e}"))
}

pub fn encode_answer(answer: &Answer) -> Vec<u8> {
    rmp_serde::to_vec_named(answer).unwrap_or_else(|e| {
        let failed: Answer = Err(format!("the evidence could not be written: {e}"));
        rmp_serde::to_vec_named(&failed).unwrap_or_default()
    })
}

pub fn decode_answer(bytes: &[u8]) -> Answer {
    check_length(bytes, "answer")?;
    rmp_serde::from_slice::<Answer>(bytes)
        .map_err(|e| format!("the worker's answer could not be read: {e}"))?
}

fn check_length(bytes: &[u8], what: &str) -> Result<(), String> {
    match bytes.len() {
        n if n > MESSAGE_LIMIT => Err(format!(
            "the {what} is {n} bytes, more than the {MESSAGE_LIMIT} read"
        )),
        _ => Ok(()),
    }
}

/// Where the page's asks go: the browser page's worker (`live_worker::LiveSearch`), or a
/// [`LocalSearch`] answering in the same thread through the same bytes (tests). One ask is in
/// flight at a time.
pub trait Searcher {
    /// The followed stream's next piece, for the searcher's copy.
    fn part(&mut self, part: &TabPart<'_>);
    /// An ask is in flight.
    fn busy(&self) -> bool;
    /// Asks for `ask`'s evidence; its id, which its answer carries.
    fn ask(&mut self, ask: &Ask) -> Result<u64, String>;
    /// The answers that arrived since the last call, by their asks' ids.
    fn take(&mut self) -> Vec<(u64, Answer)>;
    /// Why the searcher stopped, if it did.
    fn failure(&self) -> Option<String>;
    /// Re-solve the stream's moves with `config` from now on (none are before the first).
    fn config(&mut self, config: &ShadowConfig);
    /// The moves re-solved since the last call, in the stream's order.
    fn judged(&mut self) -> Vec<Judged>;
}

impl<S: Searcher + ?Sized> Searcher for Box<S> {
    fn part(&mut self, part: &TabPart<'_>) {
        (**self).part(part)
    }
    fn busy(&self) -> bool {
        (**self).busy()
    }
    fn ask(&mut self, ask: &Ask) -> Result<u64, String> {
        (**self).ask(ask)
    }
    fn take(&mut self) -> Vec<(u64, Answer)> {
        (**self).take()
    }
    fn failure(&self) -> Option<String> {
        (**self).failure()
    }
    fn config(&mut self, config: &ShadowConfig) {
        (**self).config(config)
    }
    fn judged(&mut self) -> Vec<Judged> {
        (**self).judged()
    }
}

/// A [`Mirror`] asked in the same thread, through the messages' bytes: an ask is answered at
/// the next [`Searcher::take`], as a worker's answer arrives a frame or more later.
#[derive(Default)]
pub struct LocalSearch {
    mirror: Mirror,
    queued: Option<(u64, Vec<u8>)>,
    next_id: u64,
}

impl Searcher for LocalSearch {
    fn part(&mut self, part: &TabPart<'_>) {
        let part = match part {
            TabPart::Begin => TabPart::Begin,
            TabPart::Bytes(b) => TabPart::Bytes(b),
            TabPart::End => TabPart::End,
            TabPart::Lost(why) => TabPart::Lost(why.clone()),
        };
        self.mirror.part(part);
    }

    fn busy(&self) -> bool {
        self.queued.is_some()
    }

    fn ask(&mut self, ask: &Ask) -> Result<u64, String> {
        let id = self.next_id;
        self.next_id += 1;
        self.queued = Some((id, encode_ask(ask)?));
        Ok(id)
    }

    fn take(&mut self) -> Vec<(u64, Answer)> {
        let Some((id, bytes)) = self.queued.take() else {
            return Vec::new();
        };
        let answer = decode_ask(&bytes).and_then(|a| self.mirror.answer(&a));
        vec![(id, decode_answer(&encode_answer(&answer)))]
    }

    fn failure(&self) -> Option<String> {
        None
    }

    fn config(&mut self, config: &ShadowConfig) {
        self.mirror.set_config(*config);
    }

    fn judged(&mut self) -> Vec<Judged> {
        let bytes = super::judged::encode(&self.mirror.take_judged());
        super::judged::decode(&bytes).unwrap_or_default()
    }
}

/// The worker's copy of a followed game's stream: read as the page reads it, its levels kept
/// by their place in the stream, and, once the page sent its configuration, every move
/// re-solved with it for the page's history ([`Judged`]).
pub struct Mirror {
    reader: PushReader,
    session: ProbeSession,
    /// The newest levels made active, each with its place (1 = the stream's first).
    levels: VecDeque<(u64, Arc<ProbeLevel>)>,
    made: u64,
    /// The stream broke here (its levels so far are kept).
    broken: Option<String>,
    /// What the moves are re-solved with (none: they are left unsolved).
    config: Option<ShadowConfig>,
    /// Configurations the page has sent (the verdicts say which they were made with).
    configs: u64,
    /// Moves re-solved since the page last took them.
    judged: Vec<Judged>,
    buffers: (Scratch, Trace),
}

impl Default for Mirror {
    fn default() -> Self {
        Self {
            reader: PushReader::with_limit(BACKLOG_LIMIT),
            session: ProbeSession::new("."),
            levels: VecDeque::new(),
            made: 0,
            broken: None,
            config: None,
            configs: 0,
            judged: Vec::new(),
            buffers: Default::default(),
        }
    }
}

impl Mirror {
    /// Re-solves the moves read from now on with `config` (the page's, as it changes).
    pub fn set_config(&mut self, config: ShadowConfig) {
        self.config = Some(config);
        self.configs += 1;
    }

    /// The moves re-solved since the last call, in the stream's order.
    pub fn take_judged(&mut self) -> Vec<Judged> {
        std::mem::take(&mut self.judged)
    }

    /// The stream's next piece, as the page's feed takes it.
    pub fn part(&mut self, part: TabPart<'_>) {
        match part {
            TabPart::Begin => {
                let (config, configs) = (self.config, self.configs);
                *self = Self {
                    config,
                    configs,
                    ..Self::default()
                };
            }
            TabPart::Bytes(b) if self.broken.is_none() => {
                let read = self.reader.push(b).map_err(|e| e.to_string());
                match read {
                    Ok(()) => self.read_whole_records(),
                    Err(e) => self.broken = Some(e),
                }
            }
            TabPart::Bytes(_) | TabPart::End => {}
            TabPart::Lost(why) => self.broken = Some(why),
        }
    }

    fn read_whole_records(&mut self) {
        loop {
            match self.reader.next_record() {
                Ok(Some(record)) => {
                    match self.session.step(record) {
                        Step::Level(level) => {
                            self.made += 1;
                            if self.levels.len() == LEVELS_KEPT {
                                self.levels.pop_front();
                            }
                            self.levels.push_back((self.made, level));
                        }
                        Step::Move(m) => self.judge(&m),
                        Step::End | Step::Quiet => {}
                    }
                    self.session.take_problems();
                }
                Ok(None) => return,
                Err(e) => {
                    self.broken = Some(e.to_string());
                    return;
                }
            }
        }
    }

    fn judge(&mut self, m: &PendingMove) {
        let Some(config) = &self.config else {
            return;
        };
        let (scratch, trace) = &mut self.buffers;
        let record = m.resolve(config, scratch, trace);
        self.judged.extend(Judged::of(&record, self.configs));
    }

    /// The evidence `ask` wants, on the level it names.
    pub fn answer(&self, ask: &Ask) -> Answer {
        let level = self.levels.iter().find(|(n, _)| *n == ask.level);
        let Some((_, level)) = level else {
            let broken = (self.broken.as_deref()).map_or(String::new(), |b| format!(" ({b})"));
            return Err(format!(
                "level {} of the stream is not in the worker: it holds {} of {}{broken}",
                ask.level,
                self.levels.len(),
                self.made
            ));
        };
        Ok(gather_live(&ask.hint, level, &ask.record, &ask.config))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::probe::feed::FeedEvent;
    use crate::probe::push_feed::PushFeed;

    /// The worker's evidence for every diverging move of a recording streamed in odd pieces
    /// (its ask and answer through their bytes) is what a search on the page gives, and an
    /// ask for a level the stream never made is refused with why.
    #[test]
    fn the_workers_evidence_is_the_pages() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/ports/irrlicht_lavaducts.slidelog"
        );
        let bytes = std::fs::read(path).unwrap();
        let config = ShadowConfig::default();
        let (mut feed, mut mirror) = (PushFeed::new("test", config), Mirror::default());
        feed.begin();
        mirror.part(TabPart::Begin);
        let (mut level, mut levels, mut checked, mut searched) = (None, 0, 0, 0);
        let mut kept = None;
        let hint = SearchHint::default();
        for piece in bytes.chunks(7919) {
            feed.push(piece);
            mirror.part(TabPart::Bytes(piece));
            while let Some(event) = feed.try_recv() {
                match event {
                    FeedEvent::Level(l) => (level, levels) = (Some(l), levels + 1),
                    FeedEvent::Move(record) if checked < 400 => {
                        let game = record.game.as_deref().unwrap();
                        let index = game.index;
                        if !game.verdict(&config.tolerance).diverges {
                            continue;
                        }
                        let level = level.as_ref().unwrap();
                        let page = gather_live(&hint, level, &record, &config);
                        kept.get_or_insert_with(|| (*record).clone());
                        let ask = Ask {
                            level: levels,
                            record: *record,
                            hint: hint.clone(),
                            config,
                        };
                        let asked = decode_ask(&encode_ask(&ask).unwrap()).unwrap();
                        let answer = decode_answer(&encode_answer(&mirror.answer(&asked)));
                        assert_eq!(answer, Ok(page), "move {index}");
                        checked += 1;
                        searched += usize::from(!answer.unwrap().sets.is_empty());
                    }
                    _ => {}
                }
            }
        }
        assert_eq!(checked, 400);
        assert!(searched > 100, "{searched} of the moves had sets");
        let ask = Ask {
            level: levels + 1,
            record: kept.unwrap(),
            hint,
            config,
        };
        let refused = mirror.answer(&ask).unwrap_err();
        assert!(
            refused.contains("not in the worker: it holds 1 of 1"),
            "{refused}"
        );
        assert!(decode_ask(&[0xc1]).is_err());
        assert!(decode_answer(&vec![0; MESSAGE_LIMIT + 1]).is_err());
    }
}
