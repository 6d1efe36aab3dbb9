//! A game in a browser page streams its probe over a WebSocket on the probe's port (issue 25):
//! the saved stream equals what was sent whatever the message boundaries; a page from an
//! origin nobody allowed is refused with HTTP 403, one with the printed token or an allowed
//! origin is taken; a text message inside a record cuts the stream there, keeping what came
//! before. The app's listener takes the same upgrade and re-solves the moves.

use std::io::{BufRead, BufReader, Read};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::Duration;

use slidescope::probe::ShadowConfig;
use slidescope::probe::feed::FeedEvent;
use slidescope::probe::listen::Listener;
use tungstenite::Message;
use tungstenite::client::IntoClientRequest;

use crate::common::temp_dir;

/// A recording to send: Babylon.js on the three.js world (1.4 MB).
fn recording() -> Vec<u8> {
    std::fs::read(Path::new("tests/data/ports/babylon_threejs.slidelog")).unwrap()
}

/// `slidescope listen` on a free port, with its address and token.
fn listen(save: &Path, extra: &[&str]) -> (Child, BufReader<ChildStdout>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_slidescope"))
        .args(["listen", "127.0.0.1:0", "--wait-secs", "30", "--save"])
        .arg(save)
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let (mut first, mut second) = (String::new(), String::new());
    out.read_line(&mut first).unwrap();
    out.read_line(&mut second).unwrap();
    let addr = first
        .strip_prefix("listening on ")
        .and_then(|s| s.split(';').next())
        .unwrap_or_else(|| panic!("{first}"))
        .to_string();
    let token = second
        .split("token=")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .unwrap_or_else(|| panic!("{second}"))
        .to_string();
    (child, out, addr, token)
}

type Ws = tungstenite::WebSocket<TcpStream>;

/// A WebSocket to `addr` (query `query`), as a page of `origin` when given.
fn connect(addr: &str, query: &str, origin: Option<&str>) -> Result<Ws, tungstenite::Error> {
    let mut request = format!("ws://{addr}/{query}").into_client_request()?;
    if let Some(o) = origin {
        request.headers_mut().insert("Origin", o.parse().unwrap());
    }
    let stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    tungstenite::client(request, stream)
        .map(|(ws, _)| ws)
        .map_err(|e| match e {
            tungstenite::HandshakeError::Failure(e) => e,
            tungstenite::HandshakeError::Interrupted(_) => tungstenite::Error::ConnectionClosed,
        })
}

/// Sends `bytes` in binary messages of `size` bytes (cutting records anywhere), then closes.
fn send_all(mut ws: Ws, bytes: &[u8], size: usize) {
    for chunk in bytes.chunks(size) {
        ws.send(Message::binary(chunk.to_vec())).unwrap();
    }
    let _ = ws.close(None);
    // Let the listener read to the close.
    while ws.read().is_ok() {}
}

#[test]
fn a_page_streams_over_a_websocket_and_the_saved_file_is_the_stream() {
    let bytes = recording();
    let dir = temp_dir("probe_ws_page");
    let save = dir.join("page.slidelog");
    let (mut child, mut out, addr, token) =
        listen(&save, &["--allow-origin", "http://127.0.0.1:8000"]);
    // A page nobody allowed: HTTP 403, and the listener waits on.
    match connect(&addr, "", Some("http://evil.example")) {
        Err(tungstenite::Error::Http(r)) => assert_eq!(r.status(), 403),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("a page from a disallowed origin was taken"),
    }
    // The same page with the token is taken; the stream arrives whatever the message sizes.
    let ws = connect(
        &addr,
        &format!("?token={token}"),
        Some("http://evil.example"),
    )
    .unwrap();
    send_all(ws, &bytes, 1000);
    let status = child.wait().unwrap();
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    assert!(status.success(), "{rest}");
    assert!(
        rest.contains("7680 moves in 960 game frames, ended with END"),
        "{rest}"
    );
    assert!(
        std::fs::read(&save).unwrap() == bytes,
        "the saved file differs"
    );
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(
        err.contains("refused a page from http://evil.example"),
        "{err}"
    );
}

#[test]
fn an_allowed_origin_streams_and_a_text_message_cuts_the_stream_where_it_came() {
    let bytes = recording();
    let dir = temp_dir("probe_ws_text");
    let save = dir.join("cut.slidelog");
    let (mut child, _out, addr, _token) =
        listen(&save, &["--allow-origin", "http://127.0.0.1:8000"]);
    let mut ws = connect(&addr, "", Some("http://127.0.0.1:8000")).unwrap();
    // The header and 100 bytes into the first record, then a text message.
    ws.send(Message::binary(bytes[..116].to_vec())).unwrap();
    ws.send(Message::text("hello")).unwrap();
    let _ = ws.close(None);
    while ws.read().is_ok() {}
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(2), "a file cut inside a record");
    assert_eq!(std::fs::read(&save).unwrap(), bytes[..116].to_vec());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(err.contains("text WebSocket message"), "{err}");
}

#[test]
fn the_apps_listener_re_solves_a_pages_moves() {
    let bytes = recording();
    let (listener, _) = Listener::bind("127.0.0.1:0", ShadowConfig::default()).unwrap();
    let addr = listener.local_addr().to_string();
    let hint = listener.page_hint();
    let token = hint
        .split("token=")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    let ws = connect(
        &addr,
        &format!("?token={token}"),
        Some("http://page.example"),
    )
    .unwrap();
    std::thread::spawn(move || send_all(ws, &bytes, 4096));
    let (mut moves, mut clean) = (0, false);
    while let Some(e) = listener.recv_timeout(Duration::from_secs(60)) {
        match e {
            FeedEvent::Move(_) => moves += 1,
            FeedEvent::Disconnected {
                clean: c, error, ..
            } => {
                assert!(error.is_none(), "{error:?}");
                clean = c;
                break;
            }
            FeedEvent::Problem(p) => panic!("{p}"),
            _ => {}
        }
    }
    assert_eq!((moves, clean), (7680, true));
}

#[test]
fn the_apps_listener_takes_an_allowed_origin_and_names_a_refused_page() {
    let config = ShadowConfig::default();
    let allowed = vec!["http://game.example".to_string()];
    let (listener, _) = Listener::bind_allowing("127.0.0.1:0", config, allowed).unwrap();
    let addr = listener.local_addr().to_string();
    match connect(&addr, "", Some("http://other.example")) {
        Err(tungstenite::Error::Http(r)) => assert_eq!(r.status(), 403),
        other => panic!("not refused: {:?}", other.map(|_| ())),
    }
    let mut refused = None;
    while let Some(e) = listener.recv_timeout(Duration::from_secs(10)) {
        match e {
            FeedEvent::Problem(p) => refused = Some(p),
            FeedEvent::Disconnected { .. } => break,
            _ => {}
        }
    }
    let refused = refused.unwrap();
    assert!(
        refused.contains("refused a page from http://other.example"),
        "{refused}"
    );
    let ws = connect(&addr, "", Some("http://game.example")).unwrap();
    send_all(ws, &recording()[..16], 16);
    let mut clean = None;
    while let Some(e) = listener.recv_timeout(Duration::from_secs(10)) {
        if let FeedEvent::Disconnected { error, .. } = e {
            clean = Some(error);
            break;
        }
    }
    assert_eq!(clean, Some(None), "the allowed page's header read cleanly");
}
