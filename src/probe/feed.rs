//! What a probe source hands the app: events from a live connection ([`Listener`]) or from a
//! file being read ([`FileFeed`]), the same kind either way. A file is read and re-solved on a
//! worker thread (in parallel batches), so opening a million moves never stalls the window;
//! its moves arrive through a bounded channel like a connection's.
//!
//! [`Listener`]: super::listen::Listener

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
#[cfg(not(target_arch = "wasm32"))]
use std::sync::mpsc::{Receiver, sync_channel};
use std::sync::mpsc::{SyncSender, TrySendError};
#[cfg(not(target_arch = "wasm32"))]
use std::thread::JoinHandle;
use std::time::Duration;

use slidescope_probe::read::{Reader, Record};

use super::levels::ProbeLevel;
use super::probe_session::{PendingMove, ProbeSession, Step, resolve_all};
use super::shadow::ShadowConfig;
use crate::collision::{Scratch, Trace};
use crate::sim::FrameRecord;

/// Events waiting for the app before a producer waits for it.
pub const QUEUE: usize = 16 * 1024;
/// Moves a file feed re-solves per batch (in parallel).
const BATCH: usize = 1024;

/// What a probe source reports.
#[derive(Debug)]
pub enum FeedEvent {
    /// A game began a stream (who: an address, or the game's tab).
    Connected(String),
    /// A second game was turned away.
    Refused(SocketAddr),
    Level(Arc<ProbeLevel>),
    Move(Box<FrameRecord>),
    Problem(String),
    /// The source ended: after the game's `END` (clean) or not (a crash, a dropped connection,
    /// a cut file), with the moves it delivered.
    Disconnected {
        moves: u64,
        clean: bool,
        error: Option<String>,
    },
}

/// A live source's reading, a record at a time as it arrives (a connection's, a game tab's; a
/// file batches its re-solves instead): one session and the re-solve's buffers.
pub(super) struct LiveSession {
    pub session: ProbeSession,
    scratch: Scratch,
    trace: Trace,
    /// Moves are re-solved as they are read (else filed unsolved, for a worker to re-solve).
    pub solve_here: bool,
}

impl LiveSession {
    /// A session whose relative level paths resolve under `base`.
    pub fn new(base: impl Into<PathBuf>) -> Self {
        Self {
            session: ProbeSession::new(base),
            scratch: Scratch::default(),
            trace: Trace::default(),
            solve_here: true,
        }
    }

    /// One record's events, in the order the app takes them (the problems it raised, then its
    /// move re-solved with `config`, or its level), appended to `out`; true when it was the
    /// game's `END`.
    pub fn step(
        &mut self,
        record: Record,
        config: &ShadowConfig,
        out: &mut impl Extend<FeedEvent>,
    ) -> bool {
        let step = self.session.step(record);
        out.extend(
            self.session
                .take_problems()
                .into_iter()
                .map(FeedEvent::Problem),
        );
        match step {
            Step::Move(m) => {
                let buffers = (&mut self.scratch, &mut self.trace);
                let moved = match self.solve_here {
                    true => m.resolve(config, buffers.0, buffers.1),
                    false => m.unsolved(config, buffers.0, buffers.1),
                };
                out.extend([FeedEvent::Move(Box::new(moved))]);
            }
            Step::Level(l) => out.extend([FeedEvent::Level(l)]),
            Step::End => return true,
            Step::Quiet => {}
        }
        false
    }
}

/// Sends `event` unless `stop` is set (then nobody drains the queue any more).
pub(super) fn send(tx: &SyncSender<FeedEvent>, stop: &AtomicBool, mut event: FeedEvent) -> bool {
    loop {
        match tx.try_send(event) {
            Ok(()) => return true,
            Err(TrySendError::Disconnected(_)) => return false,
            Err(TrySendError::Full(e)) => {
                if stop.load(Ordering::Relaxed) {
                    return false;
                }
                event = e;
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    }
}

#[cfg(target_arch = "wasm32")]
type WebReader = std::io::BufReader<Box<dyn std::io::Read + Send>>;

/// A probe file being read: on a worker thread on the desktop; in the browser (no threads) a
/// batch at a time on the page's thread, each time the app asks for events and none wait.
/// Dropping it stops the reading.
pub struct FileFeed {
    pub path: PathBuf,
    #[cfg(not(target_arch = "wasm32"))]
    events: Receiver<FeedEvent>,
    #[cfg(not(target_arch = "wasm32"))]
    stop: Arc<AtomicBool>,
    #[cfg(not(target_arch = "wasm32"))]
    worker: Option<JoinHandle<()>>,
    #[cfg(target_arch = "wasm32")]
    pump: std::cell::RefCell<(FilePump<WebReader>, std::collections::VecDeque<FeedEvent>)>,
}

impl FileFeed {
    /// Starts reading `path` (its header is checked first, so a file that is not a probe file
    /// is an error here and nothing starts).
    pub fn open(path: &Path, config: ShadowConfig) -> Result<Self, String> {
        let file = crate::vfs::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let reader = Reader::new(std::io::BufReader::with_capacity(1 << 20, file))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let base = path.parent().unwrap_or(Path::new(".")).to_path_buf();
        let pump = FilePump::new(reader, base, config);
        #[cfg(target_arch = "wasm32")]
        return Ok(Self {
            path: path.to_path_buf(),
            pump: std::cell::RefCell::new((pump, Default::default())),
        });
        #[cfg(not(target_arch = "wasm32"))]
        {
            let (tx, events) = sync_channel(QUEUE);
            let stop = Arc::new(AtomicBool::new(false));
            let flag = stop.clone();
            let worker = std::thread::Builder::new()
                .name("probe-file".into())
                .spawn(move || feed_file(pump, &tx, &flag))
                .map_err(|e| e.to_string())?;
            Ok(Self {
                path: path.to_path_buf(),
                events,
                stop,
                worker: Some(worker),
            })
        }
    }

    pub fn try_recv(&self) -> Option<FeedEvent> {
        #[cfg(not(target_arch = "wasm32"))]
        return self.events.try_recv().ok();
        #[cfg(target_arch = "wasm32")]
        {
            let (pump, queue) = &mut *self.pump.borrow_mut();
            if queue.is_empty() {
                let mut out = Vec::new();
                pump.pump(&mut out);
                queue.extend(out);
            }
            queue.pop_front()
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    pub fn recv_timeout(&self, timeout: Duration) -> Option<FeedEvent> {
        self.events.recv_timeout(timeout).ok()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Drop for FileFeed {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        while self.events.try_recv().is_ok() {}
        if let Some(w) = self.worker.take() {
            let _ = w.join();
        }
    }
}

/// The file feed's work, a batch per call: reads records until [`BATCH`] moves are waiting or
/// the file ends, and re-solves them (in parallel where there are threads).
struct FilePump<R> {
    reader: Reader<R>,
    session: ProbeSession,
    config: ShadowConfig,
    threads: usize,
    batch: Vec<PendingMove>,
    clean: bool,
    finished: bool,
}

impl<R: std::io::Read> FilePump<R> {
    fn new(reader: Reader<R>, base: PathBuf, config: ShadowConfig) -> Self {
        Self {
            reader,
            session: ProbeSession::new(base),
            config,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            batch: Vec::with_capacity(BATCH),
            clean: false,
            finished: false,
        }
    }

    fn flush(&mut self, out: &mut Vec<FeedEvent>) {
        resolve_all(&self.batch, &self.config, self.threads, |r| {
            out.push(FeedEvent::Move(Box::new(r)));
        });
        self.batch.clear();
    }

    /// Appends the next events to `out`; false once the file has ended (its last call adds
    /// [`FeedEvent::Disconnected`]).
    fn pump(&mut self, out: &mut Vec<FeedEvent>) -> bool {
        if self.finished {
            return false;
        }
        let mut error = None;
        loop {
            let record = match self.reader.next_record() {
                Ok(Some(r)) => r,
                Ok(None) => break,
                Err(e) => {
                    error = Some(e.to_string());
                    break;
                }
            };
            let step = self.session.step(record);
            let problems = self.session.take_problems();
            let mut full = false;
            match step {
                Step::Move(m) => {
                    self.batch.push(*m);
                    full = self.batch.len() >= BATCH;
                }
                Step::Level(l) => {
                    // Moves before a level change belong to the old level.
                    self.flush(out);
                    out.push(FeedEvent::Level(l));
                }
                Step::End => self.clean = true,
                Step::Quiet => {}
            }
            out.extend(problems.into_iter().map(FeedEvent::Problem));
            if full {
                self.flush(out);
                return true;
            }
        }
        self.flush(out);
        self.finished = true;
        out.push(FeedEvent::Disconnected {
            moves: self.session.moves(),
            clean: self.clean,
            error,
        });
        false
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn feed_file<R: std::io::Read>(
    mut pump: FilePump<R>,
    tx: &SyncSender<FeedEvent>,
    stop: &AtomicBool,
) {
    let mut out = Vec::new();
    loop {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let more = pump.pump(&mut out);
        for e in out.drain(..) {
            if !send(tx, stop, e) {
                return;
            }
        }
        if !more {
            return;
        }
    }
}
