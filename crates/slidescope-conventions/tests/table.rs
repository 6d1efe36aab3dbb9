//! The table's own invariants: keys, names and spellings unique, every value read back from
//! its wire form, every solver row applied by the stage it names, and the switches as reports
//! name them.

use std::collections::HashSet;
use std::path::Path;

use slidescope_conventions::{Convention, Conventions, Declared, Kind, Switch, TABLE, key};

#[test]
fn keys_fields_and_spellings_are_unique_and_filled() {
    let columns: [fn(&Convention) -> String; 5] = [
        |r| r.name.to_owned(),
        |r| r.spec.key.to_string(),
        |r| r.spec.key_name.to_owned(),
        |r| r.spec.c.to_owned(),
        |r| r.spec.js.to_owned(),
    ];
    for column in columns {
        let values: Vec<String> = TABLE.iter().map(column).collect();
        assert!(
            values.iter().all(|v| !v.is_empty() && v != "0"),
            "{values:?}"
        );
        assert_eq!(
            values.iter().collect::<HashSet<_>>().len(),
            TABLE.len(),
            "{values:?}"
        );
    }
    for r in TABLE {
        assert!(
            !r.spec.wire.is_empty() && !r.doc.trim().is_empty(),
            "{}",
            r.name
        );
        let words = match r.kind {
            Kind::Choice(named) => named.len(),
            Kind::Flag => 2,
            Kind::Amount => 1,
            Kind::Bits => r.spec.bits.len(),
        };
        assert_eq!(r.spec.words.len(), words, "{}: one word per value", r.name);
        assert_eq!(r.solver.is_some(), !r.spec.stage.is_empty(), "{}", r.name);
        assert_eq!(r.solver.is_some(), !r.spec.label.is_empty(), "{}", r.name);
    }
}

#[test]
fn every_solver_row_is_read_by_the_stage_it_names() {
    let core = Path::new(env!("CARGO_MANIFEST_DIR")).join("../slidescope-collision/src");
    for r in TABLE.iter().filter(|r| r.solver.is_some()) {
        let stage = core.join(r.spec.stage);
        let text = std::fs::read_to_string(&stage).unwrap_or_else(|e| panic!("{stage:?}: {e}"));
        assert!(
            text.contains(&format!(".{}", r.name)),
            "{} names {} as its stage, which does not read it",
            r.name,
            r.spec.stage
        );
    }
}

#[test]
fn every_declared_value_comes_back_from_its_entries() {
    let mut all = Declared::all(&Conventions::default());
    all.up_axis = Some(slidescope_conventions::UpAxis::NegZ);
    all.left_handed = Some(true);
    all.clockwise_front = Some(false);
    all.missing = Some(0b101);
    let entries = all.entries();
    assert_eq!(entries.len(), TABLE.len());
    assert!(entries.windows(2).all(|w| w[0].0 < w[1].0), "key order");
    let mut back = Declared::default();
    for (k, v) in &entries {
        assert!(back.set_entry(*k, *v), "key {k}");
    }
    assert_eq!(back, all);
    assert_eq!(back.over(&Conventions::default()), Conventions::default());
    // Values this reader does not know are refused and stay undeclared.
    let mut d = Declared::default();
    assert!(!d.set_entry(key::PADDING, 2));
    assert!(!d.set_entry(key::IMPULSE_FILTER, 7));
    assert!(!d.set_entry(key::DEAD_ZONE_M, f32::NAN.to_bits()));
    assert!(!d.set_entry(key::DEAD_ZONE_M, (-1.0f32).to_bits()));
    assert!(!d.set_entry(99, 0));
    assert_eq!(d, Declared::default());
}

#[test]
fn a_declaration_reads_in_words() {
    let mut d = Declared::default();
    assert!(d.set_entry(key::PADDING, 1));
    assert!(d.set_entry(key::DEAD_ZONE_M, 1e-3f32.to_bits()));
    assert!(d.set_entry(key::SIDEDNESS, 2));
    assert!(d.set_entry(key::MISSING, 0b110));
    assert_eq!(
        d.text(),
        "padding along the velocity; dead zone 0.001 m; one-sided (triangles the motion \
         leaves ignored); no iterations, no contact t"
    );
}

#[test]
fn switches_keep_the_names_order_and_declarations_reports_use() {
    // The switches reports have always named keep their names and order; a row added later
    // brings its own after them.
    let names: Vec<&str> = Switch::all().iter().map(|s| s.name()).collect();
    assert_eq!(
        names[..15],
        [
            "short_leftover_dropped",
            "padding_along_velocity",
            "keep_last_centre",
            "dead_zone",
            "ignores_leaving",
            "ignores_behind",
            "two_sided",
            "no_impulse_filter",
            "impulse_filter",
            "padding_along_normal",
            "short_motion_applied",
            "no_dead_zone",
            "fall_back_to_first_contact",
            "roots_after_start_only",
            "roots_at_zero",
        ]
    );
    let mut sorted = Switch::all();
    sorted.sort();
    let sorted: Vec<&str> = sorted.iter().map(|s| s.name()).collect();
    assert_eq!(
        sorted[..4],
        [
            "padding_along_velocity",
            "padding_along_normal",
            "short_leftover_dropped",
            "short_motion_applied"
        ]
    );
    let decl = |n| Switch::named(n).unwrap().declaration();
    assert_eq!(
        decl("short_leftover_dropped"),
        "c.short_motion = SLSP_SHORT_MOTION_DROPPED; c.min_motion_es = <your padding>;"
    );
    assert_eq!(decl("dead_zone"), "c.dead_zone_m = 0.001f;");
    assert_eq!(decl("no_dead_zone"), "c.dead_zone_m = 0;");
    assert_eq!(
        decl("roots_after_start_only"),
        "c.roots_after_start_only = 1;"
    );
    assert_eq!(
        decl("keep_last_centre"),
        "c.iteration_limit = SLSP_LIMIT_KEEP_LAST;"
    );
    assert_eq!(decl("no_impulse_filter"), "c.impulse_filter = 0;");
    // A whole amount is a C float literal still (`1f` is not one).
    assert_eq!(decl("steps_back_one_unit"), "c.step_back_es = 1.0f;");
    let mut c = Conventions::default();
    Switch::named("short_leftover_dropped")
        .unwrap()
        .apply(&mut c, 0.01);
    assert_eq!(c.min_motion_es, 0.01);
}

#[test]
fn the_seed_says_nothing_and_every_other_tried_value_says_something_or_is_the_seed() {
    assert!(Conventions::default().narration().is_empty());
    assert!(Conventions::default().validate().is_ok());
    let c = Conventions {
        dead_zone_m: f32::INFINITY,
        ..Conventions::default()
    };
    assert_eq!(c.validate().unwrap_err().0, "dead_zone_m");
}

#[test]
fn every_solver_rows_values_come_back_from_their_file_form() {
    for r in TABLE.iter().filter(|r| r.solver.is_some()) {
        let wires: Vec<u32> = match r.kind {
            Kind::Choice(named) => (0..named.len() as u32).collect(),
            Kind::Flag => vec![0, 1],
            Kind::Amount => vec![0.0f32.to_bits(), 0.25f32.to_bits()],
            Kind::Bits => vec![0, 5],
        };
        for w in wires {
            assert_eq!(r.wire_of(&r.file_value(w)), Some(w), "{} {w}", r.name);
        }
        let wrong = slidescope_conventions::FileValue::Name("no_such_value".into());
        assert_eq!(r.wire_of(&wrong), None, "{}", r.name);
    }
}

/// A row's named rivals are switches of other rows, each by a name that exists.
#[test]
fn every_named_rival_is_a_switch_of_another_row() {
    for row in TABLE.iter() {
        for name in row.spec.rivals {
            let rival = Switch::named(name).unwrap_or_else(|| panic!("{}: {name}", row.name));
            assert_ne!(rival.convention(), row.name, "{name}");
        }
    }
    let step = Switch::named("steps_back_one_unit").unwrap();
    assert!(step.rivals(Switch::named("padding_along_velocity").unwrap()));
    assert!(step.late() && !step.last_resort());
}
