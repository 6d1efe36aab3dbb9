//! A trace of contacts only records what a full trace records, less the triangles detection
//! tested: the same result, iterations, contacts, responses, fallback and end, on a crowd of
//! movers (some starting inside the field) under the seed's conventions and two ports'.

mod common;

use slidescope_collision::{
    Conventions, IterationLimit, Padding, Sidedness, SlideSettings, Trace, collide_and_slide,
};

fn settings() -> [SlideSettings; 3] {
    let seed = SlideSettings::default();
    let fauerby = SlideSettings {
        conventions: Conventions {
            padding: Padding::Velocity,
            iteration_limit: IterationLimit::KeepLast,
            sidedness: Sidedness::LeavingIgnored,
            ..seed.conventions
        },
        ..seed
    };
    let babylon = SlideSettings {
        conventions: Conventions {
            embedded_kept: true,
            dead_zone_m: 1e-3,
            ..fauerby.conventions
        },
        ..seed
    };
    [seed, fauerby, babylon]
}

#[test]
fn a_trace_of_contacts_only_is_the_full_trace_without_its_candidates() {
    let field = common::field();
    let (mut full, mut only) = (Trace::default(), Trace::contacts_only());
    let (mut iterations, mut candidates, mut embedded) = (0, 0, 0);
    for s in settings() {
        for (i, mover) in common::movers(200).into_iter().enumerate() {
            let mut e = mover.ellipsoid;
            // Every fourth starts 0.9 m lower, sunk into the field: embedded contacts, fallbacks.
            if i % 4 == 0 {
                e.center.y -= 0.9;
            }
            let v = mover.motion.velocity * 0.5;
            let a = collide_and_slide(&field, &e, v, &s, Some(&mut full)).unwrap();
            let b = collide_and_slide(&field, &e, v, &s, Some(&mut only)).unwrap();
            assert_eq!(a, b, "mover {i}");
            assert!(only.contacts_only, "kept by the call's clear");
            assert_eq!(full.iterations.len(), only.iterations.len(), "mover {i}");
            for (f, o) in full.iterations.iter().zip(&only.iterations) {
                assert_eq!(
                    (f.start_center, f.velocity_es, &f.contacts, &f.response),
                    (o.start_center, o.velocity_es, &o.contacts, &o.response),
                    "mover {i}"
                );
                assert!(o.candidates.is_empty() && o.dynamic.is_empty());
                candidates += f.candidates.len();
                embedded += (f.contacts.iter())
                    .filter(|c| !matches!(c.time, slidescope_collision::ContactTime::Toi(_)))
                    .count();
            }
            iterations += full.iterations.len();
            assert_eq!(
                (&full.fallback, full.end, full.dead_zone_held),
                (&only.fallback, only.end, only.dead_zone_held),
                "mover {i}"
            );
        }
    }
    // The crowd does reach what the two traces could differ on.
    assert!(iterations > 600, "{iterations} iterations");
    assert!(candidates > iterations, "{candidates} candidates");
    assert!(embedded > 50, "{embedded} embedded contacts");
}
