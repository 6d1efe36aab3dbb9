//! Command-line subcommands. `main.rs` only parses and dispatches; each subcommand lives in its
//! own file and returns its error as one displayable line.

pub mod info;

use clap::{Parser, Subcommand};

/// slidescope: a visual debugger for swept-ellipsoid collide-and-slide.
#[derive(Debug, Parser)]
#[command(name = "slidescope", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Load a level (.glb, .gltf, .obj) and print what it contains.
    Info(info::InfoArgs),
}

/// Runs a parsed command line. `Err` is printed on one line by `main`.
pub fn run(cli: Cli) -> Result<(), Box<dyn std::error::Error>> {
    match cli.command {
        Some(Command::Info(args)) => info::run(&args),
        None => {
            println!("slidescope {}", env!("CARGO_PKG_VERSION"));
            Ok(())
        }
    }
}
