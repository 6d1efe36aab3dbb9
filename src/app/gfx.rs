//! The window's GPU side: surface, device, egui renderer, the scene renderer and the offscreen
//! 3D frame shown inside egui.
//!
//! The 3D view is rendered into our own MSAA + depth [`FrameTarget`] and its resolve texture is
//! registered with egui as a native texture (`Renderer::register_native_texture`), rather than
//! drawn through an `egui_wgpu::CallbackTrait` paint callback. Reasons: the same target and
//! pass serve `slidescope screenshot` with no window, bit for bit; egui's own pass has one
//! sample and no depth buffer, so a callback would need the offscreen pass anyway; and a plain
//! sampled texture composites identically on every backend, lavapipe included.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use winit::window::Window;

use crate::render::{
    Camera, DebugScene, FrameSettings, FrameTarget, Gpu, RenderError, Renderer, pick_color_format,
    pick_sample_count,
};

pub struct Gfx {
    pub window: Arc<Window>,
    pub gpu: Gpu,
    pub surface: wgpu::Surface<'static>,
    pub config: wgpu::SurfaceConfiguration,
    pub egui: egui_wgpu::Renderer,
    pub renderer: Renderer,
    pub target: Option<FrameTarget>,
    pub texture_id: Option<egui::TextureId>,
    pub device_lost: Arc<AtomicBool>,
    pub needs_reconfigure: bool,
}

impl Gfx {
    /// Opens the GPU for `window` (blocking: the desktop).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn new(window: Arc<Window>) -> Result<Self, RenderError> {
        pollster::block_on(Self::open(window))
    }

    /// Opens the GPU for `window`. The browser must await it: its adapter and device requests
    /// resolve on the page's event loop, which a blocking wait would stall forever.
    pub async fn open(window: Arc<Window>) -> Result<Self, RenderError> {
        let desc = wgpu::InstanceDescriptor::new_without_display_handle_from_env();
        // In a browser WebGPU is used where it gives an adapter, else WebGL2.
        #[cfg(target_arch = "wasm32")]
        let instance = wgpu::util::new_instance_with_webgpu_detection(desc).await;
        #[cfg(not(target_arch = "wasm32"))]
        let instance = wgpu::Instance::new(desc);
        let surface = instance
            .create_surface(window.clone())
            .map_err(|e| RenderError::Surface(e.to_string()))?;
        let gpu = Gpu::open(instance, Some(&surface)).await?;
        let size = window.inner_size();
        let caps = surface.get_capabilities(&gpu.adapter);
        // egui wants a non-sRGB framebuffer (it blends in gamma space).
        let format = caps
            .formats
            .iter()
            .copied()
            .find(|f| {
                matches!(
                    f,
                    wgpu::TextureFormat::Bgra8Unorm | wgpu::TextureFormat::Rgba8Unorm
                )
            })
            .or_else(|| caps.formats.first().copied())
            .ok_or_else(|| RenderError::Surface("the surface supports no format".into()))?;
        let Some(default) =
            surface.get_default_config(&gpu.adapter, size.width.max(1), size.height.max(1))
        else {
            return Err(RenderError::Surface(
                "the adapter cannot present to this window".into(),
            ));
        };
        let config = wgpu::SurfaceConfiguration {
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
            format,
            present_mode: wgpu::PresentMode::AutoVsync,
            desired_maximum_frame_latency: 2,
            view_formats: vec![],
            ..default
        };
        surface.configure(&gpu.device, &config);
        let device_lost = Arc::new(AtomicBool::new(false));
        let flag = device_lost.clone();
        gpu.device.set_device_lost_callback(move |reason, msg| {
            log::error!("GPU device lost ({reason:?}): {msg}");
            flag.store(true, Ordering::Relaxed);
        });
        let egui =
            egui_wgpu::Renderer::new(&gpu.device, format, egui_wgpu::RendererOptions::default());
        let renderer = Renderer::new(
            &gpu.device,
            pick_sample_count(&gpu.adapter),
            pick_color_format(&gpu.adapter),
        );
        log::info!("GPU: {}, surface {format:?}", gpu.adapter_summary());
        Ok(Self {
            window,
            gpu,
            surface,
            config,
            egui,
            renderer,
            target: None,
            texture_id: None,
            device_lost,
            needs_reconfigure: false,
        })
    }

    /// Applies a new window size (ignored while minimised: zero size).
    pub fn resize(&mut self, width: u32, height: u32) {
        if width == 0 || height == 0 {
            return;
        }
        self.config.width = width;
        self.config.height = height;
        self.surface.configure(&self.gpu.device, &self.config);
    }

    /// Recreates the surface after `Lost`.
    pub fn recreate_surface(&mut self) -> Result<(), RenderError> {
        self.surface = self
            .gpu
            .instance
            .create_surface(self.window.clone())
            .map_err(|e| RenderError::Surface(e.to_string()))?;
        self.surface.configure(&self.gpu.device, &self.config);
        Ok(())
    }

    /// Makes the 3D target `width`×`height` (physical pixels) and points egui's texture at it.
    pub fn ensure_target(&mut self, width: u32, height: u32) {
        if width == 0 || height == 0 {
            return;
        }
        if self
            .target
            .as_ref()
            .is_some_and(|t| t.width == width && t.height == height)
        {
            return;
        }
        let target = match FrameTarget::new(
            &self.gpu.device,
            width,
            height,
            self.renderer.sample_count(),
            self.renderer.color_format(),
        ) {
            Ok(t) => t,
            Err(e) => {
                log::warn!("3D view not resized: {e}");
                return;
            }
        };
        match self.texture_id {
            Some(id) => self.egui.update_egui_texture_from_wgpu_texture(
                &self.gpu.device,
                &target.display_view,
                wgpu::FilterMode::Nearest,
                id,
            ),
            None => {
                self.texture_id = Some(self.egui.register_native_texture(
                    &self.gpu.device,
                    &target.display_view,
                    wgpu::FilterMode::Nearest,
                ))
            }
        }
        self.target = Some(target);
    }
}

/// What one frame puts on the screen: the 3D view (drawn into the offscreen target) and egui's
/// tessellated output around it.
pub(super) struct FrameDraw<'a> {
    pub camera: &'a Camera,
    pub scene: &'a DebugScene,
    pub settings: &'a FrameSettings,
    /// The 3D view's size in physical pixels (the target follows it).
    pub view_px: [u32; 2],
    pub clipped: &'a [egui::ClippedPrimitive],
    pub pixels_per_point: f32,
    pub textures: &'a egui::TexturesDelta,
}

impl Gfx {
    /// Uploads egui's textures, acquires the surface, draws the 3D view and egui, presents.
    /// A frame the surface cannot give is skipped (textures are uploaded first, so a skipped
    /// frame loses none); returns whether one was presented.
    pub(super) fn present(&mut self, draw: &FrameDraw<'_>) -> bool {
        for (id, deltas) in &draw.textures.set {
            for delta in deltas {
                self.egui
                    .update_texture(&self.gpu.device, &self.gpu.queue, *id, delta);
            }
        }
        self.ensure_target(draw.view_px[0], draw.view_px[1]);
        if self.needs_reconfigure {
            self.surface.configure(&self.gpu.device, &self.config);
            self.needs_reconfigure = false;
        }
        let Some(frame) = self.acquire() else {
            return false;
        };
        let mut encoder = self
            .gpu
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("frame"),
            });
        if let Some(target) = &self.target {
            let (device, queue) = (&self.gpu.device, &self.gpu.queue);
            let (camera, scene, settings) = (draw.camera, draw.scene, draw.settings);
            self.renderer
                .render(device, queue, &mut encoder, target, camera, scene, settings);
        }
        let user_buffers = self.egui_pass(&mut encoder, &frame, draw);
        self.gpu
            .queue
            .submit(user_buffers.into_iter().chain([encoder.finish()]));
        for id in &draw.textures.free {
            self.egui.free_texture(id);
        }
        self.window.pre_present_notify();
        self.gpu.queue.present(frame);
        true
    }

    /// The surface's next texture, or `None` when this frame must be skipped (the surface is
    /// reconfigured or recreated as its state asks).
    fn acquire(&mut self) -> Option<wgpu::SurfaceTexture> {
        match self.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(f) => Some(f),
            wgpu::CurrentSurfaceTexture::Suboptimal(f) => {
                self.needs_reconfigure = true;
                Some(f)
            }
            wgpu::CurrentSurfaceTexture::Timeout | wgpu::CurrentSurfaceTexture::Occluded => None,
            wgpu::CurrentSurfaceTexture::Outdated => {
                self.surface.configure(&self.gpu.device, &self.config);
                None
            }
            wgpu::CurrentSurfaceTexture::Lost => {
                if let Err(e) = self.recreate_surface() {
                    log::error!("{e}");
                }
                None
            }
            wgpu::CurrentSurfaceTexture::Validation => {
                log::error!("surface validation error: frame skipped");
                None
            }
        }
    }

    /// egui's pass over the whole surface (the 3D view is one of its textures); returns the
    /// command buffers egui's callbacks asked for.
    fn egui_pass(
        &mut self,
        encoder: &mut wgpu::CommandEncoder,
        frame: &wgpu::SurfaceTexture,
        draw: &FrameDraw<'_>,
    ) -> Vec<wgpu::CommandBuffer> {
        let screen = egui_wgpu::ScreenDescriptor {
            size_in_pixels: [self.config.width, self.config.height],
            pixels_per_point: draw.pixels_per_point,
        };
        let (device, queue) = (&self.gpu.device, &self.gpu.queue);
        let user_buffers = self
            .egui
            .update_buffers(device, queue, encoder, draw.clipped, &screen);
        let view = frame
            .texture
            .create_view(&wgpu::TextureViewDescriptor::default());
        let pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("egui"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: &view,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color::BLACK),
                    store: wgpu::StoreOp::Store,
                },
                depth_slice: None,
            })],
            depth_stencil_attachment: None,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        self.egui
            .render(&mut pass.forget_lifetime(), draw.clipped, &screen);
        user_buffers
    }
}

/// One frame's egui texture changes; cleared when dropped, on every path out of the frame
/// (egui asserts in debug builds that deltas are not dropped unapplied).
pub(super) struct TexturesGuard(pub egui::TexturesDelta);

impl Drop for TexturesGuard {
    fn drop(&mut self) {
        self.0.clear();
    }
}
