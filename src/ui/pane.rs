//! A tile of the workbench (`layout.rs`): each pane is one file implementing [`PaneUi`] and one
//! line in [`PANES`](super::PANES), from which the default layout, the View menu's panels and
//! the tiles' titles are built.

use egui::Ui;

use super::layout::Pane;
use super::shell_model::{ShellModel, ShellOutput};
use super::{debugger::DebugCommand, lessons::TeachCommand};

/// Where the default layout puts a pane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// The main area, left (the 3D view).
    Main,
    /// The tabs on the right.
    Side,
    /// Along the bottom.
    Bottom,
}

/// What a pane reads and where it hands back what the user did.
pub struct PaneCx<'a> {
    pub m: &'a ShellModel,
    /// The renderer's offscreen frame, for the 3D view.
    pub view_texture: Option<egui::TextureId>,
    pub out: &'a mut ShellOutput,
    pub debug: &'a mut Vec<DebugCommand>,
    pub teach: &'a mut Vec<TeachCommand>,
}

/// One pane: its name in saved layouts, its tab title, where it starts, and what it draws.
pub trait PaneUi: Sync {
    /// Its handle; the name is kept in saved layouts, so it is never renamed.
    fn pane(&self) -> Pane;
    fn title(&self) -> &'static str;
    fn place(&self) -> Place {
        Place::Side
    }
    /// Whether the View menu can close it.
    fn closable(&self) -> bool {
        self.place() != Place::Main
    }
    fn ui(&self, ui: &mut Ui, cx: &mut PaneCx<'_>);
}

/// The registered pane of `pane`.
pub fn pane_ui(pane: Pane) -> Option<&'static dyn PaneUi> {
    super::PANES.iter().copied().find(|p| p.pane() == pane)
}
