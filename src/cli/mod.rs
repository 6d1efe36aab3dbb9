//! Command-line subcommands. `main.rs` only parses and dispatches; each subcommand lives in its
//! own file and returns its error as one displayable line.

pub mod compare;
pub mod info;
pub mod query_cmd;

use clap::{Parser, Subcommand};

use crate::level::query::QueryMode;

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
    /// Run collide-and-slide on a JSON query and print the result and the full trace.
    Slide(query_cmd::QueryArgs),
    /// Run one sweep (detection only) on a JSON query and print the first contacts.
    Sweep(query_cmd::QueryArgs),
    /// Run random sweeps through every solver and compare them with the f64 reference.
    Compare(compare::CompareArgs),
}

/// Runs a parsed command line. `Err` is printed on one line by `main`.
pub fn run(cli: Cli) -> Result<(), Box<dyn std::error::Error>> {
    match cli.command {
        Some(Command::Info(args)) => info::run(&args),
        Some(Command::Slide(args)) => query_cmd::run(&args, QueryMode::Slide),
        Some(Command::Sweep(args)) => query_cmd::run(&args, QueryMode::Sweep),
        Some(Command::Compare(args)) => compare::run(&args),
        None => {
            println!("slidescope {}", env!("CARGO_PKG_VERSION"));
            Ok(())
        }
    }
}
