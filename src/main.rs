//! slidescope command line: parses arguments and dispatches to `slidescope::cli`. With no
//! subcommand it opens the app. Errors are printed on one line to stderr with exit code 1 (2 for
//! `run`, whose 1 means "an expectation failed").

use clap::Parser;
use slidescope::cli::{self, Cli};

fn main() -> std::process::ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = Cli::parse();
    let error_status = if cli::is_run(&cli) {
        std::process::ExitCode::from(cli::run::EXIT_ERROR)
    } else {
        std::process::ExitCode::FAILURE
    };
    match cli::run(cli) {
        Ok(status) => status,
        Err(e) => {
            eprintln!("slidescope: {e}");
            error_status
        }
    }
}
