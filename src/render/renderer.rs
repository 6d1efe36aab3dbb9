//! The renderer: composes the passes (`passes/`, one a file) into one render pass over a
//! [`FrameTarget`], like re_renderer's context and renderers; it takes shapes, never a record.

use std::sync::atomic::{AtomicBool, Ordering};

use super::camera::Camera;
use super::debug_scene::DebugScene;
use super::frame_settings::{FrameBindings, FrameSettings};
use super::geometry::{LevelGeometry, MeshBatch};
use super::passes::{
    HighlightPass, LevelPass, ObjectPass, OutlinePass, Pass, PassContext, ShapeFrame, ShapeMeshes,
    ShellPass, SolidPass,
};
use super::target::{COLOR_FORMAT, DEPTH_FORMAT, FALLBACK_COLOR_FORMAT, FrameTarget};

/// Everything needed to draw frames on one device.
pub struct Renderer {
    sample_count: u32,
    color_format: wgpu::TextureFormat,
    frame: FrameBindings,
    level: LevelPass,
    /// Dynamic objects' meshes, posed every frame.
    objects: ObjectPass,
    highlight: HighlightPass,
    shells: ShellPass,
    outlines: OutlinePass,
    solids: SolidPass,
}

static SAMPLE_MISMATCH_LOGGED: AtomicBool = AtomicBool::new(false);

/// 4 when the adapter can multisample both the colour and the depth format 4×, else 1.
pub fn pick_sample_count(adapter: &wgpu::Adapter) -> u32 {
    let ok = |f| {
        adapter
            .get_texture_format_features(f)
            .flags
            .sample_count_supported(4)
    };
    if ok(COLOR_FORMAT) && ok(DEPTH_FORMAT) {
        4
    } else {
        1
    }
}

impl Renderer {
    /// Builds the pipelines for frames of `sample_count` samples (see [`pick_sample_count`]) in
    /// `color_format` (see [`pick_color_format`](super::target::pick_color_format)).
    pub fn new(
        device: &wgpu::Device,
        sample_count: u32,
        color_format: wgpu::TextureFormat,
    ) -> Self {
        let color_format = if color_format == FALLBACK_COLOR_FORMAT {
            FALLBACK_COLOR_FORMAT
        } else {
            COLOR_FORMAT
        };
        let frame = FrameBindings::new(device);
        let ctx = PassContext {
            device,
            layout: &frame.layout,
            sample_count,
            color_format,
            meshes: ShapeMeshes::new(device),
        };
        Self {
            sample_count,
            color_format,
            level: LevelPass::new(&ctx),
            objects: ObjectPass::new(&ctx),
            highlight: HighlightPass::new(&ctx),
            shells: ShellPass::new(&ctx),
            outlines: OutlinePass::new(&ctx),
            solids: SolidPass::new(&ctx),
            frame,
        }
    }

    pub fn sample_count(&self) -> u32 {
        self.sample_count
    }

    pub fn color_format(&self) -> wgpu::TextureFormat {
        self.color_format
    }

    /// Triangles of the uploaded level.
    pub fn level_triangles(&self) -> usize {
        self.level.triangles()
    }

    /// Uploads a level (replacing the previous one). Triangles with out-of-range indices are
    /// skipped; missing or non-finite normals are replaced by the face normal.
    pub fn set_level(&mut self, device: &wgpu::Device, geometry: &LevelGeometry) {
        self.level.set_level(device, geometry);
    }

    /// Uploads the dynamic objects' model-space meshes, one batch per object in id order
    /// (replacing the previous ones); [`DebugScene::objects`] poses them every frame.
    pub fn set_dynamic_objects(&mut self, batches: &[MeshBatch]) {
        self.objects.set_meshes(batches);
    }

    /// Records the frame into `encoder`. A target with another sample count than the
    /// pipelines is logged once and the frame skipped.
    #[allow(clippy::too_many_arguments)]
    pub fn render(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        encoder: &mut wgpu::CommandEncoder,
        target: &FrameTarget,
        camera: &Camera,
        scene: &DebugScene,
        settings: &FrameSettings,
    ) {
        if !self.fits(target) {
            return;
        }
        let aspect = target.width as f32 / target.height as f32;
        let encode_srgb = self.color_format == FALLBACK_COLOR_FORMAT;
        self.frame
            .write(queue, camera, aspect, settings, encode_srgb);
        self.highlight.prepare(queue, scene.highlight_triangle);
        self.objects.prepare(device, queue, &scene.objects);
        let shapes = ShapeFrame {
            scene,
            eye: camera.eye,
            space: &settings.space,
        };
        self.shells.prepare(device, queue, &shapes);
        self.outlines.prepare(device, queue, &shapes);
        self.solids.prepare(device, queue, &shapes);

        let mut pass = self.begin_pass(encoder, target, settings.clear_color);
        self.frame.bind(&mut pass);
        let passes: [&dyn Pass; 6] = [
            &self.level,
            &self.objects,
            &self.highlight,
            &self.shells,
            &self.outlines,
            &self.solids,
        ];
        for p in passes {
            p.draw(&mut pass);
        }
    }

    /// Whether `target` has the pipelines' sample count and format (logged once when not).
    fn fits(&self, target: &FrameTarget) -> bool {
        if target.sample_count == self.sample_count && target.format == self.color_format {
            return true;
        }
        if !SAMPLE_MISMATCH_LOGGED.swap(true, Ordering::Relaxed) {
            log::error!(
                "frame target is {}x {:?}, pipelines {}x {:?}: frame skipped",
                target.sample_count,
                target.format,
                self.sample_count,
                self.color_format
            );
        }
        false
    }

    /// The frame's render pass over `target`, cleared to `clear_color` (linear RGB) and depth 1.
    fn begin_pass<'e>(
        &self,
        encoder: &'e mut wgpu::CommandEncoder,
        target: &FrameTarget,
        clear_color: [f32; 3],
    ) -> wgpu::RenderPass<'e> {
        let (view, resolve_target) = target.color_attachment();
        let c = if self.color_format == FALLBACK_COLOR_FORMAT {
            // Clear values are stored as given: encode sRGB like the shaders do.
            clear_color.map(srgb_encode)
        } else {
            clear_color
        };
        encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("frame"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view,
                resolve_target,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color {
                        r: f64::from(c[0]),
                        g: f64::from(c[1]),
                        b: f64::from(c[2]),
                        a: 1.0,
                    }),
                    store: wgpu::StoreOp::Store,
                },
                depth_slice: None,
            })],
            depth_stencil_attachment: Some(wgpu::RenderPassDepthStencilAttachment {
                view: &target.depth_view,
                depth_ops: Some(wgpu::Operations {
                    load: wgpu::LoadOp::Clear(1.0),
                    store: wgpu::StoreOp::Discard,
                }),
                stencil_ops: None,
            }),
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        })
    }
}

/// Linear → sRGB transfer function (one channel, 0..1).
fn srgb_encode(c: f32) -> f32 {
    let c = c.clamp(0.0, 1.0);
    if c <= 0.003_130_8 {
        12.92 * c
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    }
}
