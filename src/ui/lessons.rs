//! The teaching panels: the "Lessons" menu (the guided path), the "View" menu
//! (world / eSpace blend, presentation, legend) and the lesson side panel beside the 3D view —
//! the lesson's text, its "try this" prompts ticking as their checks fire, the quiz with its
//! feedback, the solvers at the cursor, the numbers at the cursor with units and space, and
//! the legend. Reads a [`TeachView`]; clicks become [`TeachCommand`]s.

use egui::{Color32, RichText, Ui};

use super::legend::legend_ui;
use crate::lessons::{QuizStatus, SolverAnswer, SolverKind};

/// What the teaching panels ask for.
#[derive(Debug, Clone, PartialEq)]
pub enum TeachCommand {
    /// Open lesson `i` of the catalog.
    Open(usize),
    /// Previous (−1) / next (+1) lesson of the path.
    Step(i32),
    Restart,
    Close,
    /// Re-read the lesson folder.
    Reload,
    /// World (0) … eSpace (1).
    SetBlend(f32),
    SetPresentation(bool),
    SetLegend(bool),
    PickSolver(Option<SolverKind>),
}

/// The open lesson as the panel shows it.
#[derive(Debug, Clone, Default)]
pub struct LessonPanel {
    /// 0-based position in the path, and the path's length.
    pub index: usize,
    pub count: usize,
    pub title: String,
    pub seeds: String,
    pub paragraphs: Vec<String>,
    /// (prompt, fired)
    pub prompts: Vec<(String, bool)>,
    pub question: String,
    pub quiz: Option<QuizStatus>,
    pub hint: String,
    pub explanation: String,
    pub note: Option<String>,
    /// The lesson asks to pick a solver: open that section.
    pub uses_solvers: bool,
}

/// A number at the cursor: (what, in which space, value with its unit).
pub type NumberRow = (String, &'static str, String);

/// Everything the teaching panels show.
#[derive(Debug, Clone, Default)]
pub struct TeachView {
    pub blend: f32,
    pub presentation: bool,
    pub legend: bool,
    /// (menu label, error) per lesson file, in path order.
    pub catalog: Vec<(String, Option<String>)>,
    pub catalog_error: Option<String>,
    pub lesson: Option<LessonPanel>,
    pub solver: Option<SolverKind>,
    /// The solvers at the cursor's iteration, and whether the static test overlaps at its end.
    pub solvers: Option<(Vec<SolverAnswer>, bool)>,
    pub numbers: Vec<NumberRow>,
}

/// The "Lessons" menu: the guided path.
pub fn lessons_menu_ui(ui: &mut Ui, v: &TeachView, out: &mut Vec<TeachCommand>) {
    ui.menu_button("Lessons", |ui| {
        if let Some(e) = &v.catalog_error {
            ui.colored_label(Color32::LIGHT_RED, e);
        }
        let current = v.lesson.as_ref().map(|l| l.index);
        for (i, (label, error)) in v.catalog.iter().enumerate() {
            let text = format!("{:2}. {label}", i + 1);
            match error {
                Some(e) => {
                    ui.add_enabled(false, egui::Button::new(text))
                        .on_disabled_hover_text(e);
                }
                None => {
                    if ui.selectable_label(current == Some(i), text).clicked() {
                        out.push(TeachCommand::Open(i));
                    }
                }
            }
        }
        ui.separator();
        if v.lesson.is_some() && ui.button("Close lesson").clicked() {
            out.push(TeachCommand::Close);
        }
        if ui.button("Reload lesson files").clicked() {
            out.push(TeachCommand::Reload);
        }
    });
}

/// The world / eSpace switch and blend slider.
pub fn space_ui(ui: &mut Ui, blend: f32, out: &mut Vec<TeachCommand>) {
    ui.horizontal_wrapped(|ui| {
        if ui.selectable_label(blend == 0.0, "World").clicked() {
            out.push(TeachCommand::SetBlend(0.0));
        }
        let mut b = blend;
        if ui
            .add(egui::Slider::new(&mut b, 0.0..=1.0).show_value(false))
            .on_hover_text("blend the whole 3D view between world space and eSpace")
            .changed()
        {
            out.push(TeachCommand::SetBlend(b));
        }
        if ui.selectable_label(blend == 1.0, "eSpace").clicked() {
            out.push(TeachCommand::SetBlend(1.0));
        }
    });
}

/// The "View" menu: space, presentation, legend, then what `more` adds (the panels).
pub fn view_menu_ui(
    ui: &mut Ui,
    v: &TeachView,
    out: &mut Vec<TeachCommand>,
    more: impl FnOnce(&mut Ui),
) {
    ui.menu_button("View", |ui| {
        ui.label("3D view space");
        space_ui(ui, v.blend, out);
        ui.separator();
        let mut p = v.presentation;
        if ui
            .checkbox(&mut p, "Presentation (large text, thick lines)")
            .changed()
        {
            out.push(TeachCommand::SetPresentation(p));
        }
        let mut l = v.legend;
        if ui.checkbox(&mut l, "Legend of colours").changed() {
            out.push(TeachCommand::SetLegend(l));
        }
        more(ui);
    });
}

/// A ticked / open marker drawn as a shape (the default fonts have no reliable check mark).
fn tick(ui: &mut Ui, done: bool) {
    let s = ui.text_style_height(&egui::TextStyle::Body) * 0.8;
    let (r, _) = ui.allocate_exact_size(egui::vec2(s, s), egui::Sense::hover());
    if done {
        ui.painter()
            .rect_filled(r, 3.0, Color32::from_rgb(60, 200, 90));
    } else {
        ui.painter().rect_stroke(
            r,
            3.0,
            egui::Stroke::new(1.5, ui.visuals().strong_text_color()),
            egui::StrokeKind::Inside,
        );
    }
}

fn solvers_ui(ui: &mut Ui, v: &TeachView, out: &mut Vec<TeachCommand>) {
    let Some((answers, overlap)) = &v.solvers else {
        ui.label("No collision query at the cursor.");
        return;
    };
    ui.add(
        egui::Label::new(
            RichText::new("Every solver on this iteration's sweep (click one to draw it):").weak(),
        )
        .wrap(),
    );
    egui::Grid::new("solvers")
        .num_columns(3)
        .striped(true)
        .spacing([8.0, 2.0])
        .show(ui, |ui| {
            ui.label(RichText::new("solver").strong());
            ui.label(RichText::new("t").strong())
                .on_hover_text("time of impact, a fraction of this iteration's motion");
            ui.label(RichText::new("feature, triangle").strong());
            ui.end_row();
            for a in answers {
                let picked = v.solver == Some(a.kind);
                if ui
                    .selectable_label(picked, a.kind.short_label())
                    .on_hover_text(a.kind.label())
                    .clicked()
                {
                    out.push(TeachCommand::PickSolver((!picked).then_some(a.kind)));
                }
                match a.hit {
                    Some(h) => {
                        ui.monospace(match h.time {
                            crate::collision::ContactTime::Toi(t) => format!("{t:.4}"),
                            crate::collision::ContactTime::Embedded { .. } => "embedded".into(),
                        });
                        let f = match h.feature {
                            crate::collision::Feature::Face => "face".to_string(),
                            crate::collision::Feature::Edge(i) => format!("edge {i}"),
                            crate::collision::Feature::Vertex(i) => format!("vertex {i}"),
                        };
                        ui.monospace(format!(
                            "{f}, {}",
                            a.triangle.map_or("?".into(), |t| t.to_string())
                        ));
                    }
                    None => {
                        ui.monospace("miss");
                        ui.label("");
                    }
                }
                ui.end_row();
            }
        });
    ui.add(
        egui::Label::new(format!(
            "Static overlap test (seed 004) at the end of the motion: {}",
            if *overlap {
                "overlap"
            } else {
                "no overlap, a discrete test would let it through"
            }
        ))
        .wrap(),
    );
}

fn numbers_ui(ui: &mut Ui, rows: &[NumberRow]) {
    if rows.is_empty() {
        ui.label("No iteration at the cursor.");
        return;
    }
    // Name and space on one line, the value below it: a three-column grid would not fit the
    // panel in presentation mode.
    for (what, space, value) in rows {
        ui.label(RichText::new(format!("{what} ({space})")).weak());
        ui.add(egui::Label::new(RichText::new(format!("  {value}")).monospace()).wrap());
    }
}

/// The lesson side panel's contents (the app puts it beside the 3D view).
pub fn lesson_panel_ui(ui: &mut Ui, v: &TeachView, out: &mut Vec<TeachCommand>) {
    let Some(l) = &v.lesson else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(l.index > 0, egui::Button::new("< Previous"))
            .clicked()
        {
            out.push(TeachCommand::Step(-1));
        }
        if ui
            .add_enabled(l.index + 1 < l.count, egui::Button::new("Next >"))
            .clicked()
        {
            out.push(TeachCommand::Step(1));
        }
        if ui.button("Restart").clicked() {
            out.push(TeachCommand::Restart);
        }
        if ui.button("Close").clicked() {
            out.push(TeachCommand::Close);
        }
    });
    ui.label(RichText::new(format!("Lesson {} of {}", l.index + 1, l.count)).weak());
    ui.heading(&l.title);
    if !l.seeds.is_empty() {
        ui.label(RichText::new(&l.seeds).italics().weak());
    }
    ui.add_space(4.0);
    ui.label(RichText::new("View").strong());
    space_ui(ui, v.blend, out);
    let mut p = v.presentation;
    if ui.checkbox(&mut p, "Presentation").changed() {
        out.push(TeachCommand::SetPresentation(p));
    }
    ui.separator();
    egui::ScrollArea::vertical()
        .id_salt("lesson_scroll")
        .auto_shrink([false, false])
        .show(ui, |ui| lesson_body_ui(ui, l, v, out));
}

/// The lesson's text below its header: paragraphs, note, prompts, quiz, the numbers and
/// solvers at the cursor and the legend.
fn lesson_body_ui(ui: &mut Ui, l: &LessonPanel, v: &TeachView, out: &mut Vec<TeachCommand>) {
    for para in &l.paragraphs {
        ui.label(para);
        ui.add_space(6.0);
    }
    if let Some(n) = &l.note {
        ui.label(
            RichText::new(n)
                .italics()
                .color(Color32::from_rgb(230, 200, 90)),
        );
        ui.add_space(6.0);
    }
    ui.label(RichText::new("Try this").strong());
    for (text, done) in &l.prompts {
        ui.horizontal(|ui| {
            tick(ui, *done);
            let t = RichText::new(text);
            ui.add(egui::Label::new(if *done { t.weak() } else { t }).wrap());
        });
    }
    ui.add_space(6.0);
    ui.label(RichText::new("Quiz").strong());
    ui.label(&l.question);
    match l.quiz {
        Some(QuizStatus::Correct) => {
            ui.colored_label(Color32::from_rgb(90, 220, 110), "Correct!");
            ui.label(&l.explanation);
        }
        Some(QuizStatus::Wrong) => {
            ui.colored_label(Color32::from_rgb(255, 140, 90), "Not yet.");
            ui.label(&l.hint);
        }
        _ => {
            ui.label(RichText::new("Answer it by doing it in the scene.").weak());
        }
    }
    ui.add_space(6.0);
    egui::CollapsingHeader::new("Numbers at the cursor")
        .default_open(true)
        .show(ui, |ui| numbers_ui(ui, &v.numbers))
        .header_response
        .on_hover_text("Each with its units and the space it lives in");
    egui::CollapsingHeader::new("Solvers at the cursor")
        .default_open(l.uses_solvers)
        .show(ui, |ui| solvers_ui(ui, v, out));
    egui::CollapsingHeader::new("Legend")
        .default_open(false)
        .show(ui, legend_ui);
}

/// The legend as a floating window (View ▸ Legend), when no lesson panel holds it.
pub fn legend_window_ui(ctx: &egui::Context, v: &TeachView, out: &mut Vec<TeachCommand>) {
    if !v.legend {
        return;
    }
    let mut open = true;
    egui::Window::new("Legend")
        .open(&mut open)
        .resizable(true)
        .vscroll(true)
        .default_height(420.0)
        .default_pos([360.0, 40.0])
        .show(ctx, legend_ui);
    if !open {
        out.push(TeachCommand::SetLegend(false));
    }
}
