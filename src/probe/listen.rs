//! Listening for a game (`slidescope --listen`, File ▸ Listen for a game): a TCP listener on
//! loopback, one connection at a time. Each connection runs on its own thread: records are
//! read, turned into moves by a [`ProbeSession`] and re-solved there, and the finished history
//! records come to the app through a bounded channel (so a game that outruns the viewer is
//! slowed by TCP, and memory stays bounded). A second game connecting while one is connected
//! is refused with one line and closed; the first is not disturbed.

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use slidescope_probe::read::Reader;

use super::feed::{FeedEvent, LiveSession, QUEUE, send};
use super::shadow::ShadowConfig;

/// Where slidescope listens unless told otherwise.
pub const DEFAULT_ADDR: &str = "127.0.0.1:7878";
/// The line a refused second game receives.
pub const REFUSAL: &str = "slidescope: refused, another game is connected\n";

/// A listening socket and the threads behind it. Dropping it stops listening and closes the
/// connection.
pub struct Listener {
    addr: SocketAddr,
    /// Which browser pages may stream over a WebSocket (desktop only).
    #[cfg(not(target_arch = "wasm32"))]
    access: super::websocket::Access,
    events: Receiver<FeedEvent>,
    config: Arc<Mutex<ShadowConfig>>,
    stop: Arc<AtomicBool>,
    connection: Arc<Mutex<Option<TcpStream>>>,
    accept: Option<JoinHandle<()>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Listener {
    /// Listens on `addr` (e.g. [`DEFAULT_ADDR`]; port 0 picks a free port). Returns the
    /// listener and, for an address that is not loopback, a warning to show.
    pub fn bind(addr: &str, config: ShadowConfig) -> std::io::Result<(Self, Option<String>)> {
        Self::bind_allowing(addr, config, Vec::new())
    }

    /// [`bind`](Self::bind), also taking a browser page of the `allowed` origins over a
    /// WebSocket (any page may use the printed token; see `probe::websocket`).
    pub fn bind_allowing(
        addr: &str,
        config: ShadowConfig,
        allowed: Vec<String>,
    ) -> std::io::Result<(Self, Option<String>)> {
        let socket = TcpListener::bind(addr)?;
        socket.set_nonblocking(true)?;
        let local = socket.local_addr()?;
        let warning = (!local.ip().is_loopback()).then(|| {
            format!(
                "listening on {local}, which is not loopback: any machine that reaches it can \
                 send moves"
            )
        });
        let (tx, events) = sync_channel(QUEUE);
        #[cfg(not(target_arch = "wasm32"))]
        let access = super::websocket::Access::new(allowed);
        #[cfg(target_arch = "wasm32")]
        let _ = allowed;
        #[cfg(not(target_arch = "wasm32"))]
        let served = access.clone();
        #[cfg(target_arch = "wasm32")]
        let served = NoPages;
        let config = Arc::new(Mutex::new(config));
        let stop = Arc::new(AtomicBool::new(false));
        let connection = Arc::new(Mutex::new(None));
        let accept = {
            let (config, stop, connection) = (config.clone(), stop.clone(), connection.clone());
            std::thread::Builder::new()
                .name("probe-listen".into())
                .spawn(move || accept_loop(socket, tx, config, stop, connection, served))?
        };
        Ok((
            Self {
                addr: local,
                #[cfg(not(target_arch = "wasm32"))]
                access,
                events,
                config,
                stop,
                connection,
                accept: Some(accept),
            },
            warning,
        ))
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// How a browser page may stream to this listener (the token's URL).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn page_hint(&self) -> String {
        self.access.hint(self.addr)
    }

    /// The token a browser page connects with (`ws://ADDR/?token=…`).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn page_token(&self) -> &str {
        &self.access.token
    }

    /// Whether a game is connected now.
    pub fn is_connected(&self) -> bool {
        lock(&self.connection).is_some()
    }

    /// The re-solve settings for moves from now on.
    pub fn set_config(&self, config: ShadowConfig) {
        *lock(&self.config) = config;
    }

    /// The next event, if one is waiting.
    pub fn try_recv(&self) -> Option<FeedEvent> {
        self.events.try_recv().ok()
    }

    /// The next event, waiting up to `timeout`.
    pub fn recv_timeout(&self, timeout: Duration) -> Option<FeedEvent> {
        self.events.recv_timeout(timeout).ok()
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(s) = lock(&self.connection).as_ref() {
            let _ = s.shutdown(Shutdown::Both);
        }
        // Unblock a connection thread waiting for room in the queue.
        while self.events.try_recv().is_ok() {}
        if let Some(a) = self.accept.take() {
            let _ = a.join();
        }
    }
}

fn accept_loop(
    socket: TcpListener,
    tx: SyncSender<FeedEvent>,
    config: Arc<Mutex<ShadowConfig>>,
    stop: Arc<AtomicBool>,
    connection: Arc<Mutex<Option<TcpStream>>>,
    access: Served,
) {
    let mut worker: Option<JoinHandle<()>> = None;
    while !stop.load(Ordering::Relaxed) {
        match socket.accept() {
            Ok((mut stream, peer)) => {
                let busy = lock(&connection).is_some();
                if busy {
                    // The event goes first: once the game reads the line, anything it makes
                    // the first game do must come after the refusal on the timeline.
                    let _ = tx.try_send(FeedEvent::Refused(peer));
                    let _ = stream.write_all(REFUSAL.as_bytes());
                    let _ = stream.shutdown(Shutdown::Both);
                    continue;
                }
                if let Some(w) = worker.take() {
                    let _ = w.join();
                }
                let Ok(handle) = stream.try_clone() else {
                    continue;
                };
                *lock(&connection) = Some(handle);
                let _ = stream.set_nonblocking(false);
                let _ = tx.try_send(FeedEvent::Connected(peer.to_string()));
                let (tx, config, stop, connection) =
                    (tx.clone(), config.clone(), stop.clone(), connection.clone());
                let access = access.clone();
                worker = std::thread::Builder::new()
                    .name("probe-connection".into())
                    .spawn(move || {
                        serve(stream, &tx, &config, &stop, &access);
                        *lock(&connection) = None;
                    })
                    .ok();
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(10));
            }
            Err(_) => std::thread::sleep(Duration::from_millis(50)),
        }
    }
    if let Some(w) = worker {
        let _ = w.join();
    }
}

/// What a connection needs to take a browser page (desktop: who may stream over a WebSocket).
#[cfg(not(target_arch = "wasm32"))]
type Served = super::websocket::Access;
#[cfg(target_arch = "wasm32")]
type Served = NoPages;

/// In the browser build nothing listens: no page to take.
#[cfg(target_arch = "wasm32")]
#[derive(Debug, Clone)]
struct NoPages;

/// The game's byte stream: the TCP stream, or a WebSocket's messages (desktop).
fn game_stream(stream: TcpStream, access: &Served) -> Result<Box<dyn Read + Send>, String> {
    #[cfg(not(target_arch = "wasm32"))]
    return super::websocket::open(stream, access);
    #[cfg(target_arch = "wasm32")]
    {
        let NoPages = access;
        Ok(Box::new(stream))
    }
}

/// Reads one game's stream to its end, re-solving each move as it arrives.
fn serve(
    stream: TcpStream,
    tx: &SyncSender<FeedEvent>,
    config: &Mutex<ShadowConfig>,
    stop: &AtomicBool,
    access: &Served,
) {
    let mut live = LiveSession::new(std::env::current_dir().unwrap_or_default());
    // Before any move: the game went away with this error.
    let gone = |error: String| {
        let event = FeedEvent::Disconnected {
            moves: 0,
            clean: false,
            error: Some(error),
        };
        send(tx, stop, event);
    };
    let source = match game_stream(stream, access) {
        Ok(s) => s,
        Err(why) => {
            send(tx, stop, FeedEvent::Problem(why));
            return gone("refused".into());
        }
    };
    let reader = std::io::BufReader::with_capacity(256 * 1024, source);
    let mut reader = match Reader::new(reader) {
        Ok(r) => r,
        Err(e) => return gone(e.to_string()),
    };
    let (mut clean, mut error, mut events) = (false, None, Vec::new());
    loop {
        let record = match reader.next_record() {
            Ok(Some(r)) => r,
            Ok(None) => break,
            Err(e) => {
                error = Some(e.to_string());
                break;
            }
        };
        let cfg = *lock(config);
        clean = live.step(record, &cfg, &mut events);
        for e in events.drain(..) {
            if !send(tx, stop, e) {
                return;
            }
        }
        if clean {
            break;
        }
    }
    send(
        tx,
        stop,
        FeedEvent::Disconnected {
            moves: live.session.moves(),
            clean,
            error,
        },
    );
}
