//! `slidescope info`: prints the level's numbers; a bad level is one line on stderr, exit 1.

use std::process::Command;

fn slidescope() -> Command {
    Command::new(env!("CARGO_BIN_EXE_slidescope"))
}

#[test]
fn info_prints_triangle_counts_bounds_and_spawn_points() {
    let out = slidescope()
        .args(["info", "assets/levels/librequake_lavaducts/lavaducts.glb"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("triangles: 11087 loaded, 11091 in file, 4 dropped degenerate"),
        "{text}"
    );
    assert!(
        text.contains("non-triangle primitives skipped: 0"),
        "{text}"
    );
    assert!(text.contains("vertices: 11319"), "{text}");
    assert!(
        text.contains("bounds: min (-56.500, -21.500, -18.250) max (22.000, 14.500, 101.500)"),
        "{text}"
    );
    assert!(text.contains("spawn points: 9"), "{text}");
    assert!(
        text.contains("info_player_start feet (-3.000, 0.000, -11.000)"),
        "{text}"
    );
    assert!(text.contains("materials: 60"), "{text}");
    assert!(text.contains("load time:"), "{text}");
}

#[test]
fn info_on_a_missing_file_prints_one_line_and_exits_1() {
    let out = slidescope()
        .args(["info", "no/such/level.glb"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("no/such/level.glb: file not found"), "{err}");
}
