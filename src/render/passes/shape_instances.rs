//! What the shape passes share: the per-instance transform and colour, and runs of instances
//! (one mesh, one pipeline each) sorted back to front and uploaded as one buffer per pass.

use bytemuck::{Pod, Zeroable};
use glam::{Mat3, Mat4, Quat, Vec3};

use super::context::PassContext;
use super::stream_buffer::StreamBuffer;
use super::unit_meshes::{MeshKind, ShapeMeshes};
use crate::render::meshes::ShapeVertex;

/// One instanced shape: model matrix, normal matrix (inverse transpose, 3 columns) and colour.
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable)]
pub(crate) struct ShapeInstance {
    model: [[f32; 4]; 4],
    normal: [[f32; 4]; 3],
    color: [f32; 4],
}

impl ShapeInstance {
    pub fn new(m: Mat3, t: Vec3, color: [f32; 4]) -> Self {
        let model = Mat4::from_cols(
            m.x_axis.extend(0.0),
            m.y_axis.extend(0.0),
            m.z_axis.extend(0.0),
            t.extend(1.0),
        );
        let n = if m.determinant().abs() > 1e-18 {
            m.inverse().transpose()
        } else {
            Mat3::IDENTITY
        };
        Self {
            model: model.to_cols_array_2d(),
            normal: [
                n.x_axis.extend(0.0).to_array(),
                n.y_axis.extend(0.0).to_array(),
                n.z_axis.extend(0.0).to_array(),
            ],
            color,
        }
    }
}

const INSTANCE_STRIDE: u64 = std::mem::size_of::<ShapeInstance>() as u64;
const SHAPE_ATTRS: [wgpu::VertexAttribute; 2] =
    wgpu::vertex_attr_array![0 => Float32x3, 1 => Float32x3];
const INSTANCE_ATTRS: [wgpu::VertexAttribute; 8] = wgpu::vertex_attr_array![
    2 => Float32x4, 3 => Float32x4, 4 => Float32x4, 5 => Float32x4,
    6 => Float32x4, 7 => Float32x4, 8 => Float32x4, 9 => Float32x4
];

/// The vertex buffers of every shape pipeline: the unit mesh, then the instances.
pub(crate) const SHAPE_BUFFERS: [Option<wgpu::VertexBufferLayout<'static>>; 2] = [
    Some(wgpu::VertexBufferLayout {
        array_stride: std::mem::size_of::<ShapeVertex>() as u64,
        step_mode: wgpu::VertexStepMode::Vertex,
        attributes: &SHAPE_ATTRS,
    }),
    Some(wgpu::VertexBufferLayout {
        array_stride: INSTANCE_STRIDE,
        step_mode: wgpu::VertexStepMode::Instance,
        attributes: &INSTANCE_ATTRS,
    }),
];

/// The shaded-shape shader (`shaders/shapes.wgsl`).
pub(crate) fn shape_shader(ctx: &PassContext<'_>) -> wgpu::ShaderModule {
    ctx.shader("shapes.wgsl", instanced_shader!("shapes.wgsl"))
}

/// A run of instances drawn with one mesh and one of the pass's pipelines.
struct DrawRun {
    mesh: MeshKind,
    pipeline: usize,
    range: std::ops::Range<u32>,
}

/// A pass's instances: staged in runs every frame, uploaded to a buffer that grows as needed.
pub(crate) struct InstanceRuns {
    meshes: ShapeMeshes,
    /// The run being collected, with each instance's squared distance to the eye.
    batch: Vec<(f32, ShapeInstance)>,
    staged: Vec<ShapeInstance>,
    runs: Vec<DrawRun>,
    buffer: StreamBuffer,
}

impl InstanceRuns {
    pub fn new(ctx: &PassContext<'_>) -> Self {
        Self {
            meshes: ctx.meshes.clone(),
            batch: Vec::new(),
            staged: Vec::new(),
            runs: Vec::new(),
            buffer: StreamBuffer::new(ctx.device, "shape instances", INSTANCE_STRIDE, 256),
        }
    }

    /// Starts a new frame.
    pub fn clear(&mut self) {
        self.staged.clear();
        self.runs.clear();
        self.batch.clear();
    }

    /// Adds an instance at squared eye distance `dist` to the run being collected.
    pub fn push(&mut self, dist: f32, instance: ShapeInstance) {
        self.batch.push((dist, instance));
    }

    /// Closes the run being collected (nothing when empty): back to front (only matters for
    /// translucent runs), drawn with `mesh` and the pass's pipeline number `pipeline`.
    pub fn end_run(&mut self, mesh: MeshKind, pipeline: usize) {
        if self.batch.is_empty() {
            return;
        }
        self.batch.sort_by(|a, b| b.0.total_cmp(&a.0));
        let start = self.staged.len() as u32;
        self.staged.extend(self.batch.drain(..).map(|(_, i)| i));
        self.runs.push(DrawRun {
            mesh,
            pipeline,
            range: start..self.staged.len() as u32,
        });
    }

    /// Uploads the staged instances.
    pub fn upload(&mut self, device: &wgpu::Device, queue: &wgpu::Queue) {
        self.buffer.write(device, queue, &self.staged);
    }

    /// Draws the runs in the order they were closed, with `pipelines` numbered as in
    /// [`InstanceRuns::end_run`].
    pub fn draw(&self, pass: &mut wgpu::RenderPass<'_>, pipelines: &[wgpu::RenderPipeline]) {
        if self.staged.is_empty() {
            return;
        }
        pass.set_vertex_buffer(1, self.buffer.slice());
        for run in &self.runs {
            pass.set_pipeline(&pipelines[run.pipeline]);
            self.meshes.get(run.mesh).draw(pass, run.range.clone());
        }
    }
}

/// A rotation taking +Y to the unit vector `dir`.
pub(crate) fn rot_y_to(dir: Vec3) -> Mat3 {
    Mat3::from_quat(Quat::from_rotation_arc(Vec3::Y, dir))
}
