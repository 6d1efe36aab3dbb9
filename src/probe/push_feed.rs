//! A game's stream handed over in pieces by whoever carries it, with no thread of its own (the
//! browser page's channel to the game's tab): the same records, session and re-solve as a
//! connection's (`listen.rs`), read a record at a time when the app asks for events, so a
//! flood of moves costs the page only its per-frame event budget. A game that restarts (its tab
//! reloaded) begins a fresh stream: a new history.

use std::collections::VecDeque;

use slidescope_probe::push::PushReader;

use super::feed::{FeedEvent, LiveSession};
use super::shadow::ShadowConfig;

/// Unread bytes a stream may hold before it is cut (a game outrunning the page by this much
/// is told so, rather than the tab running out of memory).
pub const BACKLOG_LIMIT: usize = 128 << 20;

/// A piece of a game tab's stream, as the page hands it over.
pub enum TabPart<'a> {
    /// A stream from its start (the game loaded, or replays for a page that asked).
    Begin,
    Bytes(&'a [u8]),
    /// The game detached or its tab is closing.
    End,
    /// The stream broke before the page read it (the reason).
    Lost(String),
}

/// One game's stream, pushed in pieces.
pub struct PushFeed {
    /// Who sends (shown as the peer).
    pub peer: String,
    reader: PushReader,
    live: LiveSession,
    config: ShadowConfig,
    events: VecDeque<FeedEvent>,
    /// Moves are re-solved as they are read (else filed unsolved: a worker re-solves them).
    solve_here: bool,
    /// The stream has ended (its `END`, an error or the sender's goodbye).
    over: bool,
    /// The sender said goodbye: the stream ends once what it sent is read.
    ending: bool,
}

impl PushFeed {
    /// A feed waiting for its first stream.
    pub fn new(peer: impl Into<String>, config: ShadowConfig) -> Self {
        Self {
            peer: peer.into(),
            reader: PushReader::with_limit(BACKLOG_LIMIT),
            live: LiveSession::new("."),
            config,
            events: VecDeque::new(),
            solve_here: true,
            over: true,
            ending: false,
        }
    }

    /// A new stream from the start (its header first): what the old one left unread is
    /// dropped, and the app is told a game connected (a fresh history).
    pub fn begin(&mut self) {
        self.reader = PushReader::with_limit(BACKLOG_LIMIT);
        self.live = LiveSession::new(".");
        self.live.solve_here = self.solve_here;
        self.events.clear();
        self.events
            .push_back(FeedEvent::Connected(self.peer.clone()));
        self.over = false;
        self.ending = false;
    }

    /// The stream's next bytes (ignored when no stream is open).
    pub fn push(&mut self, bytes: &[u8]) {
        if self.over {
            return;
        }
        if let Err(e) = self.reader.push(bytes) {
            self.finish(Some(e.to_string()));
        }
    }

    /// The sender is gone (it detached, or its tab closed): the stream ends after the whole
    /// records it sent are read (a record it left cut short is the end's error).
    pub fn end(&mut self) {
        self.ending = true;
    }

    /// The stream broke on the way (e.g. more waited than the page may hold): it ends here,
    /// with `why`.
    pub fn lose(&mut self, why: String) {
        if !self.over {
            self.finish(Some(why));
        }
    }

    /// Whether moves read from now on are re-solved here (true) or filed unsolved for a
    /// worker that re-solves them ([`crate::probe::judged`]).
    pub fn solve_here(&mut self, here: bool) {
        self.solve_here = here;
        self.live.solve_here = here;
    }

    /// The re-solve's settings for moves from now on.
    pub fn set_config(&mut self, config: ShadowConfig) {
        self.config = config;
    }

    /// Unread bytes held.
    pub fn backlog(&self) -> usize {
        self.reader.buffered()
    }

    fn finish(&mut self, error: Option<String>) {
        self.over = true;
        self.events.push_back(FeedEvent::Disconnected {
            moves: self.live.session.moves(),
            clean: self.reader.has_ended(),
            error,
        });
    }

    /// The next event: what is queued, else the next whole record read and re-solved.
    pub fn try_recv(&mut self) -> Option<FeedEvent> {
        while self.events.is_empty() && !self.over {
            match self.reader.next_record() {
                Ok(Some(r)) => self.step(r),
                Ok(None) if self.ending => {
                    let error = self.reader.error_at_end().map(|e| e.to_string());
                    self.finish(error);
                }
                Ok(None) => break,
                Err(e) => self.finish(Some(e.to_string())),
            }
        }
        self.events.pop_front()
    }

    fn step(&mut self, record: slidescope_probe::read::Record) {
        self.live.step(record, &self.config, &mut self.events);
        if self.reader.has_ended() {
            self.finish(None);
        }
    }
}
