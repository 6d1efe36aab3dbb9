//! The object pass: dynamic objects' model-space triangles, posed on the CPU every
//! frame and drawn with the level shader; opaque poses first, then faded ones blended.

use glam::{Mat3, Vec3};

use super::context::{Pass, PassContext, PipelineSpec};
use super::level_pass::{LEVEL_BUFFERS, LevelVertex, level_pipeline, level_shader};
use super::stream_buffer::StreamBuffer;
use crate::render::debug_scene::ObjectShape;
use crate::render::geometry::MeshBatch;

/// The posed-vertex buffer, the model-space meshes and the two level pipelines.
pub(crate) struct ObjectPass {
    opaque_pipeline: wgpu::RenderPipeline,
    /// The level shader blended, no depth write: objects at their previous pose.
    faded_pipeline: wgpu::RenderPipeline,
    /// Per object: de-indexed model-space vertices with the object's colour.
    meshes: Vec<Vec<LevelVertex>>,
    staged: Vec<LevelVertex>,
    buffer: StreamBuffer,
    opaque: u32,
    faded: u32,
}

const STRIDE: u64 = std::mem::size_of::<LevelVertex>() as u64;

impl ObjectPass {
    /// Replaces the meshes (one batch per object; out-of-range indices skipped).
    pub fn set_meshes(&mut self, batches: &[MeshBatch]) {
        self.meshes = batches.iter().map(LevelVertex::from_batch).collect();
    }

    /// Poses the objects of `shapes` and uploads them (opaque ones first).
    pub fn prepare(&mut self, device: &wgpu::Device, queue: &wgpu::Queue, shapes: &[ObjectShape]) {
        self.staged.clear();
        let push = |staged: &mut Vec<LevelVertex>, s: &ObjectShape| {
            let Some(mesh) = self.meshes.get(s.object as usize) else {
                return;
            };
            if !s.pose.is_valid() {
                return;
            }
            let r = Mat3::from_quat(s.pose.rotation);
            let alpha = if s.alpha.is_finite() {
                s.alpha.clamp(0.0, 1.0)
            } else {
                1.0
            };
            staged.extend(mesh.iter().map(|v| LevelVertex {
                position: s.pose.transform_point(Vec3::from(v.position)).to_array(),
                normal: (r * Vec3::from(v.normal)).to_array(),
                color: [v.color[0], v.color[1], v.color[2], alpha],
            }));
        };
        // NaN alpha counts as opaque (and is drawn opaque).
        let faded = |s: &&ObjectShape| s.alpha < 1.0;
        for s in shapes.iter().filter(|s| !faded(s)) {
            push(&mut self.staged, s);
        }
        self.opaque = self.staged.len() as u32;
        for s in shapes.iter().filter(faded) {
            push(&mut self.staged, s);
        }
        self.faded = self.staged.len() as u32 - self.opaque;
        self.buffer.write(device, queue, &self.staged);
    }
}

impl Pass for ObjectPass {
    fn new(ctx: &PassContext<'_>) -> Self {
        let shader = level_shader(ctx);
        let faded = PipelineSpec::new("level faded", &shader, &LEVEL_BUFFERS)
            .blended(wgpu::CompareFunction::LessEqual);
        Self {
            opaque_pipeline: level_pipeline(ctx, &shader),
            faded_pipeline: ctx.pipeline(faded),
            meshes: Vec::new(),
            staged: Vec::new(),
            buffer: StreamBuffer::new(ctx.device, "dynamic objects", STRIDE, 3),
            opaque: 0,
            faded: 0,
        }
    }

    /// Draws what [`ObjectPass::prepare`] staged.
    fn draw(&self, pass: &mut wgpu::RenderPass<'_>) {
        if self.opaque + self.faded == 0 {
            return;
        }
        pass.set_vertex_buffer(0, self.buffer.slice());
        if self.opaque > 0 {
            pass.set_pipeline(&self.opaque_pipeline);
            pass.draw(0..self.opaque, 0..1);
        }
        if self.faded > 0 {
            pass.set_pipeline(&self.faded_pipeline);
            pass.draw(self.opaque..self.opaque + self.faded, 0..1);
        }
    }
}
