//! One recorded simulation step: everything needed to show it, re-run it or replay it
//! (inputs, ellipsoid, velocity, settings, full trace, result).

use glam::Vec3;
use serde::{Deserialize, Serialize};

use super::detectors::{Findings, FrameView, Markers};
use super::game_move::GameMove;
use super::{PlatformCarry, PlayerInput, PlayerParams, PlayerState, StanceChange, StepOutcome};
use crate::collision::{Ellipsoid, Motion, ObjectPoses, SlideSettings, Trace};
use crate::level::scenario::RecordedCall;

/// A step as it happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FrameRecord {
    /// Simulation frame number (consecutive, starting at 0 for a new session).
    pub frame: u64,
    /// Fixed step length (s).
    pub dt_secs: f32,
    /// The input as sanitised and used.
    pub input: PlayerInput,
    /// The controller parameters in force (as given; the step sanitises them again).
    pub params: PlayerParams,
    /// Player state before the step.
    pub before: PlayerState,
    /// What the step handed to `collide_and_slide` (its fields inline in the file).
    #[serde(flatten)]
    pub call: CallInputs,
    pub stance: StanceChange,
    /// The core's full record of the move (empty in noclip or when refused).
    pub trace: Trace,
    pub outcome: StepOutcome,
    /// Player state after the step.
    pub after: PlayerState,
    /// What is worth a look in this frame (computed when recorded).
    pub markers: Markers,
    /// The moving objects during this step (their fields inline in the file).
    #[serde(flatten)]
    pub dynamics: StepDynamics,
    /// A move from a game (through the probe): what the game said, next to this record's own
    /// trace, which is the reference's re-solve of the same inputs. `None` for the walker.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<Box<GameMove>>,
    /// What the pathology detectors found beyond the markers.
    #[serde(default, skip_serializing_if = "Findings::is_empty")]
    pub findings: Findings,
}

/// The inputs of a step's `collide_and_slide` call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CallInputs {
    /// The ellipsoid handed to `collide_and_slide` (after any crouch change); `None` in noclip.
    pub ellipsoid: Option<Ellipsoid>,
    /// The displacement handed to the core (m, world): `velocity × dt` (the seed's per-update
    /// "velocity").
    pub requested_move: Vec3,
    /// The heading handed to the core with it (a walker's ground move; see `Motion::heading`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heading: Option<Vec3>,
    /// The core settings in force.
    pub settings: SlideSettings,
}

/// The moving objects during a step.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct StepDynamics {
    /// Both poses of every dynamic object during this step, in id order (empty without
    /// dynamic objects): replays restore them instead of re-running the animation.
    #[serde(default)]
    pub objects: Vec<ObjectPoses>,
    /// The platform ride of this step.
    #[serde(default)]
    pub platform: Option<PlatformCarry>,
}

impl FrameRecord {
    /// The `collide_and_slide` call of this frame (inputs and recorded result), for "Export
    /// scenario" ([`Scenario::from_frame`](crate::level::scenario::Scenario::from_frame));
    /// `None` in noclip or when the core refused the move.
    pub fn recorded_call(&self) -> Option<RecordedCall<'_>> {
        Some(RecordedCall {
            ellipsoid: self.call.ellipsoid.as_ref()?,
            motion: self.motion(),
            settings: &self.call.settings,
            result: self.outcome.slide()?,
            trace: &self.trace,
            objects: &self.dynamics.objects,
        })
    }

    /// What the frame asked the core for: the displacement and its heading.
    pub fn motion(&self) -> Motion {
        Motion {
            velocity: self.call.requested_move,
            heading: self.call.heading,
        }
    }

    /// The frame as a detector reads it.
    pub fn view(&self) -> FrameView<'_> {
        FrameView {
            input: &self.input,
            before: &self.before,
            after: &self.after,
            requested_move: self.call.requested_move,
            trace: &self.trace,
        }
    }

    /// Detect/respond iterations recorded in the trace.
    pub fn iteration_count(&self) -> usize {
        self.trace.iterations.len()
    }

    /// Iterations the move's solve ran: its trace's, or, for a game move re-solved elsewhere
    /// whose trace is not kept ([`SolveState::Judged`](super::SolveState)), its result's.
    pub fn iterations_solved(&self) -> u32 {
        match self.game.as_deref().map(|g| g.solve) {
            Some(super::SolveState::Judged) => self.outcome.slide().map_or(0, |s| s.iterations),
            _ => self.iteration_count() as u32,
        }
    }

    /// Cursor positions inside this frame: one per iteration, at least one.
    pub fn cursor_stops(&self) -> u32 {
        self.iteration_count().max(1) as u32
    }

    /// Approximate bytes this record holds (inline size plus the trace's heap), for the
    /// history's budget.
    pub fn heap_bytes(&self) -> usize {
        std::mem::size_of::<Self>()
            + self.trace.heap_bytes()
            + self.dynamics.objects.capacity() * std::mem::size_of::<ObjectPoses>()
            + match &self.outcome {
                StepOutcome::Refused(m) | StepOutcome::Other(m) => m.capacity(),
                _ => 0,
            }
            + self.game.as_ref().map_or(0, |g| g.heap_bytes())
    }
}
