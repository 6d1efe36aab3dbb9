//! `slidescope probe-check`: re-solves every move of a probe file and sums up where the game
//! and the reference part ways, and why (`explain`: convention, cascade, bug class) — what a
//! game's CI runs. Moves are re-solved in batches across threads; each batch is judged and
//! dropped, so memory stays flat on a million moves (the flagged list is bounded by `limit`).

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

use serde::Serialize;
use slidescope_probe::read::{ReadError, Reader};

use super::explain::{Explainer, Switch, Why, WhyKind, reconciling_sets};
use super::probe_session::{PendingMove, ProbeSession, Step, resolve_all_then};
use super::shadow::{Assumed, ShadowConfig};
use crate::collision::SlideSettings;
use crate::sim::FrameRecord;
use crate::sim::{Cause, ShadowTolerance};

/// Moves re-solved per batch.
const BATCH: usize = 8192;
/// Convention rows of the text table (the rest are summed in one line).
const MAX_CONVENTION_ROWS: usize = 5;

#[derive(Debug, Clone, Copy)]
pub struct CheckOptions {
    pub tolerance: ShadowTolerance,
    /// The reference's settings where the game sends none (its skin, iteration limit and
    /// sidedness override these).
    pub settings: SlideSettings,
    pub threads: usize,
    /// Flagged moves listed in the report (all are counted and explained); `None`: all.
    pub limit: Option<usize>,
    /// Explain each flagged move (convention, cascade, bug class).
    pub explain: bool,
    /// Conventions assumed over the file's own (`--conventions detected`).
    pub assumed: Option<Assumed>,
}

impl Default for CheckOptions {
    fn default() -> Self {
        Self {
            tolerance: ShadowTolerance::default(),
            settings: SlideSettings::default(),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            limit: None,
            explain: true,
            assumed: None,
        }
    }
}

impl CheckOptions {
    /// The re-solve's configuration.
    pub fn shadow_config(&self) -> ShadowConfig {
        ShadowConfig {
            settings: self.settings,
            tolerance: self.tolerance,
            assumed: self.assumed,
        }
    }
}

/// One flagged move.
#[derive(Debug, Clone, PartialEq, Serialize)]
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
    /// The angle between the two normals at the first diverging iteration (degrees).
    pub normal_angle_deg: Option<f32>,
    /// Why the reference refused the move (cause `core_refused` or `no_level`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
    /// Why it diverges (with the explanation on).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<Why>,
}

/// One line of the *why* table: flagged moves with the same reason.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WhyRow {
    pub kind: WhyKind,
    pub name: String,
    pub label: String,
    pub moves: u64,
    pub first_move: u64,
}

/// The conventions that explain the most flagged moves together.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DetectedConventions {
    pub switches: Vec<Switch>,
    /// Flagged moves whose own smallest set is part of these.
    pub explains: u64,
    /// What the controller appears to do, one phrase a switch.
    pub appears_to: Vec<&'static str>,
    /// The C header's lines that declare them.
    pub declare: Vec<String>,
}

/// What `probe-check` prints.
#[derive(Debug, Clone, Default, Serialize)]
pub struct CheckReport {
    #[serde(flatten)]
    pub counts: MoveCounts,
    pub first: Option<FlaggedMove>,
    pub largest: Option<FlaggedMove>,
    /// Diverging moves by cause, in [`Cause::ALL`] order (causes with none left out).
    pub by_cause: BTreeMap<Cause, u64>,
    /// The flagged moves, in file order (up to the limit).
    pub flagged: Vec<FlaggedMove>,
    #[serde(flatten)]
    pub explanation: Explanation,
    /// The largest position difference over all moves, flagged or not (m).
    pub largest_difference_m: f32,
    pub problems: Vec<String>,
    #[serde(flatten)]
    pub reading: Reading,
    pub tolerance: ShadowTolerance,
}

/// How many moves, frames and levels the file held, and how many diverged.
#[derive(Debug, Clone, Default, Serialize)]
pub struct MoveCounts {
    pub moves: u64,
    /// Distinct game frames the moves belong to.
    pub frames: u64,
    pub levels: u64,
    pub diverging: u64,
    /// Every flagged move (the same as `diverging`); `flagged` lists at most `limit` of them.
    pub flagged_total: u64,
    /// `flagged` stopped at the limit.
    pub flagged_truncated: bool,
}

/// Why the flagged moves diverge, and the conventions: detected, declared, assumed.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Explanation {
    /// Why the flagged moves diverge, most moves first.
    pub why: Vec<WhyRow>,
    /// The set of convention switches that explains the most moves.
    pub conventions_detected: Option<DetectedConventions>,
    /// What the file declared (format 1.1 `CONVENTIONS`, the last one), in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conventions_declared: Option<String>,
    /// The conventions the check assumed on top of the file's own (`--conventions detected`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conventions_assumed: Option<Vec<Switch>>,
}

/// How the reading of the file went.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Reading {
    /// Why reading stopped early (a cut file keeps every whole record before the cut).
    pub read_error: Option<String>,
    /// The file ended with the game's `END` record.
    pub ended_cleanly: bool,
    /// Records of kinds this slidescope does not know (skipped), and records after `END`
    /// (ignored).
    pub unknown_records: u64,
    pub records_after_end: u64,
}

/// Checks a probe file. `Err` only when it cannot be opened or has no valid header.
pub fn check_file(path: &Path, options: &CheckOptions) -> Result<CheckReport, String> {
    let open = || {
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok::<_, String>(std::io::BufReader::with_capacity(1 << 20, file))
    };
    let base = path.parent().unwrap_or(Path::new("."));
    check_reader(open()?, base, options).map_err(|e| format!("{}: {e}", path.display()))
}

/// Checks a probe file twice: once to detect the conventions that explain the most moves, then
/// again assuming them (`probe-check --conventions detected`); the second report, carrying the
/// first's detection.
pub fn check_file_with_detected(
    path: &Path,
    options: &CheckOptions,
) -> Result<CheckReport, String> {
    let first = check_file(path, options)?;
    let Some(detected) = first.explanation.conventions_detected.clone() else {
        return Ok(first);
    };
    let switches = &detected.switches;
    let conventions =
        super::explain::switches::with_switches(&options.settings.conventions, switches, 0.0);
    let again = CheckOptions {
        assumed: Some(Assumed {
            conventions,
            threshold_is_padding: switches.iter().any(|s| s.uses_padding()),
        }),
        ..*options
    };
    let mut report = check_file(path, &again)?;
    report.explanation.conventions_detected = Some(detected.clone());
    report.explanation.conventions_assumed = Some(detected.switches);
    Ok(report)
}

/// Checks a probe stream read from `src`; level files are relative to `base`.
pub fn check_reader(
    src: impl Read,
    base: &Path,
    options: &CheckOptions,
) -> Result<CheckReport, ReadError> {
    let mut reader = Reader::new(src)?;
    let mut session = ProbeSession::new(base);
    let config = options.shadow_config();
    let mut report = CheckReport {
        tolerance: options.tolerance,
        ..Default::default()
    };
    let mut tally = Tally::new(options, config);
    let mut batch: Vec<PendingMove> = Vec::with_capacity(BATCH);
    let mut last_frame = None;
    loop {
        let record = match reader.next_record() {
            Ok(Some(r)) => r,
            Ok(None) => break,
            Err(e) => {
                report.reading.read_error = Some(e.to_string());
                break;
            }
        };
        match session.step(record) {
            Step::Move(m) => {
                if last_frame != Some(m.frame.frame) {
                    report.counts.frames += 1;
                    last_frame = Some(m.frame.frame);
                }
                batch.push(*m);
                if batch.len() >= BATCH {
                    tally.judge(&mut batch, &mut report);
                }
            }
            Step::Level(_) => report.counts.levels += 1,
            Step::End => report.reading.ended_cleanly = true,
            Step::Quiet => {}
        }
        report.problems.extend(session.take_problems());
    }
    tally.judge(&mut batch, &mut report);
    let declared = session.declared();
    report.explanation.conventions_declared =
        (*declared != slidescope_probe::Declared::default()).then(|| declared.text());
    report.reading.unknown_records = reader.skipped_unknown();
    if report.reading.ended_cleanly && report.reading.read_error.is_none() {
        match reader.count_after_end() {
            Ok(n) => report.reading.records_after_end = n,
            Err(e) => report.reading.read_error = Some(format!("after END: {e}")),
        }
    }
    tally.finish(&mut report);
    Ok(report)
}

/// What the check carries from batch to batch.
struct Tally {
    options: CheckOptions,
    config: ShadowConfig,
    explainer: Explainer,
    /// (kind, name) → (label, moves, first move), conventions apart.
    rows: BTreeMap<(WhyKind, String), (String, u64, u64)>,
    /// A convention move's smallest sets → (moves, first move); named once the file's
    /// conventions are detected.
    conventions: BTreeMap<Vec<Vec<Switch>>, (u64, u64)>,
}

impl Tally {
    fn new(options: &CheckOptions, config: ShadowConfig) -> Self {
        Self {
            options: *options,
            config,
            explainer: Explainer::default(),
            rows: BTreeMap::new(),
            conventions: BTreeMap::new(),
        }
    }

    /// Re-solves `batch` (in order), judges and explains each move, and empties it. A
    /// diverging move's reconciling conventions are searched on the thread that re-solved it;
    /// the explanation (chains, counts) then runs in file order.
    fn judge(&mut self, batch: &mut Vec<PendingMove>, report: &mut CheckReport) {
        let mut i = 0;
        let (threads, config, tol) = (self.options.threads, self.config, self.options.tolerance);
        let hint = self.explainer.hint();
        let explain = self.options.explain;
        let search = |m: &PendingMove, r: &FrameRecord| {
            let diverges = r.game.as_ref().is_some_and(|g| g.verdict(&tol).diverges);
            if !(explain && diverges) {
                return Vec::new();
            }
            let world = (m.level.as_deref(), &*m.objects);
            reconciling_sets(&hint, world, r, &config)
        };
        resolve_all_then(batch, &config, threads, search, |r, sets| {
            self.tally(&batch[i], &r, sets, report);
            i += 1;
        });
        batch.clear();
    }

    fn tally(
        &mut self,
        pending: &PendingMove,
        r: &FrameRecord,
        sets: Vec<Vec<Switch>>,
        report: &mut CheckReport,
    ) {
        let Some(g) = &r.game else {
            return;
        };
        report.counts.moves += 1;
        self.explainer.saw(g);
        let tol = &self.options.tolerance;
        let difference_m = largest_difference(g);
        if difference_m.is_finite() {
            report.largest_difference_m = report.largest_difference_m.max(difference_m);
        }
        let verdict = g.verdict(tol);
        let (true, Some(cause)) = (verdict.diverges, verdict.cause) else {
            self.explainer.agreed(g.mover);
            return;
        };
        let world = (pending.level.as_deref(), &*pending.objects);
        let why = self
            .options
            .explain
            .then(|| self.explainer.explain_in(world, r, &self.config, sets));
        match &why {
            Some(Why::Convention { alternatives, .. }) => {
                let row = self.conventions.entry(alternatives.clone());
                row.or_insert((0, g.index)).0 += 1;
            }
            Some(w) => {
                let row = self.rows.entry((w.kind(), w.name()));
                row.or_insert_with(|| (w.label(), 0, g.index)).1 += 1;
            }
            None => {}
        }
        let angle = verdict.iteration.and_then(|i| {
            let row = g.comparison.rows.iter().find(|row| row.iteration == i)?;
            row.normal_angle_deg
        });
        let flagged = FlaggedMove {
            index: g.index,
            frame: g.frame,
            time_secs: g.time_secs,
            mover: g.mover,
            cause,
            iteration: verdict.iteration,
            difference_m,
            normal_angle_deg: angle,
            refused: g.unresolved.as_ref().map(|(_, m)| m.clone()),
            why,
        };
        report.counts.diverging += 1;
        report.counts.flagged_total += 1;
        *report.by_cause.entry(cause).or_default() += 1;
        report.first.get_or_insert_with(|| flagged.clone());
        if report
            .largest
            .as_ref()
            .is_none_or(|l| crate::sim::move_comparison::beyond(difference_m, l.difference_m))
        {
            report.largest = Some(flagged.clone());
        }
        if self.options.limit.is_none_or(|n| report.flagged.len() < n) {
            report.flagged.push(flagged);
        } else {
            report.counts.flagged_truncated = true;
        }
    }

    /// The why table, most moves first, and the detected conventions; each convention move
    /// named by its smallest set that the detected conventions contain.
    fn finish(mut self, report: &mut CheckReport) {
        let detected = self.explainer.detected();
        let chosen = detected.as_ref().map_or(&[][..], |(s, _)| &s[..]);
        for (alternatives, (moves, first)) in std::mem::take(&mut self.conventions) {
            let w = named(alternatives, chosen);
            let row = self.rows.entry((w.kind(), w.name()));
            let row = row.or_insert_with(|| (w.label(), 0, first));
            row.1 += moves;
            row.2 = row.2.min(first);
        }
        for f in report
            .flagged
            .iter_mut()
            .chain(&mut report.first)
            .chain(&mut report.largest)
        {
            if let Some(w) = f.why.take() {
                f.why = Some(match w {
                    Why::Convention { alternatives, .. } => named(alternatives, chosen),
                    w => w,
                });
            }
        }
        let mut rows: Vec<WhyRow> = self
            .rows
            .into_iter()
            .map(|((kind, name), (label, moves, first_move))| WhyRow {
                kind,
                name,
                label,
                moves,
                first_move,
            })
            .collect();
        rows.sort_by(|a, b| b.moves.cmp(&a.moves).then(a.first_move.cmp(&b.first_move)));
        report.explanation.why = rows;
        report.explanation.conventions_detected =
            detected.map(|(switches, explains)| DetectedConventions {
                appears_to: switches.iter().map(|s| s.label()).collect(),
                declare: switches.iter().map(|s| s.declaration()).collect(),
                switches,
                explains,
            });
    }
}

/// A convention move named by the first of its smallest sets within `chosen`, else its first.
fn named(alternatives: Vec<Vec<Switch>>, chosen: &[Switch]) -> Why {
    let within = |a: &&Vec<Switch>| a.iter().all(|s| chosen.contains(s));
    let set = alternatives
        .iter()
        .find(within)
        .or(alternatives.first())
        .cloned()
        .unwrap_or_default();
    super::explain::convention(set, alternatives)
}

/// The largest position difference of a move (m): its end, or a contact centre.
fn largest_difference(g: &crate::sim::GameMove) -> f32 {
    let row_max = g
        .comparison
        .rows
        .iter()
        .filter_map(|row| row.center_distance_m)
        .fold(0.0f32, f32::max);
    g.comparison.end_distance_m.unwrap_or(0.0).max(row_max)
}

impl CheckReport {
    /// Whether the file was read to its end (no read error).
    pub fn complete(&self) -> bool {
        self.reading.read_error.is_none()
    }

    /// The table `probe-check` prints.
    pub fn to_text(&self, name: &str) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        let ended = if self.reading.ended_cleanly {
            ""
        } else {
            " (no END record: the game did not close the probe)"
        };
        let _ = writeln!(
            s,
            "{name}: {} moves in {} game frames, {} level(s){ended}",
            self.counts.moves, self.counts.frames, self.counts.levels
        );
        if let Some(e) = &self.reading.read_error {
            let _ = writeln!(
                s,
                "NOT READ TO THE END: {e} (the {} moves before it were checked)",
                self.counts.moves
            );
        }
        if self.reading.unknown_records + self.reading.records_after_end > 0 {
            let _ = writeln!(
                s,
                "skipped: {} record(s) of unknown kinds, {} after END",
                self.reading.unknown_records, self.reading.records_after_end
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
            self.counts.diverging, self.counts.moves, self.largest_difference_m
        );
        if let Some(d) = &self.explanation.conventions_declared {
            let _ = writeln!(s, "declared by the game: {d}");
        }
        if let Some(a) = &self.explanation.conventions_assumed {
            let names: Vec<&str> = a.iter().map(|s| s.label()).collect();
            let _ = writeln!(s, "assumed (detected): {}", names.join("; "));
        }
        self.why_table(&mut s, name);
        self.detected_text(&mut s);
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

    /// Why the moves diverge, or by cause where nothing was explained.
    fn why_table(&self, s: &mut String, name: &str) {
        use std::fmt::Write;
        if self.explanation.why.is_empty() {
            if !self.by_cause.is_empty() {
                let _ = writeln!(s, "{:<32} {:>10}", "cause", "moves");
                for (c, n) in &self.by_cause {
                    let _ = writeln!(s, "{:<32} {n:>10}", c.label());
                }
            }
            return;
        }
        let _ = writeln!(s, "{:<12} {:>8} {:>10}  why", "kind", "moves", "first");
        let (mut shown, mut rest) = (0, (0u64, 0u64, u64::MAX));
        for r in &self.explanation.why {
            let kind = r.kind.name();
            if r.kind == WhyKind::Convention {
                shown += 1;
                if shown > MAX_CONVENTION_ROWS {
                    rest = (rest.0 + 1, rest.1 + r.moves, rest.2.min(r.first_move));
                    continue;
                }
            }
            let _ = writeln!(
                s,
                "{kind:<12} {:>8} {:>10}  {}",
                r.moves, r.first_move, r.label
            );
        }
        if rest.0 > 0 {
            let _ = writeln!(
                s,
                "{:<12} {:>8} {:>10}  {} other combinations of these conventions (--json lists every move)",
                "convention", rest.1, rest.2, rest.0
            );
        }
        let root = |k: WhyKind| self.explanation.why.iter().find(|r| r.kind == k);
        if let Some(r) = root(WhyKind::Bug).or(root(WhyKind::Unexplained)) {
            let _ = writeln!(
                s,
                "replay one: slidescope probe-check {name} --move {}",
                r.first_move
            );
        }
    }

    fn detected_text(&self, s: &mut String) {
        use std::fmt::Write;
        let Some(d) = &self.explanation.conventions_detected else {
            return;
        };
        if self.explanation.conventions_assumed.is_some() {
            return;
        }
        let _ = writeln!(
            s,
            "your controller appears to: {} ({} of {} flagged moves)",
            d.appears_to.join("; "),
            d.explains,
            self.counts.flagged_total
        );
        let _ = writeln!(
            s,
            "declare it (C: slsp_conventions c; slsp_conventions_init(&c); … slsp_set_conventions(p, &c)): {}",
            d.declare.join(" ")
        );
        let _ = writeln!(s, "or re-check assuming it: --conventions detected");
    }
}

/// One flagged move in a line: the angle for a normal, the refusal for a refused move.
fn describe(f: &FlaggedMove) -> String {
    let difference = match (&f.refused, f.cause) {
        (Some(m), _) => format!("refused: {m}"),
        (None, Cause::ContactNormal) => {
            format!(
                "{:.2}° between the normals",
                f.normal_angle_deg.unwrap_or(f32::NAN)
            )
        }
        (None, _) if f.difference_m.is_nan() => "the game's result is NaN".into(),
        (None, _) => format!("{:.6} m", f.difference_m),
    };
    let why = f.why.as_ref().map_or(String::new(), |w| match w.kind() {
        WhyKind::Unexplained => " [unexplained]".into(),
        kind => format!(" [{}: {}]", kind.name(), w.label()),
    });
    format!(
        "move {} (game frame {}, {:.3} s, mover {}): {}{}, {difference}{why}",
        f.index,
        f.frame,
        f.time_secs,
        f.mover,
        f.cause.label(),
        f.iteration
            .map_or(String::new(), |i| format!(" at iteration {i}")),
    )
}
