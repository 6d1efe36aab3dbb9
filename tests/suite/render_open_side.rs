//! "The camera finds the subject": *Issues ▸ 16* (a 120° corner) opened with the
//! camera behind the corner's two walls, so the ellipsoid was hidden. Rendered offscreen here
//! the way the app opens a scenario (`view::open_side::frame_opened`), the ellipsoid must show;
//! the report's view (from behind the two walls) is rendered too to show this test tells the
//! two apart. Like the other render tests, no GPU adapter fails.

use std::path::Path;

use glam::{Mat3, Vec3};
use slidescope::render::{
    Camera, DebugScene, EllipsoidShape, FrameSettings, Gpu, Renderer, render_image,
};
use slidescope::scene::palette;
use slidescope::view::camera_rig::{CameraMode, CameraRig, selection_sphere};
use slidescope::view::load_scenario;
use slidescope::view::open_side::frame_opened;

const W: u32 = 480;
const H: u32 = 270;

/// Pixels where the ellipsoid changes the frame (its own render minus the bare level's).
fn ellipsoid_pixels(
    gpu: &Gpu,
    renderer: &mut Renderer,
    camera: &Camera,
    center: Vec3,
    radii: Vec3,
) -> usize {
    let mut scene = DebugScene::default();
    scene.ellipsoids.push(EllipsoidShape {
        center,
        radii,
        axes: Mat3::IDENTITY,
        color: palette::ELLIPSOID,
        wire: Some(palette::ELLIPSOID_WIRE),
    });
    let settings = FrameSettings::default();
    let with = render_image(gpu, renderer, W, H, camera, &scene, &settings).unwrap();
    let bare = render_image(
        gpu,
        renderer,
        W,
        H,
        camera,
        &DebugScene::default(),
        &settings,
    )
    .unwrap();
    let name = format!("open_side_{}.png", camera.eye.x.to_bits());
    let _ = with.save(Path::new(env!("CARGO_TARGET_TMPDIR")).join(name));
    with.pixels()
        .zip(bare.pixels())
        .filter(|(a, b)| {
            let (a, b) = (a.0, b.0);
            // Orange over whatever was there: red up, blue not.
            i32::from(a[0]) - i32::from(b[0]) > 12 && a[0] > a[2]
        })
        .count()
}

#[test]
fn issues_16_opens_with_its_ellipsoid_in_view() {
    let (gpu, mut renderer) = crate::common::gpu_renderer();
    let opened = load_scenario(Path::new("assets/issues/16-wide_corner.json")).unwrap();
    renderer.set_level(&gpu.device, &opened.world.geometry);
    let mesh = &opened.world.collision;
    let rec = &opened.record;
    let e = rec.call.ellipsoid.expect("the walker's ellipsoid");
    let it = &rec.trace.iterations[0];
    let subject = it.start_center;
    let camera_of = |rig: &mut CameraRig| {
        rig.advance(1.0);
        rig.camera(mesh, subject, e.radii)
    };

    let mut rig = CameraRig::new(CameraMode::Orbit, 4.0, 70.0);
    frame_opened(&mut rig, mesh, rec, 0);
    let now = ellipsoid_pixels(&gpu, &mut renderer, &camera_of(&mut rig), subject, e.radii);

    // The framing the report showed: from behind the corner's two walls (looking +Z), at the
    // framing distance. (Before the fix the camera went 60° to the side of the motion, which
    // put it there for the scene's first run, walked at 5° to the bisector.)
    let mut old = CameraRig::new(CameraMode::Orbit, 4.0, 70.0);
    old.yaw = std::f32::consts::PI;
    old.pitch = -0.35;
    let (c, r) = selection_sphere(None, Some(it), rec.after.center, e.radii.max_element());
    old.frame_on(c, r);
    let before = ellipsoid_pixels(&gpu, &mut renderer, &camera_of(&mut old), subject, e.radii);

    println!("ellipsoid pixels: {now} now, {before} with the old framing");
    assert!(now > 2_000, "the ellipsoid shows: {now} pixels");
    assert!(
        before < now / 4,
        "old framing {before} vs {now}: the test tells them apart"
    );
}
