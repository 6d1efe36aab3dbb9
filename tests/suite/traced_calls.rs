//! A traced call is the call a game makes, observed: the same detections, contacts and end,
//! for every narrow phase and every convention that changes which parts are tested.
use crate::common;

use common::*;
use glam::Vec3;
use proptest::prelude::*;
use slidescope::collision::{
    CollisionMesh, Ellipsoid, NarrowPhaseKind, Roots, Sidedness, SlideSettings, Trace,
    collide_and_slide,
};
use slidescope::level::Level;

fn vec3(r: f32) -> impl Strategy<Value = Vec3> {
    (-r..r, -r..r, -r..r).prop_map(|(x, y, z)| v(x, y, z))
}

/// `settings` with `narrow_phase`.
fn with_narrow(settings: SlideSettings, narrow_phase: NarrowPhaseKind) -> SlideSettings {
    let mut s = settings;
    s.debug.narrow_phase = narrow_phase;
    s
}

/// The traced call's result and its trace's contacts equal the untraced call's.
fn traced_equals_untraced(
    m: &CollisionMesh,
    e: &Ellipsoid,
    velocity: Vec3,
    s: &SlideSettings,
) -> Result<(), String> {
    let mut trace = Trace::default();
    let traced = collide_and_slide(m, e, velocity, s, Some(&mut trace)).unwrap();
    let untraced = collide_and_slide(m, e, velocity, s, None).unwrap();
    if traced != untraced {
        return Err(format!("traced {traced:?}\nuntraced {untraced:?}"));
    }
    if trace.iterations.len() as u32 != traced.iterations {
        return Err(format!("{} iterations traced", trace.iterations.len()));
    }
    Ok(())
}

/// Walking moves on lavaducts (`examples/trace_digest`'s queries) where a traced call used
/// to test candidates by the decomposed parts before the chosen narrow phase, so the
/// gradient-normal solver's contact went unseen and the traced character ended elsewhere.
#[test]
fn traced_walks_on_lavaducts_end_where_untraced_ones_do() {
    let level = Level::load("assets/levels/librequake_lavaducts/lavaducts.glb").unwrap();
    let bits = |b: [u32; 3]| Vec3::from_array(b.map(f32::from_bits));
    let moves = [
        (
            Vec3::splat(0.5),
            bits([3258238018, 3203441624, 1113422546]),
            bits([1056949682, 3213675725, 1056160883]),
        ),
        (
            v(0.4, 0.9, 0.4),
            bits([1093148890, 3218697465, 1106890432]),
            bits([1074161731, 3213675725, 3205753369]),
        ),
    ];
    for (radii, centre, velocity) in moves {
        let e = Ellipsoid::new(centre, radii).unwrap();
        for kind in NarrowPhaseKind::ALL {
            let s = with_narrow(SlideSettings::default(), kind);
            let result = traced_equals_untraced(&level.collision, &e, velocity, &s);
            assert_eq!(result, Ok(()), "{} at {centre}", kind.name());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Random soups, each narrow phase, one- or two-sided, roots at zero or positive only, the
    /// face of a plane moved along tested or skipped.
    #[test]
    fn traced_and_untraced_calls_agree_for_every_narrow_phase(
        tris in prop::collection::vec((vec3(3.0), vec3(1.0), vec3(1.0)), 1..80),
        start in vec3(2.0),
        vel in vec3(3.0),
        radii in (0.2f32..0.8, 0.2f32..1.2),
        narrow in 0..3usize,
        sidedness in 0..3usize,
        positive_only in any::<bool>(),
        plane_skipped in any::<bool>(),
    ) {
        let soup: Vec<[Vec3; 3]> = tris.iter().map(|&(a, b, c)| [a, a + b, a + c]).collect();
        let Ok(m) = CollisionMesh::from_triangles(&soup) else { return Ok(()) };
        let e = Ellipsoid::new(start, v(radii.0, radii.1, radii.0)).unwrap();
        let mut s = with_narrow(SlideSettings::default(), NarrowPhaseKind::ALL[narrow]);
        s.conventions.sidedness =
            [Sidedness::TwoSided, Sidedness::BehindIgnored, Sidedness::LeavingIgnored][sidedness];
        s.conventions.roots = if positive_only { Roots::PositiveOnly } else { Roots::AtZero };
        s.conventions.embedded_plane_skipped = plane_skipped;
        prop_assert_eq!(traced_equals_untraced(&m, &e, vel, &s), Ok(()));
    }
}
