//! `slidescope probe-check run.slidelog [--tolerance M] [--json]`: re-solves a whole probe file
//! and prints the divergence table; exit 1 if any move diverges (what a game's CI runs).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::probe::ShadowTolerance;
use crate::probe::probe_file_check::{CheckOptions, check_file};

#[derive(Debug, Args)]
pub struct ProbeCheckArgs {
    /// The probe file a game wrote (`.slidelog`).
    pub file: PathBuf,
    /// Positions (contact centres, end) further apart than this are a divergence (m).
    #[arg(long, default_value_t = crate::sim::move_comparison::DEFAULT_POSITION_TOLERANCE_M)]
    pub tolerance: f32,
    /// Normals further apart than this are a divergence (degrees).
    #[arg(long, default_value_t = crate::sim::move_comparison::DEFAULT_NORMAL_TOLERANCE_DEG)]
    pub normal_tolerance: f32,
    /// Threads re-solving moves (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Exit status when the file could not be checked at all.
pub const EXIT_ERROR: u8 = 2;

pub fn run(args: &ProbeCheckArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let ok = |t: f32| t.is_finite() && t >= 0.0;
    if !(ok(args.tolerance) && ok(args.normal_tolerance)) {
        return Err("tolerances must be finite and >= 0".into());
    }
    let mut options = CheckOptions {
        tolerance: ShadowTolerance {
            position_m: args.tolerance,
            normal_deg: args.normal_tolerance,
        },
        ..Default::default()
    };
    if let Some(t) = args.threads {
        options.threads = t.max(1);
    }
    let report = check_file(&args.file, &options)?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{}", report.to_text(&args.file.display().to_string()));
    }
    Ok(if report.diverging > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
