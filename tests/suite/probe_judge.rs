//! Every flagged move judged on its own inputs, on a file whose answers are known by
//! construction: a cascade only where the start is left inside the level by a flagged move of
//! the same mover, a teleport counted and never a cascade, a NaN result its own class with no
//! difference to report, a sound start after a flagged move judged on its own; and one
//! explainer: the table, `--json`, `--move N` and the inspector give each flagged move of the
//! committed recordings the same reason.

use std::path::{Path, PathBuf};
use std::process::Command;

use slidescope::probe::explain::{BugClass, Why, WhyKind};
use slidescope::probe::file_whys::reasons;
use slidescope::probe::probe_file_check::{
    CheckOptions, CheckReport, check_file, check_file_with_detected,
};
use slidescope_probe::{Frame, Move, MoveResult, encode};

use crate::common::temp_dir;

const FLOOR: [[f32; 3]; 4] = [
    [-10.0, 0.0, -10.0],
    [-10.0, 0.0, 10.0],
    [10.0, 0.0, 10.0],
    [10.0, 0.0, -10.0],
];

/// A move of a sphere of radius 0.5 (mover, start, end), 0.1 m along +x.
type Step = (u32, [f32; 3], [f32; 3]);

/// The known cases, in file order.
const STEPS: [Step; 8] = [
    // 0: ends 0.1 m (0.2 eSpace) inside the floor: flagged, judged on its own.
    (1, [0.0, 0.5005, 0.0], [0.1, 0.4, 0.0]),
    // 1, 2: start where 0 left the mover, inside the floor: cascades of 0.
    (1, [0.1, 0.4, 0.0], [0.2, 0.4, 0.0]),
    (1, [0.2, 0.4, 0.0], [0.3, 0.4, 0.0]),
    // 3: the mover respawns elsewhere, inside the floor: a teleport, judged on its own.
    (1, [5.0, 0.45, 0.0], [5.1, 0.45, 0.0]),
    // 4: a NaN end: its own class, never a cascade.
    (2, [0.0, 0.5005, 3.0], [f32::NAN, 0.5005, 3.0]),
    // 5: agrees (a teleport from the NaN end).
    (2, [0.0, 0.5005, 3.0], [0.1, 0.5005, 3.0]),
    // 6: in the air, 2 cm further than asked: flagged; 7 starts where 6 ended, a sound start:
    // judged on its own, not a cascade.
    (3, [0.0, 2.0, 6.0], [0.12, 2.0, 6.0]),
    (3, [0.12, 2.0, 6.0], [0.24, 2.0, 6.0]),
];

fn known_file() -> PathBuf {
    let mut b = Vec::new();
    encode::header(&mut b);
    encode::mesh(&mut b, None, &FLOOR, &[[0, 1, 2], [0, 2, 3]]);
    for (i, (mover, start, end)) in STEPS.into_iter().enumerate() {
        let mut m = Move::new(mover, [0.5; 3], start, [0.1, 0.0, 0.0]);
        m.result = Some(MoveResult {
            end,
            integration_velocity: [0.1, 0.0, 0.0],
            iterations: 1,
        });
        let frame = Frame {
            frame: i as u64,
            time_secs: i as f64 * 0.01,
            dt_secs: 0.01,
        };
        encode::frame(&mut b, &frame);
        encode::move_record(&mut b, &m, &[]);
    }
    encode::end(&mut b);
    let path = temp_dir("probe_judge_known").join("known.slidelog");
    std::fs::write(&path, b).unwrap();
    path
}

fn why_of(report: &CheckReport, index: u64) -> Option<Why> {
    let f = report.flagged.iter().find(|f| f.index == index)?;
    f.why.clone()
}

fn slidescope(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_slidescope"))
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    (out.status.code().unwrap_or(-1), text)
}

#[test]
fn cascades_need_an_unsound_start_and_teleports_and_nan_results_are_judged_on_their_own() {
    let file = known_file();
    let report = check_file(&file, &CheckOptions::default()).unwrap();
    assert!(report.complete() && report.reading.ended_cleanly);
    assert_eq!((report.counts.moves, report.counts.flagged_total), (8, 7));
    let kind = |i| why_of(&report, i).map(|w| w.kind());
    assert_eq!(kind(0), Some(WhyKind::Bug));
    assert_eq!(why_of(&report, 1), Some(Why::Cascade { root_move: 0 }));
    assert_eq!(why_of(&report, 2), Some(Why::Cascade { root_move: 0 }));
    assert_ne!(kind(3), Some(WhyKind::Cascade), "a teleport");
    assert_eq!(kind(3), Some(WhyKind::Bug));
    let Some(Why::Bug { class, .. }) = why_of(&report, 4) else {
        panic!("{:?}", why_of(&report, 4))
    };
    assert_eq!(class, BugClass::NonFiniteResult);
    assert_eq!(why_of(&report, 5), None, "agrees");
    assert_ne!(kind(6), Some(WhyKind::Cascade));
    assert_ne!(
        kind(7),
        Some(WhyKind::Cascade),
        "a sound start after a flagged move"
    );
    let j = report.explanation.judged;
    assert_eq!((j.on_their_own, j.cascades, j.teleports), (5, 2, 2));
    let cascade_rows: Vec<_> = (report.explanation.why.iter())
        .filter(|r| r.kind == WhyKind::Cascade)
        .map(|r| (r.root_move, r.moves, r.first_move))
        .collect();
    assert_eq!(cascade_rows, vec![(Some(0), 2, 1)]);
    // No difference to report for a NaN end: null, not 0.
    let (code, json) = slidescope(&["probe-check", file.to_str().unwrap(), "--json"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let nan = (v["flagged"].as_array().unwrap().iter())
        .find(|f| f["index"] == 4)
        .unwrap();
    assert!(nan["difference_m"].is_null(), "{nan}");
    assert_eq!(nan["why"]["name"], "non_finite_result");
    assert_eq!(v["judged"]["cascades"], 2);
    let (code, one) = slidescope(&["probe-check", file.to_str().unwrap(), "--move", "2"]);
    assert_eq!(code, 1, "{one}");
    assert!(one.contains("the chain began at flagged move 0"), "{one}");
}

/// The reason `--move N` prints for each of `moves` of `file`.
fn move_lines(file: &Path, moves: &[u64], detected: bool) -> Vec<String> {
    let file = file.to_str().unwrap();
    moves
        .iter()
        .map(|n| {
            let n = n.to_string();
            let mut args = vec!["probe-check", file, "--move", &n];
            if detected {
                args.extend(["--conventions", "detected"]);
            }
            let (code, text) = slidescope(&args);
            assert_eq!(code, 1, "{text}");
            text.lines()
                .skip_while(|l| !l.starts_with("why:"))
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect()
}

#[test]
fn the_table_json_move_and_the_inspector_give_every_flagged_move_the_same_reason() {
    for (name, detected) in [
        ("babylon_lavaducts.slidelog", false),
        ("babylon_lavaducts.slidelog", true),
        ("irrlicht_lavaducts.slidelog", false),
        ("babylon_threejs_lefthanded.slidelog", false),
    ] {
        let file = Path::new("tests/data/ports").join(name);
        let options = CheckOptions::default();
        let report = if detected {
            check_file_with_detected(&file, &options).unwrap()
        } else {
            check_file(&file, &options).unwrap()
        };
        let inspector = reasons(&report);
        let json = serde_json::to_value(&report).unwrap();
        let listed = json["flagged"].as_array().unwrap();
        assert_eq!(listed.len() as u64, report.counts.flagged_total, "{name}");
        for (f, j) in report.flagged.iter().zip(listed) {
            let why = f.why.as_ref().expect("every flagged move has a reason");
            assert_eq!(
                inspector.get(&f.index),
                Some(why),
                "{name} move {}",
                f.index
            );
            assert_eq!(j["why"]["name"], why.name(), "{name} move {}", f.index);
            assert_eq!(
                j["why"]["kind"],
                why.kind().name(),
                "{name} move {}",
                f.index
            );
        }
        // `--move` (a process each, a whole check each): the first flagged move of the six
        // largest reasons.
        let firsts: Vec<u64> = (report.explanation.why.iter().take(6))
            .map(|r| r.first_move)
            .collect();
        let printed = move_lines(&file, &firsts, detected);
        for (n, text) in firsts.iter().zip(printed) {
            let why = inspector[n].lines().join("\n");
            assert_eq!(text, why, "{name} --move {n}");
        }
    }
}
