//! Property test: any input sequence and any parameters (NaN, infinities, huge values) never
//! panic and never put a NaN into the player state.
use crate::common;

use common::*;
use proptest::prelude::*;
use slidescope::collision::SlideSettings;
use slidescope::sim::{FixedStep, PlayerInput, PlayerParams, Sim};

fn any_f32() -> impl Strategy<Value = f32> {
    prop_oneof![
        4 => -2.0f32..2.0,
        1 => -1e6f32..1e6,
        1 => Just(f32::NAN),
        1 => Just(f32::INFINITY),
        1 => Just(f32::NEG_INFINITY),
    ]
}

fn any_input() -> impl Strategy<Value = PlayerInput> {
    (any_f32(), any_f32(), any_f32(), any::<[bool; 6]>()).prop_map(
        |(forward, right, yaw_rad, b)| PlayerInput {
            forward,
            right,
            yaw_rad,
            jump: b[0],
            run: b[1],
            crouch: b[2],
            noclip: b[3] && b[4],
            fly_up: b[4],
            fly_down: b[5],
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn random_inputs_never_produce_nan_or_panic(
        inputs in proptest::collection::vec(any_input(), 1..120),
        gravity in any_f32(),
        radius in any_f32(),
        walk in any_f32(),
        real_dt in any_f32(),
    ) {
        let mut tris = stairs(0.2, 3);
        tris.extend(solid_box(v(-3.0, 1.25, -1.0), v(-2.0, 1.6, 1.0)));
        let m = mesh(&tris);
        let params = PlayerParams {
            gravity_mps2: gravity * 10.0,
            walk_speed_mps: walk * 10.0,
            standing_radii: glam::Vec3::new(0.4, radius, 0.4),
            ..Default::default()
        };
        let mut sim = Sim::with_clock(v(0.0, 0.5, 0.0), params, SlideSettings::default(), FixedStep::new(60.0, 4));
        for input in &inputs {
            sim.update(&m, f64::from(real_dt) * 0.05, input);
            let s = sim.step(&m, input);
            prop_assert!(s.is_finite(), "{s:?} after {input:?}");
        }
        prop_assert!(sim.render_center(0.5).is_finite());
    }
}
