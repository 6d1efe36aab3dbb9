//! The app side of the Issues menu (issue 15): the scenes' menu entries, and opening one —
//! its scenario file (`assets/issues/NN-slug.json`, the walker's call at the scene's
//! interesting frame) through the same path as File ▸ Open scenario, with its report window.

use std::path::Path;

use super::App;
use crate::issues::scene_level::ISSUES_DIR;
use crate::issues::scenes;
use crate::ui::issues::IssueEntry;

/// One menu entry per scene, in order.
pub(super) fn entries() -> Vec<IssueEntry> {
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
        let Some(stem) = self
            .issue_entries
            .iter()
            .find(|e| e.number == n)
            .map(|e| e.stem.clone())
        else {
            return;
        };
        let path = Path::new(ISSUES_DIR).join(format!("{stem}.json"));
        if self.open_scenario(&path) {
            self.issue_open = Some(n);
        }
    }
}
