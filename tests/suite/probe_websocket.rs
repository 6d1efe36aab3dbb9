//! A game in a browser page streams its probe over a WebSocket on the probe's port:
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
        .args(["listen", "127.0.0.1:0", "--wait-secs"])
        .arg(crate::common::EVENT_LIMIT.as_secs().to_string())
        .arg("--save")
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
        .set_read_timeout(Some(crate::common::EVENT_LIMIT))
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
    let mut moves = 0;
    let clean = drain(&listener, |_| moves += 1);
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
    while let Some(e) = listener.recv_timeout(crate::common::EVENT_LIMIT) {
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
    while let Some(e) = listener.recv_timeout(crate::common::EVENT_LIMIT) {
        if let FeedEvent::Disconnected { error, .. } = e {
            clean = Some(error);
            break;
        }
    }
    assert_eq!(clean, Some(None), "the allowed page's header read cleanly");
}

/// `slidescope listen`'s exit status, what it printed after its first two lines, and the file.
fn finish(
    mut child: Child,
    mut out: BufReader<ChildStdout>,
    save: &Path,
) -> (i32, String, Vec<u8>) {
    let status = child.wait().unwrap();
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let saved = std::fs::read(save).unwrap_or_default();
    (status.code().unwrap_or(-1), rest + &err, saved)
}

/// The app listener's events until the page disconnects (`EVENT_LIMIT` at most between two):
/// each move to `on_move`; whether the stream ended cleanly (after its END). A problem or a
/// disconnection with an error fails the test.
fn drain(listener: &Listener, mut on_move: impl FnMut(slidescope::sim::FrameRecord)) -> bool {
    while let Some(e) = listener.recv_timeout(crate::common::EVENT_LIMIT) {
        match e {
            FeedEvent::Move(r) => on_move(*r),
            FeedEvent::Disconnected { clean, error, .. } => {
                assert!(error.is_none(), "{error:?}");
                return clean;
            }
            FeedEvent::Problem(p) => panic!("{p}"),
            _ => {}
        }
    }
    false
}

/// `slidescope listen` saving into a fresh folder `dir`, and a page connected with its token.
fn page_streaming(dir: &str) -> (Child, BufReader<ChildStdout>, std::path::PathBuf, Ws) {
    let save = temp_dir(dir).join("page.slidelog");
    let (child, out, addr, token) = listen(&save, &[]);
    let query = format!("?token={token}");
    let ws = connect(&addr, &query, Some("http://page.example")).unwrap();
    (child, out, save, ws)
}

/// Where the record holding byte `at` of a probe stream starts (records: u32 kind, u32 length).
fn record_start(bytes: &[u8], at: usize) -> usize {
    let mut header = Vec::new();
    slidescope_probe::encode::header(&mut header);
    let mut pos = header.len();
    loop {
        let len = u32::from_le_bytes(bytes[pos + 4..pos + 8].try_into().unwrap()) as usize;
        if pos + 8 + len > at {
            return pos;
        }
        pos += 8 + len;
    }
}

#[test]
fn fragmented_messages_arrive_as_one_stream() {
    use tungstenite::protocol::frame::Frame;
    use tungstenite::protocol::frame::coding::{Data, OpCode};
    let bytes = recording();
    let (child, out, save, mut ws) = page_streaming("probe_ws_fragments");
    // Each message of 100 kB sent as fragments of 7 kB: a binary frame, then continuations.
    for message in bytes.chunks(100_000) {
        let pieces: Vec<&[u8]> = message.chunks(7_000).collect();
        for (i, piece) in pieces.iter().enumerate() {
            let opcode = OpCode::Data(if i == 0 { Data::Binary } else { Data::Continue });
            let last = i + 1 == pieces.len();
            ws.send(Message::Frame(Frame::message(piece.to_vec(), opcode, last)))
                .unwrap();
        }
    }
    let _ = ws.close(None);
    while ws.read().is_ok() {}
    let (code, said, saved) = finish(child, out, &save);
    assert_eq!(code, 0, "{said}");
    assert!(
        saved == bytes,
        "{} of {} bytes saved",
        saved.len(),
        bytes.len()
    );
}

#[test]
fn an_oversized_frame_ends_the_stream_keeping_what_came_before() {
    let bytes = recording();
    let (child, out, save, mut ws) = page_streaming("probe_ws_oversized");
    let cut = record_start(&bytes, bytes.len() / 2);
    ws.send(Message::binary(bytes[..cut].to_vec())).unwrap();
    // A masked binary frame whose header claims 1 GiB (over the 16 MiB frame limit), then a
    // little of it: the listener must not wait for (or allocate) the rest.
    use std::io::Write;
    let mut raw = vec![0x82, 0x80 | 127];
    raw.extend_from_slice(&(1u64 << 30).to_be_bytes());
    raw.extend_from_slice(&[1, 2, 3, 4]);
    raw.extend_from_slice(&[0u8; 4096]);
    let _ = ws.get_mut().write_all(&raw);
    // No more from the page: a listener that waited for the rest would see the end, not hang.
    let _ = ws.get_mut().shutdown(std::net::Shutdown::Write);
    let (code, said, saved) = finish(child, out, &save);
    assert_eq!(code, 2, "not read to the end: {said}");
    assert!(said.contains("the game's stream stopped"), "{said}");
    assert!(said.contains("no END record"), "{said}");
    assert!(saved == bytes[..cut], "{} of {cut} bytes kept", saved.len());
}

#[test]
fn a_close_in_the_middle_of_a_record_keeps_the_records_before_it() {
    let bytes = recording();
    let (child, out, save, ws) = page_streaming("probe_ws_cut");
    let half = bytes.len() / 2;
    let start = record_start(&bytes, half);
    assert!(start < half, "the cut falls inside a record");
    send_all(ws, &bytes[..half], 4096);
    let (code, said, saved) = finish(child, out, &save);
    assert_eq!(code, 2, "not read to the end: {said}");
    assert!(said.contains("NOT READ TO THE END"), "{said}");
    // The file is the stream (half a record at its end); what it holds is the moves before.
    assert!(saved == bytes[..half]);
    let (records, error) = slidescope_probe::read::read_all(&saved[..]);
    assert!(error.is_some());
    let (whole, _) = slidescope_probe::read::read_all(&bytes[..start]);
    assert_eq!(records.len(), whole.len());
}

/// A page floods the app's listener with a long recording as fast as the socket takes it, in
/// messages of 64 KiB, while the "app" stops reading for a second: the listener's queue fills
/// and the page waits (TCP's back-pressure), so what is buffered between the page and the app
/// stays bounded; then the app reads every move, filing them in a history whose budget holds.
#[test]
fn a_flood_faster_than_the_app_reads_waits_on_the_app_with_bounded_memory() {
    const COPIES: usize = 32;
    use slidescope::sim::{PlayerParams, Sim, TimelineCommand};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let one = recording();
    let (records, _) = slidescope_probe::read::read_all(&one[..]);
    // The recording's moves 32 times over (frames renumbered), as one 45 MB stream: more than
    // the sockets' buffers and the listener's queue hold together.
    let mut bytes = Vec::new();
    slidescope_probe::encode::header(&mut bytes);
    let mut frame = 0u64;
    for _ in 0..COPIES {
        for r in &records {
            match r {
                slidescope_probe::read::Record::End => {}
                slidescope_probe::read::Record::Frame(f) => {
                    let mut f = *f;
                    f.frame = frame;
                    frame += 1;
                    slidescope_probe::encode::frame(&mut bytes, &f);
                }
                other => slidescope_probe::encode::record(&mut bytes, other),
            }
        }
    }
    slidescope_probe::encode::end(&mut bytes);
    let total_moves = 7680 * COPIES;
    let (listener, _) = Listener::bind("127.0.0.1:0", ShadowConfig::default()).unwrap();
    let addr = listener.local_addr().to_string();
    let token = listener.page_token().to_string();
    let sent = Arc::new(AtomicUsize::new(0));
    let sent_by_page = sent.clone();
    let stream_len = bytes.len();
    let page = std::thread::spawn(move || {
        let mut ws = connect(
            &addr,
            &format!("?token={token}"),
            Some("http://page.example"),
        )
        .unwrap();
        for chunk in bytes.chunks(64 << 10) {
            ws.send(Message::binary(chunk.to_vec())).unwrap();
            sent_by_page.fetch_add(chunk.len(), Ordering::Relaxed);
        }
        let _ = ws.close(None);
        while ws.read().is_ok() {}
    });
    // The app is busy: the page gets so far ahead of it (past the first megabyte), then waits:
    // the same count three samples in a row.
    let (mut ahead, mut same) = (0, 0);
    let deadline = std::time::Instant::now() + crate::common::EVENT_LIMIT;
    while std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(250));
        let now = sent.load(Ordering::Relaxed);
        same = if now == ahead && now > 1 << 20 {
            same + 1
        } else {
            0
        };
        ahead = now;
        if same == 3 {
            break;
        }
    }
    assert_eq!(same, 3, "the page never waited ({ahead} bytes sent)");
    assert!(
        ahead < stream_len && ahead < 32 << 20,
        "{ahead} of {stream_len} bytes taken with nobody reading"
    );
    // Then the app reads, frame after frame, a budget at a time, into a 4 MiB history.
    let mut sim = Sim::new(
        glam::Vec3::ZERO,
        PlayerParams::default(),
        Default::default(),
    );
    sim.command(TimelineCommand::Pause);
    *sim.history_mut() = slidescope::sim::History::new(4 << 20);
    let (mut moves, mut last_frame) = (0, None);
    let clean = drain(&listener, |r| {
        assert!(
            last_frame.is_none_or(|l| r.frame >= l),
            "moves out of order"
        );
        last_frame = Some(r.frame);
        moves += 1;
        sim.push_record(r);
        assert!(sim.history().used_bytes() <= sim.history().budget_bytes());
    });
    page.join().unwrap();
    assert_eq!((moves, clean), (total_moves, true));
    assert!(
        sim.history().len() < total_moves,
        "the budget evicted old frames"
    );
}

/// `listen --check` prints for the game it saved what `probe-check` prints for that file (its
/// rules measured and its profile weighed over the whole file, each rule with its evidence),
/// and exits as it does.
#[test]
fn the_listeners_check_is_probe_checks() {
    let bytes = std::fs::read(Path::new("tests/data/ports/babylon_lavaducts.slidelog")).unwrap();
    let dir = temp_dir("probe_ws_check");
    let save = dir.join("game.slidelog");
    let (mut child, mut out, addr, _token) = listen(&save, &["--check"]);
    send_all(connect(&addr, "", None).unwrap(), &bytes, 64 * 1024);
    let status = child.wait().unwrap();
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    assert_eq!(status.code(), Some(1), "{rest}");
    let (code, text) = crate::common::slidescope_cli(&["probe-check", save.to_str().unwrap()]);
    assert_eq!(code, 1, "{text}");
    assert!(
        rest.contains(text.trim()),
        "listen --check:\n{rest}\nprobe-check:\n{text}"
    );
    assert!(
        rest.contains("keeps an embedded start where it is"),
        "{rest}"
    );
}
