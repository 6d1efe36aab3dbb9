//! Scene 18 — the surf "rampbug": a tiny non-coplanar sliver in a ramp.
//!
//! Geometry: a 40° ramp 16 m wide rising −Z, one open sheet: a segment from x = −8 to 0, a
//! 1 cm sliver strip from x = 0 to 0.01 whose far edge dips 0.5° below the ramp's plane, and a
//! segment from x = 0.01 to 8 back in the plane (so it starts 87 µm above the sliver's end:
//! a step no one can see).
//! Motion: standing on the ramp at (−3, 1.2 up, −1.4), walk +X across the sliver for 2.5 s.
//! Report: surf maps' "rampbug" (Source engine): a player sliding across a ramp stops dead as
//! if hitting a wall where the ramp's triangles are not exactly coplanar; the seam's edge is
//! taken as the slide plane.
//! Adaptation: the walker has no surf physics (air strafing on a steep ramp), so the ramp is
//! 40°, walkable, and the walker crosses it on foot; the sliver acts on its slide the same way.

use super::prelude::*;

const SLOPE_DEG: f64 = 40.0;

pub fn scene() -> IssueScene {
    let t = SLOPE_DEG.to_radians().tan();
    let n = DVec3::new(
        0.0,
        SLOPE_DEG.to_radians().cos(),
        SLOPE_DEG.to_radians().sin(),
    );
    let on = |x: f64, z: f64| DVec3::new(x, -z * t, z);
    let (z0, z1) = (0.0, -4.0);
    let dip = n * (0.01 * 0.5f64.to_radians().tan());
    let quad = |a: DVec3, b: DVec3, c: DVec3, d: DVec3| Face {
        vertices: vec![a, b, c, d],
    };
    let faces = vec![
        quad(on(-8.0, z0), on(0.0, z0), on(0.0, z1), on(-8.0, z1)),
        quad(
            on(0.0, z0),
            on(0.01, z0) - dip,
            on(0.01, z1) - dip,
            on(0.0, z1),
        ),
        quad(on(0.01, z0), on(8.0, z0), on(8.0, z1), on(0.01, z1)),
    ];
    let start = on(-3.0, -1.4) + DVec3::Y * SPAWN_LIFT_M;
    let run = Run::new("across the sliver", start, -90.0)
        .script([Segment::walk(2.5)])
        .checks([
            Check::Progress { min_m: 7.0 },
            Check::NotStuck { max_frames: 0 },
            Check::NoSpeedGain { max_pct: 1.0 },
        ]);
    IssueScene {
        number: 18,
        slug: "rampbug",
        title: "Crossing a ramp with a 1 cm non-coplanar sliver: the sliver is no wall",
        report: Report {
            source: "surf rampbug (Source engine)",
            url: "https://github.com/ValveSoftware/Source-1-Games/issues?q=rampbug",
            text: "Surf players report the 'rampbug': sliding across a ramp they stop dead, as if hitting a wall, where the ramp's triangles are not exactly coplanar.",
        },
        adaptation: "A walkable 40 degree ramp crossed on foot instead of a surf ramp crossed in the air.",
        ground: Ground::Full,
        parts: vec![Part::surface("ramp", MaterialId::Slope, faces)],
        runs: vec![run],
        expect_pass: &Variant::OURS,
        expect_why: "the 87 micrometre step is met low on the ellipsoid, which rolls over it",
        focus: (0, 0.7),
    }
}
