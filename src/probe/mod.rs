//! A game's own collide-and-slide, debugged (DESIGN "The next layer"): the probe's records
//! (`crates/slidescope-probe`, `docs/probe-format.md`) from a file or a live connection become
//! history records like the walker's, each re-solved by the reference core on the same inputs
//! (the shadow re-solve) and compared with what the game did, iteration by iteration.

pub mod explain;
pub mod feed;
pub mod file_whys;
pub mod judged;
pub mod judged_queue;
pub mod levels;
pub mod listen;
pub mod live_evidence;
#[cfg(target_arch = "wasm32")]
pub mod live_worker;
pub mod minimise;
pub mod one_move;
pub mod probe_file_check;
pub mod probe_session;
pub mod push_feed;
pub mod shadow;
#[cfg(not(target_arch = "wasm32"))]
pub mod websocket;
pub mod why_worker;

// A game's move as the history keeps it, and its comparison with the re-solve, live in `sim`
// (a `FrameRecord` holds them); the probe fills them.
pub use crate::sim::{
    Cause, Comparison, GameContact, GameMove, GameResult, IterationRow, ShadowTolerance, Verdict,
};
pub use levels::ProbeLevel;
pub use probe_session::{PendingMove, ProbeSession, Step};
pub use shadow::ShadowConfig;
