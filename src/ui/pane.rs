//! A tile of the workbench (`layout.rs`): each pane is one file defining its [`PaneUi`] (name,
//! title, place, what it draws) and its `pub const PANE: Pane = Pane::new("Name")` (the name
//! saved layouts keep: never renamed), plus its `mod` line and its line in
//! [`PANES`](super::PANES), from which the default layout, the View menu's panels and the
//! tiles' titles are built. A pane that reads state no pane reads yet adds it to [`PaneCx`] or
//! the [`ShellModel`](super::ShellModel). A user's saved layout shows a new pane once it is
//! opened from the View menu (or the layout reset).

use egui::Ui;

use super::pane_name::Pane;
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
pub struct PaneUi {
    pane: Pane,
    title: &'static str,
    place: Place,
    draw: fn(&mut Ui, &mut PaneCx<'_>),
}

impl PaneUi {
    /// `pane`'s name is kept in saved layouts, so it is never renamed.
    pub const fn new(
        pane: Pane,
        title: &'static str,
        place: Place,
        draw: fn(&mut Ui, &mut PaneCx<'_>),
    ) -> Self {
        Self {
            pane,
            title,
            place,
            draw,
        }
    }

    pub fn pane(&self) -> Pane {
        self.pane
    }

    pub fn title(&self) -> &'static str {
        self.title
    }

    pub fn place(&self) -> Place {
        self.place
    }

    /// Whether the View menu can close it (the main area's cannot).
    pub fn closable(&self) -> bool {
        self.place != Place::Main
    }

    pub fn ui(&self, ui: &mut Ui, cx: &mut PaneCx<'_>) {
        (self.draw)(ui, cx);
    }
}
