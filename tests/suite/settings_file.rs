//! The bytes files hold do not depend on how the settings are arranged in memory: every
//! committed scenario's settings read and write back the same JSON, settings with every
//! convention changed write the layout files have always had, and every committed probe
//! recording re-encodes to its own bytes (its `CONVENTIONS` entries in the same order).

use std::path::{Path, PathBuf};

use slidescope::collision::{
    Conventions, IterationLimit, Padding, Roots, ShortMotion, Sidedness, SlideSettings,
};
use slidescope_probe::encode;
use slidescope_probe::read::read_all;

/// Files under `dir` (recursively) whose name ends with `ext`.
fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::from(dir)];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.to_string_lossy().ends_with(ext) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// `v` with every number rounded to the `f32` it stands for (files write `0.00001`, serde
/// `1e-5`).
fn as_f32(v: &serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match v {
        Value::Number(n) => serde_json::json!(n.as_f64().map(|x| x as f32)),
        Value::Array(a) => Value::Array(a.iter().map(as_f32).collect()),
        Value::Object(o) => Value::Object(o.iter().map(|(k, v)| (k.clone(), as_f32(v))).collect()),
        other => other.clone(),
    }
}

/// Every field `part` has (recursively), `whole` has with the same value: a file may leave
/// fields out (their defaults).
fn holds(whole: &serde_json::Value, part: &serde_json::Value) -> bool {
    match (whole, part) {
        (serde_json::Value::Object(w), serde_json::Value::Object(p)) => {
            p.iter().all(|(k, v)| w.get(k).is_some_and(|x| holds(x, v)))
        }
        _ => whole == part,
    }
}

#[test]
fn every_committed_scenarios_settings_read_and_write_back_the_same_json() {
    let mut checked = 0;
    for path in ["assets", "tests/data"]
        .iter()
        .flat_map(|d| files(d, ".json"))
    {
        let text = std::fs::read_to_string(&path).unwrap();
        let Ok(doc) = serde_json::from_str::<serde_json::Value>(&text) else {
            continue;
        };
        let Some(stored) = doc.get("settings") else {
            continue;
        };
        let settings: SlideSettings = serde_json::from_value(stored.clone())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let written: serde_json::Value =
            serde_json::from_str(&serde_json::to_string(&settings).unwrap()).unwrap();
        assert!(
            holds(&as_f32(&written), &as_f32(stored)),
            "{}: wrote {written}, the file has {stored}",
            path.display()
        );
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} scenario files with settings");
}

#[test]
fn every_convention_changed_writes_the_files_layout() {
    // Every convention files have always held; a row added later is written after them.
    #[allow(clippy::needless_update)]
    let s = SlideSettings {
        conventions: Conventions {
            padding: Padding::Velocity,
            short_motion: ShortMotion::Dropped,
            min_motion_es: 0.01,
            min_motion_m: 0.002,
            dead_zone_m: 0.001,
            iteration_limit: IterationLimit::KeepLast,
            sidedness: Sidedness::LeavingIgnored,
            impulse_filter: false,
            roots: Roots::PositiveOnly,
            ..Conventions::default()
        },
        ..SlideSettings::default()
    };
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(
        json,
        concat!(
            r#"{"skin_es":0.001,"max_iterations":30,"simultaneous_tolerance":0.00001,"#,
            r#""min_velocity_es":0.01,"impulse_filter":false,"fallback":false,"two_sided":false,"#,
            r#""cases":{"face":true,"edge":true,"vertex":true},"broad_phase":"bvh","#,
            r#""max_contacts":100,"narrow_phase":"decomposed","response":"seed","#,
            r#""padding":"velocity","short_motion":"dropped","min_velocity_m":0.002,"#,
            r#""dead_zone_m":0.001,"back_faces":"velocity","roots":"positive_only"}"#
        )
    );
    assert_eq!(serde_json::from_str::<SlideSettings>(&json).unwrap(), s);
    let behind = r#"{"two_sided":false}"#;
    let read: SlideSettings = serde_json::from_str(behind).unwrap();
    assert_eq!(read.conventions.sidedness, Sidedness::BehindIgnored);
    let seed = serde_json::to_string(&SlideSettings::default()).unwrap();
    assert!(!seed.contains("padding") && seed.contains(r#""fallback":true,"two_sided":true"#));
}

#[test]
fn every_committed_probe_recording_re_encodes_to_its_own_bytes() {
    let logs = files("tests/data", ".slidelog");
    assert!(logs.len() >= 6, "{logs:?}");
    for path in logs {
        let bytes = std::fs::read(Path::new(&path)).unwrap();
        let (records, err) = read_all(&bytes[..]);
        assert!(err.is_none(), "{}: {err:?}", path.display());
        // The header as the file has it (a 1.0 file's minor version), then every record.
        let mut again = bytes[..16].to_vec();
        for r in &records {
            encode::record(&mut again, r);
        }
        let first = again.iter().zip(&bytes).position(|(a, b)| a != b);
        assert!(
            again == bytes,
            "{} re-encodes to other bytes: {} vs {} bytes, first difference at {first:?}",
            path.display(),
            again.len(),
            bytes.len()
        );
    }
}

#[test]
fn conventions_keep_the_layout_recordings_have_always_held() {
    // How a recording or a re-run edit held the seed's conventions before they were one table
    // (the core's `Conventions` with its serde derive): every field, in this order.
    let first = concat!(
        r#"{"padding":"normal","short_motion":"applied","min_velocity_es":0.00001,"#,
        r#""min_velocity_m":0.0,"dead_zone_m":0.0,"fallback":true,"two_sided":true,"#,
        r#""back_faces":"position","impulse_filter":true,"roots":"at_zero"}"#
    );
    let c: Conventions = serde_json::from_str(first).unwrap();
    assert_eq!(c, Conventions::default());
    assert_eq!(serde_json::to_string(&c).unwrap(), first);
    let leaving = first
        .replace(r#""two_sided":true"#, r#""two_sided":false"#)
        .replace(r#""back_faces":"position""#, r#""back_faces":"velocity""#)
        .replace(r#""fallback":true"#, r#""fallback":false"#);
    let c: Conventions = serde_json::from_str(&leaving).unwrap();
    assert_eq!(c.sidedness, Sidedness::LeavingIgnored);
    assert_eq!(c.iteration_limit, IterationLimit::KeepLast);
    assert_eq!(serde_json::to_string(&c).unwrap(), leaving);
}
