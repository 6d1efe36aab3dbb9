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
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::thread::JoinHandle;
use std::time::Duration;

use slidescope_probe::read::Reader;

use super::levels::ProbeLevel;
use super::session::{PendingMove, ProbeSession, Step, resolve_all};
use super::shadow::ShadowConfig;
use crate::sim::FrameRecord;

/// Events waiting for the app before a producer waits for it.
pub const QUEUE: usize = 16 * 1024;
/// Moves a file feed re-solves per batch (in parallel).
const BATCH: usize = 1024;

/// What a probe source reports.
#[derive(Debug)]
pub enum FeedEvent {
    Connected(SocketAddr),
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

/// A probe file being read on a worker thread. Dropping it stops the reading.
pub struct FileFeed {
    pub path: PathBuf,
    events: Receiver<FeedEvent>,
    stop: Arc<AtomicBool>,
    worker: Option<JoinHandle<()>>,
}

impl FileFeed {
    /// Starts reading `path` (its header is checked first, so a file that is not a probe file
    /// is an error here and nothing starts).
    pub fn open(path: &Path, config: ShadowConfig) -> Result<Self, String> {
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let reader = Reader::new(std::io::BufReader::with_capacity(1 << 20, file))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let base = path.parent().unwrap_or(Path::new(".")).to_path_buf();
        let (tx, events) = sync_channel(QUEUE);
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let worker = std::thread::Builder::new()
            .name("probe-file".into())
            .spawn(move || feed_file(reader, base, config, &tx, &flag))
            .map_err(|e| e.to_string())?;
        Ok(Self {
            path: path.to_path_buf(),
            events,
            stop,
            worker: Some(worker),
        })
    }

    pub fn try_recv(&self) -> Option<FeedEvent> {
        self.events.try_recv().ok()
    }

    pub fn recv_timeout(&self, timeout: Duration) -> Option<FeedEvent> {
        self.events.recv_timeout(timeout).ok()
    }
}

impl Drop for FileFeed {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        while self.events.try_recv().is_ok() {}
        if let Some(w) = self.worker.take() {
            let _ = w.join();
        }
    }
}

fn feed_file<R: std::io::Read>(
    mut reader: Reader<R>,
    base: PathBuf,
    config: ShadowConfig,
    tx: &SyncSender<FeedEvent>,
    stop: &AtomicBool,
) {
    let mut session = ProbeSession::new(base);
    let mut batch: Vec<PendingMove> = Vec::with_capacity(BATCH);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let flush = |batch: &mut Vec<PendingMove>| -> bool {
        let mut out = Vec::with_capacity(batch.len());
        resolve_all(batch, &config, threads, |r| out.push(r));
        batch.clear();
        out.into_iter()
            .all(|r| send(tx, stop, FeedEvent::Move(Box::new(r))))
    };
    let (mut clean, mut error) = (false, None);
    loop {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let record = match reader.next_record() {
            Ok(Some(r)) => r,
            Ok(None) => break,
            Err(e) => {
                error = Some(e.to_string());
                break;
            }
        };
        let step = session.step(record);
        let problems = session.take_problems();
        match step {
            Step::Move(m) => {
                batch.push(*m);
                if batch.len() >= BATCH && !flush(&mut batch) {
                    return;
                }
            }
            Step::Level(l) => {
                // Moves before a level change belong to the old level.
                if !flush(&mut batch) || !send(tx, stop, FeedEvent::Level(l)) {
                    return;
                }
            }
            Step::End => clean = true,
            Step::Quiet => {}
        }
        for p in problems {
            if !send(tx, stop, FeedEvent::Problem(p)) {
                return;
            }
        }
    }
    if flush(&mut batch) {
        send(
            tx,
            stop,
            FeedEvent::Disconnected {
                moves: session.moves(),
                clean,
                error,
            },
        );
    }
}
