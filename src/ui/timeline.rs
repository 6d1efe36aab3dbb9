//! The timeline panel: transport buttons, the frame/iteration position, the history's memory
//! use and budget, and a strip of frames with iterations-per-frame bars, marker ticks and a
//! draggable cursor (a zoomed window around the cursor above an overview of the whole history).

use super::pane::{PaneCx, PaneUi, Place};
use super::pane_name::Pane;
use egui::{Color32, Pos2, Rect, RichText, Sense, Stroke, Ui, pos2, vec2};

use super::debugger::{DebugCommand, DebugView, FrameSummary};
use crate::sim::{MarkerKind, TimelineCommand};

pub const PANE: Pane = Pane::new("Timeline");

pub(super) static TIMELINE: PaneUi = PaneUi::new(PANE, "Timeline", Place::Bottom, draw);

fn draw(ui: &mut Ui, cx: &mut PaneCx<'_>) {
    egui::ScrollArea::vertical()
        .id_salt("timeline_scroll")
        .show(ui, |ui| timeline_ui(ui, &cx.m.debug, cx.debug));
}

/// Frames shown in the zoomed strip.
pub const WINDOW_FRAMES: u64 = 600;

const MIB: f64 = 1024.0 * 1024.0;

/// The colour of a marker kind on the timeline and the plots (its detector's row).
pub fn marker_color(kind: MarkerKind) -> Color32 {
    let [r, g, b] = crate::sim::detectors::MARKER_RGB[kind as usize];
    Color32::from_rgb(r, g, b)
}

/// The frames shown in the zoomed strip: a window of [`WINDOW_FRAMES`] around the cursor,
/// clamped into the history (all of it when shorter).
pub fn visible_range(first: u64, last: u64, cursor: Option<u64>) -> (u64, u64) {
    if last.saturating_sub(first) < WINDOW_FRAMES {
        return (first, last);
    }
    let c = cursor.unwrap_or(last).clamp(first, last);
    let lo = c
        .saturating_sub(WINDOW_FRAMES / 2)
        .clamp(first, last - WINDOW_FRAMES + 1);
    (lo, lo + WINDOW_FRAMES - 1)
}

/// The timeline at the bottom of the window.
pub fn timeline_ui(ui: &mut Ui, v: &DebugView, out: &mut Vec<DebugCommand>) {
    ui.horizontal_wrapped(|ui| {
        transport_ui(ui, v, out);
        go_to_ui(ui, v, out);
        ui.separator();
        cursor_status_ui(ui, v);
    });
    history_ui(ui, v, out);
    let (Some(first), Some(last)) = (v.frames.first(), v.frames.last()) else {
        return;
    };
    let cursor = v.cursor.map(|c| c.frame);
    let (lo, hi) = visible_range(first.frame, last.frame, cursor);
    let slice = frames_in(&v.frames, first.frame, lo, hi);
    strip_ui(ui, slice, lo, hi, cursor, 54.0, true, out);
    if lo != first.frame || hi != last.frame {
        strip_ui(
            ui,
            &v.frames,
            first.frame,
            last.frame,
            cursor,
            16.0,
            false,
            out,
        );
    }
}

/// The transport buttons: oldest, previous marker, frame and iteration steps, pause / resume,
/// next marker, newest, resume from the cursor.
fn transport_ui(ui: &mut Ui, v: &DebugView, out: &mut Vec<DebugCommand>) {
    let tl = |c| DebugCommand::Timeline(c);
    let b = |ui: &mut Ui, text: &str, hover: &str| ui.button(text).on_hover_text(hover).clicked();
    if b(ui, "|<", "oldest frame (Home)") {
        out.push(tl(TimelineCommand::Home));
    }
    if b(ui, "<mark", "previous marked frame (PgUp)") {
        out.push(tl(TimelineCommand::PrevMarker));
    }
    if b(ui, "<<", "one frame back (,)") {
        out.push(tl(TimelineCommand::StepFrame(-1)));
    }
    if b(ui, "<", "one iteration back ([)") {
        out.push(tl(TimelineCommand::StepIteration(-1)));
    }
    let (label, cmd) = if v.paused {
        ("Resume", TimelineCommand::Resume)
    } else {
        ("Pause", TimelineCommand::Pause)
    };
    if b(ui, label, "pause / resume the live walk (P)") {
        out.push(tl(cmd));
    }
    if b(ui, ">", "one iteration forward (])") {
        out.push(tl(TimelineCommand::StepIteration(1)));
    }
    if b(ui, ">>", "one frame forward (.)") {
        out.push(tl(TimelineCommand::StepFrame(1)));
    }
    if b(ui, "mark>", "next marked frame (PgDn)") {
        out.push(tl(TimelineCommand::NextMarker));
    }
    if b(ui, ">|", "newest frame (End)") {
        out.push(tl(TimelineCommand::End));
    }
    if v.paused
        && !v.probe.active
        && b(
            ui,
            "Resume from cursor",
            "continue walking from the state after this frame; later frames are dropped (R)",
        )
    {
        out.push(tl(TimelineCommand::ResumeFromCursor));
    }
}

/// A frame number typed and gone to (Enter or "Go"): on a game's probe file each frame is one
/// move, numbered as `probe-check` numbers it (`--move N`).
fn go_to_ui(ui: &mut Ui, v: &DebugView, out: &mut Vec<DebugCommand>) {
    let (Some(first), Some(last)) = (v.frames.first(), v.frames.last()) else {
        return;
    };
    let id = egui::Id::unique("timeline go to frame");
    let at = v.cursor.map_or(last.frame, |c| c.frame);
    let mut typed: u64 = ui.data_mut(|d| *d.get_temp_mut_or(id, at));
    ui.label("go to");
    let field = egui::DragValue::new(&mut typed)
        .range(first.frame..=last.frame)
        .speed(1.0);
    let response = ui.add(field).on_hover_text(
        "a frame number; on a game's probe file, the move number probe-check prints",
    );
    ui.data_mut(|d| d.insert_temp(id, typed));
    let entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    if ui.button("Go").clicked() || entered {
        out.push(DebugCommand::Timeline(TimelineCommand::Seek(typed)));
    }
}

/// Where the cursor is (frame, iteration, the game's frame) and the frame's markers and
/// findings.
fn cursor_status_ui(ui: &mut Ui, v: &DebugView) {
    match (v.cursor, &v.record) {
        (Some(c), Some(r)) => {
            ui.monospace(format!(
                "frame {}  iteration {}/{}",
                c.frame,
                c.iteration + 1,
                r.cursor_stops()
            ));
            if let Some(g) = &r.game {
                // A game's move: its own frame number and clock.
                ui.monospace(
                    RichText::new(format!(
                        "game frame {} · {:.3} s · mover {}",
                        g.frame, g.time_secs, g.mover
                    ))
                    .color(super::game::GAME_COLOR_UI),
                );
            }
            let kinds: Vec<&str> = r.markers.kinds().map(MarkerKind::label).collect();
            if !kinds.is_empty() {
                ui.label(RichText::new(kinds.join(", ")).color(Color32::YELLOW));
            }
            for (kind, reason) in r.findings.reasons() {
                ui.label(RichText::new(reason).color(marker_color(kind)));
            }
            if let Some(p) = crate::sim::detectors::ping_pong::ping_pong(&r.trace) {
                ui.label(RichText::new(p.reason()).color(marker_color(MarkerKind::PingPong)));
            }
        }
        _ => {
            ui.label("no frames recorded yet");
        }
    }
}

/// The history's size and memory budget, and saving / loading recordings and exporting the
/// frame at the cursor.
fn history_ui(ui: &mut Ui, v: &DebugView, out: &mut Vec<DebugCommand>) {
    ui.horizontal_wrapped(|ui| {
        let per = v.memory.bytes_per_frame.max(1.0);
        let minutes = v.memory.budget_bytes as f64 / per / 60.0 / 60.0;
        ui.label(format!(
            "history {} frames, {:.1} / {:.0} MiB ({:.2} KiB/frame, budget ≈ {:.0} min at 60 Hz)",
            v.frames.len(),
            v.memory.used_bytes as f64 / MIB,
            v.memory.budget_bytes as f64 / MIB,
            per / 1024.0,
            minutes
        ));
        if v.memory.evicted > 0 {
            ui.label(RichText::new(format!("{} evicted", v.memory.evicted)).weak());
        }
        let mut mib = (v.memory.budget_bytes as f64 / MIB).round() as u32;
        ui.label("budget MiB");
        if ui
            .add(egui::DragValue::new(&mut mib).range(1..=16384).speed(4.0))
            .changed()
        {
            out.push(DebugCommand::SetBudgetMib(mib));
        }
        ui.separator();
        if ui.button("Save recording… (Ctrl+S)").clicked() {
            out.push(DebugCommand::SaveRecording);
        }
        if ui.button("Load recording… (Ctrl+L)").clicked() {
            out.push(DebugCommand::LoadRecording);
        }
        if ui
            .add_enabled(
                v.record.is_some(),
                egui::Button::new("Export scenario… (Ctrl+E)"),
            )
            .clicked()
        {
            out.push(DebugCommand::ExportFrame);
        }
    });
}

fn frames_in(frames: &[FrameSummary], first: u64, lo: u64, hi: u64) -> &[FrameSummary] {
    let a = usize::try_from(lo - first).unwrap_or(0).min(frames.len());
    let b = usize::try_from(hi - first + 1)
        .unwrap_or(frames.len())
        .min(frames.len());
    &frames[a..b.max(a)]
}

/// One strip: frames `lo..=hi` across the width, bars of iterations per frame (max per pixel
/// column), marker ticks on top, the cursor line; click or drag seeks.
#[allow(clippy::too_many_arguments)]
fn strip_ui(
    ui: &mut Ui,
    frames: &[FrameSummary],
    lo: u64,
    hi: u64,
    cursor: Option<u64>,
    height: f32,
    detailed: bool,
    out: &mut Vec<DebugCommand>,
) {
    let width = ui.available_width().max(50.0);
    let (rect, response) = ui.allocate_exact_size(vec2(width, height), Sense::click_and_drag());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 2.0, Color32::from_gray(24));
    let span = (hi - lo + 1) as f32;
    let x_of = |f: u64| rect.left() + ((f - lo) as f32 + 0.5) / span * rect.width();
    columns_ui(&painter, rect, frames, lo, span, detailed);
    if let Some(c) = cursor.filter(|c| (lo..=hi).contains(c)) {
        let x = x_of(c);
        painter.line_segment(
            [pos2(x, rect.top()), pos2(x, rect.bottom())],
            Stroke::new(2.0, Color32::from_rgb(255, 140, 30)),
        );
    }
    if detailed {
        painter.text(
            rect.left_bottom() + vec2(3.0, -2.0),
            egui::Align2::LEFT_BOTTOM,
            lo.to_string(),
            egui::FontId::monospace(10.0),
            Color32::GRAY,
        );
        painter.text(
            rect.right_bottom() + vec2(-3.0, -2.0),
            egui::Align2::RIGHT_BOTTOM,
            hi.to_string(),
            egui::FontId::monospace(10.0),
            Color32::GRAY,
        );
    }
    strip_input_ui(response, rect, frames, (lo, hi), cursor, out);
}

/// The strip's columns, one per pixel: a bar of the most iterations and a tick of the first
/// marker of the frames each covers.
fn columns_ui(
    painter: &egui::Painter,
    rect: Rect,
    frames: &[FrameSummary],
    lo: u64,
    span: f32,
    detailed: bool,
) {
    let max_iter = frames
        .iter()
        .map(|f| f.iterations)
        .max()
        .unwrap_or(1)
        .max(1) as f32;
    let bar_top = rect.top() + if detailed { 10.0 } else { 2.0 };
    let bar_h = rect.bottom() - bar_top - 1.0;
    // One column per pixel: the most iterations and all markers of the frames it covers.
    let columns = rect.width().max(1.0) as usize;
    let mut col_iter = vec![0u32; columns];
    let mut col_mark = vec![crate::sim::Markers::NONE; columns];
    for f in frames {
        let x = ((f.frame - lo) as f32 / span * columns as f32) as usize;
        let x = x.min(columns - 1);
        col_iter[x] = col_iter[x].max(f.iterations);
        col_mark[x] = merge(col_mark[x], f.markers);
    }
    let col_w = (rect.width() / span).max(1.0);
    for (x, (&it, &mk)) in col_iter.iter().zip(&col_mark).enumerate() {
        let left = rect.left() + x as f32 * rect.width() / columns as f32;
        if it > 0 {
            let h = bar_h * it as f32 / max_iter;
            let color = if it > 1 {
                Color32::from_rgb(90, 150, 255)
            } else {
                Color32::from_rgb(70, 90, 120)
            };
            painter.rect_filled(
                Rect::from_min_max(
                    pos2(left, rect.bottom() - 1.0 - h),
                    pos2(left + col_w.min(6.0), rect.bottom() - 1.0),
                ),
                0.0,
                color,
            );
        }
        if let Some(kind) = mk.kinds().next() {
            let c = marker_color(kind);
            if detailed {
                let cx = left + col_w.min(6.0) * 0.5;
                painter.add(egui::Shape::convex_polygon(
                    vec![
                        pos2(cx - 3.5, rect.top() + 1.0),
                        pos2(cx + 3.5, rect.top() + 1.0),
                        pos2(cx, rect.top() + 8.0),
                    ],
                    c,
                    Stroke::NONE,
                ));
            } else {
                painter.line_segment(
                    [pos2(left, rect.top()), pos2(left, rect.top() + 4.0)],
                    Stroke::new(1.0, c),
                );
            }
        }
    }
}

/// A click or drag on the strip seeks to the frame under the pointer; hovering names the
/// frame's iterations and markers.
fn strip_input_ui(
    response: egui::Response,
    rect: Rect,
    frames: &[FrameSummary],
    (lo, hi): (u64, u64),
    cursor: Option<u64>,
    out: &mut Vec<DebugCommand>,
) {
    let span = (hi - lo + 1) as f32;
    let frame_at = |p: Pos2| {
        let u = ((p.x - rect.left()) / rect.width()).clamp(0.0, 1.0);
        (lo + (u * span) as u64).min(hi)
    };
    if (response.clicked() || response.dragged())
        && let Some(p) = response.interact_pointer_pos()
    {
        let f = frame_at(p);
        if Some(f) != cursor {
            out.push(DebugCommand::Timeline(TimelineCommand::Seek(f)));
        }
    }
    if let Some(p) = response.hover_pos() {
        let f = frame_at(p);
        if let Some(s) = frames.iter().find(|s| s.frame == f) {
            let kinds: Vec<&str> = s.markers.kinds().map(MarkerKind::label).collect();
            response.on_hover_text(format!(
                "frame {f}: {} iteration{}{}{}",
                s.iterations,
                if s.iterations == 1 { "" } else { "s" },
                if kinds.is_empty() { "" } else { " — " },
                kinds.join(", ")
            ));
        }
    }
}

fn merge(a: crate::sim::Markers, b: crate::sim::Markers) -> crate::sim::Markers {
    b.kinds().fold(a, |m, k| m.with(k, true))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visible_range_is_the_whole_history_when_short_and_a_window_around_the_cursor_when_long() {
        assert_eq!(visible_range(10, 100, Some(50)), (10, 100));
        let (lo, hi) = visible_range(0, 10_000, Some(5_000));
        assert_eq!(hi - lo + 1, WINDOW_FRAMES);
        assert!((lo..=hi).contains(&5_000));
        assert_eq!(visible_range(0, 10_000, Some(3)), (0, WINDOW_FRAMES - 1));
        assert_eq!(
            visible_range(0, 10_000, None),
            (10_000 - WINDOW_FRAMES + 1, 10_000)
        );
    }
}
