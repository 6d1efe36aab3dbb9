//! [`Command`]: what the user asked for, from any panel; the app applies it.

use std::path::PathBuf;

use super::{debugger, game, lessons, pane_name};
use crate::collision::SlideSettings;
use crate::sim::PlayerParams;
use crate::view::{CameraMode, ViewToggles};

/// What the user asked for.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    OpenDialog,
    Open(PathBuf),
    /// "Open scenario…": pick a scenario file and show its call in the debugger.
    OpenScenarioDialog,
    OpenScenario(PathBuf),
    LoadBuiltin,
    ClearRecent,
    Teleport(usize),
    SetCameraMode(CameraMode),
    ToggleNoclip,
    SetParams(PlayerParams),
    SetSlide(SlideSettings),
    SetView(ViewToggles),
    SetFov(f32),
    ResetSettings,
    Quit,
    /// Timeline, inspector and case toggles.
    Debug(debugger::DebugCommand),
    /// Lessons, the world / eSpace view, presentation.
    Teach(lessons::TeachCommand),
    /// Listening for a game, a game's probe file.
    Probe(game::ProbeCommand),
    /// Close a shown pane, reopen a closed one (View menu).
    TogglePane(pane_name::Pane),
    ResetLayout,
    /// Open scene N of the Issues suite; close its report window.
    OpenIssue(u8),
    CloseIssue,
    /// Walk the open scene's run with the seed's walker into the timeline and re-simulate it
    /// with the fix beside it.
    WalkIssueBugAndFix,
}
