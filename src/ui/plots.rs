//! Plots of what changes over time: speed, height of the centre, vertical velocity,
//! iterations and contacts, grounded, and — for a game's moves — the game-vs-reference gap.
//! They read the history's per-frame summaries (never re-run anything), cover the timeline's
//! zoomed window, show the cursor as a vertical line and the markers as ticks, and a click
//! moves the cursor to the frame under the pointer. Drawn with `egui_plot`.

use super::pane::{PaneUi, Place};
use super::pane_name::Pane;
use egui::{Color32, Ui};
use egui_plot::{Line, Plot, PlotPoints, Points, VLine};

use super::debugger::{DebugCommand, DebugView, FrameSummary};
use super::timeline::visible_range;
use crate::sim::MarkerKind;

pub const PANE: Pane = Pane::new("Plots");

pub(super) static PLOTS: PaneUi = PaneUi::new(PANE, "Plots", Place::Side, |ui, cx| {
    plots_ui(ui, &cx.m.debug, cx.debug)
});
/// One plotted quantity.
struct Series {
    title: &'static str,
    unit: &'static str,
    color: Color32,
    value: fn(&FrameSummary) -> Option<f64>,
}

const SERIES: [Series; 6] = [
    Series {
        title: "speed",
        unit: "m/s",
        color: Color32::from_rgb(90, 200, 255),
        value: |f| Some(f64::from(f.speed_mps)),
    },
    Series {
        title: "height of the centre",
        unit: "m",
        color: Color32::from_rgb(120, 230, 140),
        value: |f| Some(f64::from(f.height_m)),
    },
    Series {
        title: "vertical velocity",
        unit: "m/s",
        color: Color32::from_rgb(255, 190, 90),
        value: |f| Some(f64::from(f.vertical_mps)),
    },
    Series {
        title: "iterations",
        unit: "",
        color: Color32::from_rgb(150, 160, 255),
        value: |f| Some(f64::from(f.iterations)),
    },
    Series {
        title: "contacts",
        unit: "",
        color: Color32::from_rgb(255, 120, 120),
        value: |f| Some(f64::from(f.contacts)),
    },
    Series {
        title: "grounded",
        unit: "0/1",
        color: Color32::from_rgb(200, 200, 200),
        value: |f| Some(f64::from(u8::from(f.grounded))),
    },
];

const GAME_GAP: Series = Series {
    title: "game vs reference",
    unit: "m",
    color: Color32::from_rgb(255, 70, 170),
    value: |f| f.game_gap_m.map(f64::from),
};

/// The plots, stacked to fill the space given.
pub fn plots_ui(ui: &mut Ui, v: &DebugView, out: &mut Vec<DebugCommand>) {
    let (Some(first), Some(last)) = (v.frames.first(), v.frames.last()) else {
        ui.label("No frames recorded yet: the plots follow the history.");
        return;
    };
    let cursor = v.cursor.map(|c| c.frame);
    let (lo, hi) = visible_range(first.frame, last.frame, cursor);
    let a = usize::try_from(lo - first.frame)
        .unwrap_or(0)
        .min(v.frames.len());
    let b = usize::try_from(hi - first.frame + 1)
        .unwrap_or(0)
        .min(v.frames.len());
    let frames = &v.frames[a..b.max(a)];
    let game = frames.iter().any(|f| f.game_gap_m.is_some());
    let shown: Vec<&Series> = SERIES.iter().chain(game.then_some(&GAME_GAP)).collect();
    let height = ((ui.available_height() - 4.0) / shown.len() as f32 - 6.0).max(48.0);
    egui::ScrollArea::vertical().show(ui, |ui| {
        for s in shown {
            series_ui(ui, s, frames, (lo, hi), cursor, height, out);
        }
    });
}

fn series_ui(
    ui: &mut Ui,
    s: &Series,
    frames: &[FrameSummary],
    (lo, hi): (u64, u64),
    cursor: Option<u64>,
    height: f32,
    out: &mut Vec<DebugCommand>,
) {
    let points: Vec<[f64; 2]> = frames
        .iter()
        .filter_map(|f| Some([f.frame as f64, (s.value)(f)?]))
        .collect();
    let (y_lo, y_hi) = points
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), p| {
            (a.min(p[1]), b.max(p[1]))
        });
    let label = if s.unit.is_empty() {
        s.title.to_string()
    } else {
        format!("{} ({})", s.title, s.unit)
    };
    let pad = ((y_hi - y_lo) * 0.1).max(0.05);
    let (y_min, y_max) = if y_lo.is_finite() {
        (y_lo - pad, y_hi + pad)
    } else {
        (0.0, 1.0)
    };
    let marks = marker_ticks(frames, y_max - pad * 0.4);
    let resp = Plot::new(("plot", s.title))
        .height(height)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show_axes([false, true])
        .link_cursor(egui::Id::unique("plots"), [true, false])
        .y_axis_min_width(36.0)
        .show(ui, |p| {
            // The timeline's window, so the plots follow its range as the cursor moves.
            p.set_plot_bounds_x(lo as f64 - 0.5..=hi as f64 + 0.5);
            p.set_plot_bounds_y(y_min..=y_max);
            for (kind, pts) in marks {
                p.points(
                    Points::new(kind.label(), PlotPoints::from(pts))
                        .color(super::timeline::marker_color(kind))
                        .radius(2.0),
                );
            }
            p.line(Line::new(label.clone(), PlotPoints::from(points)).color(s.color));
            if let Some(c) = cursor {
                p.vline(
                    VLine::new("cursor", c as f64)
                        .color(Color32::WHITE)
                        .width(1.5),
                );
            }
            p.text(
                egui_plot::Text::new(
                    "",
                    egui_plot::PlotPoint::new(lo as f64, y_max),
                    egui::RichText::new(&label).small().color(s.color),
                )
                .anchor(egui::Align2::LEFT_TOP),
            );
            (p.response().clicked(), p.pointer_coordinate())
        });
    if let (true, Some(at)) = resp.inner
        && at.x.is_finite()
    {
        let frame = at.x.round().clamp(lo as f64, hi as f64) as u64;
        out.push(DebugCommand::Select {
            frame,
            iteration: 0,
        });
    }
}

/// Marker ticks along the top (at height `y`), one series per kind (a frame's first kind).
fn marker_ticks(frames: &[FrameSummary], y: f64) -> Vec<(MarkerKind, Vec<[f64; 2]>)> {
    let mut marks: Vec<(MarkerKind, Vec<[f64; 2]>)> = Vec::new();
    for f in frames {
        let Some(kind) = f.markers.kinds().next() else {
            continue;
        };
        let at = [f.frame as f64, y];
        match marks.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, pts)) => pts.push(at),
            None => marks.push((kind, vec![at])),
        }
    }
    marks
}
