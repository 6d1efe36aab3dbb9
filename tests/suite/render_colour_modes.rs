//! The level colour modes and the automatic exposure, rendered through the app's
//! renderer on lavapipe and checked by pixel: slope mode paints the teaching level's 50° ramp
//! as too steep and the floor in front of it as walkable; the shared lavaducts level is bright
//! enough to read in the default mode.

use std::path::Path;

use glam::{Vec2, Vec3};
use slidescope::render::{
    Camera, DebugScene, Exposure, FrameSettings, Gpu, LevelColour, Renderer, pick_color_format,
    pick_sample_count, render_image,
};
use slidescope::view::World;

/// The check size: a 1280 × 720 frame.
const W: u32 = 1280;
const H: u32 = 720;

fn render(world: &World, camera: &Camera, settings: &FrameSettings) -> image::RgbaImage {
    let gpu = Gpu::headless().unwrap_or_else(|e| panic!("render test needs a GPU adapter: {e}"));
    let mut r = Renderer::new(
        &gpu.device,
        pick_sample_count(&gpu.adapter),
        pick_color_format(&gpu.adapter),
    );
    r.set_level(&gpu.device, &world.geometry);
    render_image(&gpu, &mut r, W, H, camera, &DebugScene::default(), settings).expect("render")
}

fn project(camera: &Camera, p: Vec3) -> Vec2 {
    let c = camera.view_proj(W as f32 / H as f32) * p.extend(1.0);
    let ndc = c.truncate() / c.w;
    Vec2::new(
        (ndc.x * 0.5 + 0.5) * W as f32,
        (0.5 - ndc.y * 0.5) * H as f32,
    )
}

fn px(img: &image::RgbaImage, p: Vec2) -> [i32; 3] {
    let c = img.get_pixel(p.x as u32, p.y as u32).0;
    [c[0] as i32, c[1] as i32, c[2] as i32]
}

fn teaching() -> World {
    World::load(Path::new("assets/teaching.glb")).expect("teaching level")
}

#[test]
fn slope_mode_paints_the_50_degree_ramp_too_steep_and_the_floor_walkable() {
    let world = teaching();
    let st = world
        .stations
        .iter()
        .find(|s| s.name == "ramp_50")
        .expect("ramp_50 station");
    let look = st.look.expect("the station looks at its ramp");
    let eye = st.feet + Vec3::Y * 1.6;
    let camera = Camera::look_at(eye, look);
    let settings = FrameSettings {
        colour: LevelColour::Slope,
        max_slope_deg: 45.0,
        flip_winding: world.clockwise,
        ..FrameSettings::default()
    };
    let img = render(&world, &camera, &settings);
    if let Ok(dir) = std::env::var("SLIDESCOPE_TEST_PNG") {
        img.save(Path::new(&dir).join("slope_mode.png"))
            .expect("save");
    }
    // The look point sits behind the ramp's face: the pixel there shows the ramp.
    let ramp = px(&img, project(&camera, look));
    let floor = px(
        &img,
        project(&camera, st.feet.lerp(look.with_y(st.feet.y), 0.6)),
    );
    assert!(
        ramp[0] > ramp[1] + 80 && ramp[0] > ramp[2] + 80,
        "ramp pixel {ramp:?} is not 'too steep' red"
    );
    assert!(
        floor[1] > floor[0] + 30 && floor[1] > floor[2],
        "floor pixel {floor:?} is not 'walkable' green"
    );
    // A 55° maximum makes the same ramp walkable.
    let lenient = render(
        &world,
        &camera,
        &FrameSettings {
            max_slope_deg: 55.0,
            ..settings
        },
    );
    let ramp = px(&lenient, project(&camera, look));
    assert!(
        ramp[1] > ramp[0],
        "with a 55° maximum the ramp pixel {ramp:?} should be green"
    );
}

fn mean_luminance(img: &image::RgbaImage) -> f64 {
    let sum: f64 = img
        .pixels()
        .map(|p| 0.2126 * p[0] as f64 + 0.7152 * p[1] as f64 + 0.0722 * p[2] as f64)
        .sum();
    sum / (img.width() * img.height()) as f64
}

#[test]
fn lavaducts_is_readable_in_the_default_mode() {
    let world = World::load(Path::new(
        "assets/levels/librequake_lavaducts/lavaducts.glb",
    ))
    .expect("the shared lavaducts level");
    let st = &world.stations[0];
    let eye = st.feet + Vec3::Y * 1.6;
    let look = st.look.unwrap_or(eye + Vec3::Z * 4.0 - Vec3::Y * 0.4);
    let camera = Camera::look_at(eye, look);
    let view = slidescope::view::ViewToggles::default();
    assert_eq!(view.level_colour, LevelColour::Material);
    let default = FrameSettings {
        flip_winding: world.clockwise,
        exposure: view.exposure.factor(world.auto_exposure),
        ..FrameSettings::default()
    };
    let plain = FrameSettings {
        exposure: Exposure {
            auto: false,
            manual: 1.0,
        }
        .factor(world.auto_exposure),
        ..default
    };
    let (lit_img, dark_img) = (
        render(&world, &camera, &default),
        render(&world, &camera, &plain),
    );
    if let Ok(dir) = std::env::var("SLIDESCOPE_TEST_PNG") {
        lit_img
            .save(Path::new(&dir).join("lavaducts_auto.png"))
            .expect("save");
        dark_img
            .save(Path::new(&dir).join("lavaducts_plain.png"))
            .expect("save");
    }
    let (lit, dark) = (mean_luminance(&lit_img), mean_luminance(&dark_img));
    println!(
        "lavaducts auto exposure {:.2}: mean luminance {lit:.1} (exposure 1: {dark:.1})",
        world.auto_exposure
    );
    assert!(
        world.auto_exposure > 1.5,
        "auto exposure {}",
        world.auto_exposure
    );
    assert!(
        lit > 45.0,
        "mean luminance {lit:.1} of 255 in the default mode"
    );
    assert!(
        lit > dark * 3.0,
        "auto exposure lifts the level: {lit:.1} vs {dark:.1}"
    );
}
