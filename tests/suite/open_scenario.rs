//! "Open scenario": a scenario file becomes a world and a one-frame history, paused
//! at its first iteration, with the same trace `slidescope run` gives; bad files are one-line
//! errors and change nothing.

use std::path::Path;

use slidescope::level::scenario::run_file;
use slidescope::sim::{Cursor, PlayerParams, Recording, Sim};
use slidescope::view::load_scenario;

fn sim_with(record: slidescope::sim::FrameRecord) -> Sim {
    let mut sim = Sim::new(
        glam::Vec3::ZERO,
        PlayerParams::default(),
        Default::default(),
    );
    sim.open_recording(Recording::new("test", vec![record]));
    sim
}

#[test]
fn inline_wedge_scenario_opens_paused_at_its_first_iteration_with_the_run_trace() {
    let path = Path::new("tests/scenarios/wedge_simultaneous_contacts.json");
    let opened = load_scenario(path).expect("opens");
    let (_, replay) = run_file(path).expect("runs");
    assert_eq!(opened.record.trace, replay.trace, "same call, same trace");
    assert!(opened.failures.is_empty(), "{:?}", opened.failures);
    assert_eq!(opened.world.collision.triangle_count(), 4);
    assert_eq!(opened.world.geometry.triangle_count(), 4);
    let sim = sim_with(opened.record);
    assert!(sim.is_paused());
    assert_eq!(
        sim.cursor(),
        Some(Cursor {
            frame: 0,
            iteration: 0
        })
    );
    let (rec, it) = sim.cursor_frame().expect("a frame at the cursor");
    assert_eq!(it, 0);
    assert_eq!(
        rec.trace.iterations[0].contacts.len(),
        3,
        "floor and both ceiling halves"
    );
}

#[test]
fn level_scenario_opens_on_the_teaching_level_and_matches_its_expectations() {
    let path = Path::new("tests/scenarios/wall_slide_30deg.json");
    let opened = load_scenario(path).expect("opens");
    assert!(opened.failures.is_empty(), "{:?}", opened.failures);
    assert!(opened.world.collision.triangle_count() > 1000);
    assert!(opened.world.path.is_some());
    let (_, replay) = run_file(path).expect("runs");
    assert_eq!(opened.record.trace, replay.trace);
    assert_eq!(opened.record.after.center, replay.result.position);
}

#[test]
fn bad_scenario_files_are_one_line_errors_naming_the_file() {
    let dir = std::env::temp_dir().join(format!("slidescope-open-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        ("garbage.json", "{ not json".to_string()),
        (
            "unhashed.json",
            r#"{"format":"slidescope-scenario","version":1,"name":"x","level":"nowhere.glb",
               "ellipsoid":{"radii":[1,1,1]},"start":[0,0,0],"velocity":[1,0,0]}"#
                .to_string(),
        ),
        (
            "bad_radii.json",
            r#"{"format":"slidescope-scenario","version":1,"name":"x",
               "triangles":[[[0,0,0],[1,0,0],[0,0,1]]],
               "ellipsoid":{"radii":[0,1,1]},"start":[0,0,0],"velocity":[1,0,0]}"#
                .to_string(),
        ),
    ];
    for (name, text) in cases {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        let Err(e) = load_scenario(&p) else {
            panic!("{name} must not open");
        };
        assert!(e.contains(name) && !e.contains('\n'), "{name}: {e}");
    }
    assert!(load_scenario(&dir.join("missing.json")).is_err());
}

#[test]
fn a_scenario_with_moving_objects_opens_with_their_poses_and_the_run_trace() {
    // tests/scenarios/lift_riding_up.json (version 2) stands on the rising teaching lift: the
    // debugger must replay it with the lift at the stored poses, as `slidescope run` does.
    let path = Path::new("tests/scenarios/lift_riding_up.json");
    let opened = load_scenario(path).expect("opens");
    let (scenario, replay) = run_file(path).expect("runs");
    assert!(!scenario.objects.is_empty());
    assert!(opened.failures.is_empty(), "{:?}", opened.failures);
    assert_eq!(opened.record.trace, replay.trace);
    assert_eq!(
        opened.record.dynamics.objects, scenario.objects,
        "drawn at the stored poses"
    );
}
