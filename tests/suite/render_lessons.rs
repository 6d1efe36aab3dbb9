//! One render per lesson, checking its first frame is not blank: the lesson's opening view — its
//! scene at the opening iteration, its camera and world / eSpace blend — through the offscreen
//! renderer the app uses (lavapipe in CI). Small frames keep the whole test short. Like
//! `render_screenshot`, a missing GPU adapter fails.

use std::path::Path;

use slidescope::lessons::first_frame::first_frame;
use slidescope::lessons::{Catalog, LESSONS_DIR, LessonState};
use slidescope::render::{DebugScene, render_image};
use slidescope::view::load_scenario;

const W: u32 = 320;
const H: u32 = 180;

fn distinct_colours(img: &image::RgbaImage) -> usize {
    let mut c: Vec<[u8; 4]> = img.pixels().map(|p| p.0).collect();
    c.sort_unstable();
    c.dedup();
    c.len()
}

#[test]
fn every_lesson_first_frame_shows_its_level_and_its_shapes() {
    let (gpu, mut renderer) = crate::common::gpu_renderer();
    let catalog = Catalog::read(Path::new(LESSONS_DIR));
    assert!(!catalog.entries.is_empty());
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    for entry in &catalog.entries {
        let name = entry.path.display().to_string();
        let lesson = entry
            .lesson
            .as_ref()
            .unwrap_or_else(|e| panic!("{e}"))
            .clone();
        let scene =
            load_scenario(&lesson.scenario_path(&entry.path)).unwrap_or_else(|e| panic!("{e}"));
        let state = LessonState::new(&entry.path, lesson, scene.record.trace.clone())
            .unwrap_or_else(|e| panic!("{e}"));
        let (shapes, camera, settings) = first_frame(&scene, &state);
        assert!(shapes.shape_count() > 3, "{name}: nothing to draw");
        renderer.set_level(&gpu.device, &scene.world.geometry);
        renderer.set_dynamic_objects(&scene.world.dynamic_geometry);
        let img = render_image(&gpu, &mut renderer, W, H, &camera, &shapes, &settings)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let bare = render_image(
            &gpu,
            &mut renderer,
            W,
            H,
            &camera,
            &DebugScene::default(),
            &settings,
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        let file = entry
            .path
            .file_stem()
            .map_or("lesson".into(), |s| s.to_string_lossy().into_owned());
        let _ = img.save(out_dir.join(format!("lesson_{file}.png")));
        // Not blank: the level is lit (many shades) and the debug shapes change a good part of
        // the frame.
        let colours = distinct_colours(&img);
        assert!(colours > 60, "{name}: only {colours} colours: blank frame?");
        let background = settings.clear_color;
        let changed = img
            .pixels()
            .zip(bare.pixels())
            .filter(|(a, b)| a.0 != b.0)
            .count();
        let share = changed as f64 / f64::from(W * H);
        assert!(
            share > 0.01,
            "{name}: the lesson's shapes change only {:.2} % of the frame (clear {background:?})",
            share * 100.0
        );
        let level_px = bare
            .pixels()
            .filter(|p| p.0 != bare.get_pixel(0, 0).0)
            .count();
        assert!(
            level_px > (W * H / 100) as usize,
            "{name}: the level covers only {level_px} pixels"
        );
    }
}
