//! What a detector sees: of a recorded frame ([`FrameView`]; the frames just before it come as
//! a slice of them, newest first), and of a step the walker just took ([`StepView`]). Plain
//! borrowed data, so a detector is a function of what it reads and knows neither the record
//! nor the markers.

use glam::Vec3;

use crate::collision::{CollisionWorld, SlideSettings, Trace};
use crate::sim::{PlayerInput, PlayerParams, PlayerState, PlayerStep};

/// A recorded frame as a detector reads it.
#[derive(Debug, Clone, Copy)]
pub struct FrameView<'a> {
    /// The input as sanitised and used.
    pub input: &'a PlayerInput,
    /// Player state before and after the step.
    pub before: &'a PlayerState,
    pub after: &'a PlayerState,
    /// The displacement handed to the core (m, world).
    pub requested_move: Vec3,
    /// The core's record of the move (empty in noclip or when refused).
    pub trace: &'a Trace,
}

impl FrameView<'_> {
    /// The normal of the first plane the move slid on.
    pub fn first_slide_normal(&self) -> Option<Vec3> {
        let mut iterations = self.trace.iterations.iter();
        iterations.find_map(|it| it.response.map(|r| r.slide_normal))
    }
}

/// A step the walker just took (live, replayed or re-simulated), before it is recorded.
#[derive(Clone, Copy)]
pub struct StepView<'a> {
    pub world: CollisionWorld<'a>,
    pub before: &'a PlayerState,
    /// The input as given (the step sanitises it).
    pub input: &'a PlayerInput,
    pub params: &'a PlayerParams,
    pub settings: &'a SlideSettings,
    pub dt_secs: f32,
    /// What the step did, and the core's record of its move.
    pub step: &'a PlayerStep,
    pub trace: &'a Trace,
}
