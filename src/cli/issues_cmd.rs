//! `slidescope issues [--json | --markdown] [--rate HZ…] [--scene N…]`: the Issues suite's scorecard. Every
//! scene runs headless through the walker at each rate (30, 60, 120, 240 Hz by default) with
//! every response variant; the table gives each variant's verdict at 60 Hz (the rate the
//! expectations are stated for), the measured numbers, and where the verdict changes with the
//! step rate.
//!
//! Exit status: 0 when every variant expected to pass a scene does, 1 otherwise.

use std::fmt::Write as _;
use std::process::ExitCode;

use crate::issues::scenes;
use crate::issues::score::{NOMINAL_HZ, RATES_HZ};
use crate::issues::scorecard::{self, SceneCard};
use crate::issues::scorecard_markdown::{self, worst};
use crate::issues::{IssueScene, Variant};

#[derive(Debug, clap::Args)]
pub struct IssuesArgs {
    /// Print JSON instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Print the Markdown page kept as docs/issues-scorecard.md instead of the table.
    #[arg(long, conflicts_with = "json")]
    pub markdown: bool,
    /// Step rates to run (Hz); default 30 60 120 240. 60 Hz is always run.
    #[arg(long = "rate", value_name = "HZ", num_args = 1..)]
    pub rates: Vec<f64>,
    /// Only these scenes (numbers 1–30).
    #[arg(long = "scene", value_name = "N", num_args = 1..)]
    pub scenes: Vec<u8>,
}

pub fn run(args: &IssuesArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let (text, ok) = output(args)?;
    print!("{text}");
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The scorecard's text (or JSON) and whether every expectation held.
pub fn output(args: &IssuesArgs) -> Result<(String, bool), Box<dyn std::error::Error>> {
    let all = scenes::all();
    if let Some(n) = args
        .scenes
        .iter()
        .find(|n| !all.iter().any(|s| s.number == **n))
    {
        return Err(format!("no scene {n}: the scenes are numbered 1 to {}", all.len()).into());
    }
    if let Some(r) = args.rates.iter().find(|r| !(1.0..=1000.0).contains(*r)) {
        return Err(format!("rate {r} Hz is outside 1 to 1000 Hz").into());
    }
    let chosen: Vec<IssueScene> = all
        .into_iter()
        .filter(|s| args.scenes.is_empty() || args.scenes.contains(&s.number))
        .collect();
    let rates = if args.rates.is_empty() {
        RATES_HZ.to_vec()
    } else {
        args.rates.clone()
    };
    let cards = scorecard::run(&chosen, &rates, &Variant::ALL);
    let ok = cards.iter().all(|c| c.broken_expectations().is_empty());
    let text = if args.json {
        serde_json::to_string_pretty(&cards)? + "\n"
    } else if args.markdown {
        scorecard_markdown::markdown(&cards)
    } else {
        table(&cards)
    };
    Ok((text, ok))
}

fn verdict(card: &SceneCard, v: Variant) -> String {
    let expected = card.expect_pass.contains(&v);
    match card.score(v, NOMINAL_HZ) {
        None => "ERROR".into(),
        // Nothing ran (rapier could not build the scene's trimesh).
        Some(s) if s.runs.is_empty() => "ERROR".into(),
        // The fix's and another engine's columns: measured, nothing expected of them.
        Some(s) if !v.expected() => if s.passed { "pass" } else { "fail" }.into(),
        Some(s) if s.passed => if expected { "pass" } else { "pass (!)" }.into(),
        Some(_) => if expected { "FAIL (!)" } else { "fail" }.into(),
    }
}

fn table(cards: &[SceneCard]) -> String {
    let mut out = header();
    for c in cards {
        out += &row(c);
    }
    out += &failed_runs(cards);
    let broken: usize = cards.iter().map(|c| c.broken_expectations().len()).sum();
    let _ = writeln!(
        out,
        "{} scenes; {broken} expected passes failed",
        cards.len()
    );
    out
}

/// The title line and the column heads.
fn header() -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Issues scorecard: each variant's verdict at {NOMINAL_HZ} Hz (\"(!)\": not what the scene expects); numbers are the seed's worst run at {NOMINAL_HZ} Hz."
    );
    let _ = write!(out, "{:>2}  {:<20}", "#", "scene");
    for v in Variant::ALL {
        let _ = write!(out, " {:<9}", v.label());
    }
    let _ = writeln!(
        out,
        " {:>6} {:>9} {:>7} {:>9} {:>4} {:>9} {:>5}  rate-dependent",
        "stuck", "jitter mm", "gain %", "overlap", "tun", "drift mm", "fallb"
    );
    out
}

/// One scene: its verdicts, the seed's worst numbers, the rates whose verdict differs.
fn row(c: &SceneCard) -> String {
    let mut out = String::new();
    let _ = write!(out, "{:>2}  {:<20}", c.number, c.slug);
    for v in Variant::ALL {
        let _ = write!(out, " {:<9}", verdict(c, v));
    }
    match worst(c, Variant::Seed) {
        Some(w) => {
            let _ = write!(
                out,
                " {:>6} {:>9.3} {:>7.2} {:>9.1e} {:>4} {:>9.3} {:>5}",
                w.stuck_frames,
                w.jitter_m * 1e3,
                w.speed_gain_pct,
                w.deepest_overlap_es,
                w.tunnels,
                w.drift_m * 1e3,
                w.fallbacks
            );
        }
        None => {
            let _ = write!(out, " {}", c.error.as_deref().unwrap_or("not run"));
        }
    }
    let dep: Vec<String> = c
        .rate_dependent()
        .iter()
        .map(|(v, hz)| {
            let passed = c.score(*v, *hz).is_some_and(|s| s.passed);
            let outcome = if passed { "pass" } else { "fail" };
            format!("{} {hz} Hz {outcome}", v.label())
        })
        .collect();
    let dep = if dep.is_empty() {
        "-".into()
    } else {
        dep.join(", ")
    };
    let _ = writeln!(out, "  {dep}");
    out
}

/// Every failed run, with what it measured.
fn failed_runs(cards: &[SceneCard]) -> String {
    let mut out = String::new();
    for c in cards {
        for s in &c.scores {
            for r in s.runs.iter().filter(|r| !r.passed) {
                let what: Vec<String> = r
                    .failed
                    .iter()
                    .map(|(crit, got)| format!("{crit}: {got}"))
                    .collect();
                let _ = writeln!(
                    out,
                    "  {:>2} {} [{}] {} Hz {}: {}",
                    c.number,
                    c.slug,
                    r.run,
                    s.rate_hz,
                    s.variant.label(),
                    what.join("; ")
                );
            }
        }
    }
    out
}
