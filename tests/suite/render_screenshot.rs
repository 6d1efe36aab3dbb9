//! Renders a known scene offscreen (lavapipe in CI) through the same renderer the app and
//! `slidescope screenshot` use, and checks pixels of known colours where the camera maths says
//! they must be. Without a GPU adapter this test fails on purpose: CI installs
//! `mesa-vulkan-drivers`, so a missing adapter there is a broken set-up, not a skip.

use glam::{Mat3, Vec2, Vec3};
use slidescope::render::{
    Arrow, Camera, DebugScene, EllipsoidShape, FrameSettings, Gpu, LevelGeometry, MeshBatch,
    Renderer, geometry, pick_color_format, pick_sample_count, render_image,
};
use slidescope::scene::palette;

const W: u32 = 640;
const H: u32 = 400;
const FLOOR: [f32; 4] = [0.3, 0.35, 0.45, 1.0];
const BOX: [f32; 4] = [0.55, 0.55, 0.5, 1.0];

const CENTER: Vec3 = Vec3::new(0.0, 0.9, 0.0);
const RADII: Vec3 = Vec3::new(0.4, 0.9, 0.4);
/// Where the ellipsoid touches the box's -X face, and the slide normal there.
const CONTACT: Vec3 = Vec3::new(0.4, 0.9, 0.0);
const NORMAL: Vec3 = Vec3::new(-1.0, 0.0, 0.0);
const NORMAL_LEN: f32 = 0.3;

fn gpu() -> Gpu {
    match Gpu::headless() {
        Ok(g) => g,
        Err(e) => panic!(
            "render test needs a GPU adapter (CI installs mesa-vulkan-drivers; locally run \
             `apt-get install mesa-vulkan-drivers libvulkan1`): {e}"
        ),
    }
}

fn level() -> LevelGeometry {
    LevelGeometry {
        batches: vec![
            MeshBatch::from_triangles(
                &geometry::floor_triangles([-5.0, -5.0], [5.0, 5.0], 0.0),
                FLOOR,
            ),
            MeshBatch::from_triangles(
                &geometry::box_triangles(Vec3::new(0.4, 0.0, -0.5), Vec3::new(1.4, 1.2, 0.5)),
                BOX,
            ),
        ],
    }
}

fn scene(with_shapes: bool) -> DebugScene {
    let mut s = DebugScene::default();
    if with_shapes {
        s.ellipsoids.push(EllipsoidShape {
            center: CENTER,
            radii: RADII,
            axes: Mat3::IDENTITY,
            color: palette::ELLIPSOID,
            wire: Some(palette::ELLIPSOID_WIRE),
        });
        s.arrows.push(Arrow {
            from: CONTACT,
            vector: NORMAL * NORMAL_LEN,
            radius: 0.02,
            color: palette::CONTACT_NORMAL,
        });
    }
    s
}

fn camera() -> Camera {
    Camera::look_at(Vec3::new(0.0, 1.2, 4.0), Vec3::new(0.3, 0.9, 0.0))
}

fn px(img: &image::RgbaImage, p: Vec2) -> [i32; 3] {
    let x = (p.x as u32).min(img.width() - 1);
    let y = (p.y as u32).min(img.height() - 1);
    let c = img.get_pixel(x, y).0;
    [c[0] as i32, c[1] as i32, c[2] as i32]
}

fn srgb(linear: f32) -> i32 {
    let c = linear.clamp(0.0, 1.0);
    let s = if c <= 0.003_130_8 {
        12.92 * c
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    };
    (s * 255.0).round() as i32
}

fn render(with_shapes: bool) -> image::RgbaImage {
    let gpu = gpu();
    let mut renderer = Renderer::new(
        &gpu.device,
        pick_sample_count(&gpu.adapter),
        pick_color_format(&gpu.adapter),
    );
    renderer.set_level(&gpu.device, &level());
    let img = render_image(
        &gpu,
        &mut renderer,
        W,
        H,
        &camera(),
        &scene(with_shapes),
        &FrameSettings::default(),
    )
    .unwrap_or_else(|e| panic!("offscreen render failed: {e}"));
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("render_screenshot_{with_shapes}.png"));
    if let Err(e) = img.save(&out) {
        eprintln!("could not save {}: {e}", out.display());
    } else {
        eprintln!("saved {}", out.display());
    }
    img
}

#[test]
fn known_scene_shows_ellipsoid_contact_normal_and_floor_where_projected() {
    let img = render(true);
    let empty = render(false);
    let cam = camera();

    // Not blank: many distinct colours.
    let mut colours: Vec<[u8; 4]> = img.pixels().map(|p| p.0).collect();
    colours.sort_unstable();
    colours.dedup();
    assert!(
        colours.len() > 100,
        "only {} colours: blank frame?",
        colours.len()
    );

    // The ellipsoid centre: translucent orange over the dark background.
    let c = cam
        .project(CENTER, W, H)
        .expect("centre in front of the camera");
    let [r, g, b] = px(&img, c);
    let [er, _, eb] = px(&empty, c);
    assert!(
        eb >= er,
        "without the ellipsoid the centre pixel is background, got {er},{eb}"
    );
    assert!(
        r > g + 25 && r > b + 50,
        "ellipsoid orange expected at {c}, got {r},{g},{b}"
    );

    // The contact normal: opaque green along its projection (sampled between 30% and 80%).
    let p0 = cam.project(CONTACT, W, H).expect("contact visible");
    let p1 = cam
        .project(CONTACT + NORMAL * NORMAL_LEN, W, H)
        .expect("normal tip visible");
    for t in [0.3f32, 0.5, 0.7, 0.8] {
        let p = p0.lerp(p1, t);
        let found = (-2..=2).any(|dy| {
            (-2..=2).any(|dx| {
                let [r, g, b] = px(&img, p + Vec2::new(dx as f32, dy as f32));
                g > r + 60 && g > b + 60
            })
        });
        assert!(found, "contact-normal green expected near {p} (t = {t})");
    }

    // The floor below the ellipsoid, in front of it: the floor colour lit by the sun.
    let settings = FrameSettings::default();
    let floor_point = Vec3::new(-0.9, 0.0, 1.2);
    let f = cam.project(floor_point, W, H).expect("floor visible");
    assert!(f.y > c.y, "floor sample must be below the centre on screen");
    let lit = settings.ambient
        + (1.0 - settings.ambient) * Vec3::Y.dot(-settings.light_dir.normalize()).max(0.0);
    let want = [
        srgb(FLOOR[0] * lit),
        srgb(FLOOR[1] * lit),
        srgb(FLOOR[2] * lit),
    ];
    let got = px(&img, f);
    for k in 0..3 {
        assert!(
            (got[k] - want[k]).abs() <= 12,
            "floor colour {want:?} expected at {f}, got {got:?}"
        );
    }
}

#[test]
fn builtin_level_screenshot_shows_ellipsoid_and_floor_contact_normal() {
    use slidescope::cli::screenshot::ShotScene;
    use slidescope::view::World;

    let shot = ShotScene::new(World::builtin(None));
    let rec = shot
        .last_record()
        .expect("the sim recorded the walking step");
    let contact = rec
        .trace
        .iterations
        .iter()
        .flat_map(|it| it.contacts.first())
        .next()
        .copied()
        .expect("the walking step touches the floor");
    assert!(
        contact.normal.y > 0.9,
        "floor contact normal points up: {}",
        contact.normal
    );
    let normal_len = shot.radii().min_element() * 1.5;

    let gpu = gpu();
    let mut renderer = Renderer::new(
        &gpu.device,
        pick_sample_count(&gpu.adapter),
        pick_color_format(&gpu.adapter),
    );
    renderer.set_level(&gpu.device, &shot.world.geometry);
    let cam = shot.default_camera();
    let img = render_image(
        &gpu,
        &mut renderer,
        W,
        H,
        &cam,
        &shot.debug,
        &FrameSettings::default(),
    )
    .unwrap_or_else(|e| panic!("offscreen render failed: {e}"));
    let bare = render_image(
        &gpu,
        &mut renderer,
        W,
        H,
        &cam,
        &DebugScene::default(),
        &FrameSettings::default(),
    )
    .unwrap_or_else(|e| panic!("offscreen render failed: {e}"));
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("builtin_screenshot.png");
    let _ = img.save(&out);

    // The ellipsoid centre (a bit above it: the velocity arrows start at the centre).
    let c = cam
        .project(shot.sim.player().center + Vec3::Y * 0.3, W, H)
        .expect("centre visible");
    let [r, g, b] = px(&img, c);
    let [r0, g0, b0] = px(&bare, c);
    // Translucent orange over the level: redder against blue, less blue than the level alone
    // there (the level's light grey floor leaves little room for more red).
    assert!(
        r > b + 20 && (r - b) - (r0 - b0) > 30 && b0 - b > 10,
        "ellipsoid orange expected at {c}: {r},{g},{b} (level alone {r0},{g0},{b0})"
    );

    // The contact normal, drawn from the contact point upwards inside the ellipsoid.
    let p0 = cam.project(contact.point, W, H).expect("contact visible");
    let p1 = cam
        .project(contact.point + contact.normal * normal_len, W, H)
        .expect("tip visible");
    for t in [0.3f32, 0.5, 0.7] {
        let p = p0.lerp(p1, t);
        let found = (-2..=2).any(|dy| {
            (-2..=2).any(|dx| {
                let [r, g, b] = px(&img, p + Vec2::new(dx as f32, dy as f32));
                g > r + 50 && g > b + 50
            })
        });
        assert!(found, "contact-normal green expected near {p} (t = {t})");
    }
}
