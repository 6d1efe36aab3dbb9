//! The probe end to end with the example game (`examples/probe_game`): streamed to a headless
//! listener and written to a file; the shadow re-solve flags exactly the moves where the
//! game's known flaw (Fauerby's padding along the velocity) changes the outcome, and the first
//! of them exports as a minimal scenario that replays.

#[path = "../../examples/probe_game/game.rs"]
#[allow(dead_code)]
mod game;

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use slidescope::collision::{CollisionMesh, Scratch};
use slidescope::level::Level;
use slidescope::probe::feed::FeedEvent;
use slidescope::probe::listen::Listener;
use slidescope::probe::minimise::minimise;
use slidescope::probe::probe_file_check::{CheckOptions, check_file};
use slidescope::probe::{ProbeLevel, ShadowConfig, ShadowTolerance};
use slidescope::sim::{FrameRecord, MarkerKind};

use crate::common::{example_binary, temp_dir};
use slidescope::collision::Conventions;
use slidescope::collision::Tuning;

fn teaching_mesh() -> CollisionMesh {
    Level::load("assets/teaching.glb").unwrap().collision
}

/// Indices of the moves where the flaw changes the outcome: the game's move replayed from the
/// same start with the seed's padding ends more than `tol` away.
fn where_the_flaw_matters(mesh: &CollisionMesh, tol: f32) -> (usize, BTreeSet<u64>) {
    let moves = game::play(mesh, game::Padding::AlongVelocity, |_, _| {});
    let mut scratch = Scratch::default();
    let matters = moves
        .iter()
        .enumerate()
        .filter(|(_, m)| {
            let seed = game::collide_and_slide(
                mesh,
                m.start,
                m.velocity,
                game::Padding::AlongNormal,
                &mut scratch,
            );
            (seed.end - m.moved.end).length() > tol
        })
        .map(|(i, _)| i as u64)
        .collect();
    (moves.len(), matters)
}

struct Received {
    level: Option<Arc<ProbeLevel>>,
    moves: Vec<FrameRecord>,
    clean: bool,
}

fn drain_until_disconnected(listener: &Listener) -> Received {
    let deadline = Instant::now() + crate::common::EVENT_LIMIT;
    let mut r = Received {
        level: None,
        moves: Vec::new(),
        clean: false,
    };
    while Instant::now() < deadline {
        match listener.recv_timeout(Duration::from_millis(200)) {
            Some(FeedEvent::Level(l)) => r.level = Some(l),
            Some(FeedEvent::Move(m)) => r.moves.push(*m),
            Some(FeedEvent::Disconnected { clean, error, .. }) => {
                assert!(error.is_none(), "{error:?}");
                r.clean = clean;
                return r;
            }
            Some(FeedEvent::Problem(p)) => panic!("problem: {p}"),
            _ => {}
        }
    }
    panic!("the game did not disconnect in time");
}

fn flagged(moves: &[FrameRecord]) -> BTreeSet<u64> {
    moves
        .iter()
        .filter(|r| r.markers.contains(MarkerKind::GameDiverges))
        .map(|r| r.frame)
        .collect()
}

#[test]
fn a_streamed_game_is_flagged_exactly_where_its_padding_flaw_changes_the_outcome() {
    let tol = ShadowTolerance::default();
    let (listener, warning) = Listener::bind("127.0.0.1:0", ShadowConfig::default()).unwrap();
    assert!(warning.is_none());
    let dir = temp_dir("probe_game_stream");
    let file = dir.join("run.slidelog");
    let status = std::process::Command::new(example_binary("probe_game"))
        .args(["--connect", &listener.local_addr().to_string()])
        .arg("--save")
        .arg(&file)
        .output()
        .unwrap();
    assert!(status.status.success());
    let got = drain_until_disconnected(&listener);
    let mesh = teaching_mesh();
    let (sent, matters) = where_the_flaw_matters(&mesh, tol.position_m);
    // Every move arrived, in order, after the level; the game closed the probe.
    assert!(
        got.moves
            .iter()
            .all(|r| r.game.as_ref().unwrap().skin_es == Some(game::SKIN_ES)),
        "stale examples/probe_game binary: run `cargo test` (it builds the examples)"
    );
    assert!(got.clean);
    assert_eq!(got.moves.len(), sent);
    assert_eq!(sent, 2 * game::script().len());
    assert!(
        got.moves
            .iter()
            .enumerate()
            .all(|(i, r)| r.frame == i as u64)
    );
    let level = got.level.expect("level");
    assert_eq!(level.collision().triangle_count(), mesh.triangle_count());
    // Flagged: exactly where the flaw matters, some moves but not all.
    let flags = flagged(&got.moves);
    assert!(!matters.is_empty() && matters.len() < sent, "{matters:?}");
    assert_eq!(flags, matters);
    let first = *flags.first().unwrap();
    let first_rec = &got.moves[first as usize];
    let game = first_rec.game.as_ref().unwrap();
    // The walk reaches the 30° wall on frame 87: the first frame where the padding matters.
    assert_eq!(game.frame, 87);
    assert!(
        first_rec.call.requested_move.z < 0.0,
        "the horizontal move, not gravity"
    );
    let verdict = game.verdict(&tol);
    assert!(verdict.diverges);
    // The game sent its contacts: the reference agrees with it on iteration 0 (same sweep
    // from the same start) and they part after the padding.
    assert!(game.comparison.rows[0].center_distance_m.unwrap() < 1e-5);
    assert!(verdict.iteration.is_none_or(|i| i >= 1), "{verdict:?}");
    // The file written at the same time holds the same moves, and checks the same.
    let report = check_file(&file, &CheckOptions::default()).unwrap();
    assert_eq!(report.counts.moves, sent as u64);
    assert_eq!(report.counts.diverging, flags.len() as u64);
    assert_eq!(report.first.as_ref().unwrap().index, first);
    assert!(report.reading.ended_cleanly);
    // Why: the flaw the game is built with, by name, and nothing else.
    use slidescope::probe::explain::WhyKind;
    assert_eq!(
        report.explanation.why.len(),
        1,
        "{:?}",
        report.explanation.why
    );
    assert_eq!(report.explanation.why[0].kind, WhyKind::Convention);
    assert_eq!(report.explanation.why[0].moves, report.counts.diverging);
    let detected = report.explanation.conventions_detected.unwrap();
    assert_eq!(detected.switches, vec![sw("padding_along_velocity")]);
    assert_eq!(detected.declare, vec!["c.padding = SLSP_PADDING_VELOCITY;"]);
}

#[test]
fn the_same_walk_with_the_seeds_padding_does_not_diverge() {
    let mesh = teaching_mesh();
    let file = temp_dir("probe_game_seed").join("seed.slidelog");
    save_walk(&mesh, &file, game::Padding::AlongNormal, game::Flaw::None);
    let report = check_file(&file, &CheckOptions::default()).unwrap();
    assert_eq!(report.counts.moves, 2 * game::script().len() as u64);
    assert_eq!(report.counts.diverging, 0, "{}", report.to_text("seed"));
    assert!(report.largest_difference_m < 1e-5);
}

#[test]
fn the_first_flagged_move_crops_to_a_scenario_that_replays() {
    let (listener, _) = Listener::bind("127.0.0.1:0", ShadowConfig::default()).unwrap();
    let status = std::process::Command::new(example_binary("probe_game"))
        .args(["--connect", &listener.local_addr().to_string()])
        .output()
        .unwrap();
    assert!(status.status.success());
    let got = drain_until_disconnected(&listener);
    let level = got.level.unwrap();
    let rec = got
        .moves
        .iter()
        .find(|r| r.markers.contains(MarkerKind::GameDiverges))
        .unwrap();
    let case = minimise(rec, level.collision(), &ShadowTolerance::default()).unwrap();
    assert!(case.reproduces, "the crop still shows the divergence");
    assert!(
        case.kept >= 1 && case.kept * 20 < case.of,
        "{} of {}",
        case.kept,
        case.of
    );
    assert_eq!(case.core_end, rec.outcome.slide().unwrap().position);
    let dir = temp_dir("probe_game_export");
    let path = dir.join("first_flagged.json");
    case.scenario.write(&path).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_slidescope"))
        .arg("run")
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The padding convention: with `Padding::Velocity` the core reproduces the example
/// game, whose own loop pads along the velocity as Fauerby 2003's code does, on every move of
/// its walk (ends within 0.01 mm where the seed's padding misses 93 of them by more than the
/// probe's 0.1 mm tolerance).
#[test]
fn the_velocity_padding_convention_reproduces_the_games_fauerby_padding() {
    use slidescope::collision::{Ellipsoid, Padding, SlideSettings, collide_and_slide_with};
    let mesh = teaching_mesh();
    let moves = game::play(&mesh, game::Padding::AlongVelocity, |_, _| {});
    let mut scratch = Scratch::default();
    let end_with = |padding, m: &game::LoggedMove, scratch: &mut Scratch| {
        let settings = SlideSettings {
            tuning: Tuning {
                skin_es: game::SKIN_ES,
                max_iterations: game::MAX_ITERATIONS,
                ..(SlideSettings::default()).tuning
            },
            conventions: Conventions {
                padding,
                ..Conventions::default()
            },
            ..SlideSettings::default()
        };
        let e = Ellipsoid::new(m.start, game::RADII).unwrap();
        collide_and_slide_with(&mesh, &e, m.velocity, &settings, scratch, None)
            .unwrap()
            .position
    };
    let apart = |padding, scratch: &mut Scratch| -> Vec<f32> {
        moves
            .iter()
            .map(|m| (end_with(padding, m, scratch) - m.moved.end).length())
            .collect()
    };
    let velocity = apart(Padding::Velocity, &mut scratch);
    let worst = velocity.iter().copied().fold(0.0, f32::max);
    assert!(worst < 1e-5, "the convention misses the game by {worst} m");
    let normal = apart(Padding::Normal, &mut scratch);
    let missed = normal.iter().filter(|d| **d > 1e-4).count();
    assert_eq!(missed, 93, "the seed's padding misses the game on 93 moves");
}

#[test]
fn a_game_built_with_a_bug_too_has_its_convention_and_its_bug_told_apart() {
    // The same game built without edge cylinders walks on round the wall's end: the padding
    // stays a convention, the wall's vertical edge that lets it in is a bug, and the moves
    // after it follow that one.
    use slidescope::probe::explain::{BugClass, WhyKind};
    let mesh = teaching_mesh();
    let file = temp_dir("probe_game_no_edges").join("no_edges.slidelog");
    save_walk(
        &mesh,
        &file,
        game::Padding::AlongVelocity,
        game::Flaw::NoEdges,
    );
    let report = check_file(&file, &CheckOptions::default()).unwrap();
    assert_eq!(report.counts.moves, 2 * game::script_flawed().len() as u64);
    let rows: Vec<(WhyKind, &str, u64)> = report
        .explanation
        .why
        .iter()
        .map(|r| (r.kind, r.name.as_str(), r.moves))
        .collect();
    let bug = report
        .explanation
        .why
        .iter()
        .find(|r| r.kind == WhyKind::Bug)
        .unwrap();
    assert_eq!(bug.label, BugClass::IgnoresEdges.label(), "{rows:?}");
    assert_eq!(bug.moves, 1, "{rows:?}");
    let cascades = report
        .explanation
        .why
        .iter()
        .filter(|r| r.kind == WhyKind::Cascade);
    assert!(
        cascades
            .clone()
            .all(|r| r.label == format!("follows move {}", bug.first_move))
    );
    let explained = report
        .explanation
        .why
        .iter()
        .filter(|r| r.kind == WhyKind::Convention)
        .map(|r| r.moves)
        .sum::<u64>();
    assert!(explained >= 93, "the walk's padding moves: {rows:?}");
    let detected = report.explanation.conventions_detected.unwrap();
    assert_eq!(detected.switches, vec![sw("padding_along_velocity")]);
    assert!(
        !report
            .explanation
            .why
            .iter()
            .any(|r| r.kind == WhyKind::Unexplained),
        "{rows:?}"
    );
}

/// The example game's walk on `mesh` with `padding` and `flaw`, written to `file` as the game
/// would through the probe.
fn save_walk(
    mesh: &slidescope::collision::CollisionMesh,
    file: &std::path::Path,
    padding: game::Padding,
    flaw: game::Flaw,
) {
    let mut probe = slidescope_probe::RecordingProbe::save(file).unwrap();
    let positions: Vec<[f32; 3]> = mesh.positions().iter().map(|p| p.to_array()).collect();
    let indices: Vec<[u32; 3]> = (0..mesh.triangle_count() as u32)
        .map(|t| mesh.triangle_indices(t))
        .collect();
    probe.set_level_mesh(&positions, &indices);
    game::play_flawed(mesh, padding, flaw, |f, m| {
        probe.frame(f, 0.0, game::DT_SECS);
        probe.log_move(&game::probe_move(m), &m.moved.contacts);
    });
}

fn sw(name: &str) -> slidescope::probe::explain::Switch {
    slidescope::probe::explain::Switch::named(name).unwrap()
}
