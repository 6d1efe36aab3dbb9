//! The highlight pass: one triangle drawn over the level with the level shader, blended and
//! depth-biased towards the camera.

use glam::Vec3;

use super::context::{Pass, PassContext, PipelineSpec};
use super::level_pass::{LEVEL_BUFFERS, LevelVertex, level_shader};
use crate::render::debug_scene::HIGHLIGHT;

/// The triangle's three vertices and whether there is one this frame.
pub(crate) struct HighlightPass {
    pipeline: wgpu::RenderPipeline,
    buffer: wgpu::Buffer,
    active: bool,
}

impl HighlightPass {
    /// Uploads `triangle` (world corners), or draws nothing this frame for `None`.
    pub fn prepare(&mut self, queue: &wgpu::Queue, triangle: Option<[Vec3; 3]>) {
        self.active = triangle.is_some();
        if let Some(t) = triangle {
            let face = (t[1] - t[0])
                .cross(t[2] - t[0])
                .try_normalize()
                .unwrap_or(Vec3::Y);
            let v = t.map(|p| LevelVertex {
                position: p.to_array(),
                normal: face.to_array(),
                color: HIGHLIGHT,
            });
            queue.write_buffer(&self.buffer, 0, bytemuck::cast_slice(&v));
        }
    }
}

impl Pass for HighlightPass {
    fn new(ctx: &PassContext<'_>) -> Self {
        let shader = level_shader(ctx);
        let spec = PipelineSpec::new("highlight", &shader, &LEVEL_BUFFERS)
            .blended(wgpu::CompareFunction::LessEqual)
            .bias(wgpu::DepthBiasState {
                constant: -4,
                slope_scale: -2.0,
                clamp: 0.0,
            });
        let buffer = ctx.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("highlight"),
            size: 3 * std::mem::size_of::<LevelVertex>() as u64,
            usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        Self {
            pipeline: ctx.pipeline(spec),
            buffer,
            active: false,
        }
    }

    fn draw(&self, pass: &mut wgpu::RenderPass<'_>) {
        if self.active {
            pass.set_pipeline(&self.pipeline);
            pass.set_vertex_buffer(0, self.buffer.slice(..));
            pass.draw(0..3, 0..1);
        }
    }
}
