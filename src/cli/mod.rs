//! Command-line subcommands. `main.rs` only parses and dispatches; each subcommand lives in its
//! own file and returns its error as one displayable line. No subcommand opens the app.

pub mod screenshot;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// slidescope: a visual debugger for swept-ellipsoid collide-and-slide.
#[derive(Debug, Parser)]
#[command(
    name = "slidescope",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Level to open in the app (.glb, .gltf, .obj); default: the teaching level.
    pub level: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Render one frame offscreen (no window) and write it as a PNG.
    Screenshot(screenshot::ScreenshotArgs),
}

/// Runs a parsed command line. `Err` is printed on one line by `main`.
pub fn run(cli: Cli) -> Result<(), Box<dyn std::error::Error>> {
    match cli.command {
        Some(Command::Screenshot(args)) => screenshot::run(&args),
        None => crate::app::run(cli.level).map_err(Into::into),
    }
}
