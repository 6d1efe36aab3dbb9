//! What the pathology detectors that need more than the trace found in one frame (issue 15):
//! kept with the record, so the timeline shows each finding's one-line reason without
//! re-running a detector, and a saved recording keeps them.

use serde::{Deserialize, Serialize};

use super::depenetration::UpwardPush;
use super::internal_edge::InternalEdge;
use super::markers::{FramePingPong, MarkerKind, Markers};
use super::overlap::Overlap;
use super::step_rate::StepRate;

#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Findings {
    /// The move ended inside a triangle it touched (skin violation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overlap: Option<Overlap>,
    /// A contact on a ghost edge of a flat surface.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub internal_edge: Option<InternalEdge>,
    /// The integration velocity came out this many times longer than asked (see
    /// `speed_gain`): the walker's move, or a game's own result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speed_gain: Option<f32>,
    /// A start inside a wall resolved by rising.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upward_push: Option<UpwardPush>,
    /// The frame ends elsewhere when re-run at a higher step rate.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step_rate: Option<StepRate>,
    /// The first slide planes of this frame and the ones before it alternate (ping-pong
    /// across frames; the one within a move is read off the trace).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frame_ping_pong: Option<FramePingPong>,
}

impl Findings {
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// The markers these findings set.
    pub fn markers(&self) -> Markers {
        Markers::NONE
            .with(MarkerKind::SkinViolation, self.overlap.is_some())
            .with(MarkerKind::InternalEdge, self.internal_edge.is_some())
            .with(MarkerKind::SpeedGain, self.speed_gain.is_some())
            .with(MarkerKind::UpwardDepenetration, self.upward_push.is_some())
            .with(MarkerKind::StepRate, self.step_rate.is_some())
            .with(MarkerKind::PingPong, self.frame_ping_pong.is_some())
    }

    /// Each finding's marker and one-line reason.
    pub fn reasons(&self) -> Vec<(MarkerKind, String)> {
        let mut out = Vec::new();
        if let Some(o) = &self.overlap {
            out.push((MarkerKind::SkinViolation, o.reason()));
        }
        if let Some(e) = &self.internal_edge {
            out.push((MarkerKind::InternalEdge, e.reason()));
        }
        if let Some(g) = self.speed_gain {
            out.push((MarkerKind::SpeedGain, super::speed_gain::reason(g)));
        }
        if let Some(u) = &self.upward_push {
            out.push((MarkerKind::UpwardDepenetration, u.reason()));
        }
        if let Some(r) = &self.step_rate {
            out.push((MarkerKind::StepRate, r.reason()));
        }
        if let Some(p) = &self.frame_ping_pong {
            out.push((MarkerKind::PingPong, p.reason()));
        }
        out
    }
}
