//! The app side of the Issues menu (issue 15): [`IssuesMenu`] owns the scenes' menu entries
//! and the report window's scene; opening one loads its scenario file
//! (`assets/issues/NN-slug.json`, the walker's call at the scene's interesting frame) through
//! the same path as File ▸ Open scenario.

use std::path::{Path, PathBuf};

use super::App;
use crate::issues::scene_level::ISSUES_DIR;
use crate::issues::scenes;
use crate::ui::issues::{IssueEntry, IssuesView};

/// The Issues menu's state: its entries and the scene whose report window is open.
pub(super) struct IssuesMenu {
    entries: Vec<IssueEntry>,
    open: Option<u8>,
}

impl IssuesMenu {
    pub fn new() -> Self {
        Self {
            entries: entries(),
            open: None,
        }
    }

    /// What the menu and the report window show.
    pub fn view(&self) -> IssuesView {
        IssuesView {
            entries: self.entries.clone(),
            open: self.open,
        }
    }

    /// The scenario file of scene `n`, if there is such a scene.
    fn scenario_path(&self, n: u8) -> Option<PathBuf> {
        let e = self.entries.iter().find(|e| e.number == n)?;
        Some(Path::new(ISSUES_DIR).join(format!("{}.json", e.stem)))
    }

    /// Closes the report window.
    pub fn close(&mut self) {
        self.open = None;
    }
}

/// One menu entry per scene, in order.
fn entries() -> Vec<IssueEntry> {
    scenes::all()
        .into_iter()
        .map(|s| IssueEntry {
            number: s.number,
            stem: s.stem(),
            title: s.title.to_string(),
            source: s.report.source.to_string(),
            url: s.report.url.to_string(),
            report: s.report.text.to_string(),
            adaptation: s.adaptation.to_string(),
            expectation: if s.expect_pass.is_empty() {
                format!("reproduces the report with every variant: {}", s.expect_why)
            } else {
                let names: Vec<&str> = s.expect_pass.iter().map(|v| v.label()).collect();
                format!(
                    "expected to pass with {}: {}",
                    names.join(", "),
                    s.expect_why
                )
            },
        })
        .collect()
}

impl App {
    /// Opens scene `n`'s scenario paused at its interesting frame and shows its report.
    pub(super) fn open_issue(&mut self, n: u8) {
        let Some(path) = self.issues.scenario_path(n) else {
            return;
        };
        if self.open_scenario(&path) {
            self.issues.open = Some(n);
        }
    }
}
