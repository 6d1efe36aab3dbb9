//! Scene 21 — wedged between steep slopes (Jolt #1876, #1887).
//!
//! Geometry: a valley along z: two boards 6 m wide, 3 m long and 0.1 m thick, tilted 60° (steeper
//! than the walker's 45°) and rising outwards from feet 0.15 m either side of x = 0, so the
//! 0.8 m wide ellipsoid is wedged between them 0.4 m above the floor.
//! Motion: two runs, each dropped from 1.5 m above the valley at z = 2.5: one stays for 3 s;
//! the other waits 1 s and then walks −Z along the valley for 2 s.
//! Report: Jolt's CharacterVirtual got stuck when placed in an area surrounded by slopes
//! steeper than its maximum slope angle: the solver's guard against ping-ponging between two
//! planes failed there (#1876), and the vertical planes it adds to keep a character from
//! climbing steep slopes, which carried the depenetration velocity, held it from moving at all
//! once they surrounded it (#1887). Wedged in the valley, the character must rest without
//! jittering and still walk out along it.
//! Adaptation: the report's "area surrounded by slopes" is a valley of two, open at both ends,
//! so there is a way out to take; a capsule becomes the ellipsoid.

use super::prelude::*;

const TILT_DEG: f64 = 60.0;

pub fn scene() -> IssueScene {
    let parts = [DVec3::X, DVec3::NEG_X]
        .into_iter()
        .enumerate()
        .map(|(k, out)| {
            board(
                &format!("steep_{k}"),
                MaterialId::Slope,
                out * 0.15,
                out,
                6.0,
                3.0,
                0.1,
                TILT_DEG,
            )
        })
        .collect();
    let start = DVec3::new(0.0, 1.5, 2.5);
    let rest = Run::new("wedged", start, 0.0)
        .script([Segment::idle(3.0)])
        .checks([
            Check::NoJitter { max_m: 0.001 },
            Check::NoDrift { max_m: 0.001 },
        ]);
    let walk = Run::new("walking out along the valley", start, 0.0)
        .script([Segment::idle(1.0), Segment::walk(2.0)])
        .checks([
            Check::Progress { min_m: 3.0 },
            Check::NotStuck { max_frames: 0 },
            Check::NoJitter { max_m: 0.002 },
        ]);
    IssueScene {
        number: 21,
        slug: "steep_valley",
        title: "Wedged between two 60° slopes: rest, and walk out along them",
        report: Report {
            source: "Jolt #1876, #1887",
            url: "https://github.com/jrouwe/JoltPhysics/pull/1887",
            text: "A CharacterVirtual placed in an area surrounded by slopes steeper than its maximum slope angle got stuck: the guard against ping-ponging between two planes failed (#1876), and the vertical planes that keep it from climbing steep slopes carried the depenetration velocity and, surrounding it, held it from moving at all (#1887).",
        },
        adaptation: "A valley of two steep slopes, open at both ends, instead of an area surrounded by slopes, so there is a way out; the ellipsoid instead of a capsule.",
        ground: Ground::Full,
        parts,
        runs: vec![rest, walk],
        expect_pass: &[],
        expect_why: "all fail: landing between the slopes, the slide off one goes up the other and back, a ping-pong between the two planes that dies out over eight frames (6.7 mm at 60 Hz), the guard's failure of #1876",
        focus: (1, 1.5),
    }
}
