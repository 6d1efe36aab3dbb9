//! Record or stream a game's collide-and-slide moves into slidescope, which re-solves each one
//! with its reference core and shows where the game and the reference part ways.
//!
//! ```no_run
//! use slidescope_probe::{Move, MoveResult, Probe};
//!
//! // One line of set-up: stream to a running `slidescope --listen`, or write a file.
//! let mut probe = Probe::connect("127.0.0.1:7878").or_else(|_| Probe::save("run.slidelog"))?;
//! probe.set_level_mesh(&[[0.0, 0.0, 0.0], [10.0, 0.0, 0.0], [0.0, 0.0, -10.0]], &[[0, 1, 2]]);
//! for frame in 0..600u64 {
//!     probe.frame(frame, frame as f64 / 60.0, 1.0 / 60.0);
//!     // ... the game's own collide-and-slide moves the player here ...
//!     let mut m = Move::new(0, [0.4, 0.9, 0.4], [1.0, 0.901, -1.0], [0.05, 0.0, 0.0]);
//!     m.result = Some(MoveResult { end: [1.05, 0.901, -1.0], integration_velocity: [0.05, 0.0, 0.0], iterations: 1 });
//!     probe.log_move(&m, &[]);
//! }
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! Without the default `enabled` feature, [`Probe`] is [`NoopProbe`]: the same calls compile
//! to nothing. The bytes are specified in `docs/probe-format.md`; [`read`] reads them back, and
//! `include/slidescope_probe.h` writes the same bytes from C. Depends on std and
//! `slidescope-conventions` (the table of what a game declares in [`Declared`]) only.

// Functions stay short enough to read at once (`clippy.toml`: 80 lines).
#![warn(clippy::too_many_lines)]

pub mod encode;
pub mod format;
mod noop;
pub mod push;
pub mod read;
#[cfg(feature = "enabled")]
mod recording;
mod types;

pub use format::fnv1a64;
pub use noop::NoopProbe;
#[cfg(feature = "enabled")]
pub use recording::RecordingProbe;
pub use slidescope_conventions::{
    Declared, IterationLimit, Padding, Roots, ShortMotion, Sidedness, UpAxis,
};
pub use types::{Case, Contact, Frame, Move, MoveResult, ObjectPose, Pose};

/// The probe a game uses: [`RecordingProbe`] with the `enabled` feature (the default),
/// [`NoopProbe`] without it.
#[cfg(feature = "enabled")]
pub type Probe = RecordingProbe;
/// The probe a game uses: [`RecordingProbe`] with the `enabled` feature (the default),
/// [`NoopProbe`] without it.
#[cfg(not(feature = "enabled"))]
pub type Probe = NoopProbe;

#[cfg(test)]
mod tests;
