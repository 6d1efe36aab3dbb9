//! Records into shapes: the walker's frame, a game's move and its re-solve, re-runs and moving
//! objects become the [`DebugScene`] the renderer draws. Above `sim`/`probe`, below `app`; as in
//! re_renderer, data becomes draw data outside the renderer.
//!
//! [`DebugScene`]: crate::render::DebugScene

pub mod cursor_palette;
pub mod cursor_shapes;
pub mod minkowski_shapes;
pub mod object_shapes;
pub mod overlays;
pub mod palette;
pub mod paused_view;
pub mod polylines;
pub mod trace_shapes;
pub mod world_triangles;

pub use cursor_shapes::{CursorStyle, add_cursor_iteration};
pub use paused_view::{PausedComparisons, PausedOptions, paused_scene};
pub use trace_shapes::{TraceStyle, add_frame, add_player};
