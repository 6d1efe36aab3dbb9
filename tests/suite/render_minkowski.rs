//! Renders the Minkowski view of one triangle offscreen (as the debugger draws it) and checks
//! pixels where the camera maths puts its parts: the triangle itself highlighted, a vertex
//! ellipsoid around each corner, an edge cylinder just outside each edge, the face slab's
//! raised outline. Like `render_screenshot`, this needs a GPU adapter (lavapipe in CI).

use glam::{Mat3, Vec2, Vec3};
use slidescope::collision::debug::TriangleEs;
use slidescope::collision::debug::part_roots;
use slidescope::collision::{CaseMask, ESpace, Feature};
use slidescope::render::{
    Camera, DebugScene, FrameSettings, LevelGeometry, MeshBatch, geometry, render_image,
};
use slidescope::scene::minkowski_shapes::{MinkowskiRay, add_minkowski};

const W: u32 = 640;
const H: u32 = 400;
const RADII: Vec3 = Vec3::new(0.35, 0.5, 0.35);
const TRI: [Vec3; 3] = [
    Vec3::new(-1.2, 0.0, 0.6),
    Vec3::new(1.2, 0.0, 0.6),
    Vec3::new(0.0, 0.0, -1.4),
];

fn camera() -> Camera {
    Camera::look_at(Vec3::new(0.0, 3.2, 3.6), Vec3::new(0.0, 0.0, -0.2))
}

/// The ray of the first test: from above and in front, down through the face.
fn ray_down() -> MinkowskiRay {
    MinkowskiRay {
        from: Vec3::new(0.0, 1.5, 2.0),
        velocity: Vec3::new(0.0, -1.5, -2.0),
        roots: None,
    }
}

fn render(draw: Option<CaseMask>) -> image::RgbaImage {
    render_ray(draw, ray_down(), "")
}

fn render_ray(draw: Option<CaseMask>, ray: MinkowskiRay, tag: &str) -> image::RgbaImage {
    let (gpu, mut renderer) = crate::common::gpu_renderer();
    // A dark floor far below so the background is known.
    renderer.set_level(
        &gpu.device,
        &LevelGeometry {
            batches: vec![MeshBatch::from_triangles(
                &geometry::floor_triangles([-20.0, -20.0], [20.0, 20.0], -3.0),
                [0.05, 0.05, 0.05, 1.0],
            )],
        },
    );
    let mut scene = DebugScene::default();
    if let Some(mask) = draw {
        add_minkowski(
            &mut scene,
            TRI,
            &ESpace::new(RADII, Mat3::IDENTITY),
            RADII,
            Mat3::IDENTITY,
            mask,
            Some(ray),
        );
    }
    let img = render_image(
        &gpu,
        &mut renderer,
        W,
        H,
        &camera(),
        &scene,
        &FrameSettings::default(),
    )
    .unwrap_or_else(|e| panic!("offscreen render failed: {e}"));
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "render_minkowski{tag}_{}.png",
        draw.map_or("none".to_string(), |m| format!(
            "{}{}{}",
            u8::from(m.face),
            u8::from(m.edge),
            u8::from(m.vertex)
        ))
    ));
    match img.save(&out) {
        Ok(()) => eprintln!("saved {}", out.display()),
        Err(e) => eprintln!("could not save {}: {e}", out.display()),
    }
    img
}

fn px(img: &image::RgbaImage, p: Vec2) -> [i32; 3] {
    let x = (p.x as u32).min(img.width() - 1);
    let y = (p.y as u32).min(img.height() - 1);
    let c = img.get_pixel(x, y).0;
    [c[0] as i32, c[1] as i32, c[2] as i32]
}

fn at(p: Vec3) -> Vec2 {
    camera().project(p, W, H).expect("in front of the camera")
}

#[test]
fn minkowski_view_of_one_triangle_shows_slab_cylinders_and_spheres_where_projected() {
    let none = render(None);
    let all = render(Some(CaseMask::ALL));
    let centroid = (TRI[0] + TRI[1] + TRI[2]) / 3.0;
    // The triangle is highlighted (red, unlit) under the translucent parts; seen from this
    // camera the edge cylinders' bands (their 0.5 m vertical radius projects onto the screen)
    // cover the centroid, tinting it orange: red stays dominant, green half-way, blue low.
    let c = px(&all, at(centroid));
    assert!(
        c != px(&none, at(centroid)),
        "nothing drawn at the centroid"
    );
    assert!(c[0] > c[1] + 20 && c[0] > c[2] + 60, "centroid {c:?}");
    // Each vertex sphere tints its corner purple (red and blue over green) where the
    // background was dark; just outside the triangle, beyond the corner.
    let vertices_only = render(Some(CaseMask {
        face: false,
        edge: false,
        vertex: true,
    }));
    for v in TRI {
        let out = v + (v - centroid).normalize() * 0.2;
        let (a, b) = (px(&vertices_only, at(out)), px(&none, at(out)));
        assert!(a != b, "vertex sphere at {v} not drawn: {a:?}");
        assert!(
            a[2] > a[1] && a[0] > a[1],
            "vertex sphere colour at {v}: {a:?}"
        );
    }
    // Each edge cylinder tints orange just outside its edge's midpoint (red over blue).
    let edges_only = render(Some(CaseMask {
        face: false,
        edge: true,
        vertex: false,
    }));
    for i in 0..3 {
        let mid = (TRI[i] + TRI[(i + 1) % 3]) / 2.0;
        let out = mid + (mid - centroid).normalize() * 0.15;
        let (a, b) = (px(&edges_only, at(out)), px(&none, at(out)));
        assert!(a != b, "edge cylinder {i} not drawn: {a:?}");
        assert!(a[0] > a[2], "edge cylinder {i} colour: {a:?}");
    }
    // Switching every part off draws nothing but the ray and the entry point.
    let off = render(Some(CaseMask::NONE));
    let (a, b) = (px(&off, at(centroid)), px(&none, at(centroid)));
    assert_eq!(a, b, "nothing drawn over the centroid with every part off");
}

#[test]
fn both_roots_of_the_touched_part_are_marked_on_the_ray() {
    // The centre passes 0.2 m (0.571 eSpace) in front of vertex 1 = (1.2, 0, 0.6), moving −x by
    // 1 m: in eSpace the chord's half length is √(1 − 0.571²) = 0.821, 0.287 m, so the ray
    // enters the vertex sphere at x = 1.487 (t = 1.513) and leaves at x = 0.913 (t = 2.087),
    // both past this move's end: the line continues thin out to them.
    let space = ESpace::new(RADII, Mat3::IDENTITY);
    let from = Vec3::new(3.0, 0.0, 0.8);
    let velocity = Vec3::new(-1.0, 0.0, 0.0);
    let tri = TriangleEs::new(TRI.map(|v| space.point_to_es(v))).unwrap();
    let roots = part_roots(
        space.point_to_es(from),
        space.vector_to_es(velocity),
        &tri,
        Feature::Vertex(1),
    )
    .unwrap();
    let half = (1.0f32 - (0.2f32 / 0.35).powi(2)).sqrt() * 0.35;
    assert!((roots.enter - (1.8 - half)).abs() < 1e-5, "{roots:?}");
    assert!((roots.exit - (1.8 + half)).abs() < 1e-5, "{roots:?}");
    let ray = MinkowskiRay {
        from,
        velocity,
        roots: Some(roots),
    };
    let none = render(None);
    let img = render_ray(Some(CaseMask::NONE), ray, "_roots");
    let at_t = |t: f32| at(from + velocity * t);
    let enter = px(&img, at_t(roots.enter));
    assert!(
        enter[0] > enter[1] + 60 && enter[0] > enter[2] + 60,
        "entry not red: {enter:?}"
    );
    let exit = px(&img, at_t(roots.exit));
    assert!(
        exit[2] > exit[0] + 60 && exit[2] > exit[1] + 40,
        "exit not blue: {exit:?}"
    );
    // The thin continuation between the move's end (t = 1) and the entry.
    let beyond = at_t(1.25);
    assert!(
        px(&img, beyond) != px(&none, beyond),
        "continuation not drawn"
    );
    // Nothing past the exit.
    let past = at_t(roots.exit + 0.4);
    assert_eq!(px(&img, past), px(&none, past), "drawn past the exit root");
}
