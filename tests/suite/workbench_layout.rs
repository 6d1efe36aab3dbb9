//! The workbench's tiles, laid out headless by egui exactly as the app does: at 1280 × 720 the
//! default layout gives the 3D view more than 55 % of the window, at 1920 × 1080 and at a
//! HiDPI scale of 2 too; closed panes give their room back; the plots pane follows the
//! timeline's window; no text runs past a pane's edge (the walker's frames, a game's probe
//! file, the Issues report window, a lesson), and a pane too narrow for its tables shows a
//! sideways scroll bar.

use std::path::Path;

use slidescope::collision::SlideSettings;
use slidescope::sim::{Cursor, PlayerInput, PlayerParams, Sim};
use slidescope::ui::debugger::DebugView;
use slidescope::ui::layout::Layout;
use slidescope::ui::pane_name::Pane;
use slidescope::ui::{self, HudStats, ShellModel, ShellOutput};
use slidescope::view::CameraMode;
use slidescope::view::World;

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
        issues: Default::default(),
    }
}

/// Lays the shell out for a few frames at `size` points and `scale` pixels per point; returns
/// the 3D view's rectangle and the size in physical pixels the shell asked the renderer for.
fn lay_out(layout: &mut Layout, size: [f32; 2], scale: f32) -> (egui::Rect, [u32; 2]) {
    let (view, px, _) = lay_out_model(layout, size, scale, &model());
    (view, px)
}

/// [`lay_out`] with a given model; also returns the last frame's shapes.
fn lay_out_model(
    layout: &mut Layout,
    size: [f32; 2],
    scale: f32,
    m: &ShellModel,
) -> (egui::Rect, [u32; 2], Vec<egui::epaint::ClippedShape>) {
    let (_, px, shapes) = run_shell(layout, size, scale, m);
    (
        layout
            .rect(Pane::new("View3d"))
            .expect("the 3D view is laid out"),
        px,
        shapes,
    )
}

/// Three frames of the shell as the app runs it: the context (its memory holds where the
/// windows went), the renderer's size in pixels and the last frame's shapes.
fn run_shell(
    layout: &mut Layout,
    size: [f32; 2],
    scale: f32,
    m: &ShellModel,
) -> (egui::Context, [u32; 2], Vec<egui::epaint::ClippedShape>) {
    let ctx = egui::Context::default();
    ctx.set_pixels_per_point(scale);
    let mut px = [0, 0];
    let mut shapes = Vec::new();
    for _ in 0..3 {
        let raw = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(size[0], size[1]) / scale,
            )),
            ..Default::default()
        };
        let mut out = ShellOutput::default();
        let mut full = ctx.run_ui(raw, |ui| ui::shell_ui(ui, m, layout, None, &mut out));
        // Nothing renders here: the font atlas upload is dropped on purpose.
        full.textures_delta.clear();
        px = out.view_px;
        shapes = full.shapes;
    }
    (ctx, px, shapes)
}

/// A walk into the teaching level's first station, recorded, paused `back` frames before the
/// end: the debugger's model as the app builds it.
fn walked_model(back: u64) -> ShellModel {
    let world = World::load(Path::new("assets/teaching.glb")).expect("teaching level");
    let st = &world.stations[0];
    let mut sim = Sim::new(
        st.feet + glam::Vec3::Y * 0.95,
        PlayerParams::default(),
        SlideSettings::default(),
    );
    for k in 0..150 {
        let input = PlayerInput {
            forward: 1.0,
            right: if k % 40 < 20 { 0.6 } else { -0.6 },
            jump: k == 60,
            ..Default::default()
        };
        sim.step(&world.collision, &input);
    }
    let h = sim.history();
    let (a, b) = h.summaries();
    let frames: Vec<_> = a.iter().chain(b).copied().collect();
    let frame = h.last_frame().expect("recorded") - back;
    let mut m = model();
    m.debug = DebugView {
        paused: true,
        frames,
        cursor: Some(Cursor {
            frame,
            iteration: 0,
        }),
        record: h.get(frame).cloned(),
        ..Default::default()
    };
    m
}

/// Every shape, nested ones flattened, with its clip rectangle.
fn flat(shapes: &[egui::epaint::ClippedShape]) -> Vec<(egui::Rect, egui::Shape)> {
    fn walk(clip: egui::Rect, s: &egui::Shape, out: &mut Vec<(egui::Rect, egui::Shape)>) {
        match s {
            egui::Shape::Vec(v) => v.iter().for_each(|s| walk(clip, s, out)),
            s => out.push((clip, s.clone())),
        }
    }
    let mut out = Vec::new();
    for c in shapes {
        walk(c.clip_rect, &c.shape, &mut out);
    }
    out
}

#[test]
fn no_text_is_cut_at_the_inspectors_sides() {
    let m = walked_model(20);
    assert!(
        m.debug
            .record
            .as_ref()
            .is_some_and(|r| !r.trace.iterations.is_empty())
    );
    let mut layout = Layout::default();
    // 1280 wide, the target width, and tall enough that the whole inspector is on screen.
    let (_, _, shapes) = lay_out_model(&mut layout, [1280.0, 4000.0], 1.0, &m);
    let pane = layout
        .rect(Pane::new("Inspector"))
        .expect("inspector shown");
    let mut texts = 0;
    for (clip, s) in flat(&shapes) {
        let egui::Shape::Text(t) = s else { continue };
        let r = t.visual_bounding_rect();
        if !pane.contains(r.center()) || !clip.intersects(pane) {
            continue;
        }
        texts += 1;
        assert!(
            r.min.x >= clip.min.x - 0.5 && r.max.x <= clip.max.x + 0.5,
            "text {:?} at {r:?} is cut by its clip {clip:?}",
            t.galley.text()
        );
    }
    assert!(
        texts > 30,
        "the inspector shows its table and narration ({texts} texts)"
    );
}

#[test]
fn the_plots_draw_the_cursor_line_at_the_cursor_frame() {
    let back = 37;
    let m = walked_model(back);
    let mut layout = Layout::default();
    layout.show(Pane::new("Plots"));
    let (_, _, shapes) = lay_out_model(&mut layout, [1280.0, 720.0], 1.0, &m);
    let pane = layout.rect(Pane::new("Plots")).expect("plots shown");
    let first = m.debug.frames.first().unwrap().frame;
    let last = m.debug.frames.last().unwrap().frame;
    let cursor = last - back;
    // The plots span the timeline's window (here the whole short history), each frame ±0.5.
    let want_frac = (cursor as f32 - first as f32 + 0.5) / (last - first + 1) as f32;
    let mut lines = 0;
    for (clip, s) in flat(&shapes) {
        // egui_plot draws a VLine as a two-point path.
        let egui::Shape::Path(path) = s else {
            continue;
        };
        let white = path.stroke.color == egui::epaint::ColorMode::Solid(egui::Color32::WHITE);
        if !pane.contains(clip.center()) || !white || path.points.len() != 2 {
            continue;
        }
        let points = &path.points;
        if (points[0].x - points[1].x).abs() > 0.5
            || (points[0].y - points[1].y).abs() < clip.height() * 0.5
        {
            continue;
        }
        let frac = (points[0].x - clip.min.x) / clip.width();
        assert!(
            (frac - want_frac).abs() < 0.01,
            "cursor line at {frac:.3} of the plot, want {want_frac:.3}"
        );
        lines += 1;
    }
    assert!(lines >= 6, "a cursor line in every plot, found {lines}");
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
        for p in Pane::closable() {
            if p != Pane::new("Timeline") {
                let side = layout.tree.tiles.find_pane(&p).expect("side pane");
                assert!(layout.tree.tiles.parent_of(side).is_some());
            }
        }
        assert!(
            layout
                .rect(Pane::new("Timeline"))
                .is_some_and(|r| r.height() > 100.0)
        );
    }
}

#[test]
fn closing_panes_gives_the_view_their_room_and_reset_brings_them_back() {
    let size = [1280.0, 720.0];
    let mut layout = Layout::default();
    let (before, _) = lay_out(&mut layout, size, 1.0);
    for p in Pane::closable() {
        layout.toggle(p);
    }
    let (after, _) = lay_out(&mut layout, size, 1.0);
    assert!(
        share(after, size, 1.0) > 0.95,
        "alone, the view fills the window: {after:?}"
    );
    assert!(after.area() > before.area() * 1.5);
    layout.toggle(Pane::new("Plots"));
    let (with_plots, _) = lay_out(&mut layout, size, 1.0);
    assert!(
        layout
            .rect(Pane::new("Plots"))
            .is_some_and(|r| r.width() > 200.0)
    );
    assert!(with_plots.width() < after.width());
    let mut reset = Layout::default();
    let (again, _) = lay_out(&mut reset, size, 1.0);
    assert_eq!(again, before);
}

/// Every text that starts in `area`, and those of them that run past their clip
/// rectangle (or `area`) sideways: a text cut at a panel's edge.
fn texts_cut_in(shapes: &[egui::epaint::ClippedShape], area: egui::Rect) -> (usize, Vec<String>) {
    let (mut texts, mut cut) = (0, Vec::new());
    for (clip, s) in flat(shapes) {
        let egui::Shape::Text(t) = s else { continue };
        let r = t.visual_bounding_rect();
        // A text belongs to the area its first character is in.
        let start = egui::pos2(r.min.x + 1.0, r.center().y);
        if !area.contains(start) || !clip.intersects(area) {
            continue;
        }
        texts += 1;
        let clip = clip.intersect(area);
        if r.min.x < clip.min.x - 0.5 || r.max.x > clip.max.x + 0.5 {
            cut.push(format!(
                "{:?} at x {:.0}..{:.0}, clip {:.0}..{:.0}",
                t.galley.text(),
                r.min.x,
                r.max.x,
                clip.min.x,
                clip.max.x
            ));
        }
    }
    (texts, cut)
}

/// The debugger's model on one game move, with the lines the inspector gives a diverging
/// move of a file (where it parts, and the file's check's reason, as `ProbeState::refresh_why`
/// shows them).
fn probe_model(
    whys: &std::collections::BTreeMap<u64, slidescope::probe::explain::Why>,
    rec: &slidescope::sim::FrameRecord,
) -> (ShellModel, Vec<String>) {
    use slidescope::probe::ShadowConfig;
    let config = ShadowConfig::default();
    let game = rec.game.as_deref().expect("a game move");
    let why = if game.verdict(&config.tolerance).diverges {
        let parting = slidescope::probe::explain::stage::parting(rec, game, &config.tolerance);
        let why = whys.get(&game.index).map_or_else(Vec::new, |w| w.lines());
        parting.map(|p| p.line()).into_iter().chain(why).collect()
    } else {
        Vec::new()
    };
    let mut m = model();
    m.debug = DebugView {
        paused: true,
        cursor: Some(Cursor {
            frame: rec.frame,
            iteration: 0,
        }),
        record: Some(rec.clone()),
        probe: slidescope::ui::game::ProbeStatusView {
            active: true,
            moves: 1,
            diverging: 1,
            tolerance: config.tolerance,
            why: why.clone(),
            ..Default::default()
        },
        ..Default::default()
    };
    (m, why)
}

/// Diverging moves of the committed recordings, one of each kind the inspector shows
/// differently: with the game's contacts, without, an embedded correction, a bug class with a
/// depth, a convention with the line that declares it.
fn probe_cases() -> Vec<(String, ShellModel)> {
    use slidescope::sim::MarkerKind;
    let mut cases: Vec<(String, ShellModel)> = Vec::new();
    type Wanted = fn(&slidescope::sim::FrameRecord, &[String]) -> bool;
    let mut want: Vec<(&str, Wanted)> = vec![
        ("contacts", |r, _| {
            r.game.as_ref().is_some_and(|g| !g.contacts.is_empty())
        }),
        ("no contacts", |r, _| {
            r.game.as_ref().is_some_and(|g| g.contacts.is_empty())
        }),
        ("embedded correction", |r, _| {
            r.markers.contains(MarkerKind::EmbeddedCorrection)
        }),
        ("declare line", |_, why| {
            why.iter().any(|l| l.contains("declare"))
        }),
    ];
    for file in [
        "tests/data/ports/irrlicht_lavaducts.slidelog",
        "tests/data/ports/babylon_lavaducts.slidelog",
    ] {
        let tol = Default::default();
        let moves = crate::common::probe_moves(file);
        let options = slidescope::probe::probe_file_check::CheckOptions::default();
        let report =
            slidescope::probe::probe_file_check::check_file(std::path::Path::new(file), &options)
                .unwrap();
        let whys = slidescope::probe::file_whys::reasons(&report);
        let diverging = moves
            .iter()
            .filter(|(_, r)| r.game.as_ref().is_some_and(|g| g.verdict(&tol).diverges));
        for (_, rec) in diverging.take(400) {
            if want.is_empty() {
                break;
            }
            let (m, why) = probe_model(&whys, rec);
            if let Some(i) = want.iter().position(|(_, f)| f(rec, &why)) {
                let (name, _) = want.remove(i);
                cases.push((format!("{file} move {} ({name})", rec.frame), m));
            }
        }
    }
    let missing: Vec<&str> = want.iter().map(|(n, _)| *n).collect();
    assert!(missing.is_empty(), "no diverging move with: {missing:?}");
    cases.push(bug_with_a_depth());
    cases
}

/// A bug with a depth, the inspector's longest why: no committed recording ends inside the
/// level (Irrlicht's lavaducts move 213 did until its f32 edge arithmetic explained it), so
/// that move is given the bug's lines as the check words them.
fn bug_with_a_depth() -> (String, ShellModel) {
    use slidescope::probe::explain::{BugClass, Why};
    let file = "tests/data/ports/irrlicht_lavaducts.slidelog";
    let moves = crate::common::probe_moves(file);
    let (_, rec) = (moves.iter())
        .find(|(_, r)| r.game.as_ref().is_some_and(|g| g.index == 213))
        .expect("move 213");
    let bug = Why::Bug {
        class: BugClass::EndedInsideLevel,
        depth_m: Some(0.1569),
    };
    let whys = std::collections::BTreeMap::from([(213, bug)]);
    let (m, why) = probe_model(&whys, rec);
    assert!(
        why.iter().any(|l| l.contains("bug") && l.contains(" deep")),
        "{why:?}"
    );
    (format!("{file} move {} (bug with a depth)", rec.frame), m)
}

/// What is cut in each side pane (each shown in turn) and the windows, for model `m` laid
/// out at `size`; `what` names the case in the messages.
fn cut_in_panes(what: &str, m: &ShellModel, size: [f32; 2]) -> Vec<String> {
    let mut failures = Vec::new();
    for pane in [
        Pane::new("Inspector"),
        Pane::new("Plots"),
        Pane::new("Controls"),
        Pane::new("Lesson"),
    ] {
        let mut layout = Layout::default();
        layout.show(pane);
        let (_, _, shapes) = lay_out_model(&mut layout, size, 1.0, m);
        let Some(rect) = layout.rect(pane) else {
            failures.push(format!("{what}: {pane:?} not shown"));
            continue;
        };
        let (texts, cut) = texts_cut_in(&shapes, rect);
        let least = match pane.name() {
            "Inspector" => 20,
            "Lesson" if m.teach.lesson.is_some() => 10,
            _ => 1,
        };
        if size[1] > 1000.0 && texts < least {
            failures.push(format!("{what}: {pane:?} shows only {texts} texts"));
        }
        if !cut.is_empty() {
            failures.push(format!(
                "{what}, {pane:?} at {size:?}: {} cut:\n  {}",
                cut.len(),
                cut.join("\n  ")
            ));
        }
    }
    failures
}

#[test]
fn no_text_is_cut_at_a_panels_edge_on_a_probe_files_moves() {
    let mut failures = Vec::new();
    for (what, m) in probe_cases() {
        for size in [[1280.0, 720.0], [1280.0, 4000.0], [900.0, 4000.0]] {
            failures.extend(cut_in_panes(&what, &m, size));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The longest of the Issues suite's reports in its window, and a lesson in its pane: every
/// line wraps inside.
#[test]
fn no_text_is_cut_in_the_issues_report_window_or_a_lesson() {
    let entries = slidescope::ui::issues::entries();
    let longest = entries
        .iter()
        .max_by_key(|e| e.report.len() + e.adaptation.len() + e.expectation.len())
        .expect("scenes");
    let mut m = walked_model(20);
    m.issues = slidescope::ui::issues::IssuesView {
        open: Some(longest.number),
        verdicts: vec![
            "seed: fails (stuck 0.42 s at the corner)".into(),
            "fix: passes".into(),
            "rapier: passes".into(),
        ],
        entries: entries.clone(),
    };
    let path = Path::new("assets/lessons/05-edge-vertex-contacts.json");
    let lesson = slidescope::lessons::Lesson::parse(path, &std::fs::read_to_string(path).unwrap())
        .expect("lesson");
    m.teach.lesson = Some(slidescope::ui::lessons::LessonPanel {
        index: 4,
        count: 13,
        title: lesson.title.clone(),
        seeds: lesson.seeds.clone(),
        paragraphs: lesson.paragraphs.clone(),
        prompts: lesson
            .prompts
            .iter()
            .map(|p| (p.prompt.clone(), false))
            .collect(),
        question: lesson.quiz.question.clone(),
        quiz: None,
        hint: lesson.quiz.hint.clone(),
        explanation: lesson.quiz.explanation.clone(),
        note: lesson.note.clone(),
        uses_solvers: false,
    });
    let mut failures = Vec::new();
    for size in [[1280.0, 720.0], [1280.0, 4000.0], [900.0, 4000.0]] {
        failures.extend(cut_in_panes("Issues window and lesson", &m, size));
        let mut layout = Layout::default();
        let (ctx, _, shapes) = run_shell(&mut layout, size, 1.0, &m);
        let window = slidescope::ui::issues::REPORT_WINDOW;
        let Some(area) = ctx.memory(|mem| mem.area_rect(egui::Id::unique(window))) else {
            failures.push(format!("the report window not drawn at {size:?}"));
            continue;
        };
        let (texts, cut) = texts_cut_in(&shapes, area);
        if texts < 5 || !cut.is_empty() {
            failures.push(format!(
                "{window} at {size:?}: {texts} texts, cut:\n  {}",
                cut.join("\n  ")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The horizontal scroll bars drawn along the bottom of `area`: thin filled rectangles.
fn sideways_bars(shapes: &[egui::epaint::ClippedShape], area: egui::Rect) -> Vec<egui::Rect> {
    flat(shapes)
        .into_iter()
        .filter_map(|(_, s)| match s {
            egui::Shape::Rect(r) if r.fill.a() > 0 => Some(r.rect),
            _ => None,
        })
        .filter(|r| {
            (4.0..=12.0).contains(&r.height())
                && r.width() >= 12.0
                && area.x_range().contains(r.center().x)
                && (r.bottom() - area.bottom()).abs() <= 16.0
        })
        .collect()
}

#[test]
fn a_pane_too_narrow_for_its_tables_scrolls_sideways_with_its_bar_in_sight() {
    let (what, m) = probe_cases().swap_remove(0);
    let mut narrow_cut = 0;
    for width in [1280.0, 900.0, 500.0, 400.0, 300.0] {
        let mut layout = Layout::default();
        let (_, _, shapes) = lay_out_model(&mut layout, [width, 720.0], 1.0, &m);
        let pane = layout
            .rect(Pane::new("Inspector"))
            .expect("inspector shown");
        let (_, cut) = texts_cut_in(&shapes, pane);
        let bars = sideways_bars(&shapes, pane);
        if width >= 900.0 {
            assert!(
                cut.is_empty() && bars.is_empty(),
                "{what} at {width}: {cut:?}"
            );
        } else if !cut.is_empty() {
            // Too narrow for the tables: what runs past the edge is one scroll away.
            assert!(
                !bars.is_empty(),
                "{what} at {width}: {} texts cut, no bar in sight",
                cut.len()
            );
            narrow_cut += 1;
        }
    }
    assert!(
        narrow_cut > 0,
        "{what}: no width was too narrow, nothing was tested"
    );
}
