//! slidescope — a visual debugger for swept-ellipsoid collide-and-slide.
//!
//! Layers (see `DESIGN.md` in the repo root): `collision` (pure math, glam only) ←
//! `level` (files) ← `sim` (player controller, history) ← `scene` (records into shapes) ←
//! `ui` / `app`; `render` draws shapes and knows no record.

// Functions stay short enough to read at once (`clippy.toml`: 80 lines).
#![warn(clippy::too_many_lines)]
pub mod app;
/// The collision core, a crate of its own (`crates/slidescope-collision`); re-exported so the
/// app's modules name it as before.
pub use slidescope_collision as collision;
pub mod cli;
pub mod issues;
pub mod lessons;
pub mod level;
pub mod probe;
pub mod render;
pub mod scene;
pub mod sim;
pub mod ui;
pub mod vfs;
pub mod view;
