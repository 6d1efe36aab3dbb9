//! The headless simulation layer (DESIGN "Layers"): the walking player controller (seed 001
//! 12.2.3 and 12.15), the fixed time step, and the debugger's history/timeline model — frames
//! recorded with their full trace, markers, re-runs with edited settings, trace diffs, and
//! recordings on disk. No window, GPU or UI code; the app drives [`Sim`].

pub mod capture;
pub mod clock;
pub mod controller;
pub mod detectors;
pub mod diff;
pub mod frame_replay;
pub mod frame_rerun;
pub mod game_contact;
pub mod game_move;
pub mod ground;
pub mod history;
pub mod input;
pub mod move_comparison;
pub mod movers;
pub mod params;
pub mod player_state;
pub mod record;
pub mod recording;
pub mod sim_session;
pub mod single_call;
pub mod snap_walker;
pub mod stance;
pub mod timeline_cursor;

pub use capture::{FrameInputs, capture_frame};
pub use clock::{Advance, FixedStep};
pub use controller::{PlatformCarry, PlayerStep, StepOutcome, sanitize_dt, step_player};
pub use detectors::{Findings, MarkerKind, Markers};
pub use diff::{
    DiffTolerance, Divergence, DivergenceKind, IterationDiff, IterationSummary, TraceDiff,
    diff_traces,
};
pub use frame_replay::{replay_frames, replay_frames_in, resimulate};
pub use frame_rerun::{Rerun, RerunEdits, RerunError, rerun_frame, rerun_frame_in};
pub use game_contact::GameContact;
pub use game_move::{GameInput, GameMove, GameResult, SolveState};
pub use ground::is_grounded;
pub use history::{DEFAULT_BUDGET_BYTES, FrameSummary, History};
pub use input::PlayerInput;
pub use move_comparison::{Cause, Comparison, IterationRow, ShadowTolerance, Verdict};
pub use movers::Movers;
pub use params::{PlayerParams, Walker};
pub use player_state::PlayerState;
pub use record::{CallInputs, FrameRecord, StepDynamics};
pub use recording::{
    RECORDING_FORMAT, RECORDING_VERSION, Recording, RecordingError, load_recording,
    parse_recording, save_recording,
};
pub use sim_session::Sim;
pub use single_call::single_call_frame;

pub use stance::{StanceChange, can_stand};
pub use timeline_cursor::{Cursor, Timeline, TimelineCommand};
