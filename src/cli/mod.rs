//! Command-line subcommands. `main.rs` only parses and dispatches; each subcommand lives in its
//! own file and returns its error as one displayable line. With no subcommand the app opens
//! (on the level given as the only argument, or the teaching level).

pub mod compare_cmd;
pub mod info;
pub mod issues_cmd;
#[cfg(not(target_arch = "wasm32"))]
pub mod listen_cmd;
pub mod probe_check;
pub mod query_cmd;
pub mod run;
pub mod screenshot;

use std::path::PathBuf;
use std::process::ExitCode;

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
    /// Listen for a game's probe connection (default 127.0.0.1:7878; an address that is not
    /// loopback prints a warning).
    #[arg(long, value_name = "ADDR", num_args = 0..=1,
          default_missing_value = crate::probe::listen::DEFAULT_ADDR)]
    pub listen: Option<String>,
    /// A web page origin (e.g. `http://127.0.0.1:8000`) allowed to stream over a WebSocket to
    /// the listener; repeatable. Others need the token printed at start.
    #[arg(long)]
    pub allow_origin: Vec<String>,
}

/// `slidescope open FILE`.
#[derive(Debug, clap::Args)]
pub struct OpenArgs {
    /// A level, scenario, recording or a game's probe file (`.slidelog`).
    pub file: PathBuf,
    /// Also listen for a game (see the top-level `--listen`).
    #[arg(long, value_name = "ADDR", num_args = 0..=1,
          default_missing_value = crate::probe::listen::DEFAULT_ADDR)]
    pub listen: Option<String>,
    /// See the top-level `--allow-origin`.
    #[arg(long)]
    pub allow_origin: Vec<String>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the app on a file: a level, a scenario, a recording or a game's probe file.
    Open(OpenArgs),
    /// Load a level (.glb, .gltf, .obj) and print what it contains.
    Info(info::InfoArgs),
    /// Run collide-and-slide on a JSON query and print the result and the full trace.
    Slide(query_cmd::QueryArgs),
    /// Run one sweep (detection only) on a JSON query and print the first contacts.
    Sweep(query_cmd::QueryArgs),
    /// Render one frame offscreen (no window) and write it as a PNG.
    Screenshot(screenshot::ScreenshotArgs),
    /// Replay a scenario file, or every scenario of a folder, and check its expectations.
    /// Exit status: 0 all passed, 1 an expectation failed, 2 a scenario could not run.
    Run(run::RunArgs),
    /// Run random sweeps through every solver and compare them with the f64 reference.
    Compare(compare_cmd::CompareArgs),
    /// Run the Issues suite (publicly reported controller bugs rebuilt as scenes) at several
    /// step rates with every response variant and print the scorecard. Exit status: 0 every
    /// expected pass held, 1 one failed.
    Issues(issues_cmd::IssuesArgs),
    /// Re-solve every move of a game's probe file with the reference and print where they
    /// part. Exit status: 0 none diverge, 1 some diverge, 2 the file could not be read.
    ProbeCheck(probe_check::ProbeCheckArgs),
    /// Record one game's live probe stream to a file without a window (a game's CI); with
    /// --check, check it as probe-check does. Exit status: probe-check's with --check, else 0
    /// read to the end, 2 not (or no game came).
    #[cfg(not(target_arch = "wasm32"))]
    Listen(listen_cmd::ListenArgs),
}

/// Runs a parsed command line and returns the exit status. `Err` is printed on one line by
/// `main` (`run` maps it to its own status, see [`run::EXIT_ERROR`]).
pub fn run(cli: Cli) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let ok = |r: Result<(), Box<dyn std::error::Error>>| r.map(|()| ExitCode::SUCCESS);
    match cli.command {
        Some(Command::Info(args)) => ok(info::run(&args)),
        Some(Command::Slide(args)) => ok(query_cmd::run(&args, QueryMode::Slide)),
        Some(Command::Sweep(args)) => ok(query_cmd::run(&args, QueryMode::Sweep)),
        Some(Command::Screenshot(args)) => ok(screenshot::run(&args)),
        Some(Command::Compare(args)) => ok(compare_cmd::run(&args)),
        Some(Command::Run(args)) => run::run(&args),
        Some(Command::ProbeCheck(args)) => probe_check::run(&args),
        #[cfg(not(target_arch = "wasm32"))]
        Some(Command::Listen(args)) => listen_cmd::run(&args),
        Some(Command::Issues(args)) => issues_cmd::run(&args),
        Some(Command::Open(args)) => ok(crate::app::run(crate::app::Startup {
            level: None,
            open: Some(args.file),
            listen: args.listen,
            allow_origins: args.allow_origin,
        })
        .map_err(Into::into)),
        None => ok(crate::app::run(crate::app::Startup {
            level: cli.level,
            open: None,
            listen: cli.listen,
            allow_origins: cli.allow_origin,
        })
        .map_err(Into::into)),
    }
}

/// Whether a failed command line should exit with status 2 (`run` and `probe-check`, whose 1
/// means "a check failed") rather than 1.
pub fn is_run(cli: &Cli) -> bool {
    #[cfg(not(target_arch = "wasm32"))]
    if matches!(cli.command, Some(Command::Listen(_))) {
        return true;
    }
    matches!(cli.command, Some(Command::Run(_) | Command::ProbeCheck(_)))
}
