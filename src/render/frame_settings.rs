//! The frame's look ([`FrameSettings`]) and the uniform every shader reads from it, bound once
//! per frame as group 0.

use bytemuck::{Pod, Zeroable};
use glam::{Mat4, Vec3};

use super::camera::Camera;
use super::level_colour::{LevelColour, MAX_EXPOSURE};
use super::space_view::SpaceMap;

/// Per-frame look settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FrameSettings {
    pub wireframe: bool,
    /// 0..1: how strongly back faces are tinted magenta.
    pub back_face_tint: f32,
    /// Linear RGB clear colour.
    pub clear_color: [f32; 3],
    /// Direction the sunlight travels (world, need not be unit).
    pub light_dir: Vec3,
    /// 0..1 ambient term.
    pub ambient: f32,
    /// The level winds clockwise ([`crate::level::winding`]): swap front and back for the
    /// tint and the lighting.
    pub flip_winding: bool,
    /// World → displayed map (the world / eSpace view), applied to everything drawn.
    pub space: SpaceMap,
    /// How the level's triangles are coloured.
    pub colour: LevelColour,
    /// Brightness factor of the lit colour modes.
    pub exposure: f32,
    /// Steepest walkable slope (degrees), for [`LevelColour::Slope`].
    pub max_slope_deg: f32,
}

impl Default for FrameSettings {
    fn default() -> Self {
        Self {
            wireframe: false,
            back_face_tint: 0.6,
            clear_color: [0.045, 0.05, 0.07],
            light_dir: Vec3::new(-0.35, -1.0, -0.45),
            ambient: 0.35,
            flip_winding: false,
            space: SpaceMap::IDENTITY,
            colour: LevelColour::Material,
            exposure: 1.0,
            max_slope_deg: 45.0,
        }
    }
}

#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable)]
struct FrameUniform {
    view_proj: [[f32; 4]; 4],
    camera_pos: [f32; 4],
    light_dir: [f32; 4],
    options: [f32; 4],
    /// World → displayed (the eSpace view) and its inverse transpose for normals.
    space: [[f32; 4]; 4],
    space_normal: [[f32; 4]; 4],
    /// x: colour mode, y: exposure, z: cos(max walkable slope).
    look: [f32; 4],
}

impl FrameUniform {
    /// The uniform for `camera` at `aspect` and `settings`; `encode_srgb` when the target
    /// cannot store sRGB and the shaders encode it themselves.
    fn new(camera: &Camera, aspect: f32, settings: &FrameSettings, encode_srgb: bool) -> Self {
        let light = settings.light_dir.try_normalize().unwrap_or(Vec3::NEG_Y);
        Self {
            view_proj: camera.view_proj(aspect).to_cols_array_2d(),
            // w: -1 when the level winds clockwise (the level shader swaps front and back).
            camera_pos: camera
                .eye
                .extend(if settings.flip_winding { -1.0 } else { 1.0 })
                .to_array(),
            light_dir: light.extend(settings.ambient.clamp(0.0, 1.0)).to_array(),
            options: [
                f32::from(u8::from(settings.wireframe)),
                settings.back_face_tint.clamp(0.0, 1.0),
                1.2,
                // The shaders encode sRGB themselves when the target cannot.
                f32::from(u8::from(encode_srgb)),
            ],
            space: settings.space.matrix().to_cols_array_2d(),
            space_normal: Mat4::from_mat3(settings.space.normal_matrix()).to_cols_array_2d(),
            look: [
                settings.colour.shader_index(),
                if settings.colour.exposed() {
                    settings.exposure.clamp(0.1, MAX_EXPOSURE)
                } else {
                    1.0
                },
                settings.max_slope_deg.clamp(0.0, 90.0).to_radians().cos(),
                0.0,
            ],
        }
    }
}

/// The frame uniform's buffer and bind group (group 0 of every pipeline).
pub(super) struct FrameBindings {
    buffer: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
    /// The layout the passes' pipelines are built with.
    pub(super) layout: wgpu::PipelineLayout,
}

impl FrameBindings {
    pub(super) fn new(device: &wgpu::Device) -> Self {
        let buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("frame uniform"),
            size: std::mem::size_of::<FrameUniform>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let bgl = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("frame"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::VERTEX_FRAGMENT,
                ty: wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Uniform,
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
                count: None,
            }],
        });
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("frame"),
            layout: &bgl,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: buffer.as_entire_binding(),
            }],
        });
        let layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("frame"),
            bind_group_layouts: &[Some(&bgl)],
            immediate_size: 0,
        });
        Self {
            buffer,
            bind_group,
            layout,
        }
    }

    /// Uploads the uniform of this frame (see [`FrameUniform::new`]).
    pub(super) fn write(
        &self,
        queue: &wgpu::Queue,
        camera: &Camera,
        aspect: f32,
        settings: &FrameSettings,
        encode_srgb: bool,
    ) {
        let uniform = FrameUniform::new(camera, aspect, settings, encode_srgb);
        queue.write_buffer(&self.buffer, 0, bytemuck::bytes_of(&uniform));
    }

    pub(super) fn bind(&self, pass: &mut wgpu::RenderPass<'_>) {
        pass.set_bind_group(0, &self.bind_group, &[]);
    }
}
