//! `slidescope probe-check run.slidelog [--tolerance M] [--json] [--conventions detected]`:
//! re-solves a whole probe file and prints why its moves diverge (convention, cascade, bug
//! class); exit 1 if any move diverges, 2 if the file could not be read to its end (what a
//! game's CI runs).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::probe::ShadowTolerance;
use crate::probe::explain::Why;
use crate::probe::one_move::{Expect, export_move, find_move, move_text};
use crate::probe::probe_file_check::{
    CheckOptions, check_file_profiled, check_file_with_detected, measured_rules,
};
use crate::probe::shadow::{Assumed, MeasuredRules};

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
    /// List at most this many flagged moves (all are counted and explained).
    #[arg(long)]
    pub limit: Option<usize>,
    /// `declared`: re-solve with the conventions the file declares (seed 001's elsewhere);
    /// `detected`: also assume the conventions that explain the most moves, and re-check.
    #[arg(long, value_enum, default_value_t = ConventionsMode::Declared)]
    pub conventions: ConventionsMode,
    /// Only where the moves diverge: no convention search, cascades or bug classes.
    #[arg(long)]
    pub no_explain: bool,
    /// Print move N (0-based, in file order) side by side: game and reference per iteration,
    /// the ends, and the conventions that reconcile it.
    #[arg(long = "move", value_name = "N")]
    pub one_move: Option<u64>,
    /// Write move N cropped to the triangles that matter as a scenario file (`--out`), a
    /// test that `slidescope run` replays.
    #[arg(long, value_name = "N", requires = "out")]
    pub export_move: Option<u64>,
    /// Where `--export-move` writes.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// What the exported scenario expects: the game's end (a failing test that pins the bug)
    /// or the reference's result.
    #[arg(long, value_enum, default_value_t = Expect::Game)]
    pub expect: Expect,
}

/// Which conventions `probe-check` re-solves with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ConventionsMode {
    Declared,
    Detected,
}

/// Exit status when the file could not be checked at all, or not to its end.
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
    // `--move N` looks its reason up in the whole list.
    options.limit = args.limit.filter(|_| args.one_move.is_none());
    options.explain = !args.no_explain;
    if let (Some(n), Some(out)) = (args.export_move, &args.out) {
        let pending = find_move(&args.file, n)?;
        let (scenario, line) = export_move(&pending, &options, args.expect)?;
        scenario
            .write(out)
            .map_err(|e| format!("{}: {e}", out.display()))?;
        println!("wrote {}: move {n}, {line}", out.display());
        return Ok(ExitCode::SUCCESS);
    }
    let report = match args.conventions {
        ConventionsMode::Declared => check_file_profiled(&args.file, &options)?,
        ConventionsMode::Detected => check_file_with_detected(&args.file, &options)?,
    };
    if let Some(n) = args.one_move {
        // The move's reason is the whole file's check's, under the same assumptions.
        let pending = find_move(&args.file, n)?;
        let e = &report.explanation;
        let measured = MeasuredRules {
            move_scale: e.move_scale_assumed,
            floor_stop_deg: e.floor_stop_assumed,
            padding: e.padding_assumed,
        };
        if measured != MeasuredRules::default() || e.conventions_assumed.is_some() {
            let switches = e.conventions_assumed.clone().unwrap_or_default();
            options.assumed = Some(Assumed::new(&switches).with_measured(measured));
        }
        let flagged = report.flagged.iter().find(|f| f.index == n);
        let measured = (report.agree_once_measured.contains(&n)).then(|| Why::Measured {
            rules: measured_rules(&report.explanation),
        });
        let why = flagged.and_then(|f| f.why.as_ref()).or(measured.as_ref());
        print!("{}", move_text(&pending, &options, why));
        return Ok(exit_status(
            report.complete(),
            flagged.is_some() || why.is_some(),
        ));
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{}", report.to_text(&args.file.display().to_string()));
    }
    // A move that diverges as the file declares it diverges, whatever a measured rule says.
    let as_declared = report.explanation.diverging_as_declared.unwrap_or(0);
    Ok(exit_status(
        report.complete(),
        report.counts.diverging > 0 || as_declared > 0,
    ))
}

/// 2 when the file was not read to its end, else 1 when a move diverges, else 0.
fn exit_status(complete: bool, diverges: bool) -> ExitCode {
    if !complete {
        ExitCode::from(EXIT_ERROR)
    } else if diverges {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
