//! CPU time of one app frame on Sponza: a fixed 60 Hz simulation step of the walking player
//! (with the full trace recorded), the egui shell (HUD, stations, settings, 3D view) laid out
//! and tessellated at 1280×720, the debug scene built from the trace, and the wgpu commands of
//! the 3D frame encoded (not executed: the GPU's time is `screenshot --frames`'s business).
//! Each part is also measured alone.
//!
//! A fixed workload: the sim and the whole frame are timed over the same 30 frames from the
//! same state (60 frames walked first), so a faster step does not walk the player somewhere
//! else (it did: the parts after the sim's bench saw wherever it had left the player). Their
//! figures are per 30 frames.
//!
//! Run: `cargo bench --bench frame` (needs `assets/levels/sponza/sponza.glb`; without a GPU
//! adapter the encoding parts are skipped with a message).

use std::hint::black_box;
use std::path::Path;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use glam::Vec3;
use slidescope::collision::SlideSettings;
use slidescope::render::{
    Camera, DebugScene, FrameSettings, FrameTarget, Gpu, Renderer, pick_color_format,
    pick_sample_count,
};
use slidescope::scene::{TraceStyle, add_frame, add_player};
use slidescope::sim::{PlayerInput, PlayerParams, Sim};
use slidescope::ui::{self, DisplayHud, HudStats, PlayerHud, ShellModel, ShellOutput};
use slidescope::view::World;

const SPONZA: &str = "assets/levels/sponza/sponza.glb";
/// Frames walked before the timed ones, and timed frames per iteration.
const WARM_UP: u32 = 60;
const TIMED: u32 = 30;

/// The walker's input of frame `k`: forward and a little right, turning slowly.
fn input(k: u32) -> PlayerInput {
    PlayerInput {
        forward: 1.0,
        right: 0.3,
        yaw_rad: (k as f32 * 0.01).rem_euclid(std::f32::consts::TAU),
        ..Default::default()
    }
}

fn scene_from(sim: &Sim) -> DebugScene {
    let mut s = DebugScene::default();
    let radii = sim.params.sanitized().radii(sim.player().crouched);
    add_player(&mut s, sim.player().center, radii);
    if let Some(rec) = sim.history().last() {
        add_frame(&mut s, rec, radii, &TraceStyle::default());
    }
    s
}

fn shell_model(world: &World, sim: &Sim) -> ShellModel {
    ShellModel {
        hud: HudStats {
            player: PlayerHud {
                position: sim.player().center,
                velocity: sim.player().velocity_mps,
                ..Default::default()
            },
            display: DisplayHud {
                level_name: world.name.clone(),
                ..Default::default()
            },
            ..Default::default()
        },
        stations: world.stations.iter().map(|s| s.name.clone()).collect(),
        messages: Vec::new(),
        note: None,
        params: sim.params,
        slide: sim.settings,
        view: Default::default(),
        fov_deg: 70.0,
        auto_exposure: world.auto_exposure,
        mode: slidescope::view::CameraMode::Orbit,
        recent: Vec::new(),
        debug: Default::default(),
        teach: Default::default(),
        issues: Default::default(),
    }
}

fn run_ui(ctx: &egui::Context, model: &ShellModel) -> usize {
    let raw = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 720.0),
        )),
        ..Default::default()
    };
    let mut out = ShellOutput::default();
    let mut layout = slidescope::ui::layout::Layout::default();
    let full = ctx.run_ui(raw, |ui| {
        ui::shell_ui(ui, model, &mut layout, None, &mut out)
    });
    ctx.tessellate(full.shapes, full.pixels_per_point).len()
}

fn frame(c: &mut Criterion) {
    let world = match World::load(Path::new(SPONZA)) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("frame bench skipped: {e}");
            return;
        }
    };
    let feet = world.stations.first().map_or(Vec3::ZERO, |s| s.feet);
    let mut sim = Sim::new(feet, PlayerParams::default(), SlideSettings::default());
    for k in 1..=WARM_UP {
        sim.step(&world.collision, &input(k));
    }
    let timed = || (WARM_UP + 1..=WARM_UP + TIMED).map(input);
    let ctx = egui::Context::default();
    // The first pass builds fonts; keep it out of the numbers.
    let _ = run_ui(&ctx, &shell_model(&world, &sim));
    let _ = run_ui(&ctx, &shell_model(&world, &sim));

    let mut group = c.benchmark_group("frame_sponza");
    group.bench_function("sim_step_traced_x30", |b| {
        b.iter_batched_ref(
            || sim.clone(),
            |sim| {
                for i in timed() {
                    black_box(sim.step(&world.collision, &i));
                }
            },
            BatchSize::LargeInput,
        )
    });
    group.bench_function("ui_layout_tessellate", |b| {
        let model = shell_model(&world, &sim);
        b.iter(|| black_box(run_ui(&ctx, &model)))
    });

    let gpu = match Gpu::headless() {
        Ok(g) => g,
        Err(e) => {
            eprintln!("frame bench: encoding parts skipped: {e}");
            group.finish();
            return;
        }
    };
    let mut renderer = Renderer::new(
        &gpu.device,
        pick_sample_count(&gpu.adapter),
        pick_color_format(&gpu.adapter),
    );
    renderer.set_level(&gpu.device, &world.geometry);
    let Ok(target) = FrameTarget::new(
        &gpu.device,
        1280,
        720,
        renderer.sample_count(),
        renderer.color_format(),
    ) else {
        eprintln!("frame bench: no 1280x720 target");
        group.finish();
        return;
    };
    let settings = FrameSettings::default();
    let encode = |renderer: &mut Renderer, scene: &DebugScene, center: Vec3| {
        let camera = Camera::look_at(center + Vec3::new(-2.0, 1.5, 3.0), center);
        let mut encoder = gpu
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor { label: None });
        renderer.render(
            &gpu.device,
            &gpu.queue,
            &mut encoder,
            &target,
            &camera,
            scene,
            &settings,
        );
        let commands = encoder.finish();
        // Flush the staged uniform/instance writes without running the frame.
        gpu.queue.submit([]);
        commands
    };
    group.bench_function("scene_and_encode", |b| {
        b.iter(|| {
            let scene = scene_from(&sim);
            black_box(encode(&mut renderer, &scene, sim.player().center))
        })
    });
    group.bench_function("whole_frame_cpu_x30", |b| {
        b.iter_batched_ref(
            || sim.clone(),
            |sim| {
                for i in timed() {
                    sim.step(&world.collision, &i);
                    let scene = scene_from(sim);
                    let prims = run_ui(&ctx, &shell_model(&world, sim));
                    black_box((prims, encode(&mut renderer, &scene, sim.player().center)));
                }
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

criterion_group!(benches, frame);
criterion_main!(benches);
