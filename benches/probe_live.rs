//! Live: a crowd of 1,000 characters streamed at 60 Hz for a minute (`PROBE_LIVE_SECS`), the
//! app's side emulated without a window: a listener re-solving on its thread, and a "UI"
//! thread that every 1/60 s takes what arrived (within the app's per-frame event budget),
//! files it in the history (default 512 MiB budget) and builds the debugger's view of the
//! history, as `App::poll_probe` and `App::debug_view` do. Prints whether the game kept real
//! time, the per-frame cost on the UI thread (p50/p99/max), moves received and the history's
//! bytes. Needs the teaching level (`assets/teaching.glb`).
//!
//! `PROBE_LIVE_WS=1`: the game streams as a browser page does, in binary WebSocket
//! messages (a relay turns the probe's TCP stream into 64 KiB messages on a WebSocket with the
//! listener's token). `PROBE_LIVE_FLOOD=1`: the game does not wait for the clock, sending as
//! fast as the app takes its moves (the sustained moves/s into the app).
//!
//! Run: `cargo bench --bench probe_live`.

#[path = "../examples/probe_game/game.rs"]
#[allow(dead_code)]
mod game;

use std::time::{Duration, Instant};

use slidescope::probe::ShadowConfig;
use slidescope::probe::feed::FeedEvent;
use slidescope::probe::listen::Listener;
use slidescope::sim::{MarkerKind, PlayerParams, Sim, TimelineCommand};
use slidescope_probe::RecordingProbe;

fn percentile(v: &mut [f64], q: f64) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(((v.len() as f64 - 1.0) * q).round() as usize)
        .copied()
        .unwrap_or(0.0)
}

fn main() {
    let secs: f64 = std::env::var("PROBE_LIVE_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60.0);
    let crowd_n = 1000;
    let mesh = slidescope::level::Level::load("assets/teaching.glb")
        .expect("assets/teaching.glb")
        .collision;
    let (listener, _) = Listener::bind("127.0.0.1:0", ShadowConfig::default()).expect("listen");
    let ws = std::env::var_os("PROBE_LIVE_WS").is_some();
    let flood = std::env::var_os("PROBE_LIVE_FLOOD").is_some();
    let addr = if ws {
        relay_to_websocket(listener.local_addr(), listener.page_token().to_string())
    } else {
        listener.local_addr()
    };
    let game = std::thread::spawn(move || {
        let mut probe = RecordingProbe::connect(addr).expect("connect");
        let positions: Vec<[f32; 3]> = mesh.positions().iter().map(|p| p.to_array()).collect();
        let indices: Vec<[u32; 3]> = (0..mesh.triangle_count() as u32)
            .map(|t| mesh.triangle_indices(t))
            .collect();
        probe.set_level_mesh(&positions, &indices);
        let mut crowd = game::Crowd::new(&mesh, crowd_n);
        let frames = (secs * 60.0) as u64;
        let started = Instant::now();
        let mut late = 0;
        for frame in 0..frames {
            let due = started + Duration::from_secs_f64(frame as f64 / 60.0);
            match due.checked_duration_since(Instant::now()) {
                Some(w) if !flood => std::thread::sleep(w),
                Some(_) => {}
                None => late += 1,
            }
            probe.frame(frame, frame as f64 / 60.0, game::DT_SECS);
            crowd.step(&mesh, frame, |mover, m| {
                let mut p = game::probe_move(m);
                p.mover = mover;
                probe.log_move(&p, &m.moved.contacts);
            });
        }
        probe.flush();
        (
            frames * crowd_n as u64,
            late,
            started.elapsed().as_secs_f64(),
        )
    });
    // The UI thread: one "frame" every 1/60 s.
    let budget = Duration::from_millis(4);
    let mut sim = Sim::new(
        glam::Vec3::ZERO,
        PlayerParams::default(),
        Default::default(),
    );
    sim.command(TimelineCommand::Pause);
    let (mut frame_ms, mut received, mut diverging, mut done) = (Vec::new(), 0u64, 0u64, false);
    let started = Instant::now();
    let mut tick = 0u64;
    while !done {
        tick += 1;
        let due = started + Duration::from_secs_f64(tick as f64 / 60.0);
        if let Some(w) = due.checked_duration_since(Instant::now()) {
            std::thread::sleep(w);
        }
        let t = Instant::now();
        while t.elapsed() < budget {
            match listener.try_recv() {
                Some(FeedEvent::Move(r)) => {
                    diverging += u64::from(r.markers.contains(MarkerKind::GameDiverges));
                    received += 1;
                    sim.push_record(*r);
                }
                Some(FeedEvent::Disconnected { .. }) => done = true,
                Some(_) => {}
                None => break,
            }
        }
        sim.command(TimelineCommand::End);
        // What the debugger's view takes of the history every frame (the timeline strip).
        let (a, b) = sim.history().summaries();
        std::hint::black_box([a, b].concat());
        frame_ms.push(t.elapsed().as_secs_f64() * 1e3);
    }
    let ui_secs = started.elapsed().as_secs_f64();
    let (sent, late, game_secs) = game.join().expect("game");
    let how = match (ws, flood) {
        (true, true) => "over a WebSocket, flooding",
        (true, false) => "over a WebSocket",
        (false, true) => "over TCP, flooding",
        (false, false) => "over TCP",
    };
    println!(
        "game {how}: {sent} moves in {game_secs:.1} s of a {secs:.0} s script ({late} frames started late): {:.0} moves/s",
        sent as f64 / game_secs
    );
    println!(
        "ui thread per frame: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms over {} frames",
        percentile(&mut frame_ms, 0.5),
        percentile(&mut frame_ms, 0.99),
        percentile(&mut frame_ms, 1.0),
        frame_ms.len()
    );
    println!(
        "received {received} moves ({diverging} diverging) in {ui_secs:.1} s: {:.0} moves/s into the app; history {} frames, {:.1} MiB of {:.0} MiB",
        received as f64 / ui_secs,
        sim.history().len(),
        sim.history().used_bytes() as f64 / 1048576.0,
        sim.history().budget_bytes() as f64 / 1048576.0
    );
}

/// A relay standing in for a browser page: takes the probe's TCP stream on a port of its own and
/// sends it on to `listener` as binary WebSocket messages of up to 64 KiB (a page's probe sends
/// each buffer it fills as one message), with the listener's token and a page's `Origin`.
fn relay_to_websocket(listener: std::net::SocketAddr, token: String) -> std::net::SocketAddr {
    use std::io::Read;
    use tungstenite::client::IntoClientRequest;
    let socket = std::net::TcpListener::bind("127.0.0.1:0").expect("relay");
    let addr = socket.local_addr().expect("relay address");
    std::thread::spawn(move || {
        let (mut game, _) = socket.accept().expect("the game");
        let mut request = format!("ws://{listener}/?token={token}")
            .into_client_request()
            .expect("request");
        let origin = "http://127.0.0.1:8000".parse().expect("origin");
        request.headers_mut().insert("Origin", origin);
        let stream = std::net::TcpStream::connect(listener).expect("connect");
        let (mut ws, _) = tungstenite::client(request, stream).expect("upgrade");
        let mut buf = vec![0u8; 64 << 10];
        loop {
            match game.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => ws
                    .send(tungstenite::Message::binary(buf[..n].to_vec()))
                    .expect("send"),
            }
        }
        let _ = ws.close(None);
        while ws.read().is_ok() {}
    });
    addr
}
