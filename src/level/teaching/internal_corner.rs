//! Stations: internal corners of 90°, 60° and 30° — two walls meeting in a V that opens
//! towards the spawn. Pushed into the corner, the response slides the ellipsoid from one
//! wall into the other and back (seed 001 fig. 12.15: the jitter the dot-product filter
//! stops).
//!
//! Each wall is a box whose inner face starts exactly at the apex; a small triangular prism
//! fills the gap between the two walls' outer faces behind the apex.

use super::material::MaterialId;
use super::snap::yaw_dir;
use super::solid::Part;
use super::station::{StationPlan, on_floor, p};

const WALL_LENGTH_M: f64 = 4.0;
const WALL_THICKNESS_M: f64 = 0.3;
const WALL_HEIGHT_M: f64 = 2.5;

/// Two walls meeting at `angle_deg` (the opening angle of the V, seen from the spawn).
pub fn plan(name: &'static str, label: &'static str, angle_deg: f64) -> StationPlan {
    let apex = p(0.0, 0.0, -2.0);
    let up = p(0.0, WALL_HEIGHT_M, 0.0);
    // +Z (towards the spawn) is yaw 270°; the walls leave the apex at ±angle/2 from it.
    let d_left = yaw_dir(270.0 - angle_deg / 2.0);
    let d_right = yaw_dir(270.0 + angle_deg / 2.0);
    // Outward (away from the inside of the V) sides of each wall.
    // For a = 90°: d_left = (−0.71, 0, 0.71) → out_left = (−0.71, 0, −0.71).
    let out_left = p(-d_left.z, 0.0, d_left.x);
    let out_right = p(d_right.z, 0.0, -d_right.x);
    let t = WALL_THICKNESS_M;
    let wall = |name: &str, d, out| {
        let end = apex + d * WALL_LENGTH_M;
        Part::prism(
            name,
            MaterialId::Corner,
            &[apex, end, end + out * t, apex + out * t],
            up,
        )
    };
    let parts = vec![
        wall("wall_left", d_left, out_left),
        wall("wall_right", d_right, out_right),
        Part::prism(
            "apex_fill",
            MaterialId::Corner,
            &[apex, apex + out_left * t, apex + out_right * t],
            up,
        ),
    ];
    StationPlan {
        name,
        label,
        seed_ref: "fig. 12.15",
        parts,
        spawn: on_floor(0.0, 3.5),
        look: p(0.0, 1.0, -2.0),
    }
}

pub fn right_angle() -> StationPlan {
    plan(
        "internal_corner_90",
        "Internal 90° corner: push into it, watch the response bounce",
        90.0,
    )
}

pub fn sixty() -> StationPlan {
    plan(
        "internal_corner_60",
        "Internal 60° corner: sharper than square",
        60.0,
    )
}

pub fn thirty() -> StationPlan {
    plan(
        "internal_corner_30",
        "Internal 30° corner: a narrow V the ellipsoid cannot reach the bottom of",
        30.0,
    )
}
