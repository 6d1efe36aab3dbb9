//! Helpers shared by the integration tests: geometry for the core, glTF builders for the loader
//! (`gltf_build`).
#![allow(dead_code)]

mod gltf_build;
#[allow(unused_imports)]
pub use gltf_build::*;

/// The longest any test waits for an event (a connection, a message, a child's line): far
/// above what one takes on an idle machine (milliseconds), so that it holds on a loaded 2-core
/// machine running the whole suite beside other work.
pub const EVENT_LIMIT: std::time::Duration = std::time::Duration::from_secs(180);

use glam::Vec3;
use slidescope::collision::CollisionMesh;

pub fn v(x: f32, y: f32, z: f32) -> Vec3 {
    Vec3::new(x, y, z)
}

/// Two triangles forming the quad `a b c d` (counter-clockwise about its front normal).
pub fn quad(a: Vec3, b: Vec3, c: Vec3, d: Vec3) -> [[Vec3; 3]; 2] {
    [[a, b, c], [a, c, d]]
}

/// A square floor at height `y`, half size `h`, normal +Y.
pub fn floor(y: f32, h: f32) -> [[Vec3; 3]; 2] {
    quad(v(-h, y, h), v(h, y, h), v(h, y, -h), v(-h, y, -h))
}

/// The 12 outward-facing triangles of the box `[min, max]`.
pub fn solid_box(min: Vec3, max: Vec3) -> Vec<[Vec3; 3]> {
    let p = |i: usize| {
        v(
            if i & 1 == 0 { min.x } else { max.x },
            if i & 2 == 0 { min.y } else { max.y },
            if i & 4 == 0 { min.z } else { max.z },
        )
    };
    // Faces as corner indices, counter-clockwise seen from outside.
    let faces = [
        [0, 4, 6, 2], // -x
        [1, 3, 7, 5], // +x
        [0, 1, 5, 4], // -y
        [2, 6, 7, 3], // +y
        [0, 2, 3, 1], // -z
        [4, 5, 7, 6], // +z
    ];
    faces
        .iter()
        .flat_map(|f| quad(p(f[0]), p(f[1]), p(f[2]), p(f[3])))
        .collect()
}

pub fn mesh(tris: &[[Vec3; 3]]) -> CollisionMesh {
    CollisionMesh::from_triangles(tris).expect("test geometry is valid")
}

pub fn assert_close(a: f32, b: f32, tol: f32, what: &str) {
    assert!((a - b).abs() <= tol, "{what}: {a} vs {b} (tol {tol})");
}

pub fn assert_vec_close(a: Vec3, b: Vec3, tol: f32, what: &str) {
    assert!(
        (a - b).abs().max_element() <= tol,
        "{what}: {a} vs {b} (tol {tol})"
    );
}

/// Steps of `riser` height and 0.5 m tread climbing along +x from x = 1, on a floor at y = 0
/// (each step a closed box reaching x = 20).
pub fn stairs(riser: f32, count: usize) -> Vec<[Vec3; 3]> {
    let mut tris: Vec<[Vec3; 3]> = floor(0.0, 30.0).to_vec();
    for i in 0..count {
        let x0 = 1.0 + 0.5 * i as f32;
        tris.extend(solid_box(
            v(x0, -0.5, -3.0),
            v(20.0, riser * (i + 1) as f32, 3.0),
        ));
    }
    tris
}

/// A floor at y = 0 and a ramp rising along +x at `angle_deg`, starting at x = 1, 6 m wide
/// (z in [−3, 3]) and `length` metres long along its slope, facing up.
pub fn ramp(angle_deg: f32, length: f32) -> Vec<[Vec3; 3]> {
    let a = angle_deg.to_radians();
    let top = v(1.0 + length * a.cos(), length * a.sin(), 0.0);
    let mut tris: Vec<[Vec3; 3]> = floor(0.0, 30.0).to_vec();
    tris.extend(quad(
        v(1.0, 0.0, 3.0),
        top + v(0.0, 0.0, 3.0),
        top + v(0.0, 0.0, -3.0),
        v(1.0, 0.0, -3.0),
    ));
    tris
}

/// Clearance (eSpace: 1 = touching) between an ellipsoid and world-space triangles.
pub fn clearance_to_triangles_es(
    e: &slidescope::collision::Ellipsoid,
    tris: impl IntoIterator<Item = [Vec3; 3]>,
) -> f32 {
    let space = e.space();
    let c = space.point_to_es(e.center);
    tris.into_iter()
        .map(|t| {
            slidescope::collision::debug::distance_to_triangle(c, t.map(|p| space.point_to_es(p)))
        })
        .fold(f32::INFINITY, f32::min)
}

/// Vertices and index triples of a box `[min, max]` (for dynamic objects).
pub fn box_mesh(min: Vec3, max: Vec3) -> (Vec<Vec3>, Vec<[u32; 3]>) {
    let tris = solid_box(min, max);
    let positions: Vec<Vec3> = tris.iter().flatten().copied().collect();
    let idx = (0..tris.len() as u32)
        .map(|i| [3 * i, 3 * i + 1, 3 * i + 2])
        .collect();
    (positions, idx)
}

/// The world triangles of dynamic object `id` at its current pose.
pub fn object_triangles_now(
    scene: &slidescope::collision::DynamicScene,
    id: slidescope::collision::ObjectId,
) -> Vec<[Vec3; 3]> {
    let o = scene.object(id).expect("object exists");
    (0..o.mesh().triangle_count() as u32)
        .filter_map(|i| o.world_triangle(i, &o.current()))
        .collect()
}

/// The headless GPU (Mesa's lavapipe in CI) and the app's renderer on it. Without an adapter
/// the render tests fail on purpose: CI installs `mesa-vulkan-drivers`, so a missing adapter
/// there is a broken set-up, not a skip.
pub fn gpu_renderer() -> (slidescope::render::Gpu, slidescope::render::Renderer) {
    use slidescope::render::{Gpu, Renderer, pick_color_format, pick_sample_count};
    let gpu = match Gpu::headless() {
        Ok(g) => g,
        Err(e) => panic!(
            "render test needs a GPU adapter (CI installs mesa-vulkan-drivers; locally run \
             `apt-get install mesa-vulkan-drivers libvulkan1`): {e}"
        ),
    };
    let renderer = Renderer::new(
        &gpu.device,
        pick_sample_count(&gpu.adapter),
        pick_color_format(&gpu.adapter),
    );
    (gpu, renderer)
}

/// A game's probe file as the app files it: every move re-solved with the seed's settings.
pub fn probe_moves(
    file: &str,
) -> Vec<(slidescope::probe::PendingMove, slidescope::sim::FrameRecord)> {
    use slidescope::probe::{ProbeSession, ShadowConfig, Step};
    let bytes = std::fs::read(file).unwrap();
    let (records, err) = slidescope_probe::read::read_all(&bytes[..]);
    assert!(err.is_none(), "{file}: {err:?}");
    let mut session = ProbeSession::new(".");
    let config = ShadowConfig::default();
    let (mut scratch, mut trace) = Default::default();
    let mut out = Vec::new();
    for r in records {
        if let Step::Move(m) = session.step(r) {
            let rec = m.resolve(&config, &mut scratch, &mut trace);
            out.push((*m, rec));
        }
    }
    out
}

/// Runs the `slidescope` binary with `args`: its exit status (-1 for a signal) and stdout.
pub fn slidescope_cli(args: &[&str]) -> (i32, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_slidescope"))
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    (out.status.code().unwrap_or(-1), text)
}

/// A built example binary (cargo test builds examples next to the test binaries).
pub fn example_binary(name: &str) -> std::path::PathBuf {
    let exe = std::env::current_exe().unwrap();
    let debug = exe.parent().and_then(|d| d.parent()).unwrap();
    let bin = debug.join("examples").join(name);
    assert!(
        bin.exists(),
        "{} not built (cargo test builds examples)",
        bin.display()
    );
    bin
}

/// Walks the port zoo (`examples/port_zoo`): a port with `rules` and `bug`, `movers` walkers
/// for `seconds`, seeded by `seed`, with `extra` arguments, recording to `out`; fails the test
/// with the zoo's message when it fails.
pub fn port_zoo(
    (rules, bug): (&str, &str),
    (movers, seconds, seed): (u32, u32, u64),
    extra: &[&str],
    out: &std::path::Path,
) {
    let walk = [movers, seconds].map(|n| n.to_string());
    let run = std::process::Command::new(example_binary("port_zoo"))
        .args([
            "--rules",
            rules,
            "--bug",
            bug,
            "--movers",
            &walk[0],
            "--seconds",
            &walk[1],
        ])
        .args(["--seed", &seed.to_string()])
        .args(extra)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
}
