//! Drawing dynamic objects (issue 7, seed 001 12.12): each object's model-space triangles are
//! uploaded once; every frame the poses in [`DebugScene::objects`](super::DebugScene) are
//! applied on the CPU and the posed triangles are drawn with the level's shader, so objects
//! are lit exactly like the level. Opaque poses first, then faded ones (a previous pose)
//! blended without depth writes.

use glam::{Mat3, Vec3};

use super::MeshBatch;
use super::debug_scene::ObjectShape;
use super::renderer::LevelVertex;

/// The posed-vertex buffer and the model-space meshes.
pub(super) struct DynamicDraw {
    /// Per object: de-indexed model-space vertices with the object's colour.
    meshes: Vec<Vec<LevelVertex>>,
    staged: Vec<LevelVertex>,
    buffer: wgpu::Buffer,
    capacity: u64,
    opaque: u32,
    faded: u32,
}

const STRIDE: u64 = std::mem::size_of::<LevelVertex>() as u64;

fn vertex_buffer(device: &wgpu::Device, vertices: u64) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("dynamic objects"),
        size: vertices.max(3) * STRIDE,
        usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    })
}

impl DynamicDraw {
    pub(super) fn new(device: &wgpu::Device) -> Self {
        Self {
            meshes: Vec::new(),
            staged: Vec::new(),
            buffer: vertex_buffer(device, 3),
            capacity: 3,
            opaque: 0,
            faded: 0,
        }
    }

    /// Replaces the meshes (one batch per object; out-of-range indices skipped).
    pub(super) fn set_meshes(&mut self, batches: &[MeshBatch]) {
        self.meshes = batches.iter().map(LevelVertex::from_batch).collect();
    }

    /// Poses the objects of `shapes` and uploads them (opaque ones first).
    pub(super) fn prepare(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        shapes: &[ObjectShape],
    ) {
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
        if self.staged.is_empty() {
            return;
        }
        let needed = self.staged.len() as u64;
        if needed > self.capacity {
            self.capacity = needed.next_power_of_two();
            self.buffer = vertex_buffer(device, self.capacity);
        }
        queue.write_buffer(&self.buffer, 0, bytemuck::cast_slice(&self.staged));
    }

    /// Draws what [`DynamicDraw::prepare`] staged.
    pub(super) fn draw(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        opaque: &wgpu::RenderPipeline,
        faded: &wgpu::RenderPipeline,
    ) {
        if self.opaque + self.faded == 0 {
            return;
        }
        pass.set_vertex_buffer(0, self.buffer.slice(..));
        if self.opaque > 0 {
            pass.set_pipeline(opaque);
            pass.draw(0..self.opaque, 0..1);
        }
        if self.faded > 0 {
            pass.set_pipeline(faded);
            pass.draw(self.opaque..self.opaque + self.faded, 0..1);
        }
    }
}
