//! `collide_and_slide_batch`: results bit-identical to one-at-a-time calls for any
//! thread count (a walker's heading passed per mover, as per call), bad input named before
//! anything is solved.

mod common;

use common::{field, movers};
use glam::Vec3;
use slidescope_collision::{
    CollisionError, CollisionWorld, Response, Scratch, SlideBatch, SlideResult, SlideSettings,
    collide_and_slide_batch, collide_and_slide_in,
};

#[test]
fn results_equal_one_at_a_time_calls_for_any_thread_count() {
    let mesh = field();
    let world = CollisionWorld::static_only(&mesh);
    let mut planes = SlideSettings::default();
    planes.response.rule = Response::Planes;
    for s in [SlideSettings::default(), planes] {
        equals_one_at_a_time(world, &s);
    }
}

fn equals_one_at_a_time(world: CollisionWorld<'_>, s: &SlideSettings) {
    let ms = movers(517);
    let mut scratch = Scratch::default();
    let expected: Vec<SlideResult> = ms
        .iter()
        .map(|m| {
            collide_and_slide_in(world, &m.ellipsoid, m.motion, s, &mut scratch, None).unwrap()
        })
        .collect();
    assert!(expected.iter().filter(|r| r.hit()).count() > 400);
    let mut batch = SlideBatch::new();
    for threads in [1, 2, 3, 8, 0] {
        let mut got = vec![SlideResult::default(); ms.len()];
        batch.run(world, &ms, s, &mut got, threads).unwrap();
        for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
            // Bit-identical, not merely close.
            assert_eq!(
                (g.position.to_array().map(f32::to_bits), g),
                (e.position.to_array().map(f32::to_bits), e),
                "mover {i} with {threads} threads"
            );
        }
    }
}

#[test]
fn a_bad_mover_is_named_and_nothing_is_written() {
    let mesh = field();
    let mut ms = movers(100);
    ms[57].motion.velocity = Vec3::new(f32::NAN, 0.0, 0.0);
    let sentinel = SlideResult {
        iterations: 99,
        ..SlideResult::default()
    };
    let mut got = vec![sentinel; ms.len()];
    let s = SlideSettings::default();
    let e = collide_and_slide_batch((&mesh).into(), &ms, &s, &mut got, 2).unwrap_err();
    assert!(
        matches!(&e, CollisionError::Mover { index: 57, error } if matches!(**error, CollisionError::NonFiniteVelocity(_))),
        "{e}"
    );
    assert!(got.iter().all(|r| *r == sentinel));
    let e = collide_and_slide_batch((&mesh).into(), &ms[..3], &s, &mut got, 2).unwrap_err();
    assert_eq!(
        e,
        CollisionError::BatchLength {
            movers: 3,
            results: 100
        }
    );
}

#[test]
fn an_empty_batch_is_fine() {
    let mesh = field();
    collide_and_slide_batch((&mesh).into(), &[], &SlideSettings::default(), &mut [], 4).unwrap();
}

#[test]
fn a_movers_heading_that_is_not_finite_is_named() {
    let mesh = field();
    let mut ms = movers(100);
    ms[58].motion.heading = Some(Vec3::new(0.0, 0.0, f32::INFINITY));
    let mut got = vec![SlideResult::default(); ms.len()];
    let s = SlideSettings::default();
    let e = collide_and_slide_batch((&mesh).into(), &ms, &s, &mut got, 2).unwrap_err();
    assert!(
        matches!(&e, CollisionError::Mover { index: 58, error } if matches!(**error, CollisionError::BadSetting { name: "heading", .. })),
        "{e}"
    );
}
