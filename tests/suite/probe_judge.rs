//! Every flagged move judged on its own inputs, on a file whose answers are known by
//! construction: a cascade only where the start is left inside the level by a flagged move of
//! the same mover (moves since that agreed from inside included), a teleport counted and never a cascade, a NaN result its own class with no
//! difference to report, a sound start after a flagged move judged on its own; and one
//! explainer: the table, `--json`, `--move N` and the inspector give each flagged move of the
//! committed recordings the same reason.

use std::path::{Path, PathBuf};

use slidescope::probe::explain::{BugClass, Why, WhyKind};
use slidescope::probe::file_whys::{FileWhys, reasons};
use slidescope::probe::probe_file_check::{
    CheckOptions, CheckReport, check_file, check_file_profiled, check_file_with_detected,
};
use slidescope_probe::{Frame, Move, MoveResult, encode};

use crate::common::{slidescope_cli as slidescope, temp_dir};

const FLOOR: [[f32; 3]; 4] = [
    [-10.0, 0.0, -10.0],
    [-10.0, 0.0, 10.0],
    [10.0, 0.0, 10.0],
    [10.0, 0.0, -10.0],
];

/// A move of a sphere of radius 0.5: mover, start, velocity, end.
type Step = (u32, [f32; 3], [f32; 3], [f32; 3]);

/// 0.1 m along +x.
const ALONG: [f32; 3] = [0.1, 0.0, 0.0];

/// The known cases, in file order.
const STEPS: [Step; 15] = [
    // 0: ends 0.1 m (0.2 eSpace) inside the floor: flagged, judged on its own.
    (1, [0.0, 0.5005, 0.0], ALONG, [0.1, 0.4, 0.0]),
    // 1, 2: start where 0 left the mover, inside the floor: cascades of 0.
    (1, [0.1, 0.4, 0.0], ALONG, [0.2, 0.4, 0.0]),
    (1, [0.2, 0.4, 0.0], ALONG, [0.3, 0.4, 0.0]),
    // 3: the mover respawns elsewhere, inside the floor: a teleport, judged on its own.
    (1, [5.0, 0.45, 0.0], ALONG, [5.1, 0.45, 0.0]),
    // 4: a NaN end: its own class, never a cascade.
    (2, [0.0, 0.5005, 3.0], ALONG, [f32::NAN, 0.5005, 3.0]),
    // 5: agrees (a teleport from the NaN end).
    (2, [0.0, 0.5005, 3.0], ALONG, [0.1, 0.5005, 3.0]),
    // 6: in the air, 2 cm further than asked: flagged; 7 starts where 6 ended, a sound start:
    // judged on its own, not a cascade.
    (3, [0.0, 2.0, 6.0], ALONG, [0.12, 2.0, 6.0]),
    (3, [0.12, 2.0, 6.0], ALONG, [0.24, 2.0, 6.0]),
    // 8: ends inside the floor, as 0; 9 rises 1 cm from there, still inside, as the reference
    // does (nothing met moving out of a face): it agrees; 10 starts inside where 9 left it
    // and is flagged: a cascade of 8, the mover never out of the floor since.
    (4, [0.0, 0.5005, -6.0], ALONG, [0.1, 0.4, -6.0]),
    (4, [0.1, 0.4, -6.0], [0.0, 0.01, 0.0], [0.1, 0.41, -6.0]),
    (4, [0.1, 0.41, -6.0], ALONG, [0.2, 0.3, -6.0]),
    // 11: in the air, flagged as 6; 12 and 13 agree from sound starts, out past the floor's
    // edge and down below it; 14, flagged from there (a sound start, across the floor from
    // 11's start), is judged on its own: the chain ended at 12, on sound ground.
    (5, [0.0, 2.0, -3.0], ALONG, [0.12, 2.0, -3.0]),
    (5, [0.12, 2.0, -3.0], [11.0, 0.0, 0.0], [11.12, 2.0, -3.0]),
    (5, [11.12, 2.0, -3.0], [0.0, -4.0, 0.0], [11.12, -2.0, -3.0]),
    (5, [11.12, -2.0, -3.0], ALONG, [11.24, -2.0, -3.0]),
];

fn known_file() -> PathBuf {
    let mut b = Vec::new();
    encode::header(&mut b);
    encode::mesh(&mut b, None, &FLOOR, &[[0, 1, 2], [0, 2, 3]]);
    for (i, (mover, start, velocity, end)) in STEPS.into_iter().enumerate() {
        let mut m = Move::new(mover, [0.5; 3], start, velocity);
        m.result = Some(MoveResult {
            end,
            integration_velocity: velocity,
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

#[test]
fn cascades_need_an_unsound_start_and_teleports_and_nan_results_are_judged_on_their_own() {
    let file = known_file();
    let report = check_file(&file, &CheckOptions::default()).unwrap();
    assert!(report.complete() && report.reading.ended_cleanly);
    assert_eq!((report.counts.moves, report.counts.flagged_total), (15, 11));
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
    assert_eq!(why_of(&report, 9), None, "agrees from inside");
    assert_eq!(why_of(&report, 10), Some(Why::Cascade { root_move: 8 }));
    assert_eq!((why_of(&report, 12), why_of(&report, 13)), (None, None));
    assert_ne!(
        kind(14),
        Some(WhyKind::Cascade),
        "the chain ended on sound ground"
    );
    let j = report.explanation.judged;
    assert_eq!((j.on_their_own, j.cascades, j.teleports), (8, 3, 2));
    let cascade_rows: Vec<_> = (report.explanation.why.iter())
        .filter(|r| r.kind == WhyKind::Cascade)
        .map(|r| (r.root_move, r.moves, r.first_move))
        .collect();
    assert_eq!(cascade_rows, vec![(Some(0), 2, 1), (Some(8), 1, 10)]);
    // No difference to report for a NaN end: null, not 0.
    let (code, json) = slidescope(&["probe-check", file.to_str().unwrap(), "--json"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let nan = (v["flagged"].as_array().unwrap().iter())
        .find(|f| f["index"] == 4)
        .unwrap();
    assert!(nan["difference_m"].is_null(), "{nan}");
    assert_eq!(nan["why"]["name"], "non_finite_result");
    assert_eq!(v["judged"]["cascades"], 3);
    // Move 6 went 0.12 m where 0.1 m was asked, in the air: the whole move, 1.2 ×.
    let f6 = report.flagged.iter().find(|f| f.index == 6).unwrap();
    let p6 = f6.parting.as_ref().unwrap();
    assert_eq!(
        p6.stage,
        slidescope::probe::explain::stage::Stage::WholeMove
    );
    assert!((p6.scale.unwrap() - 1.2).abs() < 1e-4, "{p6:?}");
    let (code, one) = slidescope(&["probe-check", file.to_str().unwrap(), "--move", "2"]);
    assert_eq!(code, 1, "{one}");
    assert!(one.contains("the chain began at flagged move 0"), "{one}");
}

/// The inspector's reasons for `file`: its worker's check, waited for (up to 10 minutes, on a
/// loaded machine) by polling as the inspector does each frame.
fn inspector_whys(
    file: &Path,
    options: CheckOptions,
) -> std::collections::BTreeMap<u64, Vec<String>> {
    let mut whys = FileWhys::start(file, options);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(600);
    loop {
        if let Some(w) = whys.get() {
            return w.clone().expect("the inspector's check read the file");
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no reasons after 10 minutes"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
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
        ("slam_lavaducts.slidelog", false),
        ("py64_lavaducts.slidelog", false),
    ] {
        let file = Path::new("tests/data/ports").join(name);
        let options = CheckOptions::default();
        // Declared: the inspector's own worker (measured rules assumed as the table assumes
        // them); detected: the report's reasons.
        let (report, inspector) = if detected {
            let report = check_file_with_detected(&file, &options).unwrap();
            let inspector = (reasons(&report).into_iter())
                .map(|(i, why)| (i, why.lines()))
                .collect();
            (report, inspector)
        } else {
            let report = check_file_profiled(&file, &options).unwrap();
            (report, inspector_whys(&file, options))
        };
        let json = serde_json::to_value(&report).unwrap();
        let listed = json["flagged"].as_array().unwrap();
        assert_eq!(listed.len() as u64, report.counts.flagged_total, "{name}");
        for (f, j) in report.flagged.iter().zip(listed) {
            let why = f.why.as_ref().expect("every flagged move has a reason");
            assert_eq!(
                inspector.get(&f.index),
                Some(&why.lines()),
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
            let why = inspector[n].join("\n");
            assert_eq!(text, why, "{name} --move {n}");
        }
    }
}

/// One game's move onto the floor: its contact centre (if it reports one), its end and its
/// iterations.
type StageGame = (Option<[f32; 3]>, [f32; 3], u32);

/// A sphere of radius 0.5 at height 0.6 moving (0.1, −0.2, 0) onto the floor: the reference
/// touches at t = 0.5, centre (0.05, 0.5, 0), pushes back 0.0005 m (the skin, 0.001 eSpace)
/// and slides on to (0.1, 0.5005, 0). Each game below parts at one known stage.
fn stage_file(games: &[StageGame]) -> PathBuf {
    use slidescope_probe::{Case, Contact};
    let mut b = Vec::new();
    encode::header(&mut b);
    encode::mesh(&mut b, None, &FLOOR, &[[0, 1, 2], [0, 2, 3]]);
    for (i, (contact, end, iterations)) in games.iter().enumerate() {
        let z = i as f32 * 2.0;
        let shift = |p: [f32; 3]| [p[0], p[1], p[2] + z];
        let mut m = Move::new(i as u32, [0.5; 3], [0.0, 0.6, z], [0.1, -0.2, 0.0]);
        m.result = Some(MoveResult {
            end: shift(*end),
            integration_velocity: [0.1, 0.0, 0.0],
            iterations: *iterations,
        });
        let contacts: Vec<Contact> = contact
            .iter()
            .map(|c| Contact {
                iteration: 0,
                case: Some(Case::Face),
                t: (0.6 - c[1]) / 0.2,
                center: shift(*c),
                point: shift([c[0], 0.0, c[2]]),
                normal: [0.0, 1.0, 0.0],
                triangle: None,
            })
            .collect();
        encode::move_record(&mut b, &m, &contacts);
    }
    encode::end(&mut b);
    let path = temp_dir("probe_judge_stages").join("stages.slidelog");
    std::fs::write(&path, b).unwrap();
    path
}

#[test]
fn each_game_parts_at_the_stage_it_was_built_to_with_what_it_measures() {
    use slidescope::probe::explain::stage::Stage;
    let touch = Some([0.05, 0.5, 0.0]);
    let file = stage_file(&[
        // 0: agrees.
        (touch, [0.1, 0.5005, 0.0], 2),
        // 1: no contact, through the floor: detect.
        (None, [0.1, 0.4, 0.0], 1),
        // 2: its contact 0.1 of the velocity later (0.01 m on, 0.02 m lower): place.
        (Some([0.06, 0.48, 0.0]), [0.1, 0.5005, 0.0], 2),
        // 3: pushed back 0.005 m (0.01 eSpace) instead of the skin: push-back.
        (touch, [0.1, 0.505, 0.0], 2),
        // 4: slid on 0.02 m sideways as well: project.
        (touch, [0.1, 0.5005, 0.02], 2),
        // 5: stopped at the contact, its leftover dropped: stop.
        (touch, [0.05, 0.5005, 0.0], 1),
    ]);
    let report = check_file(&file, &CheckOptions::default()).unwrap();
    let part = |i: u64| {
        let f = report.flagged.iter().find(|f| f.index == i);
        f.and_then(|f| f.parting.clone())
    };
    assert!(part(0).is_none(), "{:?}", report.flagged);
    let stages: Vec<_> = (1..=5).map(|i| part(i).map(|p| p.stage)).collect();
    assert_eq!(
        stages,
        [
            Stage::Detect,
            Stage::Place,
            Stage::PushBack,
            Stage::Project,
            Stage::Stop
        ]
        .map(Some)
    );
    let place = part(2).unwrap();
    let v = place.along_velocity.unwrap();
    // 0.1 × |(0.1, −0.2, 0)| = 0.01·√5 m along the velocity, 0.02 m into the floor.
    assert!((v[1] - 0.01 * 5f32.sqrt()).abs() < 1e-4, "{place:?}");
    assert!(
        (place.along_normal.unwrap()[1] + 0.02).abs() < 1e-4,
        "{place:?}"
    );
    let push = part(3).unwrap().along_normal.unwrap();
    assert!(
        (push[0] - 0.009).abs() < 1e-4 && (push[1] - 0.0045).abs() < 1e-5,
        "{push:?}"
    );
    let turned = part(4).unwrap().motion_angle_deg.unwrap();
    assert!(
        (turned - 0.02f32.atan2(0.05).to_degrees()).abs() < 0.1,
        "{turned}"
    );
    let left = part(5).unwrap().along_velocity.unwrap();
    assert!((left[1] - 0.05).abs() < 1e-4, "{left:?}");
}
