//! A game in a browser page streams its probe over a WebSocket: a page cannot open
//! a raw TCP socket, so the probe's port also takes an HTTP upgrade. The upgrade is told from
//! the probe's own bytes by its first four (`GET ` against `SLPR`); after it, the binary
//! messages' payloads are the same byte stream a TCP game sends, read by the same reader.
//!
//! Any web page can try `ws://127.0.0.1:7878`. A request with an `Origin` header (a page) is
//! taken only from an origin the user allowed (`--allow-origin`) or with the token slidescope
//! printed when it started listening (`?token=…`); anything else gets HTTP 403 and a line
//! saying why. A request without `Origin` is a program, like a TCP game.

use std::io::{self, Read};
use std::net::TcpStream;
use std::time::Duration;

use tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tungstenite::protocol::WebSocketConfig;
use tungstenite::{Message, WebSocket};

/// Largest WebSocket message (a probe record is at most 256 MiB; a game sends far less at once).
const MAX_MESSAGE_BYTES: usize = 64 << 20;
/// Largest frame of a message.
const MAX_FRAME_BYTES: usize = 16 << 20;
/// How long a new connection has to send its first four bytes.
const FIRST_BYTES_WAIT: Duration = Duration::from_secs(5);

/// Which browser pages may stream: origins the user allowed, and the listener's token.
#[derive(Debug, Clone)]
pub struct Access {
    pub allowed_origins: Vec<String>,
    pub token: String,
}

impl Access {
    /// `allowed_origins`, and a fresh token (random per listener).
    pub fn new(allowed_origins: Vec<String>) -> Self {
        use std::hash::{BuildHasher, Hasher};
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        h.write_u128(now.map_or(0, |d| d.as_nanos()));
        h.write_u32(std::process::id());
        Self {
            allowed_origins,
            token: format!("{:016x}", h.finish()),
        }
    }

    /// The line a listener prints so a page can connect.
    pub fn hint(&self, addr: std::net::SocketAddr) -> String {
        format!(
            "a browser page may stream to ws://{addr}/?token={} (or start with --allow-origin ORIGIN)",
            self.token
        )
    }

    /// Whether `request` may stream: no `Origin` (a program), an allowed one, or the token.
    fn allows(&self, request: &Request) -> Result<(), String> {
        let Some(origin) = request.headers().get("origin") else {
            return Ok(());
        };
        let origin = origin.to_str().unwrap_or("");
        let token = request
            .uri()
            .query()
            .is_some_and(|q| q.split('&').any(|kv| kv == format!("token={}", self.token)));
        if token || self.allowed_origins.iter().any(|o| o == origin) {
            return Ok(());
        }
        Err(format!(
            "slidescope: refused a page from {origin}: start slidescope with --allow-origin \
             {origin}, or connect with the token it printed"
        ))
    }
}

/// The game's byte stream from `stream`: the stream itself, or, when it opens with an HTTP
/// request, the payloads of the WebSocket's binary messages once `access` allows the page.
// The refusal's type is tungstenite's (an HTTP response), built once per refused page.
#[allow(clippy::result_large_err)]
pub fn open(stream: TcpStream, access: &Access) -> Result<Box<dyn Read + Send>, String> {
    if !starts_with_http(&stream).map_err(|e| e.to_string())? {
        return Ok(Box::new(stream));
    }
    let refusal = std::cell::RefCell::new(None);
    let callback = |request: &Request, response: Response| match access.allows(request) {
        Ok(()) => Ok(response),
        Err(why) => {
            *refusal.borrow_mut() = Some(why.clone());
            let mut e = ErrorResponse::new(Some(why));
            *e.status_mut() = tungstenite::http::StatusCode::FORBIDDEN;
            Err(e)
        }
    };
    let config = WebSocketConfig::default()
        .max_message_size(Some(MAX_MESSAGE_BYTES))
        .max_frame_size(Some(MAX_FRAME_BYTES));
    match tungstenite::accept_hdr_with_config(stream, callback, Some(config)) {
        Ok(ws) => Ok(Box::new(WsReader {
            ws,
            message: Vec::new(),
            at: 0,
        })),
        Err(e) => Err(refusal
            .take()
            .unwrap_or_else(|| format!("WebSocket upgrade failed: {e}"))),
    }
}

/// Whether the first four bytes are `GET ` (an HTTP request), waiting for them a while.
fn starts_with_http(stream: &TcpStream) -> io::Result<bool> {
    stream.set_read_timeout(Some(FIRST_BYTES_WAIT))?;
    let mut first = [0u8; 4];
    let mut seen = 0;
    for _ in 0..50 {
        seen = match stream.peek(&mut first) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        if seen == 4 || seen == 0 {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    stream.set_read_timeout(None)?;
    Ok(seen == 4 && &first == b"GET ")
}

/// The payloads of a WebSocket's binary messages as one byte stream. A text message is an
/// error (the probe sends binary); a close, or the connection closing, is the end.
struct WsReader {
    ws: WebSocket<TcpStream>,
    message: Vec<u8>,
    at: usize,
}

impl Read for WsReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at == self.message.len() {
            match self.ws.read() {
                Ok(Message::Binary(bytes)) => {
                    self.message.clear();
                    self.message.extend_from_slice(&bytes);
                    self.at = 0;
                }
                Ok(Message::Text(_)) => {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        "a text WebSocket message: the probe sends binary messages",
                    ));
                }
                Ok(Message::Close(_)) => return Ok(0),
                Ok(_) => {}
                Err(tungstenite::Error::ConnectionClosed | tungstenite::Error::AlreadyClosed) => {
                    return Ok(0);
                }
                Err(e) => return Err(io::Error::other(e.to_string())),
            }
        }
        let n = buf.len().min(self.message.len() - self.at);
        buf[..n].copy_from_slice(&self.message[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}
