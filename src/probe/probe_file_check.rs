//! `slidescope probe-check`: re-solves every move of a probe file and sums up where the game
//! and the reference part ways — what a game's CI runs. Moves are re-solved in batches across
//! threads; each batch is judged and dropped, so memory stays flat on a million moves.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

use serde::Serialize;
use slidescope_probe::read::{ReadError, Reader};

use super::probe_session::{PendingMove, ProbeSession, Step, resolve_all};
use super::shadow::ShadowConfig;
use crate::collision::SlideSettings;
use crate::sim::FrameRecord;
use crate::sim::{Cause, ShadowTolerance};

/// Moves re-solved per batch.
const BATCH: usize = 8192;
/// Flagged moves listed in the report (all are counted).
const MAX_LISTED: usize = 1000;

#[derive(Debug, Clone, Copy)]
pub struct CheckOptions {
    pub tolerance: ShadowTolerance,
    /// The reference's settings where the game sends none (its skin, iteration limit and
    /// sidedness override these).
    pub settings: SlideSettings,
    pub threads: usize,
}

impl Default for CheckOptions {
    fn default() -> Self {
        Self {
            tolerance: ShadowTolerance::default(),
            settings: SlideSettings::default(),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// One flagged move.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct FlaggedMove {
    /// Index of the move in the file.
    pub index: u64,
    /// The game's frame number and clock.
    pub frame: u64,
    pub time_secs: f64,
    pub mover: u32,
    pub cause: Cause,
    /// The first iteration where the two part (none when only the end differs).
    pub iteration: Option<u32>,
    /// The largest position difference of the move (m): end or contact centre.
    pub difference_m: f32,
}

/// What `probe-check` prints.
#[derive(Debug, Clone, Default, Serialize)]
pub struct CheckReport {
    pub moves: u64,
    /// Distinct game frames the moves belong to.
    pub frames: u64,
    pub levels: u64,
    pub diverging: u64,
    pub first: Option<FlaggedMove>,
    pub largest: Option<FlaggedMove>,
    /// Diverging moves by cause, in [`Cause::ALL`] order (causes with none left out).
    pub by_cause: BTreeMap<Cause, u64>,
    /// The first [`MAX_LISTED`] diverging moves.
    pub flagged: Vec<FlaggedMove>,
    /// The largest position difference over all moves, flagged or not (m).
    pub largest_difference_m: f32,
    pub problems: Vec<String>,
    /// Why reading stopped early (a cut file keeps every whole record before the cut).
    pub read_error: Option<String>,
    /// The file ended with the game's `END` record.
    pub ended_cleanly: bool,
    pub tolerance: ShadowTolerance,
}

/// Checks a probe file. `Err` only when it cannot be opened or has no valid header.
pub fn check_file(path: &Path, options: &CheckOptions) -> Result<CheckReport, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let base = path.parent().unwrap_or(Path::new("."));
    check_reader(
        std::io::BufReader::with_capacity(1 << 20, file),
        base,
        options,
    )
    .map_err(|e| format!("{}: {e}", path.display()))
}

/// Checks a probe stream read from `src`; level files are relative to `base`.
pub fn check_reader(
    src: impl Read,
    base: &Path,
    options: &CheckOptions,
) -> Result<CheckReport, ReadError> {
    let mut reader = Reader::new(src)?;
    let mut session = ProbeSession::new(base);
    let config = ShadowConfig {
        settings: options.settings,
        tolerance: options.tolerance,
    };
    let mut report = CheckReport {
        tolerance: options.tolerance,
        ..Default::default()
    };
    let mut batch: Vec<PendingMove> = Vec::with_capacity(BATCH);
    let mut last_frame = None;
    let judge = |batch: &mut Vec<PendingMove>, report: &mut CheckReport| {
        resolve_all(batch, &config, options.threads, |r| {
            tally(&r, &options.tolerance, report)
        });
        batch.clear();
    };
    loop {
        let record = match reader.next_record() {
            Ok(Some(r)) => r,
            Ok(None) => break,
            Err(e) => {
                report.read_error = Some(e.to_string());
                break;
            }
        };
        match session.step(record) {
            Step::Move(m) => {
                if last_frame != Some(m.frame.frame) {
                    report.frames += 1;
                    last_frame = Some(m.frame.frame);
                }
                batch.push(*m);
                if batch.len() >= BATCH {
                    judge(&mut batch, &mut report);
                }
            }
            Step::Level(_) => report.levels += 1,
            Step::End => report.ended_cleanly = true,
            Step::Quiet => {}
        }
        report.problems.extend(session.take_problems());
    }
    judge(&mut batch, &mut report);
    Ok(report)
}

fn tally(r: &FrameRecord, tol: &ShadowTolerance, report: &mut CheckReport) {
    let Some(g) = &r.game else {
        return;
    };
    report.moves += 1;
    let row_max = g
        .comparison
        .rows
        .iter()
        .filter_map(|row| row.center_distance_m)
        .fold(0.0f32, f32::max);
    let difference_m = g.comparison.end_distance_m.unwrap_or(0.0).max(row_max);
    if difference_m.is_finite() {
        report.largest_difference_m = report.largest_difference_m.max(difference_m);
    }
    let verdict = g.verdict(tol);
    let (true, Some(cause)) = (verdict.diverges, verdict.cause) else {
        return;
    };
    let flagged = FlaggedMove {
        index: g.index,
        frame: g.frame,
        time_secs: g.time_secs,
        mover: g.mover,
        cause,
        iteration: verdict.iteration,
        difference_m,
    };
    report.diverging += 1;
    *report.by_cause.entry(cause).or_default() += 1;
    report.first.get_or_insert(flagged);
    if report
        .largest
        .is_none_or(|l| crate::sim::move_comparison::beyond(difference_m, l.difference_m))
    {
        report.largest = Some(flagged);
    }
    if report.flagged.len() < MAX_LISTED {
        report.flagged.push(flagged);
    }
}

impl CheckReport {
    /// The table `probe-check` prints.
    pub fn to_text(&self, name: &str) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{name}: {} moves in {} game frames, {} level(s){}",
            self.moves,
            self.frames,
            self.levels,
            if self.ended_cleanly {
                ""
            } else {
                " (no END record: the game did not close the probe)"
            }
        );
        if let Some(e) = &self.read_error {
            let _ = writeln!(
                s,
                "read stopped early: {e} (the moves before it were checked)"
            );
        }
        let _ = writeln!(
            s,
            "tolerance: {} m, {}°",
            self.tolerance.position_m, self.tolerance.normal_deg
        );
        let _ = writeln!(
            s,
            "diverging moves: {} of {}   largest difference: {:.6} m",
            self.diverging, self.moves, self.largest_difference_m
        );
        if !self.by_cause.is_empty() {
            let _ = writeln!(s, "{:<32} {:>10}", "cause", "moves");
            for (c, n) in &self.by_cause {
                let _ = writeln!(s, "{:<32} {n:>10}", c.label());
            }
        }
        let describe = |f: &FlaggedMove| {
            format!(
                "move {} (game frame {}, {:.3} s, mover {}): {}{}, {:.6} m",
                f.index,
                f.frame,
                f.time_secs,
                f.mover,
                f.cause.label(),
                f.iteration
                    .map_or(String::new(), |i| format!(" at iteration {i}")),
                f.difference_m
            )
        };
        if let Some(f) = &self.first {
            let _ = writeln!(s, "first diverging: {}", describe(f));
        }
        if let Some(f) = &self.largest {
            let _ = writeln!(s, "largest:         {}", describe(f));
        }
        for p in self.problems.iter().take(10) {
            let _ = writeln!(s, "problem: {p}");
        }
        s
    }
}
