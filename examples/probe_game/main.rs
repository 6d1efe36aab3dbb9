//! A "game" that streams its collide-and-slide moves to slidescope and writes them to a file.
//!
//! ```text
//! slidescope --listen &                                  # the debugger, waiting for a game
//! cargo run --example probe_game -- --connect 127.0.0.1:7878 --save run.slidelog
//! slidescope probe-check run.slidelog                    # what the game's CI would run
//! ```
//!
//! `--padding normal` plays the same walk with the seed's padding: then nothing diverges.
//! The level is the teaching level, read with slidescope's loader for brevity (a game has its
//! own); everything after that is what a game adds: the probe, and its own collide-and-slide
//! (`game.rs`).

mod game;

use std::path::PathBuf;

use slidescope::collision::CollisionMesh;
use slidescope_probe::Probe;

fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("probe_game: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let mut connect = None;
    let mut save = None;
    let mut padding = game::Padding::AlongVelocity;
    let mut flaw = game::Flaw::None;
    let mut crowd: Option<(usize, f64)> = None;
    let mut level = PathBuf::from("assets/teaching.glb");
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--connect" => connect = args.next(),
            "--save" => save = args.next().map(PathBuf::from),
            "--level" => {
                level = args
                    .next()
                    .map(PathBuf::from)
                    .ok_or("--level needs a path")?
            }
            "--crowd" => {
                let mut num = || args.next().and_then(|n| n.parse::<f64>().ok());
                let (n, secs) = num().zip(num()).ok_or("--crowd N SECONDS")?;
                crowd = Some((n as usize, secs));
            }
            "--flaw" => {
                flaw = match args.next().as_deref() {
                    Some("none") => game::Flaw::None,
                    Some("no-edges") => game::Flaw::NoEdges,
                    _ => return Err("--flaw is none or no-edges".into()),
                }
            }
            "--padding" => {
                padding = match args.next().as_deref() {
                    Some("normal") => game::Padding::AlongNormal,
                    Some("velocity") => game::Padding::AlongVelocity,
                    _ => return Err("--padding is normal or velocity".into()),
                }
            }
            _ => {
                return Err(format!(
                    "unknown argument {a}; usage: probe_game [--connect ADDR] [--save FILE] \
                     [--padding normal|velocity] [--flaw none|no-edges] [--level PATH] \
                     [--crowd N SECONDS]"
                )
                .into());
            }
        }
    }
    let mesh = slidescope::level::Level::load(&level)?.collision;
    // One line of set-up: a listening slidescope, a file, or both.
    let mut probe = Probe::new();
    if let Some(addr) = &connect {
        probe.also_connect(addr.as_str())?;
    }
    if let Some(path) = &save {
        probe.also_save(path)?;
    }
    send_level(&mut probe, &mesh);
    if let Some((n, secs)) = crowd {
        return play_crowd(&mut probe, &mesh, n, secs);
    }
    let moves = game::play_flawed(&mesh, padding, flaw, |frame, m| {
        if m.velocity != game::GRAVITY_MOVE {
            probe.frame(
                frame,
                frame as f64 * f64::from(game::DT_SECS),
                game::DT_SECS,
            );
        }
        probe.log_move(&game::probe_move(m), &m.moved.contacts);
    });
    probe.flush();
    for e in probe.errors() {
        eprintln!("probe_game: {e}");
    }
    drop(probe);
    println!(
        "probe_game: sent {} moves in {} frames ({:?} padding, flaw: {:?})",
        moves.len(),
        moves.len() / 2,
        padding,
        flaw
    );
    Ok(())
}

/// The live stress test: `n` characters moving once a frame at 60 Hz, in real time, for
/// `secs` seconds; prints how far the game kept up.
fn play_crowd(
    probe: &mut Probe,
    mesh: &CollisionMesh,
    n: usize,
    secs: f64,
) -> Result<(), Box<dyn std::error::Error>> {
    let mut crowd = game::Crowd::new(mesh, n);
    let started = std::time::Instant::now();
    let frames = (secs * 60.0) as u64;
    let mut late = 0u64;
    let mut logged = 0u64;
    for frame in 0..frames {
        let due = started + std::time::Duration::from_secs_f64(frame as f64 / 60.0);
        match due.checked_duration_since(std::time::Instant::now()) {
            Some(wait) => std::thread::sleep(wait),
            None => late += 1,
        }
        probe.frame(frame, frame as f64 / 60.0, game::DT_SECS);
        crowd.step(mesh, frame, |mover, m| {
            let mut p = game::probe_move(m);
            p.mover = mover;
            probe.log_move(&p, &m.moved.contacts);
            logged += 1;
        });
    }
    probe.flush();
    println!(
        "probe_game: crowd of {n}: {logged} moves in {frames} frames over {:.1} s ({late} frames started late)",
        started.elapsed().as_secs_f64()
    );
    for e in probe.errors() {
        eprintln!("probe_game: {e}");
    }
    Ok(())
}

/// The level as the game's triangles, in the collision mesh's own numbering.
fn send_level(probe: &mut Probe, mesh: &CollisionMesh) {
    let positions: Vec<[f32; 3]> = mesh.positions().iter().map(|p| p.to_array()).collect();
    let indices: Vec<[u32; 3]> = (0..mesh.triangle_count() as u32)
        .map(|t| mesh.triangle_indices(t))
        .collect();
    probe.set_level_mesh(&positions, &indices);
}
