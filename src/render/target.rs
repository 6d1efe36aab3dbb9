//! The offscreen frame: multisampled colour + depth, resolved into a single-sample texture
//! that egui shows as an image and `screenshot` reads back into a PNG.
//!
//! The resolve texture is `Rgba8UnormSrgb` (so the shaders write linear colour and the bytes
//! come out sRGB-encoded) and also viewable as `Rgba8Unorm`: egui-wgpu's native textures must
//! be `Rgba8Unorm` and it treats their bytes as gamma-encoded, which is exactly what the sRGB
//! store produced. Backends without view-format reinterpretation (`DownlevelFlags::VIEW_FORMATS`,
//! e.g. GL) get a plain `Rgba8Unorm` target and the shaders encode sRGB themselves.

use super::RenderError;

/// The colour format when the backend can view it as `Rgba8Unorm` too.
pub const COLOR_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8UnormSrgb;
/// The colour format otherwise (the shaders then write sRGB-encoded values).
pub const FALLBACK_COLOR_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;

/// [`COLOR_FORMAT`] when the adapter can reinterpret it as `Rgba8Unorm`, else
/// [`FALLBACK_COLOR_FORMAT`].
pub fn pick_color_format(adapter: &wgpu::Adapter) -> wgpu::TextureFormat {
    if adapter
        .get_downlevel_capabilities()
        .flags
        .contains(wgpu::DownlevelFlags::VIEW_FORMATS)
    {
        COLOR_FORMAT
    } else {
        FALLBACK_COLOR_FORMAT
    }
}
pub const DEPTH_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Depth32Float;

/// A render target of a fixed size; recreate it to resize.
pub struct FrameTarget {
    pub width: u32,
    pub height: u32,
    pub sample_count: u32,
    pub format: wgpu::TextureFormat,
    /// Multisampled colour (`None` when `sample_count` is 1: draw straight into `resolve`).
    msaa_view: Option<wgpu::TextureView>,
    pub depth_view: wgpu::TextureView,
    pub resolve: wgpu::Texture,
    /// `resolve` as sRGB: the render-pass attachment.
    pub resolve_view: wgpu::TextureView,
    /// `resolve` as plain `Rgba8Unorm`: what egui samples.
    pub display_view: wgpu::TextureView,
}

impl FrameTarget {
    /// A target of `width`×`height` pixels with `sample_count` samples (1 or 4) in `format`
    /// ([`COLOR_FORMAT`] or [`FALLBACK_COLOR_FORMAT`]).
    pub fn new(
        device: &wgpu::Device,
        width: u32,
        height: u32,
        sample_count: u32,
        format: wgpu::TextureFormat,
    ) -> Result<Self, RenderError> {
        let max = device.limits().max_texture_dimension_2d;
        if width == 0 || height == 0 || width > max || height > max {
            return Err(RenderError::BadSize(width, height, max));
        }
        let size = wgpu::Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        };
        let resolve = device.create_texture(&wgpu::TextureDescriptor {
            label: Some("frame resolve"),
            size,
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT
                | wgpu::TextureUsages::TEXTURE_BINDING
                | wgpu::TextureUsages::COPY_SRC,
            view_formats: if format == COLOR_FORMAT {
                &[wgpu::TextureFormat::Rgba8Unorm]
            } else {
                &[]
            },
        });
        let resolve_view = resolve.create_view(&wgpu::TextureViewDescriptor::default());
        let display_view = resolve.create_view(&wgpu::TextureViewDescriptor {
            label: Some("frame display"),
            format: Some(wgpu::TextureFormat::Rgba8Unorm),
            ..Default::default()
        });
        let msaa_view = (sample_count > 1).then(|| {
            device
                .create_texture(&wgpu::TextureDescriptor {
                    label: Some("frame msaa"),
                    size,
                    mip_level_count: 1,
                    sample_count,
                    dimension: wgpu::TextureDimension::D2,
                    format,
                    usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
                    view_formats: &[],
                })
                .create_view(&wgpu::TextureViewDescriptor::default())
        });
        let depth_view = device
            .create_texture(&wgpu::TextureDescriptor {
                label: Some("frame depth"),
                size,
                mip_level_count: 1,
                sample_count,
                dimension: wgpu::TextureDimension::D2,
                format: DEPTH_FORMAT,
                usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
                view_formats: &[],
            })
            .create_view(&wgpu::TextureViewDescriptor::default());
        Ok(Self {
            width,
            height,
            sample_count,
            format,
            msaa_view,
            depth_view,
            resolve,
            resolve_view,
            display_view,
        })
    }

    /// (attachment view, resolve target) for the colour attachment.
    pub fn color_attachment(&self) -> (&wgpu::TextureView, Option<&wgpu::TextureView>) {
        match &self.msaa_view {
            Some(msaa) => (msaa, Some(&self.resolve_view)),
            None => (&self.resolve_view, None),
        }
    }

    /// Copies the resolved frame to the CPU as tightly packed sRGB RGBA8 rows (blocks until
    /// the GPU is done).
    pub fn read_rgba(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
    ) -> Result<image::RgbaImage, RenderError> {
        let unpadded = self.width * 4;
        let align = wgpu::COPY_BYTES_PER_ROW_ALIGNMENT;
        let padded = unpadded.div_ceil(align) * align;
        let buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("frame readback"),
            size: u64::from(padded) * u64::from(self.height),
            usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
            mapped_at_creation: false,
        });
        let mut encoder =
            device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: None });
        encoder.copy_texture_to_buffer(
            self.resolve.as_image_copy(),
            wgpu::TexelCopyBufferInfo {
                buffer: &buffer,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(padded),
                    rows_per_image: None,
                },
            },
            self.resolve.size(),
        );
        queue.submit([encoder.finish()]);
        let (tx, rx) = std::sync::mpsc::channel();
        buffer.map_async(wgpu::MapMode::Read, .., move |r| {
            let _ = tx.send(r);
        });
        device
            .poll(wgpu::PollType::wait_indefinitely())
            .map_err(|e| RenderError::Readback(e.to_string()))?;
        match rx.recv() {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(RenderError::Readback(e.to_string())),
            Err(e) => return Err(RenderError::Readback(e.to_string())),
        }
        let mut pixels = Vec::with_capacity((unpadded * self.height) as usize);
        {
            let view = buffer
                .get_mapped_range(..)
                .map_err(|e| RenderError::Readback(e.to_string()))?;
            for row in view.chunks(padded as usize) {
                pixels.extend_from_slice(&row[..unpadded as usize]);
            }
        }
        buffer.unmap();
        image::RgbaImage::from_raw(self.width, self.height, pixels)
            .ok_or_else(|| RenderError::Readback("pixel buffer has the wrong size".into()))
    }
}
