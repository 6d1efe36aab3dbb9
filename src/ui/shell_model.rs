//! What the window's panels read (`ShellModel`, gathered by the app each frame) and what they
//! hand back (`ShellOutput`): the data between the app and the shell, apart from the panels
//! that draw it.

use std::path::PathBuf;

use super::hud::HudStats;
use super::{Command, debugger, issues, lessons};
use crate::collision::SlideSettings;
use crate::sim::PlayerParams;
use crate::view::{CameraMode, ViewToggles};

/// Everything the shell shows, gathered by the app each frame.
#[derive(Debug, Clone)]
pub struct ShellModel {
    pub hud: HudStats,
    pub stations: Vec<String>,
    /// (text, is_error)
    pub messages: Vec<(String, bool)>,
    pub note: Option<String>,
    pub params: PlayerParams,
    pub slide: SlideSettings,
    pub view: ViewToggles,
    pub fov_deg: f32,
    /// The level's automatic exposure (shown beside the exposure control).
    pub auto_exposure: f32,
    pub mode: CameraMode,
    pub recent: Vec<PathBuf>,
    /// The debugger panels (timeline, inspector).
    pub debug: debugger::DebugView,
    /// Lessons, view space, presentation.
    pub teach: lessons::TeachView,
    /// The Issues menu and the open scene's report.
    pub issues: issues::IssuesView,
}

/// What the shell gathered this frame.
#[derive(Debug, Clone, Default)]
pub struct ShellOutput {
    pub commands: Vec<Command>,
    /// Size of the 3D view in physical pixels.
    pub view_px: [u32; 2],
    /// Mouse drag over the 3D view (physical pixels).
    pub drag_px: [f32; 2],
    /// Wheel steps over the 3D view.
    pub zoom_steps: f32,
    /// The 3D view was clicked.
    pub clicked: bool,
    /// Where the 3D view was clicked, as a fraction of its size (0..1, origin top-left).
    pub click_uv: Option<[f32; 2]>,
    /// Where the 3D view was double-clicked (same units).
    pub double_click_uv: Option<[f32; 2]>,
}
