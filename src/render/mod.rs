//! The wgpu renderer: the level and instanced shapes drawn into an offscreen [`FrameTarget`].
//! Like re_renderer it knows collision types and its own shapes ([`DebugScene`]) only — no
//! record, egui or app; `crate::scene` turns records into shapes.

pub mod camera;
pub mod debug_scene;
pub mod frame_settings;
pub mod geometry;
pub mod gpu;
pub mod level_colour;
pub mod meshes;
mod passes;
pub mod presentation;
pub mod renderer;
pub mod space_view;
pub mod target;

pub use camera::Camera;
pub use debug_scene::{
    Arrow, DebugScene, EllipsoidShape, GroundMarker, ObjectShape, PlaneQuad, Point, SweptShape,
};
pub use frame_settings::FrameSettings;
pub use geometry::{LevelGeometry, MeshBatch};
pub use gpu::{Gpu, NO_ADAPTER_HINT, RenderError};
pub use level_colour::{Exposure, LevelColour, auto_exposure};
pub use renderer::{Renderer, pick_sample_count};
pub use space_view::SpaceMap;
pub use target::{FrameTarget, pick_color_format};

/// Renders one frame of `width`×`height` into a new target and reads it back (sRGB RGBA8).
#[allow(clippy::too_many_arguments)]
pub fn render_image(
    gpu: &Gpu,
    renderer: &mut Renderer,
    width: u32,
    height: u32,
    camera: &Camera,
    scene: &DebugScene,
    settings: &FrameSettings,
) -> Result<image::RgbaImage, RenderError> {
    let target = FrameTarget::new(
        &gpu.device,
        width,
        height,
        renderer.sample_count(),
        renderer.color_format(),
    )?;
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
        camera,
        scene,
        settings,
    );
    gpu.queue.submit([encoder.finish()]);
    target.read_rgba(&gpu.device, &gpu.queue)
}
