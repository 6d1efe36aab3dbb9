//! What the pathology detectors that need more than the trace found in one frame:
//! kept with the record, so the timeline shows each finding's one-line reason without
//! re-running a detector, and a saved recording keeps them. One field a detector that keeps
//! something (its row in [`DETECTORS`](super::DETECTORS) reads and fills it): the fields are
//! the record's format on disk, so they are written out here rather than generated.

use serde::{Deserialize, Serialize};

use super::internal_edge::InternalEdge;
use super::ping_pong::FramePingPong;
use super::skin_violation::Overlap;
use super::step_rate::StepRate;
use super::upward_depenetration::UpwardPush;

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
}
