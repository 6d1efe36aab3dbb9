//! The workbench's tiles (issue 16), laid out headless by egui exactly as the app does: at
//! 1280 × 720 the default layout gives the 3D view more than 55 % of the window, at 1920 ×
//! 1080 and at a HiDPI scale of 2 too; closed panes give their room back; the plots pane
//! follows the timeline's window.

use slidescope::app::camera_rig::CameraMode;
use slidescope::collision::SlideSettings;
use slidescope::sim::PlayerParams;
use slidescope::ui::layout::{Layout, Pane};
use slidescope::ui::{self, HudStats, ShellModel, ShellOutput};

fn model() -> ShellModel {
    ShellModel {
        hud: HudStats::default(),
        stations: vec!["start".into()],
        messages: Vec::new(),
        note: None,
        params: PlayerParams::default(),
        slide: SlideSettings::default(),
        view: Default::default(),
        fov_deg: 70.0,
        auto_exposure: 1.0,
        mode: CameraMode::Orbit,
        recent: Vec::new(),
        debug: Default::default(),
        teach: Default::default(),
    }
}

/// Lays the shell out for a few frames at `size` points and `scale` pixels per point; returns
/// the 3D view's rectangle and the size in physical pixels the shell asked the renderer for.
fn lay_out(layout: &mut Layout, size: [f32; 2], scale: f32) -> (egui::Rect, [u32; 2]) {
    let ctx = egui::Context::default();
    ctx.set_pixels_per_point(scale);
    let m = model();
    let mut px = [0, 0];
    for _ in 0..3 {
        let raw = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(size[0], size[1]) / scale,
            )),
            ..Default::default()
        };
        let mut out = ShellOutput::default();
        let mut full = ctx.run_ui(raw, |ui| ui::shell_ui(ui, &m, layout, None, &mut out));
        // Nothing renders here: the font atlas upload is dropped on purpose.
        full.textures_delta.clear();
        px = out.view_px;
    }
    (
        layout.rect(Pane::View3d).expect("the 3D view is laid out"),
        px,
    )
}

fn share(r: egui::Rect, size: [f32; 2], scale: f32) -> f32 {
    r.area() * scale * scale / (size[0] * size[1])
}

#[test]
fn the_3d_view_gets_more_than_55_percent_of_the_window_by_default() {
    for (size, scale) in [
        ([1280.0, 720.0], 1.0),
        ([1920.0, 1080.0], 1.0),
        ([2560.0, 1440.0], 2.0),
    ] {
        let mut layout = Layout::default();
        let (view, px) = lay_out(&mut layout, size, scale);
        let s = share(view, size, scale);
        println!(
            "{size:?} at scale {scale}: 3D view {:.0}x{:.0} points = {:.1} % of the window",
            view.width(),
            view.height(),
            s * 100.0
        );
        assert!(
            s > 0.55,
            "{size:?} scale {scale}: the 3D view has {:.1} %",
            s * 100.0
        );
        // The renderer is asked for the view's size in physical pixels.
        assert!(
            (px[0] as f32 - view.width() * scale).abs() <= 1.0,
            "{px:?} vs {view:?}"
        );
        for p in Pane::CLOSABLE {
            if p != Pane::Timeline {
                let side = layout.tree.tiles.find_pane(&p).expect("side pane");
                assert!(layout.tree.tiles.parent_of(side).is_some());
            }
        }
        assert!(
            layout
                .rect(Pane::Timeline)
                .is_some_and(|r| r.height() > 100.0)
        );
    }
}

#[test]
fn closing_panes_gives_the_view_their_room_and_reset_brings_them_back() {
    let size = [1280.0, 720.0];
    let mut layout = Layout::default();
    let (before, _) = lay_out(&mut layout, size, 1.0);
    for p in Pane::CLOSABLE {
        layout.toggle(p);
    }
    let (after, _) = lay_out(&mut layout, size, 1.0);
    assert!(
        share(after, size, 1.0) > 0.95,
        "alone, the view fills the window: {after:?}"
    );
    assert!(after.area() > before.area() * 1.5);
    layout.toggle(Pane::Plots);
    let (with_plots, _) = lay_out(&mut layout, size, 1.0);
    assert!(layout.rect(Pane::Plots).is_some_and(|r| r.width() > 200.0));
    assert!(with_plots.width() < after.width());
    let mut reset = Layout::default();
    let (again, _) = lay_out(&mut reset, size, 1.0);
    assert_eq!(again, before);
}
