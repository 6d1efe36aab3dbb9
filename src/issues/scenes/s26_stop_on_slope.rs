//! Scene 26 — stopping on a walkable slope after walking up it (PhysX #491).
//!
//! Geometry: a 20° wedge 6 m wide rising −Z from z = 0 to z = −6, a plateau box behind it.
//! Motion: from the foot of the slope, walk −Z up it for 0.6 s, then no input for 3 s.
//! Report: a PhysX character controller, moved every frame by the player's displacement plus
//! gravity's, keeps sliding on the slope once the player lets go; the reporter asks how to
//! keep it from sliding.
//! Adaptation: the walker's own gravity step and friction; the slope's angle is the suite's
//! (the report does not give one); the ellipsoid instead of a capsule.

use super::prelude::*;

pub fn scene() -> IssueScene {
    let (parts, _) = slope_with_plateau(20.0);
    let run = Run::new("walk up, then stop", feet(0.0, 1.0), 0.0)
        .script([Segment::walk(0.6), Segment::idle(3.0)])
        .checks([Check::NoDriftAfterRelease { max_m: 0.001 }]);
    IssueScene {
        number: 26,
        slug: "stop_on_slope",
        title: "Letting go on a 20° slope after walking up it: no sliding down",
        report: Report {
            source: "PhysX #491",
            url: "https://github.com/NVIDIA-Omniverse/PhysX/issues/491",
            text: "A PhysX character controller moved every frame by the player's displacement plus gravity's keeps sliding on a slope once the player lets go; the reporter asks how to prevent it.",
        },
        adaptation: "The walker's own gravity step and friction; a 20° slope (the report gives no angle); the ellipsoid instead of a capsule.",
        ground: Ground::Full,
        parts,
        runs: vec![run],
        expect_pass: &[],
        expect_why: "all fail: as in scene 19, the walker's gravity step is projected onto the slope every frame, so once the keys are let go the player slides down (0.34 m in 3 s at 60 Hz)",
        focus: (0, 1.5),
    }
}
