//! A Babylon.js 9.35 game recorded by nothing but the adapter's one line:
//! `probe-js/test/babylon_walk.mjs` walks 8 characters for 10 s over the Quake-derived level in
//! a headless Babylon scene (NullEngine) with `attachSlidescope(scene, { file })`, and
//! `probe-check` re-solves the file with the conventions the adapter declared. None of the
//! moves left flagged is a convention: each is one of Babylon's bug classes, a cascade of one,
//! and this test pins which. Needs Node and `tests/ports/node_modules` (`.ci/ports-install`,
//! which `.ci/run` runs); skipped, saying so, where either is missing (a failure when `CI` is
//! set).

use std::path::Path;
use std::process::Command;

use slidescope::probe::explain::WhyKind;
use slidescope::probe::probe_file_check::{CheckOptions, check_file};

use crate::common::temp_dir;

const LEVEL: &str = "assets/levels/librequake_lavaducts/lavaducts.glb";

/// Why a test cannot run here, or `None` when Node and the Babylon packages are present.
fn missing() -> Option<&'static str> {
    let node = Command::new("node").arg("--version").output();
    if !node.is_ok_and(|o| o.status.success()) {
        return Some("no `node` here");
    }
    if !Path::new("tests/ports/node_modules/@babylonjs/core/package.json").exists() {
        return Some("tests/ports/node_modules is not installed (run .ci/ports-install)");
    }
    None
}

#[test]
fn a_babylon_game_recorded_by_the_adapter_leaves_only_bug_classes_and_their_cascades() {
    if let Some(why) = missing() {
        // CI installs both (.ci/run): there a missing one is a failure, not a skip.
        assert!(
            std::env::var_os("CI").is_none(),
            "the Babylon.js adapter walk: {why}"
        );
        eprintln!("SKIPPED the Babylon.js adapter walk: {why}");
        return;
    }
    let file = temp_dir("babylon-adapter").join("walk.slidelog");
    let out = Command::new("node")
        .args(["probe-js/test/babylon_walk.mjs", LEVEL])
        .arg(&file)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("Babylon.js 9.35.0") && stdout.contains("moves 4800"),
        "{stdout}"
    );
    let report = check_file(&file, &CheckOptions::default()).unwrap();
    assert!(report.complete() && report.reading.ended_cleanly);
    assert_eq!((report.counts.moves, report.counts.frames), (4800, 600));
    // The adapter declared Babylon's choices: none is left to explain a divergence.
    let declared = report
        .explanation
        .conventions_declared
        .as_deref()
        .unwrap_or("");
    for convention in [
        "short leftover dropped",
        "dead zone 0.001 m",
        "keeps the last centre",
        "roots after the start only",
        "an embedded start kept where it is",
        "an overlapped face skipped moving along it",
        "no integration velocity",
    ] {
        assert!(declared.contains(convention), "{declared}");
    }
    let rows: Vec<(WhyKind, &str, u64, u64)> = report
        .explanation
        .why
        .iter()
        .map(|r| (r.kind, r.name.as_str(), r.moves, r.first_move))
        .collect();
    assert_eq!(
        rows,
        vec![
            (WhyKind::Cascade, "cascade", 56, 2537),
            (WhyKind::Bug, "pushed_into_back_face", 1, 2529),
        ]
    );
    // The cascades start where the back-face push left their mover.
    assert_eq!(report.explanation.why[0].root_move, Some(2529));
    assert_eq!(report.counts.flagged_total, 57);
    assert!(report.flagged.iter().all(|f| {
        f.why
            .as_ref()
            .is_some_and(|w| w.kind() != WhyKind::Convention)
    }));
}
