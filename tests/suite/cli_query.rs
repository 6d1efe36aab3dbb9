//! `slidescope slide` / `slidescope sweep` on JSON queries: numbers in the text output, JSON
//! output that parses back, and one-line errors with exit code 1.

use std::process::Command;

use slidescope::collision::{EndReason, Feature};
use slidescope::level::query::QueryOutput;

fn slidescope(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_slidescope"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn slide_text_reports_the_wall_slide_of_seed_fig_12_1() {
    let out = slidescope(&["slide", "tests/data/queries/wall_slide.json"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("final position (0.50050, 0.00000, 1.00000)"),
        "{text}"
    );
    assert!(
        text.contains("contact triangle 1 Face: t = 0.250000"),
        "{text}"
    );
    assert!(
        text.contains("slide (-0.00000, 0.00000, 0.75000)"),
        "{text}"
    );
    assert!(text.contains("loop ended: ClearPath"), "{text}");
}

#[test]
fn slide_json_parses_back_with_the_full_trace() {
    let out = slidescope(&["slide", "--json", "tests/data/queries/wall_slide.json"]);
    assert!(out.status.success());
    let parsed: QueryOutput = serde_json::from_slice(&out.stdout).expect("valid JSON output");
    let QueryOutput::Slide { result, trace } = parsed else {
        panic!("slide output expected")
    };
    assert_eq!(result.end, EndReason::ClearPath);
    assert_eq!(trace.iterations.len(), 2);
    assert_eq!(trace.iterations[0].contacts[0].feature, Feature::Face);
    assert_eq!(trace.iterations[0].contacts[0].time.toi(), Some(0.25));
    assert!((result.position.x - 0.5005).abs() < 1e-6);
}

#[test]
fn sweep_reports_the_first_contact_only() {
    let out = slidescope(&["sweep", "tests/data/queries/wall_slide.json"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("first contact: t = 0.250000 (1 simultaneous)"),
        "{text}"
    );
}

#[test]
fn a_query_against_a_real_level_loads_it_relative_to_the_query_file() {
    let out = slidescope(&["slide", "tests/data/queries/sponza_step.json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    // Standing on the atrium floor (y = −0.025) with radius 0.9, the step lands on it.
    assert!(text.contains("Face: t = 0.25"), "{text}");
    assert!(
        text.contains("normal (0.00000, 1.00000, 0.00000)"),
        "{text}"
    );
}

#[test]
fn bad_queries_are_one_line_errors_with_exit_code_1() {
    let dir = std::env::temp_dir().join(format!("slidescope-cli-query-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        ("missing.json", None, "No such file"),
        (
            "malformed.json",
            Some("{ \"start\": [0, 0"),
            "not a valid query",
        ),
        (
            "bad_radii.json",
            Some(
                r#"{"triangles": [[[0,0,0],[1,0,0],[0,0,1]]], "ellipsoid": {"radii": [0, 1, 1]}, "start": [0,1,0], "velocity": [0,-1,0]}"#,
            ),
            "radii must be finite and > 0",
        ),
        (
            "bad_setting.json",
            Some(
                r#"{"triangles": [[[0,0,0],[1,0,0],[0,0,1]]], "ellipsoid": {"radii": [1, 1, 1]}, "start": [0,1,0], "velocity": [0,-1,0], "settings": {"max_iterations": 0}}"#,
            ),
            "max_iterations",
        ),
        (
            "missing_level.json",
            Some(
                r#"{"level": "nowhere.glb", "ellipsoid": {"radii": [1, 1, 1]}, "start": [0,1,0], "velocity": [0,-1,0]}"#,
            ),
            "nowhere.glb",
        ),
    ];
    for (name, body, expect) in cases {
        let path = dir.join(name);
        if let Some(b) = body {
            std::fs::write(&path, b).unwrap();
        }
        let out = slidescope(&["slide", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(1), "{name}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(err.contains(expect), "{name}: {err}");
    }
}
