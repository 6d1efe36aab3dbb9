//! Scenario files: the seed-situation scenarios in
//! `tests/scenarios/` pass through the same code as `slidescope run`; wrong expectations,
//! newer versions, missing or changed levels and malformed files give their one-line errors;
//! write → read → run is bit-identical; the CLI's exit codes.

use std::path::{Path, PathBuf};
use std::process::Command;

use glam::Vec3;
use slidescope::cli::run::{EXIT_ERROR, EXIT_FAIL, EXIT_PASS, run_path};
use slidescope::collision::{EndReason, SlideSettings, Trace};
use slidescope::level::query::Geometry;
use slidescope::level::scenario::{
    RecordedCall, SCENARIO_VERSION, Scenario, ScenarioError, VecExpectation,
    first_trace_difference, pinned_level, run_file, run_folder,
};
use slidescope::level::{Level, LevelHash};
use slidescope::sim::{FrameInputs, PlayerInput, PlayerParams, PlayerState, capture_frame};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scenarios_dir() -> PathBuf {
    repo().join("tests/scenarios")
}

fn teaching_glb() -> PathBuf {
    repo().join("assets/teaching.glb")
}

/// A fresh, empty folder for one test.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("slidescope-scen-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A checked-in scenario copied to `dir`, its level path made absolute so it still resolves.
fn copy_scenario(name: &str, dir: &Path) -> (Scenario, PathBuf) {
    let mut s = Scenario::read(&scenarios_dir().join(format!("{name}.json"))).unwrap();
    if let Geometry::Level { level, .. } = &mut s.query.geometry {
        *level = scenarios_dir().join(&*level);
    }
    let path = dir.join(format!("{name}.json"));
    s.write(&path).unwrap();
    (s, path)
}

fn slidescope(args: &[&Path]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_slidescope"))
        .arg("run")
        .args(args)
        .output()
        .unwrap()
}

const SEED_SITUATIONS: &[&str] = &[
    "wall_slide_30deg",
    "external_corner_edge",
    "stairs_low_climbed",
    "stairs_tall_stops",
    "small_debris_carried_over",
    "wedge_simultaneous_contacts",
    "internal_corner_90",
    "internal_corner_135_impulse_filter",
    "max_iterations_fallback",
    "seam_floor_no_snag",
    "ramp_20_slides_up",
];

#[test]
fn every_scenario_in_tests_scenarios_passes() {
    let entries = run_folder(&scenarios_dir()).unwrap();
    let mut names = Vec::new();
    for e in &entries {
        match &e.outcome {
            Ok((s, r)) => {
                assert!(r.passed(), "{}: {:#?}", s.name, r.failures);
                assert!(
                    s.expect.count() >= 3,
                    "{}: a seed scenario asserts position, end and iterations at least",
                    s.name
                );
                assert!(
                    s.description.len() > 100,
                    "{}: the description explains the numbers",
                    s.name
                );
                assert_eq!(
                    e.file.file_stem().and_then(|f| f.to_str()),
                    Some(s.name.as_str()),
                    "file name = scenario name"
                );
                names.push(s.name.clone());
            }
            Err(err) => panic!("{}: {err}", e.file.display()),
        }
    }
    for want in SEED_SITUATIONS {
        assert!(names.iter().any(|n| n == want), "missing scenario {want}");
    }
    // The same folder through the command's own code: all PASS, exit status 0.
    let out = run_path(&scenarios_dir(), false).unwrap();
    assert_eq!(out.status, EXIT_PASS, "{}", out.stdout);
    assert!(
        out.stdout.contains(&format!(
            "{} scenarios: {} passed, 0 failed, 0 could not run",
            entries.len(),
            entries.len()
        )),
        "{}",
        out.stdout
    );
}

#[test]
fn scenarios_use_the_teaching_level_and_inline_triangles() {
    let mut level = 0;
    let mut inline = 0;
    for e in run_folder(&scenarios_dir()).unwrap() {
        let (s, _) = e.outcome.unwrap();
        match s.query.geometry {
            Geometry::Level {
                level: p,
                level_hash,
            } => {
                assert_eq!(p, Path::new("../../assets/teaching.glb"));
                assert_eq!(
                    level_hash,
                    Some(LevelHash::of_file(&teaching_glb()).unwrap())
                );
                level += 1;
            }
            Geometry::Triangles { .. } => inline += 1,
        }
    }
    assert!(level >= 4 && inline >= 4, "{level} level, {inline} inline");
}

#[test]
fn a_wrong_expectation_fails_and_says_which() {
    let dir = temp_dir("wrong");
    let (mut s, path) = copy_scenario("wall_slide_30deg", &dir);
    let right = s.expect.position.unwrap().value;
    s.expect.position = Some(VecExpectation {
        value: right + Vec3::new(0.01, 0.0, 0.0),
        tolerance: 1e-4,
    });
    s.expect.end = Some(EndReason::ImpulseFilter);
    s.write(&path).unwrap();
    let (_, replay) = run_file(&path).unwrap();
    assert!(!replay.passed());
    assert_eq!(replay.failures.len(), 2, "{:#?}", replay.failures);
    assert!(
        replay.failures[0].starts_with("final position: expected (")
            && replay.failures[0].contains("off by 1.000e-2"),
        "{}",
        replay.failures[0]
    );
    assert_eq!(
        replay.failures[1],
        "end reason: expected impulse_filter, got clear_path"
    );
    // A contact expectation: the failure names the iteration, the contact and the field.
    let (mut s, path) = copy_scenario("internal_corner_90", &dir);
    if let Some(c) = s.expect.contacts.as_mut() {
        c[1][0].triangle = Some(0);
    }
    s.write(&path).unwrap();
    let (_, replay) = run_file(&path).unwrap();
    assert_eq!(
        replay.failures,
        vec!["iteration 1 contact 0: triangle: expected 0, got 1".to_owned()]
    );
    // The command: FAIL line, exit status 1.
    let out = run_path(&path, false).unwrap();
    assert_eq!(out.status, EXIT_FAIL);
    assert!(out.stdout.contains("FAIL internal_corner_90: 1 failed expectation(s)\n  iteration 1 contact 0: triangle: expected 0, got 1"), "{}", out.stdout);
}

#[test]
fn round_trip_write_read_run_is_bit_identical() {
    // A scenario exported from its own replay (what "Export scenario" does with a history
    // frame), written, read back and run again: the same bits everywhere.
    let dir = temp_dir("roundtrip");
    for name in ["stairs_low_climbed", "internal_corner_135_impulse_filter"] {
        let (s, path) = copy_scenario(name, &dir);
        let (_, first) = run_file(&path).unwrap();
        let ellipsoid = s.query.ellipsoid.at(s.query.start).unwrap();
        let exported = Scenario::from_frame(
            name,
            "exported",
            s.query.geometry.clone(),
            RecordedCall {
                ellipsoid: &ellipsoid,
                motion: s.query.motion(),
                settings: &s.query.settings,
                result: &first.result,
                trace: &first.trace,
                objects: &[],
            },
        );
        let out = dir.join(format!("{name}.exported.json"));
        exported.write(&out).unwrap();
        let back = Scenario::read(&out).unwrap();
        assert_eq!(back, exported);
        assert_eq!(back.to_json().unwrap(), exported.to_json().unwrap());
        let (_, second) = run_file(&out).unwrap();
        assert!(second.passed(), "{:#?}", second.failures);
        assert_eq!(second.trace, first.trace);
        assert_eq!(first_trace_difference(&first.trace, &second.trace), None);
        assert_eq!(
            second.result.position.to_array().map(f32::to_bits),
            first.result.position.to_array().map(f32::to_bits)
        );
    }
}

/// 240 frames of the walker on the teaching level, walking into its 90° internal corner.
fn walk_into_the_corner(
    params: PlayerParams,
    settings: &SlideSettings,
) -> Vec<slidescope::sim::FrameRecord> {
    let level = Level::load(teaching_glb()).unwrap();
    let station = slidescope::level::teaching::stations()
        .into_iter()
        .find(|s| s.name == "internal_corner_90")
        .unwrap();
    let look = station.look - station.spawn;
    let input = PlayerInput {
        forward: 1.0,
        yaw_rad: (-look.x).atan2(-look.z),
        ..Default::default()
    };
    let mut state = PlayerState::standing_at(station.spawn, params.radii(false));
    let (mut scratch, mut trace) = Default::default();
    let mut frames = Vec::new();
    for frame in 0..240 {
        let rec = capture_frame(
            &level.collision,
            FrameInputs {
                frame,
                dt_secs: 1.0 / 60.0,
                before: &state,
                input: &input,
                params: &params,
                settings,
            },
            &mut scratch,
            &mut trace,
        );
        state = rec.after;
        frames.push(rec);
    }
    frames
}

#[test]
fn a_walkers_heading_exports_beside_the_velocity_and_the_old_layout_still_reads() {
    // The plane solver's heading matters in the corner: the frame's heading is exported with
    // its velocity, and a file that holds it among the settings (as written before) reads as
    // the same scenario and replays the same trace.
    let settings = SlideSettings {
        response: slidescope::collision::ResponseOptions {
            rule: slidescope::collision::Response::Planes,
            ..SlideSettings::default().response
        },
        ..SlideSettings::default()
    };
    // The snap walker hands its ground moves' heading to the core.
    let snap = PlayerParams {
        walker: slidescope::sim::Walker::Snap,
        ..PlayerParams::default()
    };
    let frames = walk_into_the_corner(snap, &settings);
    let rec = (frames.iter().filter(|r| r.call.heading.is_some()))
        .max_by_key(|r| r.iteration_count())
        .unwrap();
    let geometry = pinned_level(teaching_glb(), &teaching_glb()).unwrap();
    let call = rec.recorded_call().unwrap();
    let s = Scenario::from_frame("headed", "a walker's heading", geometry, call);
    assert_eq!(s.query.heading, rec.call.heading);
    let dir = temp_dir("heading");
    let path = dir.join("headed.json");
    s.write(&path).unwrap();
    let mut old: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    let h = old.as_object_mut().unwrap().remove("heading").unwrap();
    old["settings"]
        .as_object_mut()
        .unwrap()
        .insert("heading".into(), h);
    let old_path = dir.join("headed_old.json");
    std::fs::write(&old_path, serde_json::to_vec(&old).unwrap()).unwrap();
    let (again, replay) = run_file(&old_path).unwrap();
    assert_eq!(again, s);
    assert!(replay.passed(), "{:#?}", replay.failures);
    assert_eq!(replay.trace, rec.trace);
}

#[test]
fn a_recorded_sim_frame_exports_to_a_scenario_that_replays_bit_identically() {
    // The debugger's path: walk the teaching level's internal corner, take the frame with the
    // most iterations from the history, export it, run the file.
    let frames = walk_into_the_corner(PlayerParams::default(), &SlideSettings::default());
    let rec = frames.iter().max_by_key(|r| r.iteration_count()).unwrap();
    assert!(rec.iteration_count() >= 2, "walked into the corner");
    let call = rec.recorded_call().unwrap();
    let dir = temp_dir("export");
    let geometry = pinned_level(teaching_glb(), &teaching_glb()).unwrap();
    let s = Scenario::from_frame("exported_frame", "frame export", geometry, call);
    let path = dir.join("exported_frame.json");
    s.write(&path).unwrap();
    let (_, replay) = run_file(&path).unwrap();
    assert!(replay.passed(), "{:#?}", replay.failures);
    assert_eq!(replay.trace, rec.trace);
    assert_eq!(Some(&replay.result), rec.outcome.slide());
}

#[test]
fn exact_trace_catches_a_one_ulp_difference() {
    let dir = temp_dir("ulp");
    let (s, path) = copy_scenario("wall_slide_30deg", &dir);
    let (_, replay) = run_file(&path).unwrap();
    let ellipsoid = s.query.ellipsoid.at(s.query.start).unwrap();
    let mut trace: Trace = replay.trace.clone();
    let c = &mut trace.iterations[0].contacts[0];
    c.normal.x = f32::from_bits(c.normal.x.to_bits() + 1);
    let exported = Scenario::from_frame(
        "ulp",
        "",
        s.query.geometry.clone(),
        RecordedCall {
            ellipsoid: &ellipsoid,
            motion: s.query.motion(),
            settings: &s.query.settings,
            result: &replay.result,
            trace: &trace,
            objects: &[],
        },
    );
    exported.write(&path).unwrap();
    let (_, replay) = run_file(&path).unwrap();
    assert_eq!(
        replay.failures,
        vec!["exact trace: first difference in iteration 0 (contacts)".to_owned()]
    );
}

/// Writes `text` as a scenario file in a fresh folder and returns the error of running it.
fn run_error(test: &str, text: &str) -> (ScenarioError, PathBuf) {
    let dir = temp_dir(test);
    let path = dir.join("broken.json");
    std::fs::write(&path, text).unwrap();
    (run_file(&path).unwrap_err(), path)
}

fn scenario_text(name: &str) -> String {
    std::fs::read_to_string(scenarios_dir().join(format!("{name}.json"))).unwrap()
}

fn one_line(e: &ScenarioError, path: &Path) -> String {
    let msg = e.to_string();
    assert!(!msg.contains('\n'), "one line: {msg}");
    assert!(
        msg.contains(&path.display().to_string()),
        "names the file: {msg}"
    );
    msg
}

#[test]
fn a_newer_version_is_refused_as_such() {
    let text = scenario_text("internal_corner_90").replace("\"version\": 1", "\"version\": 7");
    // A newer file may have fields this build does not know: still "newer", not "malformed".
    let text = text.replace("\"name\":", "\"future_field\": {\"x\": 1},\n  \"name\":");
    let (e, path) = run_error("newer", &text);
    assert!(
        matches!(
            e,
            ScenarioError::NewerVersion {
                found: 7,
                supported: SCENARIO_VERSION,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(one_line(&e, &path).contains(&format!(
        "scenario version 7 is newer than this build reads (up to {SCENARIO_VERSION})"
    )));
}

#[test]
fn a_missing_level_is_a_clear_error() {
    let text = scenario_text("ramp_20_slides_up")
        .replace("../../assets/teaching.glb", "nowhere/level.glb");
    let (e, path) = run_error("missing", &text);
    assert!(
        matches!(
            e,
            ScenarioError::Geometry {
                source: slidescope::level::query::QueryError::MissingLevel { .. },
                ..
            }
        ),
        "{e:?}"
    );
    assert!(one_line(&e, &path).ends_with("level.glb not found"), "{e}");
}

#[test]
fn a_changed_level_is_a_hash_mismatch() {
    let dir = temp_dir("hash");
    let level = dir.join("teaching.glb");
    let mut bytes = std::fs::read(teaching_glb()).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x01; // one bit of the level file changed
    std::fs::write(&level, &bytes).unwrap();
    let text =
        scenario_text("ramp_20_slides_up").replace("../../assets/teaching.glb", "teaching.glb");
    let path = dir.join("ramp.json");
    std::fs::write(&path, text).unwrap();
    let e = run_file(&path).unwrap_err();
    let msg = one_line(&e, &path);
    assert!(
        matches!(
            e,
            ScenarioError::Geometry {
                source: slidescope::level::query::QueryError::HashMismatch { .. },
                ..
            }
        ),
        "{e:?}"
    );
    let found = LevelHash::of_bytes(&bytes);
    assert!(
        msg.contains(&format!(
            "has changed: its hash is {found}, the file expects fnv1a64:"
        )),
        "{msg}"
    );
}

#[test]
fn a_level_without_hash_is_refused_with_the_hash_to_add() {
    let text = scenario_text("ramp_20_slides_up");
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v.as_object_mut().unwrap().remove("level_hash");
    let text = serde_json::to_string(&v).unwrap().replace(
        "../../assets/teaching.glb",
        &teaching_glb().display().to_string(),
    );
    let (e, path) = run_error("nohash", &text);
    let want = format!(
        "add \"level_hash\": \"{}\"",
        LevelHash::of_file(&teaching_glb()).unwrap()
    );
    assert!(one_line(&e, &path).contains(&want), "{e}");
}

#[test]
fn malformed_json_and_foreign_files_are_refused() {
    let good = scenario_text("internal_corner_90");
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "truncated",
            good[..good.len() / 2].to_owned(),
            "not a valid scenario",
        ),
        ("not_json", "level: x\n".to_owned(), "not a valid scenario"),
        (
            "wrong_type",
            good.replace("\"velocity\": [", "\"velocity\": [\"fast\","),
            "not a valid scenario",
        ),
        (
            "foreign",
            good.replace("slidescope-scenario", "slidescope-recording"),
            "not a slidescope scenario (format \"slidescope-recording\")",
        ),
        (
            "typo",
            good.replace("\"expect\":", "\"expcet\":"),
            "unknown field `expcet` (typo?)",
        ),
        (
            "typo_inside",
            good.replace("\"iterations\": 2", "\"iteration\": 2"),
            "not a valid scenario",
        ),
        (
            "sweep",
            good.replace("\"name\":", "\"mode\": \"sweep\", \"name\":"),
            "mode must be \"slide\"",
        ),
        (
            "exact_without_trace",
            good.replace(
                "\"iterations\": 2",
                "\"iterations\": 2, \"exact_trace\": true",
            ),
            "exact_trace is true but no expect.trace",
        ),
        (
            "version0",
            good.replace("\"version\": 1", "\"version\": 0"),
            "unknown scenario version 0",
        ),
        (
            "bad_radii",
            good.replace("\"radii\": [\n      0.5", "\"radii\": [\n      -0.5"),
            "the core refused the inputs: ellipsoid radii",
        ),
    ];
    for (test, text, want) in cases {
        assert_ne!(text, good, "{test}: the edit applied");
        let (e, path) = run_error(test, &text);
        let msg = one_line(&e, &path);
        assert!(msg.contains(want), "{test}: {msg}");
    }
}

#[test]
fn cli_exit_codes_and_output() {
    // All pass: 0, one line per scenario and a summary.
    let out = slidescope(&[&scenarios_dir()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(i32::from(EXIT_PASS)), "{stdout}");
    assert!(stdout.lines().filter(|l| l.starts_with("PASS  ")).count() >= SEED_SITUATIONS.len());
    assert!(
        stdout
            .lines()
            .last()
            .unwrap()
            .ends_with("failed, 0 could not run")
    );

    // One file: the trace text and PASS.
    let one = scenarios_dir().join("wedge_simultaneous_contacts.json");
    let out = slidescope(&[&one]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("iteration 0: from")
            && stdout.contains("\nPASS wedge_simultaneous_contacts ("),
        "{stdout}"
    );

    // --json is machine-readable.
    let out = Command::new(env!("CARGO_BIN_EXE_slidescope"))
        .args(["run", "--json"])
        .arg(&one)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["passed"], true);
    assert!(
        v["trace"]["iterations"]
            .as_array()
            .is_some_and(|a| !a.is_empty())
    );

    // A failing expectation: 1. A folder with a failing and a broken file: 2, both listed.
    let dir = temp_dir("cli");
    let (mut s, path) = copy_scenario("max_iterations_fallback", &dir);
    s.expect.iterations = Some(5);
    s.write(&path).unwrap();
    let out = slidescope(&[&path]);
    assert_eq!(out.status.code(), Some(i32::from(EXIT_FAIL)));
    assert!(String::from_utf8_lossy(&out.stdout).contains("  iterations: expected 5, got 1"));
    std::fs::write(dir.join("zz_broken.json"), "{").unwrap();
    let out = slidescope(&[&dir]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(i32::from(EXIT_ERROR)), "{stdout}");
    assert!(
        stdout.contains("FAIL  max_iterations_fallback: iterations: expected 5, got 1"),
        "{stdout}"
    );
    assert!(
        stdout.contains("ERROR ") && stdout.contains("zz_broken.json: not a valid scenario"),
        "{stdout}"
    );
    assert!(
        stdout.contains("2 scenarios: 0 passed, 1 failed, 1 could not run"),
        "{stdout}"
    );

    // A file that cannot run: 2 and one line on stderr.
    let missing = dir.join("does_not_exist.json");
    let out = slidescope(&[&missing]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(i32::from(EXIT_ERROR)));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("slidescope: ") && stderr.contains("does_not_exist.json: cannot read"),
        "{stderr}"
    );
}
