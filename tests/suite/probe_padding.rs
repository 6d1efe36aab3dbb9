//! A padding measured from a file whose moves send no skin (`explain/measured_padding.rs`):
//! two real ports' recordings with the skin taken out of every move (the padding each
//! recorded is the ground truth: Babylon.js 0.01 eSpace units, py64 0.005), and a zoo port
//! that pads by metres. Without the measurement, the reference's default skin makes most of
//! their contact moves diverge with no switch to reconcile them (8.8 % and 10.3 % explained).

use std::path::{Path, PathBuf};

use slidescope::probe::explain::Switch;
use slidescope::probe::probe_file_check::{
    CheckOptions, CheckReport, check_file_profiled, check_file_with_detected,
};
use slidescope_probe::encode;
use slidescope_probe::read::{Record, read_all};

use crate::common::{port_zoo, temp_dir};

/// The recording `name` with no skin in any move, in a folder of its own.
fn without_skin(name: &str) -> PathBuf {
    let bytes = std::fs::read(Path::new("tests/data/ports").join(name)).unwrap();
    let (records, err) = read_all(&bytes[..]);
    assert!(err.is_none());
    let mut out = Vec::new();
    encode::header(&mut out);
    for mut r in records {
        if let Record::Move(m) = &mut r {
            m.mv.skin_es = None;
        }
        encode::record(&mut out, &r);
    }
    let path = temp_dir(&format!("probe_padding_{name}")).join(name);
    std::fs::write(&path, out).unwrap();
    path
}

fn explained_share(r: &CheckReport) -> f64 {
    let j = r.explanation.judged;
    j.explained as f64 / j.on_their_own.max(1) as f64
}

#[test]
fn a_real_ports_padding_is_measured_when_its_moves_send_no_skin() {
    for (name, skin) in [
        ("babylon_threejs.slidelog", 0.01),
        ("py64_threejs.slidelog", 0.005),
    ] {
        let sent = check_file_profiled(
            &Path::new("tests/data/ports").join(name),
            &Default::default(),
        );
        let sent = sent.unwrap();
        let report = check_file_profiled(&without_skin(name), &CheckOptions::default()).unwrap();
        let e = &report.explanation;
        let m = e
            .measured_padding
            .unwrap_or_else(|| panic!("{name}: no padding measured"));
        assert_eq!((m.skin, m.in_metres), (skin, false), "{name}: {m:?}");
        assert!(m.moves * 2 >= m.read && m.moves >= 100, "{name}: {m:?}");
        assert_eq!(e.padding_assumed, Some((skin, false)));
        // Assumed, the file reads as the one that sent its skin.
        assert_eq!(
            report.counts.flagged_total, sent.counts.flagged_total,
            "{name}"
        );
        assert!(explained_share(&report) >= 0.9, "{name}: {:?}", e.judged);
    }
}

#[test]
fn a_padding_in_metres_is_measured_and_the_ports_rules_found_beside_it() {
    let file = temp_dir("probe_padding_zoo").join("metres.slidelog");
    let rules = "padding_along_velocity,skin_in_metres";
    port_zoo((rules, "none"), (5, 6, 3), &["--send-skin", "no"], &file);
    let report = check_file_with_detected(&file, &CheckOptions::default()).unwrap();
    let e = &report.explanation;
    let m = e.measured_padding.expect("a padding measured");
    assert_eq!((m.skin, m.in_metres), (0.005, true), "{m:?}");
    // The padding's units are the measurement's; its direction is a switch the search finds.
    let held = e.conventions_assumed.clone().unwrap_or_default();
    assert!(
        held.contains(&Switch::named("padding_along_velocity").unwrap()),
        "{held:?}"
    );
    assert_eq!(report.counts.flagged_total, 0, "{:?}", e.why);
}
