//! Command-line subcommands. `main.rs` only parses and dispatches; each subcommand lives in its
//! own file and returns its error as one displayable line. With no subcommand the app opens
//! (on the level given as the only argument, or the teaching level).

pub mod info;
pub mod query_cmd;
pub mod screenshot;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::level::query::QueryMode;

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
    /// Load a level (.glb, .gltf, .obj) and print what it contains.
    Info(info::InfoArgs),
    /// Run collide-and-slide on a JSON query and print the result and the full trace.
    Slide(query_cmd::QueryArgs),
    /// Run one sweep (detection only) on a JSON query and print the first contacts.
    Sweep(query_cmd::QueryArgs),
    /// Render one frame offscreen (no window) and write it as a PNG.
    Screenshot(screenshot::ScreenshotArgs),
}

/// Runs a parsed command line. `Err` is printed on one line by `main`.
pub fn run(cli: Cli) -> Result<(), Box<dyn std::error::Error>> {
    match cli.command {
        Some(Command::Info(args)) => info::run(&args),
        Some(Command::Slide(args)) => query_cmd::run(&args, QueryMode::Slide),
        Some(Command::Sweep(args)) => query_cmd::run(&args, QueryMode::Sweep),
        Some(Command::Screenshot(args)) => screenshot::run(&args),
        None => crate::app::run(cli.level).map_err(Into::into),
    }
}
