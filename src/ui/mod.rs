//! egui panels. They read state and turn clicks and edits into [`Command`]s; the app applies
//! them. Functions that draw UI end in `_ui`. One panel per file: the window (`shell.rs`) holds
//! the menu bar (`menu_bar.rs`) above the workbench's tiles (`layout.rs`), each a pane
//! ([`PaneUi`], listed in [`PANES`]): the 3D view (`view3d.rs`), the inspector, plots,
//! timeline, the controls (`controls.rs`: `hud.rs`, the stations, `settings_panel.rs`) and the
//! lesson.

mod command;
mod controls;
mod conventions_ui;
pub mod debugger;
pub mod dynamic_inspector;
pub mod dynamic_narration;
pub mod game;
mod hud;
pub mod inspector;
pub mod issues;
pub mod layout;
pub mod legend;
pub mod lesson_pane;
pub mod lessons;
mod menu_bar;
pub mod narration;
mod pane;
pub mod pane_name;
mod platform;
pub mod plots;
pub mod presentation;
mod settings_panel;
mod shell;
mod shell_model;
pub mod solvers;
mod text;
pub mod timeline;
mod view3d;
pub mod widget_list;

pub use command::Command;
pub use pane::{PaneCx, PaneUi, Place};

/// Every pane of the workbench, in the View menu's order: a new pane is a file defining its
/// [`PaneUi`], its `mod` line and a line here (see `pane.rs`).
pub static PANES: &[&PaneUi] = &[
    &view3d::VIEW3D,
    &inspector::INSPECTOR,
    &plots::PLOTS,
    &timeline::TIMELINE,
    &controls::CONTROLS,
    &lesson_pane::LESSON,
];

pub use controls::stations_ui;
pub use hud::{DisplayHud, FrameRates, HudStats, LastMove, PlayerHud, hud_ui};
pub use legend::level_colour_legend_ui;
pub use menu_bar::menu_bar_ui;
pub use platform::IN_BROWSER;
pub use settings_panel::settings_ui;
pub use shell::shell_ui;
pub use shell_model::{ShellModel, ShellOutput};
