//! exengine (solenum/exengine's `ex_entity_collide_and_slide`, C: Fauerby's detection with
//! Linahan 2012's response), a port no test was tuned to, recorded by
//! `tests/ports/exengine/record.sh` (its README traces both bugs below in its code): its two
//! bugs the recordings show are named by their cause, each at the move where it bites; its
//! profile is what its code does (Linahan's projection, a step back of a whole unit:
//! `MAX(dist - 1.0, 0)`, no impulse filter), and the slides its unnormalised crease shortens
//! are named as that bug.

use std::path::Path;

use slidescope::collision::conventions::Switch;
use slidescope::probe::explain::{BugClass, Why};
use slidescope::probe::probe_file_check::{
    CheckOptions, CheckReport, WholeFile, check_file_both, check_file_profiled,
};

fn why_of(report: &CheckReport, index: u64) -> Option<Why> {
    let f = report.flagged.iter().find(|f| f.index == index)?;
    f.why.clone()
}

fn class(why: Option<Why>) -> Option<BugClass> {
    match why {
        Some(Why::Bug { class, .. }) => Some(class),
        _ => None,
    }
}

#[test]
fn exengines_own_bugs_are_named_where_they_bite() {
    let path = Path::new("tests/data/ports/exengine_lavaducts.slidelog");
    let report = check_file_profiled(path, &CheckOptions::default()).unwrap();
    assert_eq!(report.counts.moves, 6_720);
    // Out of detections, its destination taken unchecked: the walker left 1.8 mm inside an
    // overhang (`entity.c:133`).
    let inside = why_of(&report, 5924);
    assert_eq!(
        class(inside.clone()),
        Some(BugClass::EndedInsideLevel),
        "{inside:?}"
    );
    // From there, the floor then the overhang's underside: the crease of two parallel planes
    // normalised to NaN (`entity.c:122-128`), its own class, not a cascade.
    let nan = why_of(&report, 6165);
    assert_eq!(
        class(nan.clone()),
        Some(BugClass::NonFiniteResult),
        "{nan:?}"
    );
}

/// Judged with nothing declared, each file's flagged moves are explained (≥ 90 %: three.js
/// 95 of 98, lavaducts 176 of 176 when written); the profile `--conventions detected` holds
/// is in exengine's `entity.c`; the crease it measures before normalising names its moves.
#[test]
fn exengines_profile_is_its_code_and_its_flagged_moves_are_explained() {
    let named = |n: &str| Switch::named(n).unwrap();
    let in_code = [
        named("linahan_projection"),
        named("steps_back_one_unit"),
        named("no_impulse_filter"),
    ];
    for file in ["threejs", "lavaducts"] {
        let path = format!("tests/data/ports/exengine_{file}.slidelog");
        let (report, profile) = check_file_both(Path::new(&path), &CheckOptions::default())
            .expect("the recording reads");
        let j = report.explanation.judged;
        assert!(j.explained * 10 >= j.on_their_own * 9, "{file}: {j:?}");
        if file == "lavaducts" {
            // Where the walkers slide along the ducts' sloped creases.
            let crease = (report.flagged.iter())
                .filter(|f| class(f.why.clone()) == Some(BugClass::ShortenedCrease))
                .count();
            assert!(crease >= 30, "{crease} crease moves");
            assert_eq!(
                class(why_of(&report, 4052)),
                Some(BugClass::ShortenedCrease)
            );
        }
        let held = profile.explanation.conventions_assumed.unwrap();
        // The plain check reports the same profile, each rule with its own evidence.
        let plain = report.explanation.conventions_detected.unwrap();
        assert_eq!(plain.switches, held, "{file}");
        let net = |w: &WholeFile| w.explains > w.breaks;
        assert!(plain.evidence.iter().all(|(_, w)| net(w)), "{file}");
        assert!(held.iter().all(|s| in_code.contains(s)), "{file}: {held:?}");
        assert!(
            held.contains(&in_code[0]) && held.contains(&in_code[1]),
            "{file}: {held:?}"
        );
    }
}

/// A move only rules outside the profile fit (three.js move 3153: padding along the velocity,
/// or a dead zone, with Fauerby's f32 edges, which the whole file weighed and left out) reads
/// so in `--move`, with no line to declare them. Lavaducts move 5732 fitted only "pads free
/// moves", which 4,713 of its moves refute, by a skin (0.001 eSpace) that its crease's
/// shortening happens to equal: the profile re-solves it with the crease unnormalised, the
/// bug in exengine's `entity.c`, and every report names that.
#[test]
fn a_move_only_a_refuted_rule_fits_is_not_offered_to_declare() {
    let file = "tests/data/ports/exengine_threejs.slidelog";
    let (code, text) = crate::common::slidescope_cli(&["probe-check", file, "--move", "3153"]);
    assert_eq!(code, 1, "{text}");
    let why = "why: rules outside the profile weighed over the file — pads along the velocity";
    assert!(text.contains(why), "{text}");
    assert!(!text.contains("declare it:"), "{text}");
    let file = "tests/data/ports/exengine_lavaducts.slidelog";
    for extra in [&[][..], &["--conventions", "detected"]] {
        let args = [&["probe-check", file, "--move", "5732"][..], extra].concat();
        let (code, text) = crate::common::slidescope_cli(&args);
        assert_eq!(code, 1, "{text}");
        let crease = "why: a bug — slid short along a crease";
        assert!(text.contains(crease), "{extra:?}: {text}");
    }
    // The plain check's profile, each rule with its evidence, has no "pads free moves".
    let (_, table) = crate::common::slidescope_cli(&["probe-check", file]);
    let profile = (table.lines())
        .find(|l| l.starts_with("your controller appears to:"))
        .expect("a profile");
    assert!(!profile.contains("pads free moves"), "{profile}");
    assert!(
        table.contains("moves agree with it and not without it"),
        "{table}"
    );
}
