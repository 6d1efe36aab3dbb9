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
                     [--padding normal|velocity] [--level PATH]"
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
    let moves = game::play(&mesh, padding, |frame, m| {
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
        "probe_game: sent {} moves in {} frames ({:?} padding)",
        moves.len(),
        game::script().len(),
        padding
    );
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
