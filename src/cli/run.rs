//! `slidescope run <scenario.json | folder>`: replay scenarios headless.
//!
//! One file: prints the result and the full trace (the text of `slidescope slide`, or JSON with
//! `--json`), then PASS/FAIL and every failed expectation. A folder: one line per scenario
//! (PASS, FAIL with its first failed expectation, or ERROR) and a summary.
//!
//! Exit status: 0 when every expectation holds, 1 when one failed, 2 when a scenario could not
//! be run at all (unreadable, newer version, missing level, hash mismatch…).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Serialize;

use super::query_cmd;
use crate::collision::{SlideResult, Trace};
use crate::level::query::QueryOutput;
use crate::level::scenario::{Replay, Scenario, SuiteEntry, Verdict, run_file, run_folder};

#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// A scenario file (JSON) or a folder of them.
    pub path: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Exit status of a run where every expectation held.
pub const EXIT_PASS: u8 = 0;
/// Exit status when an expectation failed.
pub const EXIT_FAIL: u8 = 1;
/// Exit status when a scenario could not be run.
pub const EXIT_ERROR: u8 = 2;

/// What `run` prints and the status it exits with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunOutput {
    pub stdout: String,
    pub status: u8,
}

pub fn run(args: &RunArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let out = run_path(&args.path, args.json)?;
    print!("{}", out.stdout);
    Ok(ExitCode::from(out.status))
}

/// Runs a file or a folder. `Err` (exit status [`EXIT_ERROR`]): a single file that could not
/// be run, or a folder that could not be listed.
pub fn run_path(path: &Path, json: bool) -> Result<RunOutput, Box<dyn std::error::Error>> {
    if path.is_dir() {
        let entries = run_folder(path)?;
        return suite_output(&entries, json);
    }
    let (scenario, replay) = run_file(path)?;
    single_output(&scenario, &replay, json)
}

fn status_of(replay: &Replay) -> u8 {
    if replay.passed() {
        EXIT_PASS
    } else {
        EXIT_FAIL
    }
}

#[derive(Serialize)]
struct SingleJson<'a> {
    name: &'a str,
    passed: bool,
    failures: &'a [String],
    result: &'a SlideResult,
    trace: &'a Trace,
}

fn single_output(
    scenario: &Scenario,
    replay: &Replay,
    json: bool,
) -> Result<RunOutput, Box<dyn std::error::Error>> {
    let status = status_of(replay);
    if json {
        let doc = SingleJson {
            name: &scenario.name,
            passed: replay.passed(),
            failures: &replay.failures,
            result: &replay.result,
            trace: &replay.trace,
        };
        return Ok(RunOutput {
            stdout: serde_json::to_string_pretty(&doc)? + "\n",
            status,
        });
    }
    let mut s = format!("scenario {}\n", scenario.name);
    s += &query_cmd::text(&QueryOutput::Slide {
        result: replay.result,
        trace: replay.trace.clone(),
    });
    s += &verdict_text(scenario, replay);
    Ok(RunOutput { stdout: s, status })
}

fn verdict_text(scenario: &Scenario, replay: &Replay) -> String {
    let n = scenario.expect.count();
    if scenario.expect.is_empty() {
        return format!("NOEXPECT {} (no expectations)\n", scenario.name);
    }
    if replay.passed() {
        return format!("PASS {} ({n} expectations)\n", scenario.name);
    }
    let mut s = format!(
        "FAIL {}: {} failed expectation(s)\n",
        scenario.name,
        replay.failures.len()
    );
    for f in &replay.failures {
        let _ = writeln!(s, "  {f}");
    }
    s
}

#[derive(Serialize)]
struct EntryJson<'a> {
    file: String,
    name: Option<&'a str>,
    verdict: &'static str,
    failures: &'a [String],
    error: Option<String>,
    result: Option<&'a SlideResult>,
}

fn verdict_name(v: Verdict) -> &'static str {
    match v {
        Verdict::Pass => "pass",
        Verdict::Fail => "fail",
        Verdict::Error => "error",
    }
}

fn suite_output(
    entries: &[SuiteEntry],
    json: bool,
) -> Result<RunOutput, Box<dyn std::error::Error>> {
    let count = |v| entries.iter().filter(|e| e.verdict() == v).count();
    let (pass, fail, error) = (
        count(Verdict::Pass),
        count(Verdict::Fail),
        count(Verdict::Error),
    );
    let status = if error > 0 {
        EXIT_ERROR
    } else if fail > 0 {
        EXIT_FAIL
    } else {
        EXIT_PASS
    };
    if json {
        let docs: Vec<EntryJson<'_>> = entries
            .iter()
            .map(|e| EntryJson {
                file: e.file.display().to_string(),
                name: e.outcome.as_ref().ok().map(|(s, _)| s.name.as_str()),
                verdict: verdict_name(e.verdict()),
                failures: e.outcome.as_ref().map_or(&[], |(_, r)| &r.failures),
                error: e.outcome.as_ref().err().map(ToString::to_string),
                result: e.outcome.as_ref().ok().map(|(_, r)| &r.result),
            })
            .collect();
        return Ok(RunOutput {
            stdout: serde_json::to_string_pretty(&docs)? + "\n",
            status,
        });
    }
    let mut s = String::new();
    for e in entries {
        match &e.outcome {
            Ok((sc, r)) if r.passed() => {
                let _ = writeln!(s, "PASS  {}", sc.name);
            }
            Ok((sc, r)) => {
                let more = match r.failures.len() {
                    1 => String::new(),
                    n => format!(" (+{} more)", n - 1),
                };
                let first = r.failures.first().map_or("", String::as_str);
                let _ = writeln!(s, "FAIL  {}: {first}{more}", sc.name);
            }
            Err(err) => {
                let _ = writeln!(s, "ERROR {err}");
            }
        }
    }
    let _ = writeln!(
        s,
        "{} scenarios: {pass} passed, {fail} failed, {error} could not run",
        entries.len()
    );
    Ok(RunOutput { stdout: s, status })
}
