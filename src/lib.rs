//! slidescope — a visual debugger for swept-ellipsoid collide-and-slide.
//!
//! Layers (see `DESIGN.md` in the repo root): `collision` (pure math, glam only) ←
//! `level` (files) ← `sim` (player controller, history) ← `render` / `ui` / `app`.
pub mod app;
pub mod cli;
pub mod collision;
pub mod lessons;
pub mod level;
pub mod render;
pub mod sim;
pub mod ui;
