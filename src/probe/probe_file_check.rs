//! `slidescope probe-check`: re-solves every move of a probe file and sums up where the game
//! and the reference part ways, and why (`explain`: convention, bug class, cascade) — what a
//! game's CI runs. Moves are re-solved in batches across threads; each batch is judged and
//! dropped, so memory stays flat on a million moves (the flagged list is bounded by `limit`).
//! The explained share counts the moves judged on their own; cascades stand beside it.

use std::collections::{BTreeMap, BTreeSet};

use glam::Vec3;
use std::io::Read;
use std::path::Path;

use serde::Serialize;
use slidescope_probe::read::{ReadError, Reader};

use super::explain::bug_class::{crosses_a_triangle, starts_inside, starts_unsound};
use super::explain::measured::measure;
pub use super::explain::measured::{MeasuredFloorStop, MeasuredPadding, MeasuredScale};
use super::explain::stage::Parting;
use super::explain::{
    BugClass, Evidence, FileFacts, Finding, FindingKey, HINT_MOVES, Judge, Switch, Tie, Why,
    WhyKind, counted, gather, same_place,
};
use super::probe_session::{PendingMove, ProbeSession, Step, resolve_all_then};
use super::shadow::{Assumed, MeasuredRules, ShadowConfig};
use crate::collision::{CaseKind, CaseMask, SlideSettings};
use crate::sim::FrameRecord;
use crate::sim::{Cause, ShadowTolerance};

/// Moves re-solved per batch; batches are smaller until the search hint (the file's most
/// frequent groups of reconciling sets) is fixed, so it serves the rest of a file of a few
/// thousand moves too: [`SMALL_BATCH`] over the first [`HINT_MOVES`] moves, whose batches each
/// re-form it, then [`FIRST_BATCH`] until some move has voted, and while a group of some size
/// is still to come (`Judge::hint_settled`). Batch boundaries depend on the file only: the
/// report is the same for any thread count.
// perf: docs/measurements.md, "the cost of the why".
const BATCH: usize = 8192;
const FIRST_BATCH: usize = 1024;
/// The first batch is searched before the file has any hint.
const SMALL_BATCH: usize = 128;
/// Convention rows, and cascade rows (one a root), of the text table (the rest of each are
/// summed in one line).
const MAX_CONVENTION_ROWS: usize = 5;
const MAX_CASCADE_ROWS: usize = 5;

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
    /// With `explain`: judge each flagged move (cascade, a start inside the level, a
    /// non-finite result) without searching what reconciles it: the counts a profile's trials
    /// weigh a rule by, at a fraction of the search's cost. Its other moves read unexplained.
    pub counts_only: bool,
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
            counts_only: false,
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
            over_declared: false,
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
    /// The largest position difference of the move (m): end or contact centre; NaN (`null`
    /// in JSON) when the game's result is not finite.
    pub difference_m: f32,
    /// The angle between the two normals at the first diverging iteration (degrees).
    pub normal_angle_deg: Option<f32>,
    /// Why the reference refused the move (cause `core_refused` or `no_level`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
    /// Why it diverges (with the explanation on).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<Why>,
    /// Where it parts from the reference, stage by stage, with what that measures.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parting: Option<Parting>,
    /// What its own re-solves showed, named `why` once the whole file is read.
    #[serde(skip)]
    finding: Option<Finding>,
}

/// One line of the *why* table: flagged moves with the same reason.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WhyRow {
    pub kind: WhyKind,
    pub name: String,
    /// A cascade's root: the flagged move its chain follows (a row per root).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub root_move: Option<u64>,
    pub label: String,
    pub moves: u64,
    pub first_move: u64,
}

/// The conventions detected: those that explain the most flagged moves together, and in a
/// profiled check those the whole file bears out (the vote weighed), each with its evidence.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DetectedConventions {
    pub switches: Vec<Switch>,
    /// Flagged moves judged on their own whose smallest sets include one within these.
    pub explains: u64,
    /// What the controller appears to do, one phrase a switch.
    pub appears_to: Vec<&'static str>,
    /// The C header's lines that declare them.
    pub declare: Vec<String>,
    /// The same in Rust (fields of `slidescope_probe::Declared`) and JavaScript (keys of
    /// `setConventions`' object).
    pub declare_rust: Vec<String>,
    pub declare_js: Vec<String>,
    /// Assumed over the whole file (`--conventions detected`: a second pass), what they
    /// change: flagged moves that then agree, and moves that agreed and then diverge.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub whole_file: Option<WholeFile>,
    /// Each switch held with a rival the file does not tell it from: assuming either, the
    /// same moves agree (the one held is the one tried first).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub indistinct: Vec<[Switch; 2]>,
    /// Each switch's own evidence, the others assumed: the moves that agree with it and
    /// diverge without it (`explains`), and the reverse (`breaks`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub evidence: Vec<(Switch, WholeFile)>,
}

impl DetectedConventions {
    /// `switches`, which explain `explains` flagged moves, with their words and declarations.
    pub fn of(switches: Vec<Switch>, explains: u64) -> Self {
        let lines = |k: usize| {
            (switches.iter())
                .map(|s| s.declarations()[k].clone())
                .collect()
        };
        Self {
            appears_to: switches.iter().map(|s| s.label()).collect(),
            declare: lines(1),
            declare_rust: lines(0),
            declare_js: lines(2),
            switches,
            explains,
            whole_file: None,
            indistinct: Vec::new(),
            evidence: Vec::new(),
        }
    }
}

/// What assuming the detected conventions over the whole file changes.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct WholeFile {
    pub explains: u64,
    pub breaks: u64,
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
    /// Every flagged move's index, in file order (the list above stops at the limit).
    #[serde(skip)]
    flagged_indices: Vec<u64>,
    #[serde(flatten)]
    pub reading: Reading,
    pub tolerance: ShadowTolerance,
    /// Moves that diverge as the file declares them and agree once the measured rules are
    /// assumed (the inspector's and `--move`'s reason for them).
    #[serde(skip)]
    pub agree_once_measured: BTreeSet<u64>,
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

/// How the flagged moves were judged: on their own inputs, or as a cascade of an earlier one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Judged {
    /// Flagged moves judged on their own inputs (every flagged move but the cascades).
    pub on_their_own: u64,
    /// Of those, a convention of the file's profile or a named bug.
    pub explained: u64,
    /// Moves a convention among those detected over the file reconciles.
    pub conventions: u64,
    /// Moves at a tie float rounding decides (at the padding, at touching, two contacts at
    /// once, along a plane), under conventions among those detected.
    pub ties: u64,
    /// Moves only a set outside the conventions detected over the file reconciles (a rule a
    /// few moves bear out, which the detection does not pick). Judged on their own but not
    /// explained: `--conventions detected` tests such rules over the whole file.
    pub outside_detected: u64,
    pub bugs: u64,
    pub unexplained: u64,
    /// Flagged moves that start unsound where a flagged move of their mover left it: beside
    /// the share, never inside it.
    pub cascades: u64,
    /// Moves (flagged or not) that start elsewhere than their mover's last end.
    pub teleports: u64,
    /// Of the moves judged on their own, those that start overlapping the level (beyond
    /// float noise): the profile weighs its rules without them (but the rows of what happens
    /// to a start inside), since from inside a wall the reference's embedded handling decides
    /// the end and several rules may agree by chance.
    pub from_inside: u64,
}

impl Judged {
    /// The explained share of the moves judged on their own (%; 100 with none).
    pub fn explained_percent(&self) -> f64 {
        if self.on_their_own == 0 {
            100.0
        } else {
            self.explained as f64 * 100.0 / self.on_their_own as f64
        }
    }
}

/// Why the flagged moves diverge, and the conventions: detected, declared, assumed.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Explanation {
    /// Why the flagged moves diverge, most moves first (a row per cascade root).
    pub why: Vec<WhyRow>,
    /// The counts behind the explained share.
    pub judged: Judged,
    /// What the whole file showed of the game, which named each move's evidence.
    pub file_facts: FileFacts,
    /// The convention switches detected (see [`DetectedConventions`]).
    pub conventions_detected: Option<DetectedConventions>,
    /// What the file declared (format 1.1 `CONVENTIONS`, the last one), in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conventions_declared: Option<String>,
    /// A rule measured from the moves' own stages: every free move (no contact on either side)
    /// scaled alike.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub measured_scale: Option<MeasuredScale>,
    /// The conventions the check assumed on top of the file's own (`--conventions detected`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conventions_assumed: Option<Vec<Switch>>,
    /// The measured scale the check assumed for moves that declare none (`--conventions
    /// detected`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_scale_assumed: Option<f32>,
    /// A rule measured from the moves: a floor met heading down ends the call.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub measured_floor_stop: Option<MeasuredFloorStop>,
    /// The measured floor stop the check assumed (degrees), for moves that declare none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub floor_stop_assumed: Option<f32>,
    /// A rule measured from the moves that send no skin: their padding.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub measured_padding: Option<MeasuredPadding>,
    /// The measured padding the check assumed for moves that send no skin (its length, and
    /// whether in metres).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub padding_assumed: Option<(f32, bool)>,
    /// With measured rules assumed, the moves that diverge as the file declares them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diverging_as_declared: Option<u64>,
    /// With measured rules assumed, what they and the detected switches change over the file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub measured_whole_file: Option<WholeFile>,
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

/// Checks a probe file in one pass, its findings named by the flagged moves' vote (no
/// whole-file weighing: what a profile's trials and the benches run). `Err` only when it
/// cannot be opened or has no valid header.
pub fn check_file(path: &Path, options: &CheckOptions) -> Result<CheckReport, String> {
    let base = path.parent().unwrap_or(Path::new("."));
    check_reader(opener(path)()?, base, options).map_err(|e| format!("{}: {e}", path.display()))
}

/// Checks a probe file; where the moves measure a rule (a scale of the whole move, a floor
/// stop: [`MeasuredScale`], [`MeasuredFloorStop`]), they are judged with it assumed, since every move
/// the rule changes hides the others behind it; the report says so and how many moves diverge
/// as the file declares them. Its findings are named by the profile weighed over the whole
/// file (`probe-check` without `--conventions`).
pub fn check_file_profiled(path: &Path, options: &CheckOptions) -> Result<CheckReport, String> {
    let base = path.parent().unwrap_or(Path::new("."));
    check_profiled(opener(path), base, options).map_err(|e| format!("{}: {e}", path.display()))
}

/// Opens `path` for a pass, buffered.
fn opener(path: &Path) -> impl Fn() -> Result<std::io::BufReader<std::fs::File>, String> + '_ {
    move || {
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(std::io::BufReader::with_capacity(1 << 20, file))
    }
}

/// [`check_file_profiled`] on the streams `open` gives.
pub fn check_profiled<R: Read>(
    open: impl Fn() -> Result<R, String>,
    base: &Path,
    options: &CheckOptions,
) -> Result<CheckReport, String> {
    let p = profiled_passes(open, base, options)?;
    Ok(measured_marked(p.report, p.measured, &p.as_declared))
}

/// The first passes of a profiled check: the rules measured (a read, no re-solve), the moves
/// flagged as the file declares them, and the one explained pass with the measured rules
/// assumed (as declared when none is measured, or when the options already assume rules or
/// explain nothing), its findings named by the profile weighed over the whole file.
struct Profiled {
    measured: Measured,
    as_declared: AsDeclared,
    report: CheckReport,
    /// The profile and the file re-checked assuming it (none where the options assume
    /// switches or explain nothing, or where no rule was voted for or measured).
    profile: Option<Pruned>,
    /// The flagged moves' sets voted for a profile before the whole file weighed it.
    voted: bool,
}

/// The moves flagged as the file declares them, and how many diverge.
struct AsDeclared {
    flagged: Vec<u64>,
    diverging: u64,
}

fn profiled_passes<R: Read>(
    open: impl Fn() -> Result<R, String>,
    base: &Path,
    options: &CheckOptions,
) -> Result<Profiled, String> {
    let read = |o: &CheckOptions| check_reader(open()?, base, o).map_err(|e| e.to_string());
    let mut measured = Measured(measure(open()?));
    // The profile is weighed where the caller explains and assumes nothing (its own assumed
    // rules would be replaced by each trial's).
    let weigh = options.explain && options.assumed.is_none();
    if !weigh {
        measured = Measured(Default::default());
    }
    let as_declared = |r: &CheckReport| AsDeclared {
        flagged: r.flagged_indices.clone(),
        diverging: r.counts.diverging,
    };
    if measured.is_none() {
        let (report, profile, voted) = explained_pass(&open, base, options, measured, weigh)?;
        let as_declared = as_declared(&report);
        return Ok(Profiled {
            measured,
            as_declared,
            report,
            profile,
            voted,
        });
    }
    let plain = read(&CheckOptions {
        explain: false,
        ..*options
    })?;
    let with_measured = measured.options(&[], options);
    let (report, profile, voted) = explained_pass(&open, base, &with_measured, measured, weigh)?;
    Ok(Profiled {
        measured,
        as_declared: as_declared(&plain),
        report,
        profile,
        voted,
    })
}

/// The file checked with `options`, listing at most their limit. Where they explain and
/// assume no switch, the flagged moves' sets vote for a profile, which is weighed over the
/// whole file ([`Trials::profile`]: re-checks assuming sets of switches), and the findings are
/// named by the profile the whole file kept, each rule with its evidence: the same rules and
/// the same why as `--conventions detected` reports, before its profile is assumed.
fn explained_pass<R: Read>(
    open: &impl Fn() -> Result<R, String>,
    base: &Path,
    listed: &CheckOptions,
    measured: Measured,
    weigh: bool,
) -> Result<(CheckReport, Option<Pruned>, bool), String> {
    if !weigh {
        // One pass within the limit: memory stays bounded on a long file.
        let report = check_reader(open()?, base, listed).map_err(|e| e.to_string())?;
        let voted = report.explanation.conventions_detected.is_some();
        return Ok((report, None, voted));
    }
    // Every pass lists every flagged move: the trials count them (the limit applies to the
    // report at the end).
    let options = &CheckOptions {
        limit: None,
        ..*listed
    };
    let read = |o: &CheckOptions| read_judged(open()?, base, o).map_err(|e| e.to_string());
    let (mut report, mut tally) = read(options)?;
    let mut first = report.clone();
    tally.clone().finish(&mut first);
    // A file whose contacts never name a part, or whose game's bug the reference can play,
    // votes, and weighs its rules, with that bug (`Trials::bugs`), where that leaves some
    // move a rule reconciles.
    let bugs = FileBugs::of(&first);
    let votes = match bugs.played(options) {
        Some(masked) => {
            let (mut again, its_tally) = read(&masked)?;
            its_tally.finish(&mut again);
            again
                .explanation
                .conventions_detected
                .is_some()
                .then_some(again)
        }
        None => None,
    };
    let bugs = if votes.is_some() {
        bugs
    } else {
        FileBugs::default()
    };
    let votes = votes.unwrap_or_else(|| first.clone());
    let voted = votes.explanation.conventions_detected.is_some();
    if !voted && measured.is_none() {
        return Ok((limited(first, listed.limit), None, voted));
    }
    let check = |o: &CheckOptions| check_reader(open()?, base, o).map_err(|e| e.to_string());
    let trials = Trials {
        check: &check,
        options,
        measured: &measured,
        sets: reconciling_sets(&votes),
        checked: Default::default(),
        bugs,
    };
    let voted_switches = (votes.explanation.conventions_detected.as_ref())
        .map_or(Vec::new(), |d| d.switches.clone());
    let profile = trials.profile(voted_switches, votes)?;
    tally.judge.settle(profile.switches.clone());
    tally.second_look(&mut report, &profile);
    tally.finish(&mut report);
    // As `--conventions detected` reports it: where the moves voted, the profile kept (no
    // rule where the whole file bore none out).
    let explains = (report.explanation.conventions_detected.as_ref()).map_or(0, |d| d.explains);
    let mut held = profile.switches.clone();
    held.sort();
    report.explanation.conventions_detected = voted.then(|| DetectedConventions {
        evidence: profile.evidence.clone(),
        indistinct: profile.indistinct.clone(),
        ..DetectedConventions::of(held, explains)
    });
    Ok((limited(report, listed.limit), Some(profile), voted))
}

/// The rules measured from the file (the scale of the whole move, a floor stop), assumed for
/// moves that declare none.
#[derive(Debug, Clone, Copy)]
struct Measured(super::explain::measured::Measured);

impl Measured {
    fn is_none(&self) -> bool {
        self.rules() == MeasuredRules::default()
    }

    /// What the re-solve assumes of them.
    fn rules(&self) -> MeasuredRules {
        MeasuredRules {
            move_scale: self.0.scale.map(|m| m.scale),
            floor_stop_deg: self.0.floor_stop.map(|m| m.deg),
            padding: self.0.padding.map(|p| (p.skin, p.in_metres)),
        }
    }

    /// `options` assuming these and `switches`.
    fn options(&self, switches: &[Switch], options: &CheckOptions) -> CheckOptions {
        let assumed = Assumed::new(switches).with_measured(self.rules());
        CheckOptions {
            assumed: Some(assumed),
            ..*options
        }
    }

    /// Marks `report` (checked assuming these) with what they are and what they changed
    /// against `plain` (checked without).
    /// Marks `report` with these rules and what they alone changed: `plain` checked as
    /// declared, `with` the moves flagged with only these assumed.
    fn mark(&self, plain: &AsDeclared, with: &[u64], report: &mut CheckReport) {
        let before: BTreeSet<u64> = plain.flagged.iter().copied().collect();
        let after: BTreeSet<u64> = with.iter().copied().collect();
        let e = &mut report.explanation;
        let m = self.0;
        e.measured_scale = m.scale;
        e.measured_floor_stop = m.floor_stop;
        e.move_scale_assumed = m.scale.map(|m| m.scale);
        e.floor_stop_assumed = m.floor_stop.map(|m| m.deg);
        e.measured_padding = m.padding;
        e.padding_assumed = self.rules().padding;
        e.measured_whole_file = Some(whole_file(&plain.flagged, with));
        e.diverging_as_declared = Some(plain.diverging);
        report.agree_once_measured = before.difference(&after).copied().collect();
    }
}

/// What going from the moves flagged `before` to those flagged `after` changed.
fn whole_file(before: &[u64], after: &[u64]) -> WholeFile {
    let before: BTreeSet<u64> = before.iter().copied().collect();
    let after: BTreeSet<u64> = after.iter().copied().collect();
    WholeFile {
        explains: before.difference(&after).count() as u64,
        breaks: after.difference(&before).count() as u64,
    }
}

/// The rules measured from the file and assumed, in words (empty: none).
pub fn measured_rules(e: &Explanation) -> Vec<String> {
    let scale = e
        .move_scale_assumed
        .map(|k| format!("moves {k} × the velocity asked"));
    let floor = (e.floor_stop_assumed)
        .map(|d| format!("stops at a floor within {d}° of up in a call heading down"));
    let padding = e.padding_assumed.map(padding_words);
    scale.into_iter().chain(floor).chain(padding).collect()
}

/// A measured padding in words.
fn padding_words((skin, in_metres): (f32, bool)) -> String {
    format!(
        "pads by {skin} {} where a move sends no skin",
        padding_unit(in_metres)
    )
}

fn padding_unit(in_metres: bool) -> &'static str {
    match in_metres {
        true => "m (world)",
        false => "eSpace units",
    }
}

/// Checks a probe file assuming the profile weighed over the whole file (`probe-check
/// --conventions detected`): the report of the file re-checked with it, carrying the profile.
pub fn check_file_with_detected(path: &Path, listed: &CheckOptions) -> Result<CheckReport, String> {
    Ok(check_file_both(path, listed)?.1)
}

/// A probe file's two reports from one weighing of its profile: [`check_file_profiled`]'s and
/// [`check_file_with_detected`]'s.
pub fn check_file_both(
    path: &Path,
    listed: &CheckOptions,
) -> Result<(CheckReport, CheckReport), String> {
    let base = path.parent().unwrap_or(Path::new("."));
    let mut p = profiled_passes(opener(path), base, listed)?;
    let (measured, plain) = (p.measured, &p.as_declared);
    let Some(Pruned {
        mut switches,
        mut report,
        indistinct,
        evidence,
        ..
    }) = p.profile
    else {
        let first = measured_marked(p.report, measured, plain);
        return Ok((first.clone(), first));
    };
    switches.sort();
    if !measured.is_none() {
        measured.mark(plain, &p.report.flagged_indices, &mut report);
    }
    let changed = whole_file(&plain.flagged, &report.flagged_indices);
    report.explanation.conventions_detected = p.voted.then(|| DetectedConventions {
        whole_file: Some(changed),
        indistinct,
        evidence,
        ..DetectedConventions::of(switches.clone(), changed.explains)
    });
    report.explanation.conventions_assumed = Some(switches);
    p.report = measured_marked(p.report, measured, plain);
    Ok((p.report, limited(report, listed.limit)))
}

/// `report`, checked with the `measured` rules assumed, marked with them and what they changed
/// against the moves flagged as declared.
fn measured_marked(mut report: CheckReport, measured: Measured, plain: &AsDeclared) -> CheckReport {
    if !measured.is_none() {
        let with = report.flagged_indices.clone();
        measured.mark(plain, &with, &mut report);
    }
    report
}

/// What the whole file shows of the game's bugs that the reference can play, for the trials
/// that weigh its rules: a part of the Minkowski sum its contacts never name, and the face's
/// point taken at the motion's end where at least [`FILE_WIDE`] of its moves judged on their
/// own are named so.
#[derive(Debug, Clone, Copy, Default)]
struct FileBugs {
    /// The parts its contacts name anywhere (`None`: they name none).
    named: Option<CaseMask>,
    point_at_end: bool,
}

/// Share of the moves judged on their own a bug must name to be played over the whole file.
const FILE_WIDE: f64 = 0.05;

impl FileBugs {
    fn of(first: &CheckReport) -> Self {
        let at_end = |f: &&FlaggedMove| {
            matches!(
                f.why,
                Some(Why::Bug {
                    class: BugClass::PointAtMotionEnd,
                    ..
                })
            )
        };
        let named = first.flagged.iter().filter(at_end).count() as f64;
        let own = first.explanation.judged.on_their_own as f64;
        Self {
            named: first.explanation.file_facts.cases_seen,
            point_at_end: own > 0.0 && named >= FILE_WIDE * own,
        }
    }

    /// `options` re-solving with these bugs; `None` where that changes nothing.
    fn played(&self, options: &CheckOptions) -> Option<CheckOptions> {
        let mut out = *options;
        let debug = &mut out.settings.debug;
        if let Some(named) = self.named {
            for kind in [CaseKind::Face, CaseKind::Edge, CaseKind::Vertex] {
                debug.cases = debug
                    .cases
                    .with(kind, debug.cases.allows(kind) && named.allows(kind));
            }
        }
        debug.face_point_at_motion_end |= self.point_at_end;
        (out.settings.debug != options.settings.debug).then_some(out)
    }
}

/// `report` listing at most `limit` flagged moves.
fn limited(mut report: CheckReport, limit: Option<usize>) -> CheckReport {
    if let Some(n) = limit.filter(|n| report.flagged.len() > *n) {
        report.flagged.truncate(n);
        report.counts.flagged_truncated = true;
    }
    report
}

/// The whole-file trials that prune a profile: each a re-check of the file assuming a set
/// of switches, against the moves the first pass reconciled (`sets`).
struct Trials<'a> {
    /// The file checked with some options.
    check: &'a dyn Fn(&CheckOptions) -> Result<CheckReport, String>,
    options: &'a CheckOptions,
    measured: &'a Measured,
    sets: Vec<Vec<Vec<Switch>>>,
    /// Each set's re-check, by its switches sorted and its [`Pass`]: the swaps, the ties and
    /// the evidence ask for many of the same sets. Kept while the reports held list at most
    /// [`CACHED_FLAGGED`] flagged moves and hold at most [`CACHED_INDICES`] flagged moves'
    /// indices together (memory stays bounded on a long file).
    // perf: docs/measurements.md, "the cost of the why" (`--conventions detected`).
    checked: std::cell::RefCell<BTreeMap<(Vec<Switch>, Pass), CheckReport>>,
    /// The game's bugs the trials that weigh a rule re-solve with ([`FileBugs`]): a port that
    /// lacks a part (jesters-bakery's faces) or tilts every face's normal (kouchkarting's
    /// point at the motion's end) parts from the reference on every move the bug decides,
    /// whatever its rules, and those moves would hide them. The profile's own re-check plays
    /// no bug, so those moves are still named by it.
    bugs: FileBugs,
}

/// `w` in a check with a profile assumed (`profiled`, `--conventions detected`): a move that
/// more switches reconcile fits rules the whole-file test did not keep, so it is outside the
/// profile; by a rule of float precision alone it is a tie of arithmetic (as `Finding::why`
/// names it without a profile).
fn beyond_profile(mut w: Why, profiled: bool) -> Why {
    if let Why::Convention {
        switches,
        outside,
        tie,
        ..
    } = &mut w
        && profiled
        && !switches.is_empty()
    {
        let precision = switches.iter().all(|s| s.last_resort());
        if tie.is_none_or(|t| t == Tie::Arithmetic) {
            *tie = precision.then_some(Tie::Arithmetic);
        }
        *outside |= *tie != Some(Tie::Arithmetic);
    }
    w
}

/// `r` without its list of flagged moves (what a trial that only counts reads), copied without
/// copying the list.
fn unlisted(r: &mut CheckReport) -> CheckReport {
    let flagged = std::mem::take(&mut r.flagged);
    let mut out = r.clone();
    out.counts.flagged_truncated = !flagged.is_empty();
    r.flagged = flagged;
    out
}

/// What a trial's re-check of the file does with its flagged moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Pass {
    /// Judges them without searching what reconciles them ([`CheckOptions::counts_only`]),
    /// listing none.
    Count,
    /// Searches and lists each.
    Search,
    /// Searches and lists each under the profile the weighing kept: a bug that re-solves a
    /// move under it goes before a rule the weighing left out
    /// ([`Assumed::is_settled_profile`](super::shadow::Assumed::is_settled_profile)).
    Profile,
}

/// A re-check's key in [`Trials::checked`]: its switches sorted (no two on one row, so their
/// order does not matter) and its pass.
fn cache_key(switches: &[Switch], pass: Pass) -> (Vec<Switch>, Pass) {
    let mut key = switches.to_vec();
    key.sort();
    (key, pass)
}

/// Most flagged moves the cached re-checks list together.
const CACHED_FLAGGED: usize = 1 << 20;
/// Most flagged moves' indices the cached re-checks hold together (8 bytes each).
const CACHED_INDICES: usize = 1 << 25;

/// Moves flagged on their own inputs: what a profile leaves to explain, as the rules in
/// `trying` are weighed. Not the moves flagged in all: a rule that lets the reference follow
/// the game inside a wall (where any of several rules may happen to agree with it) turns
/// cascades into moves judged on their own, and is not the port's. A port's rule that shows
/// only on moves its walkers start inside the level is not found either (Irrlicht's last
/// centre kept, on lavaducts). Nor, unless one of `trying` decides what happens to a start
/// inside the level, the moves that start overlapping it: from inside, the reference's
/// embedded handling decides the end, and a rule may agree by chance (the port zoo's
/// inverted padding sinks every walker a skin deep).
fn own(r: &CheckReport, trying: &[Switch]) -> u64 {
    let j = &r.explanation.judged;
    if trying.iter().any(|s| s.from_inside()) {
        j.on_their_own
    } else {
        j.on_their_own - j.from_inside
    }
}

impl Trials<'_> {
    /// The file re-checked assuming `switches` (no two on one row, so their order does not
    /// matter).
    fn check(&self, switches: &[Switch]) -> Result<CheckReport, String> {
        self.recheck(switches, Pass::Search)
    }

    /// [`Trials::check`] judging the flagged moves without searching what reconciles them
    /// (the counts [`own`] and the flagged moves are the same): what a trial that weighs a
    /// rule needs.
    // perf: docs/measurements.md, "the cost of the why" (the plain check weighs its profile).
    fn count(&self, switches: &[Switch]) -> Result<CheckReport, String> {
        // A full re-check already held counts the same moves.
        if let Some(r) = self
            .checked
            .borrow_mut()
            .get_mut(&cache_key(switches, Pass::Search))
        {
            return Ok(unlisted(r));
        }
        self.recheck(switches, Pass::Count)
    }

    /// The file re-checked with `pass`, assuming `switches`, from the cache where it holds it.
    fn recheck(&self, switches: &[Switch], pass: Pass) -> Result<CheckReport, String> {
        let key = cache_key(switches, pass);
        if let Some(r) = self.checked.borrow().get(&key) {
            return Ok(r.clone());
        }
        let counts_only = pass == Pass::Count;
        let mut options = CheckOptions {
            counts_only,
            // A trial that only counts lists no move: its callers read the counts and the
            // moves flagged (`flagged_indices`), 8 bytes a flagged move, not the move.
            // perf: docs/measurements.md, "the cost of the why" (a million moves).
            limit: counts_only.then_some(0).or(self.options.limit),
            ..self.measured.options(switches, self.options)
        };
        if pass == Pass::Profile {
            options.assumed = options.assumed.map(Assumed::settled);
        } else if let Some(played) = self.bugs.played(&options) {
            options = played;
        }
        let r = (self.check)(&options)?;
        let mut checked = self.checked.borrow_mut();
        let listed: usize = checked.values().map(|c| c.flagged.len()).sum();
        let indices: usize = checked.values().map(|c| c.flagged_indices.len()).sum();
        let fits = listed + r.flagged.len() <= CACHED_FLAGGED
            && indices + r.flagged_indices.len() <= CACHED_INDICES;
        if fits {
            checked.insert(key, r.clone());
        }
        Ok(r)
    }

    /// The profile weighed over the whole file from `voted` (the sets the first pass, `first`,
    /// voted for): refined, pruned, with the last resorts weighed beside it, pruned again, and
    /// each rule's evidence.
    fn profile(&self, voted: Vec<Switch>, first: CheckReport) -> Result<Pruned, String> {
        let report = match voted.is_empty() {
            true => first,
            false => self.check(&voted)?,
        };
        let (switches, report) = self.refined(voted, report)?;
        let (switches, report) = self.pruned(switches, report, 0)?;
        // Weighed beside the pruned profile: of two rules the file did not tell apart, pruning
        // holds the one tried first, and a precision rule may pay only beside that one. A rule
        // shown on fewer than `MIN_EVIDENCE` moves goes only then: beside the precision rule it
        // may show on more (Irrlicht three.js's slide from the contact point: 1 move, then 5).
        let (switches, report) = self.with_last_resorts(switches, report)?;
        let (switches, report) = self.pruned(switches, report, MIN_EVIDENCE)?;
        self.evidence(switches, report)
    }

    /// `switches` with its `k`th replaced by each of its rivals.
    fn swaps(&self, switches: &[Switch], k: usize) -> Vec<Vec<Switch>> {
        (rivals(&self.sets, switches[k], switches).into_iter())
            .map(|rival| {
                let mut with = switches.to_vec();
                with[k] = rival;
                with
            })
            .collect()
    }

    /// `switches` (whose re-check is `report`) refined: moves that needed more switches than
    /// one search tries show them once the first ones are assumed; kept while they leave fewer
    /// moves flagged on their own inputs ([`own`]: a rule that only lets the reference follow
    /// a bug's cascade, on through the wall the bug walked it into, is not the port's). Two
    /// candidates are weighed by the moves that both of their rules count.
    fn refined(
        &self,
        mut switches: Vec<Switch>,
        mut report: CheckReport,
    ) -> Result<(Vec<Switch>, CheckReport), String> {
        for _ in 0..REFINEMENTS {
            let mut best: Option<(Vec<Switch>, Vec<Switch>, CheckReport)> = None;
            for more in refinements(&report, &switches) {
                for (with, again) in self.beside(&switches, &more, &report)? {
                    // Weighed by the rules it adds and those it leaves out.
                    let changed: Vec<Switch> = (with.iter().filter(|w| !switches.contains(w)))
                        .chain(switches.iter().filter(|s| !with.contains(s)))
                        .copied()
                        .collect();
                    let fewer = |r: &CheckReport, rival: &[Switch]| {
                        let trying: Vec<Switch> = changed.iter().chain(rival).copied().collect();
                        own(&again, &trying) < own(r, &trying)
                    };
                    if fewer(&report, &[]) && best.as_ref().is_none_or(|(_, c, b)| fewer(b, c)) {
                        best = Some((with, changed.clone(), again));
                    }
                }
            }
            let Some((with, _, _)) = best else { break };
            // The next round's refinements read its reconciling sets.
            report = self.check(&with)?;
            switches = with;
        }
        Ok((switches, report))
    }

    /// The profiles `more` may join, each with its re-check that only counts: `switches`
    /// (whose re-check is `report`) with `more`, and, where that leaves more moves flagged on
    /// their own than `switches` did, `switches` with one of them displaced by `more`, alone
    /// or with one of the displaced rule's named rivals or row (`displacing`), and `switches`
    /// with `more` and a set the moves flagged beside them vote for. A held rule may stand in
    /// for the port's rules on most of their moves and break them on the rest (on port-zoo
    /// ports with Linahan's projection and padding along the velocity, stepping back a whole
    /// unit re-solved most of both rules' moves, and beside it Linahan's broke more than it
    /// mended), and a rule may pay only beside one that no move needed before it (the same
    /// two beside a port's missing impulse filter).
    fn beside(
        &self,
        switches: &[Switch],
        more: &[Switch],
        report: &CheckReport,
    ) -> Result<Vec<(Vec<Switch>, CheckReport)>, String> {
        let with: Vec<Switch> = switches.iter().chain(more).copied().collect();
        let again = self.count(&with)?;
        if own(&again, more) <= own(report, more) {
            return Ok(vec![(with, again)]);
        }
        // Beside it, the moves it breaks vote for what it needs.
        let needs = refinements(&self.check(&with)?, &with);
        let needed = needs
            .into_iter()
            .map(|n| with.iter().chain(&n).copied().collect());
        let mut out = vec![(with.clone(), again)];
        for profile in displacing(switches, more).into_iter().chain(needed) {
            let again = self.count(&profile)?;
            out.push((profile, again));
        }
        Ok(out)
    }

    /// `switches` (whose re-check is `report`) with each last-resort switch
    /// (`Switch::last_resort`, a rule of float precision) that leaves fewer moves flagged on
    /// their own inputs over the whole file, beside the profile or beside it with one of its
    /// switches swapped for a rival (a precision rule can pay only beside the one of two rules
    /// the file did not tell apart that the port has), or beside the rules a flagged move
    /// needed with it ([`companions`]: a rule the exact arithmetic rejected over the file may
    /// hold in the port's). The search tries them only on moves nothing else reconciles and
    /// the votes leave them out, so they are weighed here, over every move.
    fn with_last_resorts(
        &self,
        mut switches: Vec<Switch>,
        mut report: CheckReport,
    ) -> Result<(Vec<Switch>, CheckReport), String> {
        let changes = |s: &Switch| {
            let mut c = crate::collision::Conventions::default();
            s.apply(&mut c, 1e-3);
            c != crate::collision::Conventions::default()
        };
        let last = Switch::all()
            .into_iter()
            .filter(|s| s.last_resort() && changes(s));
        for s in last {
            if switches.iter().any(|t| t.same_row(s)) {
                continue;
            }
            let swapped = (0..switches.len()).flat_map(|k| self.swaps(&switches, k));
            let beside = companions(&self.check(&switches)?, s, &switches);
            let mut best: Option<(Vec<Switch>, CheckReport)> = None;
            for profile in std::iter::once(switches.clone())
                .chain(swapped)
                .chain(beside)
            {
                let with: Vec<Switch> = profile.into_iter().chain([s]).collect();
                let again = self.count(&with)?;
                let trying: Vec<Switch> = (with.iter().copied())
                    .filter(|w| !switches.contains(w))
                    .collect();
                let beats = |r: &CheckReport| own(&again, &trying) < own(r, &trying);
                if beats(&report) && best.as_ref().is_none_or(|(_, b)| beats(b)) {
                    best = Some((with, again));
                }
            }
            if let Some(better) = best {
                (switches, report) = better;
            }
        }
        Ok((switches, report))
    }

    /// Each switch of `switches` (whose re-check is `report`) against its rivals over the
    /// whole file: replaced by one that reconciled the same moves when that leaves fewer moves
    /// flagged on their own (two rules that reconcile the same moves are told apart only by
    /// the moves where they differ), and left out when the file without it leaves no more
    /// moves flagged on their own, or fewer than `floor` more flagged in all (0: no floor). Of
    /// two rivals that change no move's verdict, the one tried first is held.
    fn pruned(
        &self,
        mut switches: Vec<Switch>,
        mut report: CheckReport,
        floor: u64,
    ) -> Result<(Vec<Switch>, CheckReport), String> {
        // Of two the file does not tell apart, the one tried first is held.
        let order = Switch::all();
        let rank = |s: Switch| order.iter().position(|&o| o == s);
        for k in 0..switches.len() {
            for with in self.swaps(&switches, k) {
                let again = self.count(&with)?;
                let tie = again.flagged_indices == report.flagged_indices;
                let trying = [with[k], switches[k]];
                let fewer = own(&again, &trying) < own(&report, &trying);
                if fewer || (tie && rank(with[k]) < rank(switches[k])) {
                    (switches, report) = (with, again);
                }
            }
        }
        for held in switches.clone() {
            let without: Vec<Switch> = switches.iter().copied().filter(|&s| s != held).collect();
            let again = self.count(&without)?;
            let shown = whole_file(&again.flagged_indices, &report.flagged_indices);
            let few = floor > 0 && shown.explains < shown.breaks + floor;
            if few || own(&again, &[held]) <= own(&report, &[held]) {
                (switches, report) = (without, again);
            }
        }
        Ok((switches, report))
    }

    /// The profile `switches` (whose re-check is `report`) with each one's own evidence and
    /// the rivals the file does not tell from it.
    fn evidence(&self, switches: Vec<Switch>, report: CheckReport) -> Result<Pruned, String> {
        let (mut ties, mut evidence, mut flagged_without) = (Vec::new(), Vec::new(), Vec::new());
        for k in 0..switches.len() {
            for with in self.swaps(&switches, k) {
                if self.count(&with)?.flagged_indices == report.flagged_indices {
                    ties.push([switches[k], with[k]]);
                }
            }
            let mut without = switches.clone();
            without.remove(k);
            let before = self.count(&without)?.flagged_indices;
            evidence.push((switches[k], whole_file(&before, &report.flagged_indices)));
            flagged_without.push(before.into_iter().collect());
        }
        // The profile's own re-check, every flagged move explained.
        let report = self.recheck(&switches, Pass::Profile)?;
        Ok(Pruned {
            switches,
            report,
            indistinct: ties,
            evidence,
            flagged_without,
        })
    }
}

/// `switches` with `more` in the place of one of them, alone or beside a value of the
/// displaced rule's row or a named rival of it (`Switch::rivals`), none on a row another
/// switch of the profile sets.
fn displacing(switches: &[Switch], more: &[Switch]) -> Vec<Vec<Switch>> {
    let mut out = Vec::new();
    for &held in switches {
        let base: Vec<Switch> = (switches.iter().filter(|&&s| s != held))
            .chain(more)
            .copied()
            .collect();
        let all: Vec<Switch> = switches.iter().chain(more).copied().collect();
        let named = rivals(&[], held, &all)
            .into_iter()
            .filter(|r| !r.last_resort());
        out.push(base.clone());
        out.extend(named.map(|r| base.iter().copied().chain([r]).collect()));
    }
    out
}

/// A profile after its whole-file trials.
struct Pruned {
    switches: Vec<Switch>,
    report: CheckReport,
    indistinct: Vec<[Switch; 2]>,
    evidence: Vec<(Switch, WholeFile)>,
    /// For each of `switches`, the moves the file flags with it left out of the profile.
    flagged_without: Vec<BTreeSet<u64>>,
}

/// The profile's own re-check, as [`Tally::second_look`] reads it.
struct ProfileCheck<'a> {
    profile: &'a Pruned,
    /// The moves it names a bug, with their findings.
    bugs: BTreeMap<u64, &'a Finding>,
    /// The moves it finds at a tie between contacts (`contact_tie`) under the move's settings,
    /// which the profile's rules are there (not one needing a switch besides), with the tie.
    ties: BTreeMap<u64, Tie>,
    /// The moves it flags.
    flagged: BTreeSet<u64>,
}

impl<'a> ProfileCheck<'a> {
    fn of(profile: &'a Pruned) -> Self {
        let report = &profile.report;
        let bugs = (report.flagged.iter())
            .filter(|f| matches!(f.why, Some(Why::Bug { .. })))
            .filter_map(|f| Some((f.index, f.finding.as_ref()?)))
            .collect();
        let ties = (report.flagged.iter())
            .filter_map(|f| match f.why {
                Some(Why::Convention {
                    tie: Some(t),
                    ref switches,
                    ..
                }) if t.between_contacts() && switches.is_empty() => Some((f.index, t)),
                _ => None,
            })
            .collect();
        let flagged = report.flagged_indices.iter().copied().collect();
        Self {
            profile,
            bugs,
            ties,
            flagged,
        }
    }

    /// What move `index`, found `old` by the first pass, is under the profile (`None`: as
    /// found): where the search found nothing, the bug the profile's re-check names; where it
    /// found only rules outside the profile, that bug if it is of a class named only where the
    /// reference re-solves the game's end with it (a crease left unnormalised, a reversed
    /// push-back), which goes before a rule the weighing left out; where it found nothing, a
    /// bug class (what a move fits where no searched set reconciles it) or only rules outside
    /// the profile, and the re-check agrees, the profile's rules ([`profile_finding`]); and
    /// where it found nothing, a bug class or only rules outside the profile, and the re-check
    /// finds a tie between contacts, that tie under the profile's rules ([`profile_tie`]: the
    /// first pass settles such ties under the move's own settings or the favourite sets found
    /// so far, not the profile).
    fn reading(&self, old: &Finding, index: u64, facts: &FileFacts) -> Option<Finding> {
        let why = old.why(facts);
        let unexplained = why.kind() == WhyKind::Unexplained;
        let resolves = |b: &Finding| {
            matches!(b.why(facts), Why::Bug { class, .. }
                if matches!(class, BugClass::ShortenedCrease | BugClass::ReversedPushBack))
        };
        if let Some(&tie) = self.ties.get(&index) {
            let taken = unexplained || why.kind() == WhyKind::Bug || why.outside_detected();
            return taken.then(|| profile_tie(old, self.profile, tie))?;
        }
        if let Some(bug) = self.bugs.get(&index) {
            let taken = unexplained || (why.outside_detected() && resolves(bug));
            return taken.then(|| (*bug).clone());
        }
        let short = unexplained || why.kind() == WhyKind::Bug || why.outside_detected();
        (short && !self.flagged.contains(&index))
            .then(|| profile_finding(old, index, self.profile))?
    }
}

/// `old`'s finding for move `index` where the profile's re-check agrees with it: a
/// convention of the profile's rules that the move needs (those whose leaving out flags it),
/// none where it needs none on its own (`None`).
fn profile_finding(old: &Finding, index: u64, profile: &Pruned) -> Option<Finding> {
    let needed = needed_rules(index, profile);
    (!needed.is_empty()).then_some(())?;
    named_by_profile(old, needed, None)
}

/// `old`'s finding where the profile's re-check finds the move at `tie`: the profile's rules,
/// under which it was settled (which of them it needs is not asked: the move is flagged with
/// any of them left out, as with all of them), and the tie.
fn profile_tie(old: &Finding, profile: &Pruned, tie: Tie) -> Option<Finding> {
    let mut rules = profile.switches.clone();
    rules.sort();
    named_by_profile(old, rules, Some(tie))
}

/// The profile's rules whose leaving out flags move `index`, in order.
fn needed_rules(index: u64, profile: &Pruned) -> Vec<Switch> {
    let mut needed: Vec<Switch> = (profile.switches.iter().zip(&profile.flagged_without))
        .filter(|(_, flagged)| flagged.contains(&index))
        .map(|(s, _)| *s)
        .collect();
    needed.sort();
    needed
}

/// `old`'s evidence named by `set` (and `tie`), its classes and bug sets dropped.
fn named_by_profile(old: &Finding, set: Vec<Switch>, tie: Option<Tie>) -> Option<Finding> {
    let Finding::Own(e) = old else { return None };
    Some(Finding::Own(Evidence {
        sets: vec![set],
        classes: Vec::new(),
        searched: true,
        tie,
        bug_sets: Vec::new(),
        ..e.clone()
    }))
}

/// Fewest moves a rule must leave agreeing (net of those it turns), over the whole file, to
/// stay in a profile: one move is what a coincidence gives (a port-zoo port whose broad phase
/// missed a slope, so that its walker stayed put, "padded along the velocity" on that one
/// move; the real ports' least-shown rules show on 2 to 7).
const MIN_EVIDENCE: u64 = 2;

/// Each convention move's reconciling sets in `report`.
fn reconciling_sets(report: &CheckReport) -> Vec<Vec<Vec<Switch>>> {
    (report.flagged.iter())
        .filter_map(|f| match &f.why {
            Some(Why::Convention { alternatives, .. }) => Some(alternatives.clone()),
            _ => None,
        })
        .collect()
}

/// The profiles `switches` with the other rules of a set that reconciled one of `report`'s
/// flagged moves with the last resort `s` (each replacing the profile's switch on its row),
/// those that most moves name first, at most [`COMPANIONS_TRIED`].
fn companions(report: &CheckReport, s: Switch, switches: &[Switch]) -> Vec<Vec<Switch>> {
    let mut named: BTreeMap<Vec<Switch>, usize> = BTreeMap::new();
    for alternatives in reconciling_sets(report) {
        let mut with_s = alternatives
            .iter()
            .filter(|set| set.contains(&s) && set.len() > 1);
        if let Some(set) = with_s.next() {
            let others: Vec<Switch> = set.iter().copied().filter(|o| *o != s).collect();
            *named.entry(others).or_default() += 1;
        }
    }
    let mut by_count: Vec<(Vec<Switch>, usize)> = named.into_iter().collect();
    by_count.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    (by_count.into_iter().take(COMPANIONS_TRIED))
        .map(|(others, _)| {
            let kept = switches.iter().copied();
            let mut with: Vec<Switch> = kept
                .filter(|p| others.iter().all(|o| !o.same_row(*p)))
                .collect();
            with.extend(others);
            with
        })
        .collect()
}

/// Most sets of companions [`Trials::with_last_resorts`] weighs a last resort beside (each a
/// re-check of the whole file).
const COMPANIONS_TRIED: usize = 4;

/// The other values of `held`'s row, its rows' named rivals (`Switch::rivals`), and the
/// switches that reconciled a move in a set beside one holding `held`, none on a row another
/// switch of `chosen` sets.
fn rivals(sets: &[Vec<Vec<Switch>>], held: Switch, chosen: &[Switch]) -> BTreeSet<Switch> {
    let free =
        |s: &Switch| !chosen.contains(s) && (chosen.iter()).all(|c| *c == held || !c.same_row(*s));
    let mut out: BTreeSet<Switch> = (Switch::all().into_iter())
        .filter(|s| (s.same_row(held) || s.rivals(held)) && free(s))
        .collect();
    for alternatives in sets.iter().filter(|a| a.iter().any(|a| a.contains(&held))) {
        out.extend(alternatives.iter().flatten().copied().filter(free));
    }
    out
}

/// Times the weighing of a profile searches again with its switches assumed.
const REFINEMENTS: usize = 4;

/// The sets of switches, none on a row `assumed` sets, that reconcile the most of `report`'s
/// flagged moves (a move counts each of its smallest sets; at least 1 % of the moves judged on
/// their own, the cascades not counted, or of every flagged move for a set with a rule of
/// what happens to a start inside the level; and within a tenth of the most), at most
/// [`REFINE_TRIED`], most first: each is tried over the whole file, since two sets can
/// reconcile the same moves.
fn refinements(report: &CheckReport, assumed: &[Switch]) -> Vec<Vec<Switch>> {
    // Not sidedness: after a bug walks a mover through a wall, culling what is behind it lets
    // the reference follow; the first pass's votes (movers no bug has moved wrong) decide it.
    let culls = |s: &Switch| {
        let mut c = crate::collision::Conventions::default();
        s.apply(&mut c, 1e-3);
        c.sidedness != crate::collision::Sidedness::TwoSided
    };
    // Nor the last resort's rows, weighed on their own (`Trials::with_last_resorts`).
    let free = |set: &Vec<Switch>| {
        (set.iter())
            .all(|s| assumed.iter().all(|t| !t.same_row(*s)) && !culls(s) && !s.last_resort())
    };
    let mut tally: BTreeMap<&Vec<Switch>, u64> = BTreeMap::new();
    for f in &report.flagged {
        if let Some(Why::Convention { alternatives, .. }) = &f.why {
            for set in alternatives.iter().filter(|a| !a.is_empty() && free(a)) {
                *tally.entry(set).or_default() += 1;
            }
        }
    }
    let most = tally.values().copied().max().unwrap_or(0);
    // A rule of what happens to a start inside the level is counted against every flagged
    // move: inside a wall a bug walked a mover into, such rules agree by chance.
    let j = &report.explanation.judged;
    let floor = |set: &Vec<Switch>| match set.iter().any(|s| s.from_inside()) {
        true => report.counts.flagged_total,
        false => j.on_their_own,
    };
    let mut sets: Vec<(&Vec<Switch>, u64)> = (tally.into_iter())
        .filter(|(set, n)| n * 100 >= floor(set) && n * 10 >= most * 9)
        .collect();
    sets.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    sets.into_iter()
        .take(REFINE_TRIED)
        .map(|(s, _)| s.clone())
        .collect()
}

/// Refinements tried over the whole file at each step.
const REFINE_TRIED: usize = 3;

/// Checks a probe stream read from `src`; level files are relative to `base`.
pub fn check_reader(
    src: impl Read,
    base: &Path,
    options: &CheckOptions,
) -> Result<CheckReport, ReadError> {
    let (mut report, tally) = read_judged(src, base, options)?;
    tally.finish(&mut report);
    Ok(report)
}

/// [`check_reader`] up to naming the findings: the report counted and the tally that names
/// them once the detected conventions are settled.
fn read_judged(
    src: impl Read,
    base: &Path,
    options: &CheckOptions,
) -> Result<(CheckReport, Tally), ReadError> {
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
                let moves = report.counts.moves;
                let limit = match tally.judge.hint_frozen() {
                    true if tally.judge.hint_settled(moves) => BATCH,
                    true => FIRST_BATCH,
                    false if moves < HINT_MOVES => SMALL_BATCH,
                    false => FIRST_BATCH,
                };
                if batch.len() >= limit {
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
    Ok((report, tally))
}

/// What the check carries from batch to batch.
#[derive(Clone)]
struct Tally {
    options: CheckOptions,
    config: ShadowConfig,
    judge: Judge,
    /// A finding's key → (its first finding, moves, first move, moves that start inside the
    /// level), named once the file is read.
    findings: BTreeMap<FindingKey, (Finding, u64, u64, u64)>,
}

impl Tally {
    fn new(options: &CheckOptions, config: ShadowConfig) -> Self {
        Self {
            options: *options,
            config,
            judge: Judge::default(),
            findings: BTreeMap::new(),
        }
    }

    /// Re-solves `batch` (in order), judges and explains each move, and empties it. A
    /// diverging move's evidence is gathered on the thread that re-solved it; the judgement
    /// (cascades, counts) then runs in file order.
    fn judge(&mut self, batch: &mut Vec<PendingMove>, report: &mut CheckReport) {
        let (threads, config, tol) = (self.options.threads, self.config, self.options.tolerance);
        let hint = self.judge.hint();
        let (explain, counts_only) = (self.options.explain, self.options.counts_only);
        let continues = self.continuing(batch);
        let search = |m: &PendingMove, r: &FrameRecord| {
            let diverges = r.game.as_ref().is_some_and(|g| g.verdict(&tol).diverges);
            let world = (m.level.as_deref(), &*m.objects);
            let defer = continues.contains(&m.index);
            (explain && diverges).then(|| match counts_only {
                true => counted(world, r),
                false => gather(&hint, world, r, &config, defer),
            })
        };
        let mut i = 0;
        // perf: the check reads each iteration's contacts, not the candidates a viewer shows;
        // docs/measurements.md, "1M Sponza moves"
        let traced = (&config, crate::collision::Trace::contacts_only as fn() -> _);
        resolve_all_then(batch, traced, threads, search, |r, evidence| {
            self.tally(&batch[i], &r, evidence, report);
            i += 1;
        });
        self.judge.end_batch(report.counts.moves);
        batch.clear();
    }

    /// The moves of `batch` that start where their mover's last move ended: the ones that can
    /// be cascades, whose search waits until the judge says they are not.
    fn continuing(&self, batch: &[PendingMove]) -> BTreeSet<u64> {
        let tol = self.options.tolerance.position_m;
        let mut ends: BTreeMap<u32, Option<Vec3>> = BTreeMap::new();
        let mut out = BTreeSet::new();
        for m in batch {
            let mv = &m.record.mv;
            let last = *ends
                .entry(mv.mover)
                .or_insert_with(|| self.judge.last_end(mv.mover));
            let start = Vec3::from(mv.start);
            let here = last.is_some_and(|e| same_place(e, start, tol));
            if here {
                out.insert(m.index);
            }
            ends.insert(mv.mover, mv.result.map(|r| Vec3::from(r.end)));
        }
        out
    }

    fn tally(
        &mut self,
        pending: &PendingMove,
        r: &FrameRecord,
        evidence: Option<Evidence>,
        report: &mut CheckReport,
    ) {
        let Some(g) = &r.game else {
            return;
        };
        report.counts.moves += 1;
        if let Some(level) = pending.level.as_deref() {
            self.judge.saw_sides(g, level);
        }
        let tol = &self.options.tolerance;
        let non_finite = super::explain::bug_class::non_finite(g);
        let difference_m = if non_finite {
            f32::NAN
        } else {
            largest_difference(g)
        };
        if difference_m.is_finite() {
            report.largest_difference_m = report.largest_difference_m.max(difference_m);
        }
        let verdict = g.verdict(tol);
        let inside_seen = evidence.as_ref().map(|e| e.start_inside);
        let finding = if self.options.explain {
            let later = evidence.as_ref().is_some_and(|e| !e.searched);
            let hint = if later {
                self.judge.hint()
            } else {
                Default::default()
            };
            let config = self.config;
            let world = (pending.level.as_deref(), &*pending.objects);
            let search = || match self.options.counts_only {
                true => counted(world, r),
                false => gather(&hint, world, r, &config, false),
            };
            // A one-sided level may be walked through from behind: no crossing counts there.
            let two_sided =
                r.call.settings.conventions.sidedness == crate::collision::Sidedness::TwoSided;
            let crosses = |a, b| two_sided && world.0.is_some_and(|l| crosses_a_triangle(l, a, b));
            let skin = r.call.settings.tuning.skin_es;
            let unsound = || world.0.is_some_and(|l| starts_unsound(g, l, skin));
            self.judge
                .step(g, evidence, tol, search, (crosses, unsound))
        } else {
            None
        };
        let (true, Some(cause)) = (verdict.diverges, verdict.cause) else {
            return;
        };
        if let Some(f) = &finding {
            let level = pending.level.as_deref();
            let inside = inside_seen.unwrap_or_else(|| level.is_some_and(|l| starts_inside(g, l)));
            let row = self.findings.entry(f.key());
            let row = row.or_insert_with(|| (f.clone(), 0, g.index, 0));
            row.1 += 1;
            row.3 += u64::from(inside);
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
            why: None,
            parting: super::explain::stage::parting(r, g, tol),
            finding,
        };
        self.list(flagged, report);
    }

    /// Counts a flagged move and lists it (within the limit), as the first and the largest.
    fn list(&mut self, flagged: FlaggedMove, report: &mut CheckReport) {
        report.flagged_indices.push(flagged.index);
        report.counts.diverging += 1;
        report.counts.flagged_total += 1;
        *report.by_cause.entry(flagged.cause).or_default() += 1;
        report.first.get_or_insert_with(|| flagged.clone());
        let larger = |l: &FlaggedMove| {
            crate::sim::move_comparison::beyond(flagged.difference_m, l.difference_m)
        };
        if report.largest.as_ref().is_none_or(larger) {
            report.largest = Some(flagged.clone());
        }
        if self.options.limit.is_none_or(|n| report.flagged.len() < n) {
            report.flagged.push(flagged);
        } else {
            report.counts.flagged_truncated = true;
        }
    }

    /// Names each flagged move of `report` (every flagged move listed) that the first pass
    /// named by less than the profile the whole file weighed, by what the profile's re-check
    /// makes of it ([`ProfileCheck::reading`]): a move that needs more of the port's rules to
    /// re-solve than a searched set holds, where the file had not yet shown them together (a
    /// crease left unnormalised that bites before the file's favourite sets form; Linahan's
    /// projection and padding along the velocity where the early moves voted for a step back
    /// that stands in for both).
    fn second_look(&mut self, report: &mut CheckReport, profile: &Pruned) {
        let facts = self.judge.facts();
        let check = ProfileCheck::of(profile);
        for f in &mut report.flagged {
            let Some(old) = &f.finding else { continue };
            let Some(new) = check.reading(old, f.index, &facts) else {
                continue;
            };
            let inside = u64::from(matches!(old, Finding::Own(e) if e.start_inside));
            if let Some(row) = self.findings.get_mut(&old.key()) {
                (row.1, row.3) = (row.1.saturating_sub(1), row.3.saturating_sub(inside));
            }
            let row =
                (self.findings.entry(new.key())).or_insert_with(|| (new.clone(), 0, f.index, 0));
            (row.1, row.3) = (row.1 + 1, row.3 + inside);
            f.finding = Some(new);
        }
        for f in report.first.iter_mut().chain(&mut report.largest) {
            if let Some(again) = report.flagged.iter().find(|g| g.index == f.index) {
                f.finding = again.finding.clone();
            }
        }
        self.findings.retain(|_, row| row.1 > 0);
        // Each row's first move, from the moves now under it.
        let mut first: BTreeMap<FindingKey, u64> = BTreeMap::new();
        for (key, index) in
            (report.flagged.iter()).filter_map(|f| Some((f.finding.as_ref()?.key(), f.index)))
        {
            let at = first.entry(key).or_insert(index);
            *at = (*at).min(index);
        }
        for (key, row) in &mut self.findings {
            row.2 = first.get(key).copied().unwrap_or(row.2);
        }
    }

    /// The why table, most moves first, the judged counts and the detected conventions; each
    /// finding named with what the whole file showed.
    fn finish(self, report: &mut CheckReport) {
        let facts = self.judge.facts();
        let profiled = (self.options.assumed.iter()).any(|a| a.switches().next().is_some());
        let why_of = |finding: &Finding| beyond_profile(finding.why(&facts), profiled);
        type Row = (WhyKind, String, Option<u64>);
        let mut rows: BTreeMap<Row, (String, u64, u64)> = BTreeMap::new();
        let judged = &mut report.explanation.judged;
        let mut by_detected = 0;
        for (finding, moves, first, inside) in self.findings.into_values() {
            let w = why_of(&finding);
            if let Why::Convention { alternatives, .. } = &w
                && alternatives
                    .iter()
                    .any(|a| a.iter().all(|s| facts.detected.contains(s)))
            {
                by_detected += moves;
            }
            if w.kind() != WhyKind::Cascade {
                judged.from_inside += inside;
            }
            match w.kind() {
                WhyKind::Cascade => judged.cascades += moves,
                _ if w.outside_detected() => judged.outside_detected += moves,
                _ if w.tie().is_some() => judged.ties += moves,
                WhyKind::Convention => judged.conventions += moves,
                WhyKind::Bug => judged.bugs += moves,
                WhyKind::Unexplained => judged.unexplained += moves,
            }
            let row = rows.entry((w.kind(), w.name(), w.root_move()));
            let row = row.or_insert_with(|| (w.label(), 0, first));
            row.1 += moves;
            row.2 = row.2.min(first);
        }
        judged.explained = judged.conventions + judged.ties + judged.bugs;
        judged.on_their_own = judged.explained + judged.outside_detected + judged.unexplained;
        judged.teleports = self.judge.teleports;
        for f in report
            .flagged
            .iter_mut()
            .chain(&mut report.first)
            .chain(&mut report.largest)
        {
            f.why = f.finding.as_ref().map(why_of);
        }
        let mut rows: Vec<WhyRow> = rows
            .into_iter()
            .map(
                |((kind, name, root_move), (label, moves, first_move))| WhyRow {
                    kind,
                    name,
                    root_move,
                    label,
                    moves,
                    first_move,
                },
            )
            .collect();
        rows.sort_by(|a, b| b.moves.cmp(&a.moves).then(a.first_move.cmp(&b.first_move)));
        report.explanation.why = rows;
        let detected = self.judge.detected();
        // Every convention move they explain, the moves that did not vote included.
        report.explanation.conventions_detected =
            detected.map(|(switches, _)| DetectedConventions::of(switches, by_detected));
        report.explanation.file_facts = facts;
    }
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
        self.judged_text(&mut s);
        self.measured_text(&mut s);
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

    /// The rules measured from the moves, and what assuming them changed.
    fn measured_text(&self, s: &mut String) {
        use std::fmt::Write;
        let e = &self.explanation;
        if let Some(m) = &e.measured_scale {
            let k = m.scale;
            let _ = writeln!(
                s,
                "measured: your controller moves {k:.3} × the velocity asked ({} of the {} moves \
                 it reports no contact in); declare it in Rust `move_scale: Some({k})`, in C \
                 `c.move_scale = {k}f;`, in JavaScript `moveScale: {k}`",
                m.moves, m.free
            );
        }
        if let Some(m) = &e.measured_floor_stop {
            let d = m.deg;
            let _ = writeln!(
                s,
                "measured: your controller stops at a floor within {d}° of up met heading down \
                 ({} moves stopped on floors up to {:.1}°, {} slid on from {:.1}°); declare it \
                 in Rust `floor_stop_deg: Some({d})`, in C `c.floor_stop_deg = {d}f;`, in \
                 JavaScript `floorStopDeg: {d}`",
                m.stopped, m.steepest_stopped_deg, m.slid, m.flattest_slid_deg
            );
        }
        if let Some(m) = &e.measured_padding {
            let (k, unit) = (m.skin, padding_unit(m.in_metres));
            let metres = if m.in_metres {
                "; with `skin_in_metres`"
            } else {
                ""
            };
            let _ = writeln!(
                s,
                "measured: your controller pads by {k} {unit} ({} of the {} calls of one detection \
                 that met one contact and moved pushed back this far; its moves send no skin); send it with \
                 each move: in Rust `skin_es: Some({k})`, in C `m.has_skin = 1; m.skin_es = \
                 {k}f;`, in JavaScript `skinEs: {k}`{metres}",
                m.moves, m.read
            );
        }
        let mut assumed = Vec::new();
        if let Some(k) = e.move_scale_assumed {
            assumed.push(format!("moves {k} × the velocity asked"));
        }
        if let Some(d) = e.floor_stop_assumed {
            assumed.push(format!("stops at a floor within {d}° met heading down"));
        }
        if let Some(p) = e.padding_assumed {
            assumed.push(padding_words(p));
        }
        if assumed.is_empty() {
            return;
        }
        let _ = write!(s, "assumed (measured): {}", assumed.join("; "));
        if let (Some(n), Some(w)) = (e.diverging_as_declared, e.measured_whole_file) {
            let _ = write!(
                s,
                " (as the file declares, {n} moves diverge; assuming it, {} of them agree and {} \
                 that agreed diverge)",
                w.explains, w.breaks
            );
        }
        let _ = writeln!(s);
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
        let mut shown = BTreeMap::new();
        let mut rest: BTreeMap<WhyKind, (u64, u64, u64)> = BTreeMap::new();
        for r in &self.explanation.why {
            let most = match r.kind {
                WhyKind::Convention => MAX_CONVENTION_ROWS,
                WhyKind::Cascade => MAX_CASCADE_ROWS,
                _ => usize::MAX,
            };
            let n = shown.entry(r.kind).or_insert(0usize);
            *n += 1;
            if *n > most {
                let e = rest.entry(r.kind).or_insert((0, 0, u64::MAX));
                *e = (e.0 + 1, e.1 + r.moves, e.2.min(r.first_move));
                continue;
            }
            let kind = r.kind.name();
            let _ = writeln!(
                s,
                "{kind:<12} {:>8} {:>10}  {}",
                r.moves, r.first_move, r.label
            );
        }
        for (kind, (rows, moves, first)) in rest {
            let what = match kind {
                WhyKind::Cascade => "other roots' cascades",
                _ => "other combinations of these conventions",
            };
            let _ = writeln!(
                s,
                "{:<12} {moves:>8} {first:>10}  {rows} {what} (--json lists every move)",
                kind.name()
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

    /// The explained share over the moves judged on their own, cascades and teleports beside.
    fn judged_text(&self, s: &mut String) {
        use std::fmt::Write;
        let j = &self.explanation.judged;
        if self.explanation.why.is_empty() {
            return;
        }
        let _ = writeln!(
            s,
            "judged on their own inputs: {} flagged moves, {} explained ({:.1} %: {} convention, \
             {} tie, {} bug), {} {} only conventions outside those detected (not counted as \
             explained), {} unexplained; beside them {} cascades (an unsound start left by a \
             flagged move of the mover); {} teleports",
            j.on_their_own,
            j.explained,
            j.explained_percent(),
            j.conventions,
            j.ties,
            j.bugs,
            j.outside_detected,
            if j.outside_detected == 1 {
                "fits"
            } else {
                "fit"
            },
            j.unexplained,
            j.cascades,
            j.teleports
        );
    }

    fn detected_text(&self, s: &mut String) {
        use std::fmt::Write;
        let whole_file = self.explanation.measured_whole_file;
        let Some(d) = &self.explanation.conventions_detected else {
            if let Some(w) = whole_file {
                let _ = writeln!(
                    s,
                    "assumed over the whole file: {} flagged moves then agree, {} that agreed \
                     then diverge",
                    w.explains, w.breaks
                );
            }
            return;
        };
        if let Some(w) = d.whole_file {
            let verdict = if w.explains > w.breaks {
                "they explain more than they break"
            } else {
                "they break as much as they explain: not your controller's rules"
            };
            let _ = writeln!(
                s,
                "assumed over the whole file: {} flagged moves then agree, {} that agreed then \
                 diverge ({verdict})",
                w.explains, w.breaks
            );
            evidence_text(s, &d.evidence);
            for [held, rival] in &d.indistinct {
                let _ = writeln!(
                    s,
                    "the file does not tell \"{}\" from \"{}\": assuming either, the same \
                     moves agree",
                    held.label(),
                    rival.label()
                );
            }
            return;
        }
        if d.switches.is_empty() {
            let _ = writeln!(
                s,
                "no rule the flagged moves fit holds over the whole file: each turned at least \
                 as many moves to diverge as to agree"
            );
            return;
        }
        let _ = writeln!(
            s,
            "your controller appears to: {} ({} of the {} flagged moves judged on their own)",
            d.appears_to.join("; "),
            d.explains,
            self.explanation.judged.on_their_own
        );
        evidence_text(s, &d.evidence);
        let _ = writeln!(
            s,
            "declare it in Rust (slidescope_probe::Declared {{ … }}): {}",
            d.declare_rust.join(" ")
        );
        let _ = writeln!(
            s,
            "           in C (slsp_conventions c; slsp_conventions_init(&c); … slsp_set_conventions(p, &c)): {}",
            d.declare.join(" ")
        );
        let _ = writeln!(
            s,
            "           in JavaScript (probe.setConventions({{ … }})): {}",
            d.declare_js.join(" ")
        );
        let _ = writeln!(
            s,
            "or re-check assuming it over the whole file: --conventions detected"
        );
    }
}

/// Each switch's own evidence over the whole file, a line each.
fn evidence_text(s: &mut String, evidence: &[(Switch, WholeFile)]) {
    use std::fmt::Write;
    for (switch, w) in evidence {
        let _ = writeln!(
            s,
            "  {}: {} moves agree with it and not without it, {} the reverse (the others \
             assumed)",
            switch.label(),
            w.explains,
            w.breaks
        );
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
