//! The real probe: records are encoded on the game's thread into a buffer (tens of
//! nanoseconds a move), and full buffers go to a writer thread that writes them to every sink
//! (a file, a TCP connection to slidescope, or both). The game thread never makes a system
//! call per move; it blocks only if the writer falls 8 buffers (512 KiB) behind, so a slow
//! viewer slows the game instead of losing moves.
//!
//! Buffers always end at a record boundary, so a file cut by a crash holds whole records up to
//! the last buffer written. A sink whose write fails (the viewer quit) is dropped; the others
//! carry on and [`RecordingProbe::errors`] says what happened.

use std::io::{self, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::path::Path;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::Declared;
use crate::encode;
use crate::types::{Contact, Frame, Move, ObjectPose};

/// A buffer is handed to the writer when it reaches this size...
const FLUSH_BYTES: usize = 64 * 1024;
/// ...or at a frame marker when this long has passed since the last hand-over, so a live
/// viewer sees frames promptly without a system call every frame.
const FLUSH_INTERVAL: Duration = Duration::from_millis(8);
/// Buffers in flight before the game thread waits for the writer.
const QUEUE_DEPTH: usize = 8;

enum Sink {
    File(std::fs::File),
    Tcp(TcpStream),
}

impl Sink {
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self {
            Sink::File(f) => f.write_all(bytes),
            Sink::Tcp(s) => s.write_all(bytes),
        }
    }
    fn name(&self) -> &'static str {
        match self {
            Sink::File(_) => "file",
            Sink::Tcp(_) => "connection",
        }
    }
}

enum Job {
    Bytes(Vec<u8>),
    AddSink(Sink, Vec<u8>),
    /// Everything before is written; answer on the channel.
    Sync(SyncSender<()>),
}

/// Records a game's moves to a file and/or a listening slidescope.
pub struct RecordingProbe {
    buf: Vec<u8>,
    jobs: Option<SyncSender<Job>>,
    recycled: Receiver<Vec<u8>>,
    writer: Option<JoinHandle<()>>,
    errors: Arc<Mutex<Vec<String>>>,
    sinks: usize,
    last_flush: Instant,
    /// Hashes of meshes already sent (sent again as `USE_MESH`).
    sent_meshes: Vec<u64>,
    /// The records that define the current level and moving objects, replayed to a sink added
    /// later so it can re-solve what follows.
    level_record: Vec<u8>,
    conventions_record: Vec<u8>,
    object_records: Vec<(u32, Vec<u8>)>,
}

impl RecordingProbe {
    /// A probe with no sink yet (add them with [`save`](Self::also_save) /
    /// [`connect`](Self::also_connect)).
    pub fn new() -> Self {
        let (jobs, job_rx) = sync_channel::<Job>(QUEUE_DEPTH);
        let (recycle_tx, recycled) = sync_channel::<Vec<u8>>(QUEUE_DEPTH + 1);
        let errors = Arc::new(Mutex::new(Vec::new()));
        let errs = errors.clone();
        let writer = std::thread::Builder::new()
            .name("slidescope-probe".into())
            .spawn(move || writer_loop(job_rx, recycle_tx, errs))
            .ok();
        Self {
            buf: Vec::with_capacity(FLUSH_BYTES * 2),
            jobs: writer.as_ref().map(|_| jobs),
            recycled,
            writer,
            errors,
            sinks: 0,
            last_flush: Instant::now(),
            sent_meshes: Vec::new(),
            level_record: Vec::new(),
            conventions_record: Vec::new(),
            object_records: Vec::new(),
        }
    }

    /// Connects to a listening slidescope (`slidescope --listen`), e.g. `"127.0.0.1:7878"`.
    pub fn connect(addr: impl ToSocketAddrs) -> io::Result<Self> {
        let mut p = Self::new();
        p.also_connect(addr)?;
        Ok(p)
    }

    /// Writes to a new file at `path` (replaced if it exists).
    pub fn save(path: impl AsRef<Path>) -> io::Result<Self> {
        let mut p = Self::new();
        p.also_save(path)?;
        Ok(p)
    }

    /// Also writes to a file.
    pub fn also_save(&mut self, path: impl AsRef<Path>) -> io::Result<&mut Self> {
        let f = std::fs::File::create(path)?;
        self.add_sink(Sink::File(f))?;
        Ok(self)
    }

    /// Also streams to a listening slidescope. Fails (`ConnectionRefused`) when slidescope
    /// refuses the game, another being connected, so `connect(..).or_else(save)` records to the
    /// file instead of nowhere.
    pub fn also_connect(&mut self, addr: impl ToSocketAddrs) -> io::Result<&mut Self> {
        let s = TcpStream::connect(addr)?;
        if let Some(line) = refusal(&s)? {
            return Err(io::Error::new(io::ErrorKind::ConnectionRefused, line));
        }
        s.set_nodelay(true)?;
        self.add_sink(Sink::Tcp(s))?;
        Ok(self)
    }

    fn add_sink(&mut self, sink: Sink) -> io::Result<()> {
        // Whatever is buffered belongs to the sinks already there.
        self.hand_over();
        let mut start = Vec::new();
        encode::header(&mut start);
        start.extend_from_slice(&self.conventions_record);
        start.extend_from_slice(&self.level_record);
        for (_, r) in &self.object_records {
            start.extend_from_slice(r);
        }
        self.send(Job::AddSink(sink, start))
            .map_err(|_| io::Error::other("the probe's writer thread is gone"))?;
        self.sinks += 1;
        Ok(())
    }

    fn send(&mut self, job: Job) -> Result<(), ()> {
        match &self.jobs {
            Some(tx) => tx.send(job).map_err(|_| ()),
            None => Err(()),
        }
    }

    /// Hands the buffer to the writer thread (no system call here).
    fn hand_over(&mut self) {
        if self.buf.is_empty() {
            return;
        }
        let fresh = self
            .recycled
            .try_recv()
            .unwrap_or_else(|_| Vec::with_capacity(FLUSH_BYTES * 2));
        let full = std::mem::replace(&mut self.buf, fresh);
        if self.send(Job::Bytes(full)).is_err() {
            self.buf.clear();
        }
        self.last_flush = Instant::now();
    }

    #[inline]
    fn maybe_hand_over(&mut self) {
        if self.buf.len() >= FLUSH_BYTES {
            self.hand_over();
        }
    }

    /// The static level as triangles (world, m): sent once per distinct mesh (by content
    /// hash), then referred to by hash.
    pub fn set_level_mesh(&mut self, positions: &[[f32; 3]], indices: &[[u32; 3]]) {
        let start = self.buf.len();
        let hash = encode::mesh(&mut self.buf, None, positions, indices);
        // A sink added later gets the whole mesh, whether or not this stream had it already.
        self.level_record.clear();
        self.level_record.extend_from_slice(&self.buf[start..]);
        if self.sent_meshes.contains(&hash) {
            self.buf.truncate(start);
            encode::use_mesh(&mut self.buf, hash);
        } else {
            self.sent_meshes.push(hash);
        }
        self.maybe_hand_over();
    }

    /// What the game's collide-and-slide does where implementations differ (padding,
    /// short motions, iteration limit, sidedness, axes; format 1.1): slidescope re-solves the
    /// moves that follow with these conventions instead of seed 001's.
    pub fn set_conventions(&mut self, conventions: &Declared) {
        let start = self.buf.len();
        encode::conventions(&mut self.buf, conventions);
        self.conventions_record.clear();
        self.conventions_record
            .extend_from_slice(&self.buf[start..]);
        self.maybe_hand_over();
    }

    /// The static level is a file slidescope can open, pinned by the FNV-1a 64 hash of its
    /// bytes ([`fnv1a64`](crate::fnv1a64)).
    pub fn set_level_file(&mut self, path: &str, hash: u64) {
        let start = self.buf.len();
        encode::level_file(&mut self.buf, hash, path);
        self.level_record.clear();
        self.level_record.extend_from_slice(&self.buf[start..]);
        self.maybe_hand_over();
    }

    /// A moving object's triangles in model space.
    pub fn set_object_mesh(&mut self, object: u32, positions: &[[f32; 3]], indices: &[[u32; 3]]) {
        let start = self.buf.len();
        encode::mesh(&mut self.buf, Some(object), positions, indices);
        let record = self.buf[start..].to_vec();
        match self.object_records.iter_mut().find(|(id, _)| *id == object) {
            Some(slot) => slot.1 = record,
            None => self.object_records.push((object, record)),
        }
        self.maybe_hand_over();
    }

    /// Where the moving objects are for the moves that follow.
    pub fn object_poses(&mut self, poses: &[ObjectPose]) {
        encode::object_poses(&mut self.buf, poses);
        self.maybe_hand_over();
    }

    /// A game frame begins.
    pub fn frame(&mut self, frame: u64, time_secs: f64, dt_secs: f32) {
        encode::frame(
            &mut self.buf,
            &Frame {
                frame,
                time_secs,
                dt_secs,
            },
        );
        if self.buf.len() >= FLUSH_BYTES || self.last_flush.elapsed() >= FLUSH_INTERVAL {
            self.hand_over();
        }
    }

    /// One collide-and-slide call: its inputs, the game's result, and the contacts its
    /// iterations responded to (may be empty).
    #[inline]
    pub fn log_move(&mut self, m: &Move, contacts: &[Contact]) {
        encode::move_record(&mut self.buf, m, contacts);
        self.maybe_hand_over();
    }

    /// Writes everything logged so far to every sink and waits until it is written.
    pub fn flush(&mut self) {
        self.hand_over();
        let (tx, rx) = sync_channel(1);
        if self.send(Job::Sync(tx)).is_ok() {
            let _ = rx.recv();
        }
    }

    /// Sinks still written to.
    pub fn sink_count(&self) -> usize {
        self.sinks.saturating_sub(self.lock_errors().len())
    }

    fn lock_errors(&self) -> std::sync::MutexGuard<'_, Vec<String>> {
        self.errors.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// What went wrong with sinks so far (a dropped connection, a full disk), one line each.
    pub fn errors(&self) -> Vec<String> {
        self.lock_errors().clone()
    }
}

impl Default for RecordingProbe {
    fn default() -> Self {
        Self::new()
    }
}

/// How long a new connection waits for slidescope's refusal line. slidescope writes it at
/// once to a game it refuses and nothing to one it takes (a game whose probe never reads must
/// not be sent anything: closing with unread bytes resets the connection and loses its last
/// records), so silence for this long means accepted.
const REFUSAL_WAIT: Duration = Duration::from_millis(500);

/// The refusal line, if slidescope refused the connection.
fn refusal(s: &TcpStream) -> io::Result<Option<String>> {
    use std::io::Read;
    s.set_read_timeout(Some(REFUSAL_WAIT))?;
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    let mut reader = s;
    while line.len() < 128 {
        match reader.read(&mut byte) {
            Ok(1) if byte[0] == b'\n' => break,
            Ok(1) => line.push(byte[0]),
            _ => break,
        }
    }
    s.set_read_timeout(None)?;
    let line = String::from_utf8_lossy(&line).into_owned();
    Ok(line.starts_with("slidescope: refused").then_some(line))
}

impl Drop for RecordingProbe {
    /// Writes `END`, flushes and closes every sink.
    fn drop(&mut self) {
        encode::end(&mut self.buf);
        self.hand_over();
        self.jobs = None;
        if let Some(w) = self.writer.take() {
            let _ = w.join();
        }
    }
}

fn writer_loop(jobs: Receiver<Job>, recycle: SyncSender<Vec<u8>>, errors: Arc<Mutex<Vec<String>>>) {
    let mut sinks: Vec<Sink> = Vec::new();
    let write = |sinks: &mut Vec<Sink>, bytes: &[u8]| {
        sinks.retain_mut(|s| match s.write_all(bytes) {
            Ok(()) => true,
            Err(e) => {
                let mut errs = errors.lock().unwrap_or_else(|p| p.into_inner());
                errs.push(format!("probe {} dropped: {e}", s.name()));
                false
            }
        });
    };
    for job in jobs {
        match job {
            Job::Bytes(mut b) => {
                write(&mut sinks, &b);
                b.clear();
                let _ = recycle.try_send(b);
            }
            Job::AddSink(sink, start) => {
                let mut one = vec![sink];
                write(&mut one, &start);
                sinks.extend(one);
            }
            Job::Sync(done) => {
                for s in &mut sinks {
                    if let Sink::File(f) = s {
                        let _ = f.flush();
                    }
                }
                let _ = done.send(());
            }
        }
    }
}
