//! The numbers a run measures from its recorded frames (the same `FrameRecord`s the app's
//! timeline shows): how far it climbed, sank and progressed, frames stuck, jitter, speed
//! gained, the deepest overlap and tunnels, each checked independently of the core's own
//! bookkeeping (brute-force clearance over every triangle, a ray along every centre move).

use glam::Vec3;
use serde::Serialize;

use crate::collision::{CollisionMesh, Ellipsoid, EndReason, debug::clearance_es, raycast};
use crate::sim::{FrameRecord, MarkerKind};

/// Frames before this time (s) do not count for jitter and drift: the character settles
/// onto the floor it was placed just above.
pub const SETTLE_SECS: f64 = 0.5;

/// After the keys are let go, the walker's friction stops the player within this (s); the
/// drift after letting go counts from then.
pub const RELEASE_SETTLE_SECS: f64 = 1.0;

/// A frame's vertical motion below this (m) counts as hanging when airborne.
const HANG_M: f32 = 1e-5;
/// Per-axis back-and-forth below this (m) is rounding, not jitter.
const JITTER_FLOOR_M: f32 = 1e-6;

#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct RunMetrics {
    pub frames: u32,
    /// Highest centre above the start (m).
    pub rise_m: f32,
    /// Lowest centre below the settled centre after settling (m, ≥ 0).
    pub sink_m: f32,
    /// How far the last centre is below the first (m; negative: above).
    pub drop_m: f32,
    /// Horizontal displacement along the held direction (m).
    pub progress_m: f32,
    /// Largest horizontal distance of the centre from the straight line between the run's
    /// first and last centres (m).
    pub path_deviation_m: f32,
    /// Airborne frames (before and after) whose centre did not move vertically.
    pub hang_frames: u32,
    /// Frames marked grounded-flicker.
    pub flicker_frames: u32,
    /// Frames marked stuck (a move key held, no progress for `STUCK_FRAMES` in a row).
    pub stuck_frames: u32,
    /// The largest back-and-forth of the centre along any axis between two consecutive
    /// frames after settling (m): a bump against a wall while sliding along it shows in the
    /// axis across the wall even though the whole move keeps going.
    pub jitter_m: f32,
    /// The integration velocity's largest excess over the velocity asked for (%).
    pub speed_gain_pct: f32,
    /// Horizontal distance from the settled position to the end (m); 0 when a move key was
    /// held after settling (then the distance is the walk, not a drift).
    pub drift_m: f32,
    /// Horizontal distance from [`RELEASE_SETTLE_SECS`] after the last frame a move key was
    /// held to the end (m); 0 when no key was held, or held to the end.
    pub release_drift_m: f32,
    /// Deepest end-of-move overlap with any triangle (eSpace units, 0 when clear).
    pub deepest_overlap_es: f32,
    /// Centre moves that crossed a triangle.
    pub tunnels: u32,
    /// A non-finite position.
    pub non_finite: bool,
    /// Frames whose loop ran out of iterations.
    pub fallbacks: u32,
    /// Frames marked ping-pong.
    pub ping_pong_frames: u32,
    /// Final centre (m).
    pub end: [f32; 3],
}

/// Measures `frames` (one run, in order) walked in `mesh` holding direction `wish` (unit,
/// horizontal) at `dt_secs` a frame.
pub fn measure(
    mesh: &CollisionMesh,
    frames: &[&FrameRecord],
    wish: Vec3,
    dt_secs: f64,
) -> RunMetrics {
    let mut m = RunMetrics {
        frames: frames.len() as u32,
        ..Default::default()
    };
    let (Some(first), Some(last)) = (frames.first(), frames.last()) else {
        return m;
    };
    let start = first.before.center;
    let end = last.after.center;
    m.end = end.to_array();
    m.drop_m = start.y - end.y;
    let settle = ((SETTLE_SECS / dt_secs).round() as usize).min(frames.len() - 1);
    let settled = frames[settle].before.center;
    let flat = |v: Vec3| Vec3::new(v.x, 0.0, v.z);
    let moved = flat(end - start);
    m.progress_m = moved.dot(wish);
    let chord = moved.normalize_or_zero();
    if !frames[settle..].iter().any(|f| f.input.wants_to_move()) {
        m.drift_m = flat(end - settled).length();
    }
    m.release_drift_m = release_drift(frames, dt_secs);
    let mut previous: Option<Vec3> = None;
    for (i, f) in frames.iter().enumerate() {
        let (a, b) = (f.before.center, f.after.center);
        if !b.is_finite() {
            m.non_finite = true;
            continue;
        }
        m.rise_m = m.rise_m.max(b.y - start.y);
        if i >= settle {
            m.sink_m = m.sink_m.max(settled.y - b.y);
        }
        let off = flat(b - start);
        m.path_deviation_m = m
            .path_deviation_m
            .max((off - chord * off.dot(chord)).length());
        m.stuck_frames += u32::from(f.markers.contains(MarkerKind::Stuck));
        m.flicker_frames += u32::from(f.markers.contains(MarkerKind::GroundedFlicker));
        m.hang_frames +=
            u32::from(!f.before.grounded && !f.after.grounded && (b.y - a.y).abs() < HANG_M);
        m.ping_pong_frames += u32::from(f.markers.contains(MarkerKind::PingPong));
        m.fallbacks += u32::from(matches!(
            f.trace.end,
            EndReason::Fallback | EndReason::MaxIterations
        ));
        if let Some(g) = f.findings.speed_gain {
            m.speed_gain_pct = m.speed_gain_pct.max((g - 1.0) * 100.0);
        }
        let d = b - a;
        if d.length() > 0.0
            && let Ok(Some(hit)) = raycast(mesh, a, d, d.length())
            && hit.distance < d.length()
        {
            m.tunnels += 1;
        }
        if let Some(e) = f
            .call
            .ellipsoid
            .and_then(|e| Ellipsoid::with_axes(b, e.radii, e.axes).ok())
        {
            m.deepest_overlap_es = m.deepest_overlap_es.max(1.0 - clearance_es(mesh, &e));
        }
        if i > settle
            && let Some(p) = previous
        {
            for k in 0..3 {
                if p[k] * d[k] < 0.0 {
                    let swing = p[k].abs().min(d[k].abs());
                    if swing > JITTER_FLOOR_M {
                        m.jitter_m = m.jitter_m.max(swing);
                    }
                }
            }
        }
        previous = Some(d);
    }
    m
}

/// Horizontal distance from [`RELEASE_SETTLE_SECS`] after the last frame with a move key held
/// to the end (m); 0 when no key was held, or held until too close to the end.
fn release_drift(frames: &[&FrameRecord], dt_secs: f64) -> f32 {
    let Some(last_held) = frames.iter().rposition(|f| f.input.wants_to_move()) else {
        return 0.0;
    };
    let from = last_held + 1 + (RELEASE_SETTLE_SECS / dt_secs).round() as usize;
    let (Some(a), Some(b)) = (frames.get(from), frames.last()) else {
        return 0.0;
    };
    let d = b.after.center - a.before.center;
    Vec3::new(d.x, 0.0, d.z).length()
}
