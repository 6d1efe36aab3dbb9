//! The unit shape meshes on the GPU (sphere, cylinder, cone, quad, rings, square outline),
//! uploaded once and shared by the shape passes.

use wgpu::util::DeviceExt;

use crate::render::meshes::{self, MeshData};

/// One unit mesh: indexed vertices.
#[derive(Clone)]
pub(crate) struct GpuMesh {
    vertices: wgpu::Buffer,
    indices: wgpu::Buffer,
    index_count: u32,
}

impl GpuMesh {
    /// Draws `instances` of this mesh (the instance buffer bound at slot 1).
    pub fn draw(&self, pass: &mut wgpu::RenderPass<'_>, instances: std::ops::Range<u32>) {
        pass.set_vertex_buffer(0, self.vertices.slice(..));
        pass.set_index_buffer(self.indices.slice(..), wgpu::IndexFormat::Uint32);
        pass.draw_indexed(0..self.index_count, 0, instances);
    }

    fn new(device: &wgpu::Device, label: &str, data: &MeshData) -> Self {
        let vertices = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some(label),
            contents: bytemuck::cast_slice(&data.vertices),
            usage: wgpu::BufferUsages::VERTEX,
        });
        let indices = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some(label),
            contents: bytemuck::cast_slice(&data.indices),
            usage: wgpu::BufferUsages::INDEX,
        });
        Self {
            vertices,
            indices,
            index_count: data.indices.len() as u32,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum MeshKind {
    Sphere,
    Cylinder,
    Cone,
    Quad,
    Rings,
    Square,
}

/// The unit meshes, uploaded once and shared by the shape passes (buffer handles).
#[derive(Clone)]
pub(crate) struct ShapeMeshes {
    sphere: GpuMesh,
    cylinder: GpuMesh,
    cone: GpuMesh,
    quad: GpuMesh,
    rings: GpuMesh,
    square: GpuMesh,
}

impl ShapeMeshes {
    pub fn new(device: &wgpu::Device) -> Self {
        Self {
            sphere: GpuMesh::new(device, "sphere", &meshes::sphere(32, 16)),
            cylinder: GpuMesh::new(device, "cylinder", &meshes::cylinder(20)),
            cone: GpuMesh::new(device, "cone", &meshes::cone(20)),
            quad: GpuMesh::new(device, "quad", &meshes::quad()),
            rings: GpuMesh::new(device, "rings", &meshes::rings(64)),
            square: GpuMesh::new(device, "square", &meshes::square_outline()),
        }
    }

    pub fn get(&self, kind: MeshKind) -> &GpuMesh {
        match kind {
            MeshKind::Sphere => &self.sphere,
            MeshKind::Cylinder => &self.cylinder,
            MeshKind::Cone => &self.cone,
            MeshKind::Quad => &self.quad,
            MeshKind::Rings => &self.rings,
            MeshKind::Square => &self.square,
        }
    }
}
