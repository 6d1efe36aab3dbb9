//! slidescope command line: parses arguments and dispatches to `slidescope::cli`. With no
//! subcommand it opens the app. Errors are printed on one line to stderr with exit code 1.

use clap::Parser;
use slidescope::cli::{self, Cli};

fn main() -> std::process::ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    match cli::run(Cli::parse()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("slidescope: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
