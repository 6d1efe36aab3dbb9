//! A followed game tab's why in the browser page: the move at the cursor is searched in the
//! page's worker (`probe::live_worker`) and named, once its evidence is back, by the live judge
//! as it stood when the move was asked (a copy kept with the ask), so its why is the one the
//! page's own search gives (`live_why.rs`) even after the cursor moved on. One ask is in flight.
//! Stopped on a move, its why waits for the worker ("searching"); following the newest move,
//! which a streaming game changes every frame, the newest move answered is shown, named, so
//! the inspector trails the game instead of searching forever.

use std::sync::Arc;

use super::live_why::LiveJudge;
use crate::probe::judged::Judged;
use crate::probe::live_evidence::{Ask, Searcher};
use crate::probe::push_feed::TabPart;
use crate::probe::{ProbeLevel, ShadowConfig};
use crate::sim::{FrameRecord, History};

/// A move asked about: its frame, its game index and the configuration it is judged with.
type Key = (u64, u64, ShadowConfig);

/// The ask in flight, with what its answer is named by: the judge as it stood at the move, the
/// move and its level.
struct Asked {
    id: u64,
    key: Key,
    judge: LiveJudge,
    record: FrameRecord,
    level: Arc<ProbeLevel>,
}

pub(super) struct TabWhy<S> {
    search: S,
    asked: Option<Asked>,
    /// The newest move answered and its why (`Err`: the worker could not search it).
    answered: Option<(Key, Result<Vec<String>, String>)>,
    answers: u64,
}

impl<S: Searcher> TabWhy<S> {
    pub fn new(search: S) -> Self {
        Self {
            search,
            asked: None,
            answered: None,
            answers: 0,
        }
    }

    /// The followed stream's next piece, for the worker's copy.
    pub fn part(&mut self, part: &TabPart<'_>) {
        self.search.part(part);
    }

    /// The worker re-solves the stream's moves with `config` from now on.
    pub fn config(&mut self, config: &ShadowConfig) {
        self.search.config(config);
    }

    /// The moves the worker re-solved since the last call.
    pub fn judged(&mut self) -> Vec<Judged> {
        self.search.judged()
    }

    /// Why the worker stopped, if it did.
    pub fn failure(&self) -> Option<String> {
        self.search.failure()
    }

    /// A new history, or its moves judged again: what was asked or answered no longer holds
    /// (an answer still on its way is dropped).
    pub fn forget(&mut self) {
        self.asked = None;
        self.answered = None;
    }

    /// Names the answers that arrived; how many have so far (the cursor's why is made again
    /// when this changes).
    pub fn poll(&mut self) -> u64 {
        for (id, answer) in self.search.take() {
            let Some(a) = self.asked.take_if(|a| a.id == id) else {
                continue;
            };
            let why = answer.map(|e| a.judge.why_with(&a.record, &a.level, &a.key.2, e));
            self.answered = Some((a.key, why.map(|w| w.lines())));
            self.answers += 1;
        }
        self.answers
    }

    /// The why of `rec` (a diverging game move at the cursor, after the moves `judge` stepped;
    /// `levels`: which of the stream's levels it is on), asking the worker for it unless an ask
    /// is in flight; `Err`: a line saying why it is searched on the page's thread instead.
    pub fn lines(
        &mut self,
        judge: &mut LiveJudge,
        history: &History,
        (rec, level, levels): (&FrameRecord, &Arc<ProbeLevel>, u64),
        config: &ShadowConfig,
        following: bool,
    ) -> Result<Vec<String>, String> {
        let here = |e: &str| format!("note: searched on the page's thread: {e}");
        if let Some(e) = self.search.failure() {
            return Err(here(&format!("the worker stopped: {e}")));
        }
        let index = rec.game.as_ref().map_or(u64::MAX, |g| g.index);
        let key = (rec.frame, index, *config);
        match &self.answered {
            Some((k, Ok(lines))) if *k == key => return Ok(lines.clone()),
            Some((k, Err(e))) if *k == key => return Err(here(e)),
            _ => {}
        }
        if !self.search.busy() {
            let hint = judge.hint(history, rec.frame, level, config);
            let ask = Ask {
                level: levels,
                record: rec.clone(),
                hint,
                config: *config,
            };
            let id = self.search.ask(&ask).map_err(|e| here(&e))?;
            let (judge, level) = (judge.clone(), level.clone());
            let record = ask.record;
            self.asked = Some(Asked {
                id,
                key,
                judge,
                record,
                level,
            });
        }
        let Some(((frame, index, _), lines)) = self.answered.as_ref().filter(|_| following) else {
            return Ok(vec!["why: searching in the page's worker…".into()]);
        };
        let head = format!(
            "why: of game move {index} (frame {frame}), the newest the page's worker has \
             searched: the why trails a streaming game"
        );
        let lines = match lines {
            Ok(lines) => lines.clone(),
            Err(e) => vec![format!("why: the worker could not search it: {e}")],
        };
        Ok(std::iter::once(head).chain(lines).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::probe::feed::FeedEvent;
    use crate::probe::live_evidence::LocalSearch;
    use crate::probe::push_feed::PushFeed;

    /// A recording streamed in pieces to the page's feed and to the searcher's copy, its moves
    /// filed one frame each.
    fn streamed(file: &str, config: ShadowConfig) -> (History, Arc<ProbeLevel>, LocalSearch) {
        let path = format!("{}/tests/data/ports/{file}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(path).unwrap();
        let (mut feed, mut search) = (PushFeed::new("test", config), LocalSearch::default());
        let (mut history, mut level) = (History::new(usize::MAX), None);
        feed.begin();
        search.part(&TabPart::Begin);
        for piece in bytes.chunks(5003) {
            feed.push(piece);
            search.part(&TabPart::Bytes(piece));
            while let Some(event) = feed.try_recv() {
                match event {
                    FeedEvent::Level(l) => level = Some(l),
                    FeedEvent::Move(mut r) => {
                        r.frame = history.last_frame().map_or(0, |f| f + 1);
                        history.push(*r);
                    }
                    _ => {}
                }
            }
        }
        (history, level.unwrap(), search)
    }

    /// Stopped on each of a recording's diverging moves, the why waits for the search, then
    /// is the page's own (a fresh judge searching on its thread); following, the newest move
    /// answered is shown, named, until the cursor's own is in.
    #[test]
    fn the_searchers_why_is_the_pages_and_trails_a_followed_game_named() {
        let config = ShadowConfig::default();
        let (history, level, search) = streamed("irrlicht_lavaducts.slidelog", config);
        let diverging: Vec<&FrameRecord> = (history.iter())
            .filter(|r| (r.game.as_ref()).is_some_and(|g| g.verdict(&config.tolerance).diverges))
            .step_by(9)
            .collect();
        assert!(diverging.len() > 100, "{}", diverging.len());
        let (mut tab, mut judge) = (TabWhy::new(search), LiveJudge::default());
        let mut shown = |tab: &mut TabWhy<LocalSearch>, rec, following| {
            tab.lines(&mut judge, &history, (rec, &level, 1), &config, following)
                .unwrap()
        };
        let searching = vec!["why: searching in the page's worker…".to_string()];
        for rec in &diverging {
            assert_eq!(shown(&mut tab, rec, false), searching);
            let answers = tab.poll();
            let page = LiveJudge::default().why(&history, rec, &level, &config);
            assert_eq!(
                shown(&mut tab, rec, false),
                page.lines(),
                "frame {}",
                rec.frame
            );
            assert_eq!(tab.poll(), answers, "no answer without an ask");
        }
        // Following: the cursor moves on before the answer is in.
        let (a, b) = (diverging[0], diverging[1]);
        tab.forget();
        shown(&mut tab, a, true);
        tab.poll();
        let trailing = shown(&mut tab, b, true);
        let index = a.game.as_ref().unwrap().index;
        let head = format!("why: of game move {index} (frame {}), the newest", a.frame);
        assert!(trailing[0].starts_with(&head), "{trailing:?}");
        let own = LiveJudge::default().why(&history, a, &level, &config);
        assert_eq!(trailing[1..], own.lines()[..]);
        tab.poll();
        let own = LiveJudge::default().why(&history, b, &level, &config);
        assert_eq!(shown(&mut tab, b, true), own.lines());
    }
}
