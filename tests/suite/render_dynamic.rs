//! The headless screenshot path draws dynamic objects: the teaching level at the
//! lift station, rendered small through `ShotScene` (what `slidescope screenshot --station
//! lift` draws), shows the lift in its material's colour where its top projects, and the
//! same frame without the objects' meshes shows something else there. Needs a GPU adapter
//! (lavapipe in CI), like the other render tests.

use std::path::Path;

use glam::{Vec2, Vec3};
use slidescope::cli::screenshot::ShotScene;
use slidescope::render::{
    Camera, FrameSettings, Gpu, Renderer, pick_color_format, pick_sample_count, render_image,
};
use slidescope::view::World;

const W: u32 = 320;
const H: u32 = 180;

fn gpu() -> Gpu {
    match Gpu::headless() {
        Ok(g) => g,
        Err(e) => panic!(
            "render test needs a GPU adapter (CI installs mesa-vulkan-drivers; locally run \
             `apt-get install mesa-vulkan-drivers libvulkan1`): {e}"
        ),
    }
}

fn px(img: &image::RgbaImage, p: Vec2) -> [i32; 3] {
    let x = (p.x as u32).min(img.width() - 1);
    let y = (p.y as u32).min(img.height() - 1);
    let c = img.get_pixel(x, y).0;
    [c[0] as i32, c[1] as i32, c[2] as i32]
}

#[test]
fn screenshot_at_the_lift_shows_the_lift_in_its_colour() {
    let world = World::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/teaching.glb"))
        .expect("teaching level loads");
    let shot = ShotScene::at_station(world, Some("lift"));
    let lift = shot
        .world
        .movers
        .scene()
        .objects()
        .iter()
        .find(|o| o.name.contains("lift_car"))
        .expect("lift")
        .clone();
    let pose = lift.current();
    // The lift's material: accent_slide, a saturated blue.
    let color = shot.world.dynamic_geometry[lift.id.0 as usize].color;
    assert!(color[2] > color[0] + 0.4, "lift colour {color:?}");
    // Look down at the lift's top from above the player, beside it.
    let top = pose.transform_point(Vec3::new(0.0, 0.1, 0.0));
    let cam = Camera::look_at(top + Vec3::new(-2.5, 3.0, 2.0), top);
    let gpu = gpu();
    let mut renderer = Renderer::new(
        &gpu.device,
        pick_sample_count(&gpu.adapter),
        pick_color_format(&gpu.adapter),
    );
    shot.upload(&mut renderer, &gpu.device);
    let settings = FrameSettings::default();
    let with = render_image(&gpu, &mut renderer, W, H, &cam, &shot.debug, &settings).unwrap();
    renderer.set_dynamic_objects(&[]);
    let without = render_image(&gpu, &mut renderer, W, H, &cam, &shot.debug, &settings).unwrap();
    // Inset points of the lift's 2 × 2 m top.
    let samples = [
        (0.0, 0.0),
        (0.6, 0.6),
        (-0.6, 0.6),
        (0.6, -0.6),
        (-0.6, -0.6),
    ];
    let mut blue = 0;
    for (x, z) in samples {
        let p = pose.transform_point(Vec3::new(x, 0.1, z));
        let at = cam.project(p, W, H).expect("lift top in view");
        let [r, g, b] = px(&with, at);
        let old = px(&without, at);
        if b > r + 50 && b > g + 20 && old != [r, g, b] {
            blue += 1;
        } else {
            eprintln!("at {at}: with {:?}, without {old:?}", [r, g, b]);
        }
    }
    assert!(blue >= 4, "{blue} of 5 lift samples blue");
}
