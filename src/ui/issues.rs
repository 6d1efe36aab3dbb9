//! The Issues menu: every scene of the Issues suite by number, title and report;
//! picking one opens its scenario (the walker's call at the scene's interesting frame) paused in
//! the debugger, and a window gives the public report, the adaptation, what the scorecard
//! expects and how the seed's walker, the fix and rapier fare on it, like a
//! lesson's text.

use egui::{Context, RichText, Ui};

use super::Command;

/// One scene as the menu and the report window show it.
#[derive(Debug, Clone, PartialEq)]
pub struct IssueEntry {
    pub number: u8,
    /// File stem under `assets/issues/`.
    pub stem: String,
    pub title: String,
    pub source: String,
    pub url: String,
    pub report: String,
    pub adaptation: String,
    pub expectation: String,
}

/// What the UI needs: the scenes, and the one whose report is shown.
#[derive(Debug, Clone, Default)]
pub struct IssuesView {
    pub entries: Vec<IssueEntry>,
    pub open: Option<u8>,
    /// The open scene run now at 60 Hz: the seed's walker, the fix, rapier (`label: verdict`).
    pub verdicts: Vec<String>,
}

/// One menu entry per scene, in order.
pub fn entries() -> Vec<IssueEntry> {
    crate::issues::scenes::all()
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

/// The report window's id (one window, whichever scene it shows, so it keeps its place).
pub const REPORT_WINDOW: &str = "issue_report";

/// The "Issues" menu.
pub fn issues_menu_ui(ui: &mut Ui, view: &IssuesView, out: &mut Vec<Command>) {
    ui.menu_button("Issues", |ui| {
        ui.label(RichText::new("Reported controller bugs, rebuilt (slidescope issues)").weak());
        // Thirty scenes run past a 720 px window's bottom: the list scrolls.
        let room = ui.ctx().content_rect().height() - 80.0;
        egui::ScrollArea::vertical()
            .max_height(room.max(120.0))
            .show(ui, |ui| {
                for e in &view.entries {
                    let text = format!("{:>2}. {}  ({})", e.number, e.title, e.source);
                    if ui.button(text).clicked() {
                        out.push(Command::OpenIssue(e.number));
                    }
                }
            });
    });
}

/// The open scene's report, in a window the user can close.
pub fn report_window_ui(ctx: &Context, view: &IssuesView, out: &mut Vec<Command>) {
    let Some(e) = view
        .open
        .and_then(|n| view.entries.iter().find(|e| e.number == n))
    else {
        return;
    };
    let mut open = true;
    egui::Window::new(format!("Issue scene {}", e.number))
        .id(egui::Id::unique(REPORT_WINDOW))
        .open(&mut open)
        .default_width(360.0)
        .resizable(true)
        .show(ctx, |ui| {
            ui.label(RichText::new(&e.title).strong());
            ui.hyperlink_to(&e.source, &e.url);
            ui.label(&e.report);
            ui.separator();
            ui.label(format!("Adaptation: {}", e.adaptation));
            ui.label(format!("Scorecard: {}", e.expectation));
            if !view.verdicts.is_empty() {
                ui.separator();
                ui.label(
                    RichText::new("Run now at 60 Hz: the bug, the fix, another engine").weak(),
                );
                for v in &view.verdicts {
                    ui.label(v);
                }
            }
            ui.separator();
            if ui
                .button("Walk the run: the bug and the fix")
                .on_hover_text(
                    "Walk the scene's run at 60 Hz with the seed's walker and response into the \
                     timeline (paused at its start), and re-simulate it with the fix (the plane \
                     solver, the climb limit, the snap walker): both paths are drawn, and the \
                     Debugger's slide rule switches between them",
                )
                .clicked()
            {
                out.push(Command::WalkIssueBugAndFix);
            }
        });
    if !open {
        out.push(Command::CloseIssue);
    }
}
