//! Ping-pong (the first pathology detector): the slide going back and forth between two
//! planes. Within one move, the slide normals alternate A B A B … (a crease the seed's
//! one-plane response cannot leave); across frames, a walker that makes no progress starts
//! each frame's move on another plane, in a cycle (scene 16's wide corner cycles
//! floor, left wall, right wall), each call ending on its own (the impulse filter, a spent
//! velocity).

use glam::Vec3;
use serde::{Deserialize, Serialize};

use super::frame_view::FrameView;
use super::no_progress;
use crate::collision::Trace;

/// Two normals closer than this (cosine) are the same plane.
const SAME_PLANE_COS: f32 = 0.999;

/// A move whose slide went back and forth between two planes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PingPong {
    /// Iterations that returned to the plane of the iteration before the last (A B A: one).
    pub returns: usize,
    /// The two planes' normals (world).
    pub planes: [Vec3; 2],
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

/// The ping-pong within one move marks the frame.
pub fn marks(trace: &Trace) -> bool {
    ping_pong(trace).is_some()
}

/// The move's slide normals alternating A B A B …: at least two returns to the plane two
/// iterations back across a different plane. `None` for an ordinary move.
pub fn ping_pong(trace: &Trace) -> Option<PingPong> {
    let normals: Vec<Vec3> = trace
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
/// Frames before this one it reads.
pub const FRAMES_BEFORE: usize = FRAME_PING_PONG_FRAMES - 1;

/// A walker stuck between planes from frame to frame, kept with the record.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct FramePingPong {
    /// Frames after which the first slide plane repeats (2: A B A B …, 3: A B C A B C …).
    pub period: usize,
    /// The first slide normals of this frame and the one before it (world).
    pub planes: [Vec3; 2],
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

/// The ping-pong across frames: the frame (`recent[0]`; the frames before it follow, newest
/// first) made no progress, and the first slide normals of it and the frames just before it
/// repeat with a period of 2 or 3 frames over the last [`FRAME_PING_PONG_FRAMES`] without
/// being all the same plane. Sliding along a wall makes progress, and standing in a corner
/// keeps one first plane: neither is reported.
pub fn frame_ping_pong(recent: &[FrameView<'_>]) -> Option<FramePingPong> {
    if recent.len() < FRAME_PING_PONG_FRAMES || !no_progress::marks(&recent[0]) {
        return None;
    }
    // Newest first.
    let mut normals = [Vec3::ZERO; FRAME_PING_PONG_FRAMES];
    for (n, f) in normals.iter_mut().zip(recent) {
        *n = f.first_slide_normal()?;
    }
    let same = |a: Vec3, b: Vec3| a.dot(b) > SAME_PLANE_COS;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{PlayerInput, PlayerState};

    /// A trace whose iterations slid on these normals, in order.
    fn slid_on(normals: &[Vec3]) -> Trace {
        use crate::collision::{IterationTrace, ResponseTrace};
        let response = |n: Vec3| ResponseTrace {
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
        };
        Trace {
            iterations: normals
                .iter()
                .map(|&n| IterationTrace {
                    response: Some(response(n)),
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        }
    }

    #[test]
    fn ping_pong_fires_on_alternating_planes_only() {
        let (a, b, c) = (Vec3::Y, Vec3::new(-0.87, -0.5, 0.0), Vec3::Z);
        let p = ping_pong(&slid_on(&[a, b, a, b, a])).expect("A B A B A");
        assert_eq!(p.returns, 3);
        assert_eq!(p.planes, [a, b]);
        assert!(p.reason().contains("3 times"));
        assert!(marks(&slid_on(&[a, b, a, b])));
        // One return is a corner, not a ping-pong; new planes and repeats are not either.
        assert_eq!(ping_pong(&slid_on(&[a, b, a])), None);
        assert_eq!(ping_pong(&slid_on(&[a, b, c, a])), None);
        assert_eq!(ping_pong(&slid_on(&[a, a, a, a])), None);
        assert_eq!(ping_pong(&slid_on(&[])), None);
    }

    #[test]
    fn ping_pong_across_frames_fires_on_cycles_without_progress_only() {
        let (f, a, b) = (
            Vec3::Y,
            Vec3::new(0.5, 0.0, 0.87),
            Vec3::new(-0.5, 0.0, 0.87),
        );
        let input = PlayerInput {
            forward: 1.0,
            ..PlayerInput::default()
        };
        let (here, there) = (
            PlayerState::default(),
            PlayerState {
                center: Vec3::X * 0.1,
                ..PlayerState::default()
            },
        );
        // Oldest first, as walked; the detector reads them newest first.
        let run = |firsts: &[Vec3], progress: bool| {
            let traces: Vec<Trace> = firsts.iter().map(|&n| slid_on(&[n])).collect();
            let views: Vec<FrameView<'_>> = traces
                .iter()
                .rev()
                .map(|t| FrameView {
                    input: &input,
                    before: &here,
                    after: if progress { &there } else { &here },
                    requested_move: Vec3::X * 0.1,
                    trace: t,
                })
                .collect();
            frame_ping_pong(&views)
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
    }
}
