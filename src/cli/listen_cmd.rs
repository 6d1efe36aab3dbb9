//! `slidescope listen [ADDR] --save run.slidelog [--check]`: records one game's live probe
//! stream without a window (a game's CI). The same loopback default and warning as the app's
//! listener; a second game connecting meanwhile is refused with the same line. A game in a
//! browser page streams over a WebSocket on the same port (`probe::websocket`: an allowed
//! origin or the printed token). The stream is written to the file as it arrives (the file is
//! the stream, byte for byte), then read back to say what it holds; `--check` runs
//! `probe-check` on it.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::Args;

use crate::probe::listen::{DEFAULT_ADDR, REFUSAL};
use crate::probe::probe_file_check::{CheckOptions, check_file, check_file_profiled};
use crate::probe::websocket::{self, Access};

#[derive(Debug, Args)]
pub struct ListenArgs {
    /// Address to listen on (an address that is not loopback prints a warning).
    #[arg(default_value = DEFAULT_ADDR)]
    pub addr: String,
    /// The probe file to write (replaced if it exists).
    #[arg(long)]
    pub save: PathBuf,
    /// After the game disconnects, check the file as `probe-check` does and exit with its
    /// status.
    #[arg(long)]
    pub check: bool,
    /// Give up when no game has connected after this many seconds (exit 2).
    #[arg(long)]
    pub wait_secs: Option<f64>,
    /// Stop recording past this many bytes (the file keeps the records before).
    #[arg(long, default_value_t = 4u64 << 30)]
    pub max_bytes: u64,
    /// A web page origin (e.g. `http://127.0.0.1:8000`) allowed to stream over a WebSocket;
    /// repeatable. Others need the token printed at start.
    #[arg(long)]
    pub allow_origin: Vec<String>,
}

pub fn run(args: &ListenArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let socket = TcpListener::bind(&args.addr)?;
    let local = socket.local_addr()?;
    if !local.ip().is_loopback() {
        eprintln!(
            "warning: listening on {local}, which is not loopback: any machine that reaches it \
             can send moves"
        );
    }
    println!("listening on {local}; waiting for a game");
    let access = Access::new(args.allow_origin.clone());
    println!("{}", access.hint(local));
    let (source, peer) = loop {
        let Some((stream, peer)) = wait_for_game(&socket, args.wait_secs)? else {
            eprintln!("no game connected");
            return Ok(ExitCode::from(super::probe_check::EXIT_ERROR));
        };
        match websocket::open(stream, &access) {
            Ok(source) => break (source, peer),
            // A page refused (or a failed upgrade) is said, and the next game may come.
            Err(why) => eprintln!("{peer}: {why}"),
        }
    };
    println!(
        "game connected from {peer}; recording to {}",
        args.save.display()
    );
    let busy = Arc::new(AtomicBool::new(true));
    let refuser = refuse_others(socket, busy.clone());
    let copied = record(source, &args.save, args.max_bytes);
    busy.store(false, Ordering::Relaxed);
    let _ = refuser.join();
    report_recording(args, copied?)
}

/// What the recording holds, checked when asked; the exit code: an error when it could not be
/// read to the end, failure when a checked move diverges.
fn report_recording(
    args: &ListenArgs,
    copied: Copied,
) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let Copied {
        bytes,
        capped,
        stream_error,
    } = copied;
    println!(
        "game disconnected: {bytes} bytes written{}",
        if capped {
            " (stopped at --max-bytes)"
        } else {
            ""
        }
    );
    let options = CheckOptions {
        explain: args.check,
        ..Default::default()
    };
    // With `--check`, as `probe-check` checks it: its rules measured, its profile weighed.
    let report = match args.check {
        true => check_file_profiled(&args.save, &options)?,
        false => check_file(&args.save, &options)?,
    };
    if args.check {
        print!("{}", report.to_text(&args.save.display().to_string()));
    } else {
        let end = if report.reading.ended_cleanly {
            "ended with END"
        } else {
            "no END record"
        };
        println!(
            "{} moves in {} game frames, {end}",
            report.counts.moves, report.counts.frames
        );
        if let Some(e) = &report.reading.read_error {
            println!("NOT READ TO THE END: {e} (the moves before it are kept)");
        }
    }
    // A stream that broke off after its END (a page closed without the closing handshake)
    // was read to the end; before it, it was not.
    let cut_off = stream_error.is_some() && !report.reading.ended_cleanly;
    if let Some(e) = &stream_error {
        if cut_off {
            println!(
                "NOT READ TO THE END: the game's stream stopped: {e} (the bytes before it are kept)"
            );
        } else {
            println!("warning: after its END the game's stream stopped: {e}");
        }
    }
    Ok(if !report.complete() || capped || cut_off {
        ExitCode::from(super::probe_check::EXIT_ERROR)
    } else if args.check && report.counts.diverging > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// The first connection, or `None` after `wait_secs`.
fn wait_for_game(
    socket: &TcpListener,
    wait_secs: Option<f64>,
) -> std::io::Result<Option<(TcpStream, std::net::SocketAddr)>> {
    socket.set_nonblocking(true)?;
    let started = Instant::now();
    loop {
        match socket.accept() {
            Ok((s, peer)) => {
                s.set_nonblocking(false)?;
                return Ok(Some((s, peer)));
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                if wait_secs.is_some_and(|w| started.elapsed().as_secs_f64() > w) {
                    return Ok(None);
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            Err(e) => return Err(e),
        }
    }
}

/// While `busy`, every other game that connects gets the refusal line and is closed.
fn refuse_others(socket: TcpListener, busy: Arc<AtomicBool>) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        while busy.load(Ordering::Relaxed) {
            match socket.accept() {
                Ok((mut s, _)) => {
                    let _ = s.write_all(REFUSAL.as_bytes());
                    let _ = s.shutdown(Shutdown::Both);
                }
                Err(_) => std::thread::sleep(Duration::from_millis(10)),
            }
        }
    })
}

/// What [`record`] wrote.
struct Copied {
    bytes: u64,
    /// `--max-bytes` stopped it.
    capped: bool,
    /// The stream broke off (a reset, a bad WebSocket message) rather than closing.
    stream_error: Option<String>,
}

/// Copies the game's stream into `path` until it closes, breaks off, or reaches `max_bytes`.
fn record(
    mut stream: Box<dyn Read + Send>,
    path: &std::path::Path,
    max_bytes: u64,
) -> std::io::Result<Copied> {
    let mut file = std::io::BufWriter::new(std::fs::File::create(path)?);
    let mut buf = vec![0u8; 256 * 1024];
    let mut copied = Copied {
        bytes: 0,
        capped: false,
        stream_error: None,
    };
    loop {
        let n = match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            // A connection reset (or a bad WebSocket message) keeps what arrived before it.
            Err(e) => {
                eprintln!("the game's stream stopped: {e}");
                copied.stream_error = Some(e.to_string());
                break;
            }
        };
        let room = max_bytes.saturating_sub(copied.bytes);
        let take = (n as u64).min(room) as usize;
        file.write_all(&buf[..take])?;
        copied.bytes += take as u64;
        if take < n {
            copied.capped = true;
            break;
        }
    }
    file.flush()?;
    Ok(copied)
}
