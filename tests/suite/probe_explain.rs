//! Why a game's moves diverge, on recordings of Babylon.js 9.35's own
//! `moveWithCollisions` (`tests/ports/babylon/`, made with the commands in
//! `tests/ports/README.md`) and Irrlicht's: their documented conventions detected by name, the
//! flagged moves judged on their own inputs ≥ 90 % explained with the cascades beside them,
//! the rest in named bug classes; `--move` telling what the table tells; the same conventions
//! declared in a format 1.1 record; and the loose ends of reading a file.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use slidescope::probe::explain::{BugClass, Switch, Tie, Why, WhyKind};
use slidescope::probe::probe_file_check::{
    CheckOptions, CheckReport, FlaggedMove, check_file, check_file_profiled,
    check_file_with_detected,
};
use slidescope_probe::read::{Record, read_all};
use slidescope_probe::{Declared, IterationLimit, Roots, ShortMotion, Sidedness, encode};

use crate::common::{slidescope_cli as slidescope, temp_dir};

fn port(name: &str) -> PathBuf {
    Path::new("tests/data/ports").join(name)
}

fn count(report: &CheckReport, kind: WhyKind) -> u64 {
    report
        .explanation
        .why
        .iter()
        .filter(|r| r.kind == kind)
        .map(|r| r.moves)
        .sum()
}

/// Babylon.js's conventions (`tests/ports/babylon/CONVENTIONS.md`): a leftover of at most its
/// padding dropped, the 1 mm dead zone, the last centre kept after 3 detections, no impulse
/// filter, roots after the start only (`GetLowestRoot`); it never culls (the default material
/// counts as two-sided).
fn babylon() -> [Switch; 5] {
    [
        "short_leftover_dropped",
        "dead_zone",
        "keep_last_centre",
        "no_impulse_filter",
        "roots_after_start_only",
    ]
    .map(sw)
}

fn sw(name: &str) -> Switch {
    Switch::named(name).unwrap_or_else(|| panic!("no switch {name}"))
}

#[test]
fn babylon_on_lavaducts_its_conventions_are_detected_and_its_bugs_named() {
    let report = check_file(
        &port("babylon_lavaducts.slidelog"),
        &CheckOptions::default(),
    )
    .unwrap();
    assert!(report.complete() && report.reading.ended_cleanly);
    assert_eq!(
        (report.counts.moves, report.counts.flagged_total),
        (6720, 361)
    );
    let detected = report.explanation.conventions_detected.as_ref().unwrap();
    let got: BTreeSet<Switch> = detected.switches.iter().copied().collect();
    assert_eq!(got, babylon().into_iter().collect());
    // Judged on their own inputs: 269 flagged moves, each a convention or a bug, one of them
    // only by a rule outside the conventions detected (judged, not explained); the 92
    // cascades start inside the level where a flagged move of their mover left it (moves
    // since agreeing from inside too), beside the share; 13 moves start elsewhere than their mover's last end (a respawn), none a cascade.
    let j = report.explanation.judged;
    assert_eq!(
        (j.on_their_own, j.explained, j.outside_detected),
        (269, 268, 1)
    );
    assert_eq!((j.cascades, j.teleports), (92, 13));
    let outside = (report.explanation.why.iter())
        .filter(|r| r.kind == WhyKind::Convention && r.label.contains("not among the conventions"))
        .map(|r| r.moves)
        .sum::<u64>();
    assert_eq!(outside, j.outside_detected);
    assert_eq!(j.on_their_own + j.cascades, report.counts.flagged_total);
    assert_eq!(count(&report, WhyKind::Cascade), j.cascades);
    // A row per cascade root, each root a flagged move judged on its own.
    let roots: Vec<u64> = (report.explanation.why.iter())
        .filter(|r| r.kind == WhyKind::Cascade)
        .map(|r| r.root_move.unwrap())
        .collect();
    assert_eq!(roots.len(), 5, "{roots:?}");
    for root in roots {
        let f = report.flagged.iter().find(|f| f.index == root).unwrap();
        assert_ne!(f.why.as_ref().unwrap().kind(), WhyKind::Cascade, "{root}");
    }
    // Babylon's root finder takes roots after the start only (a convention): at move 2134 it
    // ends inside an edge it already overlapped, and its next move starts there.
    let why = |i: u64| {
        let f = report.flagged.iter().find(|f| f.index == i).unwrap();
        f.why.clone().unwrap()
    };
    let Why::Convention { switches, .. } = why(2134) else {
        panic!("{:?}", why(2134))
    };
    assert_eq!(switches, vec![sw("roots_after_start_only")]);
    assert_eq!(why(2142), Why::Cascade { root_move: 2134 });
    // An edge it already overlaps is met where it leaves it, to Babylon: a convention (its
    // `getLowestRoot` takes roots after the start only).
    let edge = report.flagged.iter().find(|f| f.index == 2078).unwrap();
    let why = edge.why.as_ref().unwrap();
    let Why::Convention { switches, .. } = why else {
        panic!("{why:?}")
    };
    assert_eq!(switches, &vec![sw("roots_after_start_only")]);
    // Every flagged move is listed, each with a reason.
    assert_eq!(report.flagged.len(), 361);
    assert!(report.flagged.iter().all(|f| f.why.is_some()));
}

#[test]
fn assuming_the_detected_conventions_leaves_only_babylons_bugs_and_their_cascades() {
    let report = check_file_with_detected(
        &port("babylon_lavaducts.slidelog"),
        &CheckOptions::default(),
    )
    .unwrap();
    assert_eq!(
        report
            .explanation
            .conventions_assumed
            .as_ref()
            .unwrap()
            .len(),
        6
    );
    assert_eq!(
        count(&report, WhyKind::Convention),
        0,
        "{:?}",
        report.explanation.why
    );
    // One bug (pushed into a back face) and its 56 cascades are left.
    assert_eq!(report.counts.flagged_total, 57);
    assert_eq!(count(&report, WhyKind::Cascade), 56);
    // Assumed over the whole file: 304 flagged moves then agree, none that agreed diverges.
    let detected = report.explanation.conventions_detected.as_ref().unwrap();
    let w = detected.whole_file.unwrap();
    assert_eq!((w.explains, w.breaks), (304, 0));
    assert_eq!(report.explanation.judged.on_their_own, 1);
    let three =
        check_file_with_detected(&port("babylon_threejs.slidelog"), &CheckOptions::default())
            .unwrap();
    assert_eq!(three.counts.flagged_total, 0, "{:?}", three.explanation.why);
}

/// The recording with a `CONVENTIONS` record (format 1.1) declaring `c` right after the header,
/// in a folder of its own (tests run at once).
fn declared_copy(name: &str, c: &Declared) -> PathBuf {
    let bytes = std::fs::read(port(name)).unwrap();
    let (records, err) = read_all(&bytes[..]);
    assert!(err.is_none());
    let mut out = Vec::new();
    encode::header(&mut out);
    encode::conventions(&mut out, c);
    for r in &records {
        encode::record(&mut out, r);
    }
    let folder = format!("probe_explain_{:016x}", slidescope_probe::fnv1a64(&out));
    let path = temp_dir(&folder).join(name);
    std::fs::write(&path, out).unwrap();
    path
}

#[test]
fn conventions_declared_in_a_1_1_file_are_the_re_solves_own() {
    let babylon = Declared {
        short_motion: Some(ShortMotion::Dropped),
        min_motion_es: Some(0.01),
        dead_zone_m: Some(1e-3),
        iteration_limit: Some(IterationLimit::KeepLast),
        sidedness: Some(Sidedness::TwoSided),
        impulse_filter: Some(false),
        roots: Some(Roots::PositiveOnly),
        embedded_kept: Some(true),
        ..Default::default()
    };
    let path = declared_copy("babylon_lavaducts.slidelog", &babylon);
    let (records, _) = read_all(&std::fs::read(&path).unwrap()[..]);
    assert!(matches!(
        records[0],
        Record::Conventions { declared, unknown: 0 } if declared == babylon
    ));
    let report = check_file(&path, &CheckOptions::default()).unwrap();
    assert_eq!(report.counts.flagged_total, 57);
    assert_eq!(count(&report, WhyKind::Convention), 0);
    assert!(report.explanation.conventions_detected.is_none());
}

#[test]
fn the_why_table_names_a_command_that_replays_the_root_bug_side_by_side() {
    let file = port("babylon_lavaducts.slidelog");
    let file = file.to_str().unwrap();
    let (code, text) = slidescope(&["probe-check", file]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("your controller appears to:"), "{text}");
    assert!(text.contains("c.dead_zone_m = 0.001f;"), "{text}");
    assert!(text.contains("c.roots_after_start_only = 1;"), "{text}");
    // The same declared in Rust and JavaScript.
    assert!(text.contains("roots: Some(Roots::PositiveOnly),"), "{text}");
    assert!(text.contains("dead_zone_m: Some(0.001),"), "{text}");
    assert!(text.contains("rootsAfterStartOnly: true,"), "{text}");
    // The one move that needs its embedded start kept is named by the profile the whole file
    // weighed (2 moves agree with that rule and not without it).
    let judged = "judged on their own inputs: 269 flagged moves, 269 explained (100.0 %: \
                  268 convention, 0 tie, 1 bug), 0 fit only conventions outside those detected";
    assert!(
        text.contains("keeps an embedded start where it is"),
        "{text}"
    );
    let evidence = ": 2 moves agree with it and not without it, 0 the reverse";
    assert!(text.contains(evidence), "{text}");
    assert!(text.contains(judged), "{text}");
    assert!(text.contains("beside them 92 cascades"), "{text}");
    let replay = format!("replay one: slidescope probe-check {file} --move 2529");
    assert!(text.contains(&replay), "{text}");
    // `--move` exits as the check does: 1 for a diverging move, 0 for one that agrees.
    let (code, one) = slidescope(&["probe-check", file, "--move", "2078"]);
    assert_eq!(code, 1, "{one}");
    assert!(one.contains("edge, tri 5318"), "{one}");
    let reconciled = "why: a convention — your controller takes roots after the start only";
    assert!(one.contains(reconciled), "{one}");
    let (code, one) = slidescope(&["probe-check", file, "--move", "2142"]);
    assert_eq!(code, 1, "{one}");
    assert!(
        one.contains("the chain began at flagged move 2134"),
        "{one}"
    );
    let (code, one) = slidescope(&["probe-check", file, "--move", "2"]);
    assert_eq!(code, 0, "{one}");
    assert!(one.contains("agrees within the tolerance"), "{one}");
    let (_, json) = slidescope(&["probe-check", file, "--json", "--limit", "5"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["flagged_total"], 361);
    assert_eq!(v["flagged_truncated"], true);
    assert_eq!(v["flagged"].as_array().unwrap().len(), 5);
    assert_eq!(v["flagged"][0]["why"]["kind"], "convention");
    assert!(v["conventions_detected"]["switches"].is_array());
}

#[test]
fn a_file_not_read_to_its_end_exits_2_and_says_so() {
    let dir = temp_dir("probe_explain_cut");
    let mut bytes = std::fs::read(port("babylon_threejs.slidelog")).unwrap();
    // Cut inside the last move, before END.
    bytes.truncate(bytes.len() - 20);
    let cut = dir.join("cut.slidelog");
    std::fs::write(&cut, &bytes).unwrap();
    let (code, text) = slidescope(&["probe-check", cut.to_str().unwrap()]);
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains("NOT READ TO THE END: truncated at byte"),
        "{text}"
    );
    let (code, json) = slidescope(&["probe-check", cut.to_str().unwrap(), "--json"]);
    assert_eq!(code, 2);
    assert!(
        json.contains("\"read_error\": \"truncated at byte"),
        "{json}"
    );
    // Garbage after the header: a record that claims more than the limit.
    let mut garbage = bytes[..16].to_vec();
    garbage.extend_from_slice(&[5, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 1, 2, 3]);
    let bad = dir.join("garbage.slidelog");
    std::fs::write(&bad, &garbage).unwrap();
    let (code, text) = slidescope(&["probe-check", bad.to_str().unwrap()]);
    assert_eq!(code, 2, "{text}");
}

#[test]
fn unknown_records_and_records_after_end_are_counted_and_skipped() {
    let mut out = Vec::new();
    encode::header(&mut out);
    // An unknown kind with a 100 KiB payload, skipped as it streams past.
    out.extend_from_slice(&77u32.to_le_bytes());
    out.extend_from_slice(&(100u32 * 1024).to_le_bytes());
    out.extend(std::iter::repeat_n(7u8, 100 * 1024));
    encode::end(&mut out);
    encode::end(&mut out);
    encode::frame(
        &mut out,
        &slidescope_probe::Frame {
            frame: 1,
            time_secs: 0.0,
            dt_secs: 0.1,
        },
    );
    let path = temp_dir("probe_explain_unknown").join("extra.slidelog");
    std::fs::write(&path, &out).unwrap();
    let report = check_file(&path, &CheckOptions::default()).unwrap();
    assert!(report.complete());
    assert_eq!(
        (
            report.reading.unknown_records,
            report.reading.records_after_end
        ),
        (1, 2)
    );
    assert!(
        report
            .to_text("x")
            .contains("skipped: 1 record(s) of unknown kinds, 2 after END")
    );
}

#[test]
fn a_walker_the_game_placed_inside_the_level_is_named_so_not_given_a_convention() {
    // The browser test's Babylon.js project (tests/web/babylon-project) streaming to a tab:
    // every walker's first move starts at the origin, half inside the ground (Babylon read the
    // mesh's position before its first render). A set of switches happens to reconcile those
    // moves; it is no evidence of Babylon's rules, and none is reported.
    let report = check_file_profiled(
        &port("babylon_fresh_scene.slidelog"),
        &CheckOptions::default(),
    )
    .unwrap();
    let e = &report.explanation;
    assert_eq!(report.counts.flagged_total, 4);
    assert_eq!((e.judged.on_their_own, e.judged.explained), (4, 4));
    assert_eq!(count(&report, WhyKind::Convention), 0);
    let movers: BTreeSet<u32> = report.flagged.iter().map(|f| f.mover).collect();
    assert_eq!(movers.len(), 4, "one a walker");
    for f in &report.flagged {
        assert_eq!(f.frame, 0, "move {}", f.index);
        assert!(
            matches!(
                f.why,
                Some(Why::Bug {
                    class: BugClass::StartedInsideLevel,
                    ..
                })
            ),
            "move {}: {:?}",
            f.index,
            f.why
        );
    }
    assert!(
        e.conventions_detected.is_none(),
        "{:?}",
        e.conventions_detected
    );
}

#[test]
fn slam_its_halved_move_measured_and_linahans_response_detected() {
    // darltrash/lumi's slam.lua (tests/ports/slam/), a Lua port nobody here wrote, recorded
    // with nothing declared: it halves every move, pads along the velocity and answers with
    // Linahan 2012's first plane and crease.
    for (name, as_declared, flagged, left) in [
        ("slam_threejs.slidelog", 3704, 396, 0),
        ("slam_lavaducts.slidelog", 3656, 107, 0),
    ] {
        let report = check_file_profiled(&port(name), &CheckOptions::default()).unwrap();
        assert!(report.complete(), "{name}");
        let e = &report.explanation;
        let m = e.measured_scale.expect("a measured scale");
        assert_eq!((m.scale, m.moves), (0.5, m.free), "{name}");
        assert_eq!(e.move_scale_assumed, Some(0.5), "{name}");
        assert_eq!(e.diverging_as_declared, Some(as_declared), "{name}");
        assert_eq!(report.counts.flagged_total, flagged, "{name}");
        let j = e.judged;
        assert_eq!((j.on_their_own, j.explained), (flagged, flagged), "{name}");
        // The plain check reports the profile weighed over the whole file: its padding and
        // Linahan's response, and on three.js its missing impulse filter (2 moves).
        let detected = e.conventions_detected.as_ref().unwrap().switches.clone();
        let mut expected = vec![sw("padding_along_velocity"), sw("linahan_projection")];
        if name == "slam_threejs.slidelog" {
            expected.push(sw("no_impulse_filter"));
        }
        expected.sort();
        assert_eq!(detected, expected, "{name}");
        let assumed = check_file_with_detected(&port(name), &CheckOptions::default()).unwrap();
        assert_eq!(assumed.explanation.conventions_assumed, Some(detected));
        assert_eq!(assumed.counts.flagged_total, left, "{name}");
        assert_eq!(assumed.explanation.move_scale_assumed, Some(0.5), "{name}");
    }
}

#[test]
fn py64_its_floor_stop_measured_and_fauerbys_code_detected() {
    // braydenoneal/py64 (tests/ports/py64/), a Python game nobody here wrote, two calls a
    // frame (the walk; a fall that stops on floors within 28.96° of up), nothing declared.
    for (name, flagged, ties) in [
        ("py64_threejs.slidelog", 1524, 13),
        ("py64_lavaducts.slidelog", 582, 5),
    ] {
        let report = check_file_profiled(&port(name), &CheckOptions::default()).unwrap();
        assert!(report.complete(), "{name}");
        let e = &report.explanation;
        let floor = e.measured_floor_stop.expect("a floor stop measured");
        // The fitted threshold brackets the code's acos(0.875) = 28.955°.
        assert!(floor.steepest_stopped_deg < 28.955 && floor.flattest_slid_deg > 28.955);
        assert!((floor.deg - 28.955).abs() < 1.0, "{floor:?}");
        assert_eq!(e.floor_stop_assumed, Some(floor.deg));
        assert_eq!(report.counts.flagged_total, flagged, "{name}");
        let j = e.judged;
        assert_eq!((j.on_their_own, j.explained), (flagged, flagged), "{name}");
        // The profile weighed over the whole file, which the plain check reports too.
        let mut expected = [
            "padding_along_velocity",
            "contact_point_projection",
            "fauerby_f32_edges",
        ]
        .map(sw);
        expected.sort();
        let detected = e.conventions_detected.as_ref().unwrap().switches.clone();
        assert_eq!(detected, expected, "{name}");
        // Over the whole file the profile adds py64's f32 arithmetic (PyGLM's f32 vectors,
        // Fauerby's expanded edge quadratic about the world origin): 99 and 23 moves were
        // ties at the padding without it. What is left are ties: no bug py64 does not have.
        let assumed = check_file_with_detected(&port(name), &CheckOptions::default()).unwrap();
        assert_eq!(assumed.counts.flagged_total, ties, "{name}");
        let held = assumed.explanation.conventions_assumed.as_ref().unwrap();
        assert!(held.contains(&sw("fauerby_f32_edges")), "{name}: {held:?}");
        let why = &assumed.explanation.why;
        let tie = |n: &str| n == "tie_at_padding" || n.ends_with("+tie_arithmetic");
        assert!(why.iter().all(|r| tie(&r.name)), "{why:?}");
    }
}

#[test]
fn irrlichts_profile_on_lavaducts_holds_the_rules_its_stuck_walkers_show() {
    // Walkers stuck in lavaducts' creases run out of iterations: Irrlicht's `collideWithWorld`
    // returns its position unchanged once `recursionDepth > 5` (tests/ports/irrlicht/
    // CONVENTIONS.md (b)). Most such moves start where a bug left them (cascades), so a
    // refinement's floor is counted against the moves judged on their own. Every rule held is
    // Irrlicht's: its plane moved along left untested (`embeddedInPlane`) breaks more moves
    // than it mends in exact arithmetic and holds beside its f32 edges, the last resort weighed
    // with the rules a move needed beside it. Its missing impulse filter, its embedded start
    // kept and its slide from the contact point (which no move of this file needs once the
    // others are held) are not reported.
    let name = "irrlicht_lavaducts.slidelog";
    let report = check_file_with_detected(&port(name), &CheckOptions::default()).unwrap();
    let mut held = report.explanation.conventions_assumed.clone().unwrap();
    held.sort();
    let mut irrlichts = [
        "padding_along_velocity",
        "short_leftover_dropped",
        "keep_last_centre",
        "ignores_leaving",
        "roots_after_start_only",
        "skips_embedded_plane",
        "fauerby_f32_edges",
    ]
    .map(sw);
    irrlichts.sort();
    assert_eq!(held, irrlichts);
    let j = report.explanation.judged;
    assert_eq!(
        report.counts.flagged_total, 135,
        "293 before the plane skip and the f32 edges were weighed together, 590 before the \
         last centre was held"
    );
    // Only bugs (Irrlicht's broad phase, fixed to the call's first box) and one move its f32
    // arithmetic does not give over the whole file: a tie of arithmetic (261).
    assert_eq!(
        (j.on_their_own, j.cascades, j.bugs, j.unexplained, j.ties),
        (9, 126, 8, 0, 1),
        "{j:?}"
    );
    assert_eq!((j.conventions, j.outside_detected), (0, 0), "{j:?}");
    let ties: Vec<u64> = (report.flagged.iter())
        .filter(|f| matches!(&f.why, Some(Why::Convention { tie: Some(_), .. })))
        .map(|f| f.index)
        .collect();
    assert_eq!(ties, [261]);
}

#[test]
fn irrlicht_its_velocity_padding_detected_and_90_percent_explained_on_their_own() {
    // Irrlicht 1.8.5's getCollisionResultPosition from Debian's package (tests/ports/irrlicht/),
    // two calls a step: the walk, then the fall.
    // The profile over the whole file (lavaducts': its own test), each rule Irrlicht's
    // (tests/ports/irrlicht/CONVENTIONS.md): with its f32 edge arithmetic ≥ 95 % of the moves
    // left are explained, ties all (88.9 % before it).
    let three_js = [
        "padding_along_velocity",
        "contact_point_projection",
        "skips_embedded_plane",
        "fauerby_f32_edges",
    ];
    let fauerby = [
        "padding_along_velocity",
        "short_leftover_dropped",
        "contact_point_projection",
        "fauerby_f32_edges",
    ];
    for (name, flagged, with_drop, profile) in [
        ("irrlicht_threejs.slidelog", 2439, false, &three_js[..]),
        ("irrlicht_lavaducts.slidelog", 1156, false, &[]),
        (
            "irrlicht_threejs_fauerby.slidelog",
            2591,
            true,
            &fauerby[..],
        ),
    ] {
        let report = check_file(&port(name), &CheckOptions::default()).unwrap();
        assert!(report.complete(), "{name}");
        assert_eq!(report.counts.flagged_total, flagged, "{name}");
        // Every flagged move judged on its own or a cascade; ≥ 90 % of the former explained.
        let j = report.explanation.judged;
        assert_eq!(j.on_their_own + j.cascades, flagged, "{name}");
        assert!(j.explained_percent() >= 90.0, "{name}: {j:?}");
        // Irrlicht reports its touched point padded back along the motion (`hitPosition`):
        // never so far off its triangle that it reads as met away from it, nor as the point
        // the motion would reach at its end.
        let off = |f: &&FlaggedMove| {
            matches!(
                f.why,
                Some(Why::Bug {
                    class: BugClass::OffTriangle | BugClass::PointAtMotionEnd,
                    ..
                })
            )
        };
        assert_eq!(report.flagged.iter().filter(off).count(), 0, "{name}");
        let detected = report.explanation.conventions_detected.unwrap().switches;
        let mut expected = vec![sw("padding_along_velocity")];
        if with_drop {
            // At 0.005 eSpace a contact nearer than the padding is common enough to show
            // `collideWithWorld`'s slide from the unpadded contact point.
            expected.extend([sw("short_leftover_dropped"), sw("contact_point_projection")]);
        }
        expected.sort();
        // The first pass's votes name none that Irrlicht lacks (on the Fauerby-style file the
        // slide from the contact point falls under 1 % of them: 9 of its moves also agree
        // with a response in world space, which Irrlicht does not have and the file does not
        // bear out); the profile, checked over the whole file, is Irrlicht's.
        assert!(
            detected.iter().all(|s| expected.contains(s)),
            "{name}: {detected:?}"
        );
        // A move only a rule Irrlicht lacks reconciles says that the file does not bear it
        // out; a move named within the detected conventions does not.
        let lacks = ["world_response", "normal_from_start", "skin_in_metres"].map(sw);
        let mut by_chance = 0;
        for f in &report.flagged {
            if let Some(Why::Convention {
                switches,
                outside,
                tie,
                ..
            }) = &f.why
            {
                let lacking = switches.iter().any(|s| lacks.contains(s));
                by_chance += u32::from(lacking);
                assert!(!lacking || *outside, "{name}: move {}", f.index);
                let within = switches.iter().all(|s| detected.contains(s));
                // Beyond the detected by a rule of float precision alone: a tie of arithmetic.
                let precision = switches
                    .iter()
                    .all(|s| s.last_resort() || detected.contains(s));
                let arithmetic = *tie == Some(Tie::Arithmetic);
                assert_eq!(arithmetic, !within && precision, "{name}: move {}", f.index);
                assert_eq!(*outside, !within && !arithmetic, "{name}: move {}", f.index);
            }
        }
        if with_drop {
            assert!(by_chance >= 9, "{name}: {by_chance}");
        }
        if !profile.is_empty() {
            let assumed = check_file_with_detected(&port(name), &CheckOptions::default()).unwrap();
            let mut held = assumed.explanation.conventions_assumed.unwrap();
            held.sort();
            let mut profile: Vec<Switch> = profile.iter().map(|n| sw(n)).collect();
            profile.sort();
            assert_eq!(held, profile, "{name}");
            let j = assumed.explanation.judged;
            assert!(j.explained_percent() >= 95.0, "{name}: {j:?}");
            assert_eq!((j.bugs, j.unexplained), (0, 0), "{name}: {j:?}");
        }
    }
}

#[test]
fn the_headless_listener_records_a_live_game_byte_for_byte_and_refuses_a_second() {
    use std::io::{BufRead, BufReader, Read};
    let dir = temp_dir("probe_listen_cli");
    let (live, direct) = (dir.join("live.slidelog"), dir.join("direct.slidelog"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_slidescope"))
        .args(["listen", "127.0.0.1:0", "--wait-secs"])
        .arg(crate::common::EVENT_LIMIT.as_secs().to_string())
        .arg("--save")
        .arg(&live)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    let addr = first
        .strip_prefix("listening on ")
        .and_then(|s| s.split(';').next())
        .unwrap_or_else(|| panic!("{first}"))
        .to_string();
    {
        let mut probe = slidescope_probe::RecordingProbe::connect(&addr).unwrap();
        probe.also_save(&direct).unwrap();
        probe.set_level_mesh(
            &[[-5.0, 0.0, -5.0], [-5.0, 0.0, 5.0], [5.0, 0.0, 0.0]],
            &[[0, 1, 2]],
        );
        for i in 0..20u64 {
            probe.frame(i, i as f64 / 60.0, 1.0 / 60.0);
            let mut m = slidescope_probe::Move::new(
                0,
                [0.4, 0.9, 0.4],
                [0.0, 0.901, 0.0],
                [0.01, 0.0, 0.0],
            );
            m.result = Some(slidescope_probe::MoveResult {
                end: [0.01, 0.901, 0.0],
                integration_velocity: [0.01, 0.0, 0.0],
                iterations: 1,
            });
            probe.log_move(&m, &[]);
        }
        probe.flush();
        // A second game meanwhile gets the refusal line.
        let mut second = std::net::TcpStream::connect(&addr).unwrap();
        let mut line = String::new();
        second.read_to_string(&mut line).unwrap();
        assert_eq!(line, slidescope::probe::listen::REFUSAL);
    }
    let status = child.wait().unwrap();
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    assert!(status.success(), "{rest}");
    assert!(
        rest.contains("20 moves in 20 game frames, ended with END"),
        "{rest}"
    );
    assert_eq!(
        std::fs::read(&live).unwrap(),
        std::fs::read(&direct).unwrap()
    );
}

#[test]
fn contact_fields_a_game_declares_missing_are_not_compared() {
    use slidescope::probe::Cause;
    use slidescope_probe::format::missing;
    let declared = |m: Option<u32>| Declared {
        short_motion: Some(ShortMotion::Dropped),
        min_motion_es: Some(0.01),
        dead_zone_m: Some(1e-3),
        iteration_limit: Some(IterationLimit::KeepLast),
        impulse_filter: Some(false),
        roots: Some(Roots::PositiveOnly),
        missing: m,
        ..Default::default()
    };
    let with = |m: Option<u32>| {
        let path = declared_copy("babylon_lavaducts.slidelog", &declared(m));
        check_file(&path, &CheckOptions::default()).unwrap()
    };
    let all = with(None);
    let compared = |r: &CheckReport, c: Cause| r.by_cause.get(&c).copied().unwrap_or(0);
    assert!(compared(&all, Cause::ContactPosition) > 0);
    let without = with(Some(missing::CONTACT_CENTER | missing::CONTACT_NORMAL));
    assert_eq!(compared(&without, Cause::ContactPosition), 0);
    assert_eq!(compared(&without, Cause::ContactNormal), 0);
    // A move whose contact differed still ends elsewhere: it stays flagged, by its end.
    assert!(without.counts.flagged_total <= all.counts.flagged_total);
    let text = without.to_text("x");
    assert!(
        text.contains("no contact centre, no contact normal"),
        "{text}"
    );
    // Babylon has no integration velocity (the recorder sends end − start, longer than the
    // velocity asked where it pushes out): declared missing, no move is found to gain speed.
    let gains = |m: Option<u32>| {
        let path = declared_copy("babylon_lavaducts.slidelog", &declared(m));
        let moves = crate::common::probe_moves(path.to_str().unwrap());
        (moves
            .iter()
            .filter(|(_, r)| r.findings.speed_gain.is_some()))
        .count()
    };
    assert!(gains(None) > 0);
    assert_eq!(gains(Some(missing::INTEGRATION_VELOCITY)), 0);
}

/// The threads re-solve slices of a batch in any order and the judge takes them in file order
/// as they come: the report is the same with one thread as with more threads than cores.
#[test]
fn the_report_does_not_depend_on_the_thread_count() {
    for name in ["irrlicht_lavaducts.slidelog", "py64_threejs.slidelog"] {
        let report = |threads| {
            let options = CheckOptions {
                threads,
                ..Default::default()
            };
            let report = check_file(&port(name), &options).unwrap();
            assert!(report.counts.flagged_total > 100, "{name}");
            serde_json::to_string(&report).unwrap()
        };
        let one = report(1);
        assert_eq!(one, report(3), "{name}");
        assert_eq!(one, report(8), "{name}");
    }
}

/// A profile's trials judge the flagged moves without searching what reconciles them
/// (`CheckOptions::counts_only`): the same moves flagged, the same cascades, and the same
/// moves judged on their own and starting inside, as the explained check counts, on
/// recordings with cascades, teleports and starts inside the level.
#[test]
fn counting_only_judges_the_same_moves_as_explaining() {
    for name in [
        "babylon_lavaducts.slidelog",
        "irrlicht_lavaducts.slidelog",
        "exengine_lavaducts.slidelog",
    ] {
        let full = check_file(&port(name), &CheckOptions::default()).unwrap();
        let options = CheckOptions {
            counts_only: true,
            ..Default::default()
        };
        let counted = check_file(&port(name), &options).unwrap();
        let judged = |r: &CheckReport| {
            let j = r.explanation.judged;
            (j.on_their_own, j.cascades, j.from_inside, j.teleports)
        };
        assert_eq!(judged(&full), judged(&counted), "{name}");
        assert!(full.explanation.judged.cascades > 0, "{name}");
        let indices = |r: &CheckReport| r.flagged.iter().map(|f| f.index).collect::<Vec<_>>();
        assert_eq!(indices(&full), indices(&counted), "{name}");
        // Nothing searched: no convention, only the bugs a start shows (a non-finite result).
        assert_eq!(counted.explanation.judged.conventions, 0, "{name}");
    }
}

#[test]
fn jesters_bakery_its_rules_and_the_corners_it_moved() {
    // AndreasSabelfeld/jesters-bakery (tests/ports/jesters/), a Python game, nothing declared.
    // Its padding moves the cached corner a contact met, in place (pycgtypes' `-=`): moves
    // that meet that corner later are named by it.
    let mut expected = [
        "padding_along_velocity",
        "keep_last_centre",
        "roots_after_start_only",
        "contact_point_projection",
    ]
    .map(sw);
    expected.sort();
    // A walker that starts touching an edge by less than the recording's f32 start holds
    // meets it where it leaves it, again and again, and stays: a tie at a touching start, under
    // the port's roots after the start.
    for (name, judged, first_moved, stuck) in [
        ("jesters_threejs.slidelog", (170, 165, 5), 1636, None),
        ("jesters_lavaducts.slidelog", (321, 311, 9), 2586, Some(402)),
    ] {
        let report = check_file_profiled(&port(name), &CheckOptions::default()).unwrap();
        assert!(report.complete(), "{name}");
        let e = &report.explanation;
        let j = e.judged;
        assert_eq!(
            (j.on_their_own, j.explained, j.unexplained),
            judged,
            "{name}"
        );
        let moved = |f: &&FlaggedMove| {
            matches!(
                f.why,
                Some(Why::Bug {
                    class: BugClass::MovedCorner,
                    ..
                })
            )
        };
        let first = report.flagged.iter().find(moved).map(|f| f.index);
        assert_eq!(first, Some(first_moved), "{name}");
        if let Some(stuck) = stuck {
            let f = report.flagged.iter().find(|f| f.index == stuck).unwrap();
            let touch = matches!(&f.why, Some(Why::Convention { tie: Some(Tie::TouchingStart), switches, .. })
                if switches.contains(&sw("roots_after_start_only")));
            assert!(touch, "{name} {stuck}: {:?}", f.why);
        }
        // Every rule of the profile is the port's (tests/ports/jesters/README.md).
        let detected = e.conventions_detected.as_ref().unwrap();
        assert_eq!(detected.switches, expected, "{name}");
    }
}
