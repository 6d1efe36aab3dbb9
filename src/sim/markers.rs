//! Timeline markers: frames worth a look, computed from the trace of each recorded step
//! (issue 5): extra iterations, simultaneous contacts (seed 001 12.13, the wedge), embedded
//! correction (12.4.4), the impulse filter (12.15), the max-iteration fallback (12.3),
//! grounded flicker, no progress despite input, and ping-pong between two planes (issue 15's
//! first pathology detector).

use serde::{Deserialize, Serialize};

use crate::collision::{EndReason, Trace};

/// One reason to mark a frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkerKind {
    /// More than one detect/respond iteration made contact (the final clear-path detection
    /// does not count, so plain walking on a floor is not marked).
    ExtraIterations,
    /// An iteration found more than one contact at the same time.
    SimultaneousContacts,
    /// A contact started embedded and was pushed out along its normal.
    EmbeddedCorrection,
    /// The loop ended on the impulse filter.
    ImpulseFilter,
    /// The loop ran out of iterations (fallback or not).
    MaxIterations,
    /// Grounded changed and changed back within [`FLICKER_WINDOW_FRAMES`].
    GroundedFlicker,
    /// A move key was held but the player moved less than [`NO_PROGRESS_FRACTION`] of the
    /// wished horizontal distance.
    NoProgress,
    /// A game's move (through the probe) whose result differs from the reference's re-solve
    /// by more than the tolerance.
    GameDiverges,
    /// The slide alternated between the same two planes within one move (a crease the seed's
    /// one-plane response cannot leave; see [`ping_pong`]).
    PingPong,
    /// A move key held and no progress for [`STUCK_FRAMES`] frames in a row.
    Stuck,
    /// The move ended overlapping a triangle it touched (see `sim::overlap`).
    SkinViolation,
    /// A contact on an edge shared with a coplanar triangle (see `sim::internal_edge`).
    InternalEdge,
    /// The move's integration velocity came out longer than the velocity asked for (see
    /// `sim::speed_gain`); for a game's move, the game's own result.
    SpeedGain,
    /// A start inside a wall resolved by rising (see `sim::depenetration`).
    UpwardDepenetration,
    /// The frame ends elsewhere re-run at a higher step rate (see `sim::step_rate`).
    StepRate,
}

impl MarkerKind {
    pub const ALL: [MarkerKind; 15] = [
        MarkerKind::ExtraIterations,
        MarkerKind::SimultaneousContacts,
        MarkerKind::EmbeddedCorrection,
        MarkerKind::ImpulseFilter,
        MarkerKind::MaxIterations,
        MarkerKind::GroundedFlicker,
        MarkerKind::NoProgress,
        MarkerKind::GameDiverges,
        MarkerKind::PingPong,
        MarkerKind::Stuck,
        MarkerKind::SkinViolation,
        MarkerKind::InternalEdge,
        MarkerKind::SpeedGain,
        MarkerKind::UpwardDepenetration,
        MarkerKind::StepRate,
    ];

    fn bit(self) -> u32 {
        1 << (self as u8)
    }

    /// A short label for the UI.
    pub fn label(self) -> &'static str {
        match self {
            MarkerKind::ExtraIterations => "extra iterations",
            MarkerKind::SimultaneousContacts => "simultaneous contacts",
            MarkerKind::EmbeddedCorrection => "embedded correction",
            MarkerKind::ImpulseFilter => "impulse filter",
            MarkerKind::MaxIterations => "max iterations",
            MarkerKind::GroundedFlicker => "grounded flicker",
            MarkerKind::NoProgress => "no progress",
            MarkerKind::GameDiverges => "game diverges",
            MarkerKind::PingPong => "ping-pong",
            MarkerKind::Stuck => "stuck",
            MarkerKind::SkinViolation => "skin violation",
            MarkerKind::InternalEdge => "internal edge",
            MarkerKind::SpeedGain => "speed gain",
            MarkerKind::UpwardDepenetration => "upward-only depenetration",
            MarkerKind::StepRate => "step-rate dependence",
        }
    }
}

/// Frames within which a grounded change and its reversal count as flicker.
pub const FLICKER_WINDOW_FRAMES: usize = 6;
/// "No progress": moved less than this fraction of the wished horizontal distance.
pub const NO_PROGRESS_FRACTION: f32 = 0.05;
/// "Stuck": this many frames in a row without progress (half a second at 60 Hz).
pub const STUCK_FRAMES: usize = 30;
/// How many frames before a new one [`neighbour_markers`] looks at.
pub const NEIGHBOUR_WINDOW: usize = if STUCK_FRAMES > FLICKER_WINDOW_FRAMES + 1 {
    STUCK_FRAMES - 1
} else {
    FLICKER_WINDOW_FRAMES + 1
};

/// Markers that need the frames before `record`: grounded flicker and stuck. `before` are
/// the frames just before it, oldest first (the last [`NEIGHBOUR_WINDOW`] are used). The one
/// place both the history and a replay compute them.
pub fn neighbour_markers<'a>(
    before: impl DoubleEndedIterator<Item = &'a super::FrameRecord>,
    record: &super::FrameRecord,
) -> Markers {
    // Newest first, bounded.
    let mut grounded = [false; NEIGHBOUR_WINDOW + 1];
    let mut no_progress = [false; NEIGHBOUR_WINDOW + 1];
    grounded[0] = record.after.grounded;
    no_progress[0] = record.markers.contains(MarkerKind::NoProgress);
    let mut n = 1;
    for f in before.rev().take(NEIGHBOUR_WINDOW) {
        grounded[n] = f.after.grounded;
        no_progress[n] = f.markers.contains(MarkerKind::NoProgress);
        n += 1;
    }
    let flicker_len = n.min(FLICKER_WINDOW_FRAMES + 2);
    let mut recent = [false; FLICKER_WINDOW_FRAMES + 2];
    for (k, g) in grounded[..flicker_len].iter().rev().enumerate() {
        recent[k] = *g;
    }
    let stuck = n >= STUCK_FRAMES && no_progress[..STUCK_FRAMES].iter().all(|p| *p);
    Markers::NONE
        .with(
            MarkerKind::GroundedFlicker,
            is_flicker(&recent[..flicker_len]),
        )
        .with(MarkerKind::Stuck, stuck)
}

/// Sets on `record` what needs the frames before it (oldest first): [`neighbour_markers`] and
/// the ping-pong across frames ([`frame_ping_pong`], kept in its findings). The one place the
/// history and a replay do it.
pub fn apply_neighbours<'a>(
    before: impl DoubleEndedIterator<Item = &'a super::FrameRecord> + Clone,
    record: &mut super::FrameRecord,
) {
    record.markers = record
        .markers
        .union(neighbour_markers(before.clone(), record));
    record.findings.frame_ping_pong = frame_ping_pong(before, record);
    record.markers = record.markers.union(record.findings.markers());
}

/// A set of [`MarkerKind`]s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Markers(u32);

impl Markers {
    pub const NONE: Markers = Markers(0);
    pub const ALL: Markers = Markers((1 << MarkerKind::ALL.len()) - 1);

    pub fn with(mut self, kind: MarkerKind, on: bool) -> Self {
        if on {
            self.0 |= kind.bit();
        } else {
            self.0 &= !kind.bit();
        }
        self
    }

    /// Both sets together.
    pub fn union(self, other: Markers) -> Self {
        Markers(self.0 | other.0)
    }

    pub fn contains(self, kind: MarkerKind) -> bool {
        self.0 & kind.bit() != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn intersects(self, other: Markers) -> bool {
        self.0 & other.0 != 0
    }

    /// The kinds in the set, in [`MarkerKind::ALL`] order.
    pub fn kinds(self) -> impl Iterator<Item = MarkerKind> {
        MarkerKind::ALL
            .into_iter()
            .filter(move |k| self.contains(*k))
    }
}

/// Two normals closer than this (cosine) are the same plane.
const SAME_PLANE_COS: f32 = 0.999;

/// A move whose slide went back and forth between two planes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PingPong {
    /// Iterations that returned to the plane of the iteration before the last (A B A: one).
    pub returns: usize,
    /// The two planes' normals (world).
    pub planes: [glam::Vec3; 2],
}

impl PingPong {
    /// One line for the timeline and the inspector.
    pub fn reason(&self) -> String {
        let [a, b] = self.planes;
        format!(
            "ping-pong: the slide went back to the same plane {} times, between normals ({:.2}, {:.2}, {:.2}) and ({:.2}, {:.2}, {:.2})",
            self.returns, a.x, a.y, a.z, b.x, b.y, b.z
        )
    }
}

/// The move's slide normals alternating A B A B …: at least two returns to the plane two
/// iterations back across a different plane. `None` for an ordinary move.
pub fn ping_pong(trace: &Trace) -> Option<PingPong> {
    let normals: Vec<glam::Vec3> = trace
        .iterations
        .iter()
        .filter_map(|it| it.response.map(|r| r.slide_normal))
        .collect();
    let mut returns = 0;
    let mut planes = None;
    for w in normals.windows(3) {
        if w[0].dot(w[2]) > SAME_PLANE_COS && w[0].dot(w[1]) < SAME_PLANE_COS {
            returns += 1;
            planes.get_or_insert([w[0], w[1]]);
        }
    }
    (returns >= 2).then(|| PingPong {
        returns,
        planes: planes.unwrap_or_default(),
    })
}

/// Frames (this one and those just before it) over which [`frame_ping_pong`] looks for a
/// repeating pattern of first slide planes.
pub const FRAME_PING_PONG_FRAMES: usize = 6;

/// A walker stuck between planes from frame to frame: each call ends on its own (the impulse
/// filter, a spent velocity) and the next frame starts on another plane, in a cycle (issue 15
/// §3; scene 16's wide corner cycles floor, left wall, right wall).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct FramePingPong {
    /// Frames after which the first slide plane repeats (2: A B A B …, 3: A B C A B C …).
    pub period: usize,
    /// The first slide normals of this frame and the one before it (world).
    pub planes: [glam::Vec3; 2],
}

impl FramePingPong {
    /// One line for the timeline and the inspector.
    pub fn reason(&self) -> String {
        let [a, b] = self.planes;
        format!(
            "ping-pong across frames: without progress, the first slide plane repeats every {} frames over the last {}, between normals ({:.2}, {:.2}, {:.2}) and ({:.2}, {:.2}, {:.2})",
            self.period, FRAME_PING_PONG_FRAMES, a.x, a.y, a.z, b.x, b.y, b.z
        )
    }
}

/// The ping-pong across frames: `record` made no progress, and the first slide normals of it
/// and the frames just before it (oldest first) repeat with a period of 2 or 3 frames over the
/// last [`FRAME_PING_PONG_FRAMES`] without being all the same plane. Sliding along a wall
/// makes progress, and standing in a corner keeps one first plane: neither is reported.
pub fn frame_ping_pong<'a>(
    before: impl DoubleEndedIterator<Item = &'a super::FrameRecord>,
    record: &super::FrameRecord,
) -> Option<FramePingPong> {
    if !record.markers.contains(MarkerKind::NoProgress) {
        return None;
    }
    let first_normal = |f: &super::FrameRecord| {
        f.trace
            .iterations
            .iter()
            .find_map(|it| it.response.map(|r| r.slide_normal))
    };
    // Newest first.
    let mut normals = [glam::Vec3::ZERO; FRAME_PING_PONG_FRAMES];
    normals[0] = first_normal(record)?;
    let mut n = 1;
    for f in before.rev().take(FRAME_PING_PONG_FRAMES - 1) {
        normals[n] = first_normal(f)?;
        n += 1;
    }
    if n < FRAME_PING_PONG_FRAMES {
        return None;
    }
    let same = |a: glam::Vec3, b: glam::Vec3| a.dot(b) > SAME_PLANE_COS;
    if normals.windows(2).all(|w| same(w[0], w[1])) {
        return None;
    }
    let period = (2..=3)
        .find(|&p| (0..FRAME_PING_PONG_FRAMES - p).all(|k| same(normals[k], normals[k + p])))?;
    Some(FramePingPong {
        period,
        planes: [normals[0], normals[1]],
    })
}

/// Markers that depend on one frame's trace only.
pub fn trace_markers(trace: &Trace) -> Markers {
    let contact_iterations = trace
        .iterations
        .iter()
        .filter(|it| !it.contacts.is_empty())
        .count();
    let simultaneous = trace.iterations.iter().any(|it| it.contacts.len() > 1);
    let embedded = trace
        .iterations
        .iter()
        .flat_map(|it| &it.contacts)
        .any(|c| c.time.is_embedded());
    Markers::NONE
        .with(MarkerKind::ExtraIterations, contact_iterations > 1)
        .with(MarkerKind::SimultaneousContacts, simultaneous)
        .with(MarkerKind::EmbeddedCorrection, embedded)
        .with(
            MarkerKind::ImpulseFilter,
            trace.end == EndReason::ImpulseFilter,
        )
        .with(
            MarkerKind::MaxIterations,
            matches!(trace.end, EndReason::Fallback | EndReason::MaxIterations),
        )
        .with(MarkerKind::PingPong, ping_pong(trace).is_some())
}

/// True when `grounded` (oldest first, the newest last) changed on its last entry and had
/// changed before within the window: changed and changed back.
pub fn is_flicker(grounded_recent: &[bool]) -> bool {
    let n = grounded_recent.len();
    if n < 3 || grounded_recent[n - 1] == grounded_recent[n - 2] {
        return false;
    }
    let start = n.saturating_sub(FLICKER_WINDOW_FRAMES + 1);
    grounded_recent[start..n - 1]
        .windows(2)
        .any(|w| w[0] != w[1])
}

#[cfg(test)]
mod tests {
    use glam::Vec3;

    use super::*;
    use crate::collision::{IterationTrace, ResponseTrace};

    /// A trace whose iterations slid on these normals, in order.
    fn trace(normals: &[Vec3]) -> Trace {
        Trace {
            iterations: normals
                .iter()
                .map(|&n| IterationTrace {
                    response: Some(ResponseTrace {
                        new_center: Vec3::ZERO,
                        new_center_es: Vec3::ZERO,
                        slide_normal: n,
                        slide_normal_es: n,
                        remaining_velocity: Vec3::ZERO,
                        remaining_velocity_es: Vec3::ZERO,
                        slide_velocity: Vec3::ZERO,
                        slide_velocity_es: Vec3::ZERO,
                        integration_velocity: Vec3::ZERO,
                        object_push: Vec3::ZERO,
                        crease_with: None,
                    }),
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        }
    }

    #[test]
    fn ping_pong_fires_on_alternating_planes_only() {
        let (a, b, c) = (Vec3::Y, Vec3::new(-0.87, -0.5, 0.0), Vec3::Z);
        let p = ping_pong(&trace(&[a, b, a, b, a])).expect("A B A B A");
        assert_eq!(p.returns, 3);
        assert_eq!(p.planes, [a, b]);
        assert!(p.reason().contains("3 times"));
        assert!(trace_markers(&trace(&[a, b, a, b])).contains(MarkerKind::PingPong));
        // One return is a corner, not a ping-pong; new planes and repeats are not either.
        assert_eq!(ping_pong(&trace(&[a, b, a])), None);
        assert_eq!(ping_pong(&trace(&[a, b, c, a])), None);
        assert_eq!(ping_pong(&trace(&[a, a, a, a])), None);
        assert_eq!(ping_pong(&trace(&[])), None);
    }

    /// A recorded frame whose move first slid on `first`, with or without progress.
    fn frame(first: Vec3, progress: bool) -> super::super::FrameRecord {
        use crate::collision::{CollisionMesh, SlideSettings};
        use crate::sim::{PlayerInput, PlayerParams, Sim};
        let floor = CollisionMesh::from_triangles(&[[
            Vec3::new(-5.0, 0.0, -5.0),
            Vec3::new(-5.0, 0.0, 5.0),
            Vec3::new(5.0, 0.0, 0.0),
        ]])
        .unwrap();
        let mut sim = Sim::new(
            Vec3::ZERO,
            PlayerParams::default(),
            SlideSettings::default(),
        );
        sim.step(&floor, &PlayerInput::default());
        let mut r = sim.history().iter().last().unwrap().clone();
        r.trace = trace(&[first]);
        r.markers = Markers::NONE.with(MarkerKind::NoProgress, !progress);
        r
    }

    #[test]
    fn ping_pong_across_frames_fires_on_cycles_without_progress_only() {
        let (f, a, b) = (
            Vec3::Y,
            Vec3::new(0.5, 0.0, 0.87),
            Vec3::new(-0.5, 0.0, 0.87),
        );
        let run = |firsts: &[Vec3], progress: bool| {
            let frames: Vec<_> = firsts.iter().map(|&n| frame(n, progress)).collect();
            let (last, before) = frames.split_last().unwrap();
            frame_ping_pong(before.iter(), last)
        };
        // Scene 16's cycle: floor, left wall, right wall, ...
        let p = run(&[f, a, b, f, a, b], false).expect("period 3");
        assert_eq!(p.period, 3);
        assert_eq!(p.planes, [b, a]);
        assert!(p.reason().contains("every 3 frames"), "{}", p.reason());
        assert_eq!(run(&[a, b, a, b, a, b], false).map(|p| p.period), Some(2));
        // Making progress (sliding along a wall, touching the floor and the wall by turns),
        // one plane all along, a broken cycle, or too few frames: nothing.
        assert_eq!(run(&[a, f, a, f, a, f], true), None);
        assert_eq!(run(&[a, a, a, a, a, a], false), None);
        assert_eq!(run(&[f, a, b, f, b, a], false), None);
        assert_eq!(run(&[a, b, a, b, a], false), None);
        // The history sets the marker and keeps the finding with its reason.
        let mut frames: Vec<_> = [f, a, b, f, a, b]
            .iter()
            .map(|&n| frame(n, false))
            .collect();
        let mut last = frames.pop().unwrap();
        apply_neighbours(frames.iter(), &mut last);
        assert!(last.markers.contains(MarkerKind::PingPong));
        assert!(
            last.findings.reasons().iter().any(
                |(k, r)| *k == MarkerKind::PingPong && r.starts_with("ping-pong across frames")
            )
        );
    }
}
