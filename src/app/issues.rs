//! The app side of the Issues menu: [`IssuesMenu`] owns the scenes' menu entries
//! and the report window's scene; opening one loads its scenario file
//! (`assets/issues/NN-slug.json`, the walker's call at the scene's interesting frame) through
//! the same path as File ▸ Open scenario.

use std::path::{Path, PathBuf};

use crate::issues::scene_level::ISSUES_DIR;
use crate::ui::issues::{IssueEntry, IssuesView};

/// The Issues menu's state: its entries and the scene whose report window is open, with its
/// verdicts run when it opened.
pub(super) struct IssuesMenu {
    entries: Vec<IssueEntry>,
    pub(super) open: Option<u8>,
    pub(super) verdicts: Vec<String>,
}

impl IssuesMenu {
    pub fn new() -> Self {
        Self {
            entries: crate::ui::issues::entries(),
            open: None,
            verdicts: Vec::new(),
        }
    }

    /// What the menu and the report window show.
    pub fn view(&self) -> IssuesView {
        IssuesView {
            entries: self.entries.clone(),
            open: self.open,
            verdicts: self.verdicts.clone(),
        }
    }

    /// The scenario file of scene `n`, if there is such a scene.
    pub(super) fn scenario_path(&self, n: u8) -> Option<PathBuf> {
        let e = self.entries.iter().find(|e| e.number == n)?;
        Some(Path::new(ISSUES_DIR).join(format!("{}.json", e.stem)))
    }

    /// Closes the report window.
    pub fn close(&mut self) {
        self.open = None;
        self.verdicts.clear();
    }
}
