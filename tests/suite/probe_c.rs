//! The C header (`crates/slidescope-probe/include/slidescope_probe.h`) writes the same bytes as
//! the Rust probe: the C example game is compiled with the system C compiler (skipped, with a
//! message, when there is none), writes a probe file, and `probe-check` reads it back.

use std::path::Path;
use std::process::Command;

use slidescope_probe::encode;
use slidescope_probe::read::{Record, read_all};

use crate::common::temp_dir;

fn c_compiler() -> Option<String> {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    Command::new(&cc)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|_| cc)
}

/// Compiles `examples/c/probe_demo.c` with `flags`; `None` when no compiler is present.
fn build_demo(dir: &Path, flags: &[&str]) -> Option<std::path::PathBuf> {
    let Some(cc) = c_compiler() else {
        eprintln!(
            "SKIPPED: no C compiler (set CC or install cc) — the C probe example is not built"
        );
        return None;
    };
    let exe = dir.join("probe_demo");
    let out = Command::new(cc)
        .args([
            "-std=c99",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-pedantic",
            "-O2",
        ])
        .args(flags)
        .args([
            "-I",
            "crates/slidescope-probe/include",
            "examples/c/probe_demo.c",
            "-o",
        ])
        .arg(&exe)
        .arg("-lm")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(exe)
}

#[test]
fn the_c_probe_writes_the_bytes_the_rust_probe_writes_and_probe_check_agrees() {
    let dir = temp_dir("probe_c");
    let Some(exe) = build_demo(&dir, &[]) else {
        return;
    };
    let file = dir.join("demo.slidelog");
    assert!(Command::new(&exe).arg(&file).status().unwrap().success());
    let bytes = std::fs::read(&file).unwrap();
    let (records, err) = read_all(&bytes[..]);
    assert!(err.is_none(), "{err:?}");
    assert_eq!(
        records
            .iter()
            .filter(|r| matches!(r, Record::Move(_)))
            .count(),
        120
    );
    assert!(matches!(records[0], Record::Mesh(ref m) if m.indices.len() == 4));
    assert_eq!(records.last(), Some(&Record::End));
    // Re-encoded by the Rust encoder: byte for byte what the C header wrote.
    let mut again = Vec::new();
    encode::header(&mut again);
    for r in &records {
        encode::record(&mut again, r);
    }
    assert_eq!(again.len(), bytes.len());
    assert!(again == bytes, "the C and Rust writers differ");
    // The C game's own (plane) collide-and-slide agrees with the reference on every move.
    let out = Command::new(env!("CARGO_BIN_EXE_slidescope"))
        .args(["probe-check", "--json"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["moves"], 120);
    assert_eq!(report["diverging"], 0);
    assert!(report["largest_difference_m"].as_f64().unwrap() < 1e-5);
}

#[test]
fn the_c_probe_compiles_to_nothing_when_disabled() {
    let dir = temp_dir("probe_c_off");
    let Some(exe) = build_demo(&dir, &["-DSLIDESCOPE_PROBE_DISABLE"]) else {
        return;
    };
    // Disabled, the probe opens no sink: the demo says so and writes nothing.
    let file = dir.join("never.slidelog");
    let out = Command::new(&exe).arg(&file).output().unwrap();
    assert!(!out.status.success());
    assert!(!file.exists());
}

#[test]
fn a_c_game_refused_by_a_busy_slidescope_fails_to_connect_instead_of_recording_nowhere() {
    use slidescope::probe::ShadowConfig;
    use slidescope::probe::listen::Listener;
    let dir = temp_dir("probe_c_refused");
    let Some(exe) = build_demo(&dir, &[]) else {
        return;
    };
    let (listener, _) = Listener::bind("127.0.0.1:0", ShadowConfig::default()).unwrap();
    let addr = listener.local_addr();
    let _busy = slidescope_probe::RecordingProbe::connect(addr).unwrap();
    let deadline = std::time::Instant::now() + crate::common::EVENT_LIMIT;
    while !listener.is_connected() {
        assert!(std::time::Instant::now() < deadline);
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    // `slsp_connect` returns NULL on the refusal line: the demo says it could not open its
    // sink (a game would fall back to `slsp_save`).
    let out = Command::new(&exe)
        .args(["--connect", "127.0.0.1", &addr.port().to_string()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("could not open the sink"));
}
