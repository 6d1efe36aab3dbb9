//! The level pass: the level de-indexed (for the barycentric wireframe) in vertex buffers of at
//! most 64 MB, drawn lit; its vertex and shader also serve the object and highlight passes.

use bytemuck::{Pod, Zeroable};
use glam::Vec3;
use wgpu::util::DeviceExt;

use super::context::{Pass, PassContext, PipelineSpec};
use crate::render::geometry::{LevelGeometry, MeshBatch};

/// A level vertex (de-indexed, so `vertex_index % 3` is the triangle corner).
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable)]
pub(crate) struct LevelVertex {
    pub position: [f32; 3],
    pub normal: [f32; 3],
    pub color: [f32; 4],
}

const LEVEL_ATTRS: [wgpu::VertexAttribute; 3] =
    wgpu::vertex_attr_array![0 => Float32x3, 1 => Float32x3, 2 => Float32x4];

/// The vertex buffers of every pipeline that draws with the level shader.
pub(crate) const LEVEL_BUFFERS: [Option<wgpu::VertexBufferLayout<'static>>; 1] =
    [Some(wgpu::VertexBufferLayout {
        array_stride: std::mem::size_of::<LevelVertex>() as u64,
        step_mode: wgpu::VertexStepMode::Vertex,
        attributes: &LEVEL_ATTRS,
    })];

/// Level vertices per vertex buffer (a multiple of 3; 64 MB of vertices per buffer).
const LEVEL_CHUNK_VERTICES: usize = 1_599_999;

impl LevelVertex {
    /// `batch` de-indexed, opaque in its colour. Triangles with out-of-range indices are
    /// skipped; missing or degenerate normals are replaced by the face normal.
    pub(crate) fn from_batch(batch: &MeshBatch) -> Vec<Self> {
        let color = [batch.color[0], batch.color[1], batch.color[2], 1.0];
        let mut verts = Vec::with_capacity(batch.indices.len());
        for tri in batch.indices.chunks_exact(3) {
            let Some(p) = tri
                .iter()
                .map(|&i| batch.positions.get(i as usize).copied())
                .collect::<Option<Vec<Vec3>>>()
            else {
                continue;
            };
            let face = (p[1] - p[0])
                .cross(p[2] - p[0])
                .try_normalize()
                .unwrap_or(Vec3::Y);
            for (k, &i) in tri.iter().enumerate() {
                let n = batch
                    .normals
                    .get(i as usize)
                    .copied()
                    .and_then(Vec3::try_normalize)
                    .unwrap_or(face);
                verts.push(Self {
                    position: p[k].to_array(),
                    normal: n.to_array(),
                    color,
                });
            }
        }
        verts
    }
}

/// The level shader (`shaders/level.wgsl`).
pub(crate) fn level_shader(ctx: &PassContext<'_>) -> wgpu::ShaderModule {
    ctx.shader("level.wgsl", shader!("level.wgsl"))
}

/// The opaque level pipeline (the level and dynamic objects at their current pose).
pub(crate) fn level_pipeline(
    ctx: &PassContext<'_>,
    shader: &wgpu::ShaderModule,
) -> wgpu::RenderPipeline {
    ctx.pipeline(PipelineSpec::new("level", shader, &LEVEL_BUFFERS))
}

/// The uploaded level.
pub(crate) struct LevelPass {
    pipeline: wgpu::RenderPipeline,
    buffers: Vec<(wgpu::Buffer, u32)>,
    triangles: usize,
}

impl LevelPass {
    /// Triangles of the uploaded level.
    pub fn triangles(&self) -> usize {
        self.triangles
    }

    /// Uploads a level (replacing the previous one). Triangles with out-of-range indices are
    /// skipped; missing or non-finite normals are replaced by the face normal.
    pub fn set_level(&mut self, device: &wgpu::Device, geometry: &LevelGeometry) {
        self.buffers.clear();
        self.triangles = 0;
        for batch in &geometry.batches {
            let verts = LevelVertex::from_batch(batch);
            self.triangles += verts.len() / 3;
            for chunk in verts.chunks(LEVEL_CHUNK_VERTICES) {
                let buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some("level batch"),
                    contents: bytemuck::cast_slice(chunk),
                    usage: wgpu::BufferUsages::VERTEX,
                });
                self.buffers.push((buffer, chunk.len() as u32));
            }
        }
    }
}

impl Pass for LevelPass {
    fn new(ctx: &PassContext<'_>) -> Self {
        let shader = level_shader(ctx);
        Self {
            pipeline: level_pipeline(ctx, &shader),
            buffers: Vec::new(),
            triangles: 0,
        }
    }

    fn draw(&self, pass: &mut wgpu::RenderPass<'_>) {
        pass.set_pipeline(&self.pipeline);
        for (buffer, count) in &self.buffers {
            pass.set_vertex_buffer(0, buffer.slice(..));
            pass.draw(0..*count, 0..1);
        }
    }
}
