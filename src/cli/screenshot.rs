//! `slidescope screenshot <level> --out file.png [--size 1280x720] [--at x,y,z --look x,y,z]
//! [--frames N] [--colour MODE] [--exposure auto|F]`: renders the level with the ellipsoid at the first spawn point after a few
//! walking steps of the sim (the last step's trace drawn: swept volume, contacts, normals,
//! velocities) through the app's renderer, offscreen, and writes a PNG. `--frames N` renders N
//! frames and prints the frame rate. The level `builtin` is the teaching level generated in
//! code. `--station NAME` starts at that station instead of the first one. The level's dynamic
//! objects move with the sim's steps exactly as in the app and are drawn at their
//! poses after the last step.

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use glam::Vec3;

use crate::collision::SlideSettings;
use crate::render::{
    Camera, DebugScene, Exposure, FrameSettings, FrameTarget, Gpu, LevelColour, Renderer,
    pick_color_format, pick_sample_count,
};
use crate::scene::object_shapes::add_live_objects;
use crate::scene::{TraceStyle, add_frame, add_player};
use crate::sim::{FrameRecord, PlayerInput, PlayerParams, Sim};
use crate::view::World;
use crate::view::camera_rig::{CameraMode, CameraRig};

#[derive(Debug, Args)]
pub struct ScreenshotArgs {
    /// Level file (.glb, .gltf, .obj), or `builtin`.
    pub level: PathBuf,
    /// PNG to write.
    #[arg(long)]
    pub out: PathBuf,
    /// Frame size, WIDTHxHEIGHT.
    #[arg(long, default_value = "1280x720", value_parser = parse_size)]
    pub size: (u32, u32),
    /// Camera position x,y,z (default: behind and above the ellipsoid).
    #[arg(long, value_parser = parse_vec3, allow_hyphen_values = true)]
    pub at: Option<Vec3>,
    /// Point looked at x,y,z (default: the ellipsoid centre).
    #[arg(long, value_parser = parse_vec3, allow_hyphen_values = true)]
    pub look: Option<Vec3>,
    /// Render this many frames and print frames per second (the last one is written).
    #[arg(long, default_value_t = 1)]
    pub frames: u32,
    /// Draw the wireframe overlay.
    #[arg(long)]
    pub wireframe: bool,
    /// Start at the station (spawn point) of this name instead of the first one.
    #[arg(long)]
    pub station: Option<String>,
    /// Level colours: material, slope, normal, triangle or facing.
    #[arg(long, default_value = "material", value_parser = parse_colour)]
    pub colour: LevelColour,
    /// Exposure of the lit colour modes: `auto` (from the level's colours) or a factor.
    #[arg(long, default_value = "auto", value_parser = parse_exposure)]
    pub exposure: Exposure,
    /// Steepest walkable slope (degrees) for `--colour slope`.
    #[arg(long, default_value_t = 45.0)]
    pub max_slope: f32,
}

fn parse_colour(s: &str) -> Result<LevelColour, String> {
    LevelColour::ALL
        .into_iter()
        .find(|c| format!("{c:?}").eq_ignore_ascii_case(s))
        .ok_or_else(|| {
            format!("colour must be one of material, slope, normal, triangle, facing; got {s:?}")
        })
}

fn parse_exposure(s: &str) -> Result<Exposure, String> {
    if s.eq_ignore_ascii_case("auto") {
        return Ok(Exposure::default());
    }
    match s.parse::<f32>() {
        Ok(f) if f.is_finite() && f > 0.0 => Ok(Exposure {
            auto: false,
            manual: f,
        }),
        _ => Err(format!(
            "exposure must be `auto` or a positive factor, got {s:?}"
        )),
    }
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("size must look like 1280x720, got {s:?}"))?;
    let w: u32 = w
        .trim()
        .parse()
        .map_err(|_| format!("bad width in {s:?}"))?;
    let h: u32 = h
        .trim()
        .parse()
        .map_err(|_| format!("bad height in {s:?}"))?;
    if !(1..=16384).contains(&w) || !(1..=16384).contains(&h) {
        return Err(format!("size {w}x{h} out of range 1..=16384"));
    }
    Ok((w, h))
}

fn parse_vec3(s: &str) -> Result<Vec3, String> {
    let v: Vec<f32> = s
        .split(',')
        .map(|p| p.trim().parse::<f32>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("expected x,y,z numbers, got {s:?}"))?;
    match v.as_slice() {
        [x, y, z] if v.iter().all(|c| c.is_finite()) => Ok(Vec3::new(*x, *y, *z)),
        _ => Err(format!("expected three finite numbers x,y,z, got {s:?}")),
    }
}

/// The scene `screenshot` draws: the player at the first station after settling and a few
/// walking steps through the sim, with the last step's trace.
pub struct ShotScene {
    /// The facing of the first station (sim yaw convention, radians).
    pub yaw: f32,
    pub world: World,
    pub sim: Sim,
    pub debug: DebugScene,
}

impl ShotScene {
    pub fn new(world: World) -> Self {
        Self::at_station(world, None)
    }

    /// The scene at the station named `station` (the first one when `None` or unknown).
    pub fn at_station(mut world: World, station: Option<&str>) -> Self {
        let params = PlayerParams::default();
        let start = station
            .and_then(|n| world.stations.iter().find(|s| s.name == n))
            .or(world.stations.first())
            .cloned();
        let feet = start.as_ref().map_or(Vec3::ZERO, |s| s.feet);
        let mut sim = Sim::new(feet, params, SlideSettings::default());
        let mut rig = CameraRig::new(CameraMode::Orbit, 4.0, 70.0);
        if let Some(s) = &start {
            rig.face(s.feet, s.look);
        }
        let idle = PlayerInput {
            yaw_rad: rig.yaw,
            ..Default::default()
        };
        for _ in 0..30 {
            world.movers.step(&mut sim, &world.collision, &idle);
        }
        let forward = PlayerInput {
            forward: 1.0,
            right: 0.4,
            ..idle
        };
        for _ in 0..6 {
            world.movers.step(&mut sim, &world.collision, &forward);
        }
        let player = *sim.player();
        let radii = sim.params.sanitized().radii(player.crouched);
        let mut debug = DebugScene::default();
        add_live_objects(&mut debug, world.movers.scene(), 1.0);
        add_player(&mut debug, player.center, radii);
        if let Some(rec) = sim.history().last() {
            let style = TraceStyle {
                normal_length: radii.min_element() * 1.5,
                ..TraceStyle::default()
            };
            let hit = add_frame(&mut debug, rec, radii, &style);
            let on_level = rec
                .trace
                .iterations
                .iter()
                .flat_map(|it| it.contacts.first())
                .last()
                .is_some_and(|c| c.source.object().is_none());
            if let Some(t) = hit
                .filter(|_| on_level)
                .and_then(|t| world.collision.get_triangle(t))
            {
                debug.highlight_triangle = Some(t.vertices);
            }
        }
        Self {
            yaw: rig.yaw,
            world,
            sim,
            debug,
        }
    }

    /// Uploads the level and its dynamic objects' meshes to `renderer`.
    pub fn upload(&self, renderer: &mut Renderer, device: &wgpu::Device) {
        renderer.set_level(device, &self.world.geometry);
        renderer.set_dynamic_objects(&self.world.dynamic_geometry);
    }

    /// The player's last step.
    pub fn last_record(&self) -> Option<&FrameRecord> {
        self.sim.history().last()
    }

    /// The drawn ellipsoid's radii.
    pub fn radii(&self) -> Vec3 {
        self.sim
            .params
            .sanitized()
            .radii(self.sim.player().crouched)
    }

    /// The app's orbit camera: 4 m behind the ellipsoid along the station's facing, looking
    /// slightly down, pulled in front of walls by a sweep.
    pub fn default_camera(&self) -> Camera {
        let mut rig = CameraRig::new(CameraMode::Orbit, 4.0, 70.0);
        rig.yaw = self.yaw + 0.5;
        rig.pitch = -0.4;
        rig.camera(
            &self.world.collision,
            self.sim.player().center,
            self.radii(),
        )
    }
}

pub fn run(args: &ScreenshotArgs) -> Result<(), Box<dyn std::error::Error>> {
    let world = if args.level.as_os_str() == "builtin" {
        World::builtin(None)
    } else {
        World::load(&args.level)?
    };
    let shot = ShotScene::at_station(world, args.station.as_deref());
    let mut camera = shot.default_camera();
    if let Some(at) = args.at {
        camera.eye = at;
    }
    if let Some(look) = args.look {
        camera.target = look;
    }
    let gpu = Gpu::headless()?;
    let mut renderer = Renderer::new(
        &gpu.device,
        pick_sample_count(&gpu.adapter),
        pick_color_format(&gpu.adapter),
    );
    shot.upload(&mut renderer, &gpu.device);
    let (w, h) = args.size;
    let target = FrameTarget::new(
        &gpu.device,
        w,
        h,
        renderer.sample_count(),
        renderer.color_format(),
    )?;
    let settings = FrameSettings {
        wireframe: args.wireframe,
        flip_winding: shot.world.clockwise,
        colour: args.colour,
        exposure: args.exposure.factor(shot.world.auto_exposure),
        max_slope_deg: args.max_slope,
        ..FrameSettings::default()
    };
    let frames = args.frames.max(1);
    let started = Instant::now();
    for _ in 0..frames {
        let mut encoder = gpu
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("frame"),
            });
        renderer.render(
            &gpu.device,
            &gpu.queue,
            &mut encoder,
            &target,
            &camera,
            &shot.debug,
            &settings,
        );
        gpu.queue.submit([encoder.finish()]);
        gpu.device
            .poll(wgpu::PollType::wait_indefinitely())
            .map_err(|e| format!("GPU wait failed: {e}"))?;
    }
    let secs = started.elapsed().as_secs_f64();
    let image = target.read_rgba(&gpu.device, &gpu.queue)?;
    image
        .save(&args.out)
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    println!(
        "wrote {} ({w}x{h}, {} triangles, MSAA {}x, {})",
        args.out.display(),
        renderer.level_triangles(),
        renderer.sample_count(),
        gpu.adapter_summary()
    );
    if frames > 1 {
        println!(
            "{frames} frames in {:.3} s: {:.1} fps ({:.2} ms/frame)",
            secs,
            f64::from(frames) / secs,
            secs * 1e3 / f64::from(frames)
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_and_vectors_parse_and_reject_garbage() {
        assert_eq!(parse_size("1280x720"), Ok((1280, 720)));
        assert!(parse_size("0x720").is_err());
        assert!(parse_size("big").is_err());
        assert_eq!(parse_vec3("1,-2.5,3"), Ok(Vec3::new(1.0, -2.5, 3.0)));
        assert!(parse_vec3("1,2").is_err());
        assert!(parse_vec3("1,nan,2").is_err());
    }
}
