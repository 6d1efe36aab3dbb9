//! The wgpu pipelines and the frame: the level (lit, back faces tinted, barycentric wireframe,
//! highlighted triangle) and instanced debug shapes, drawn into a [`FrameTarget`].
//!
//! Draw order: level → highlighted triangle → translucent shapes (back to front per kind, no
//! depth write) → wire outlines → opaque arrows and points. Arrows come after the translucent
//! shells on purpose: a normal inside the ellipsoid stays crisp instead of being tinted.

use std::sync::atomic::{AtomicBool, Ordering};

use bytemuck::{Pod, Zeroable};
use glam::{Mat3, Mat4, Quat, Vec3};
use wgpu::util::DeviceExt;

use super::camera::Camera;
use super::debug_scene::{Arrow, DebugScene, HIGHLIGHT};
use super::dynamic_draw::DynamicDraw;
use super::geometry::LevelGeometry;
use super::level_colour::{LevelColour, MAX_EXPOSURE};
use super::meshes::{self, MeshData, ShapeVertex};
use super::space_view::SpaceMap;
use super::target::{COLOR_FORMAT, DEPTH_FORMAT, FALLBACK_COLOR_FORMAT, FrameTarget};

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

/// A level vertex (de-indexed, so `vertex_index % 3` is the triangle corner).
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable)]
pub(super) struct LevelVertex {
    pub(super) position: [f32; 3],
    pub(super) normal: [f32; 3],
    pub(super) color: [f32; 4],
}

impl LevelVertex {
    /// `batch` de-indexed, opaque in its colour. Triangles with out-of-range indices are
    /// skipped; missing or degenerate normals are replaced by the face normal.
    pub(super) fn from_batch(batch: &super::MeshBatch) -> Vec<Self> {
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

/// One instanced shape: model matrix, normal matrix (inverse transpose, 3 columns) and colour.
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable)]
struct ShapeInstance {
    model: [[f32; 4]; 4],
    normal: [[f32; 4]; 3],
    color: [f32; 4],
}

impl ShapeInstance {
    fn new(m: Mat3, t: Vec3, color: [f32; 4]) -> Self {
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

struct GpuMesh {
    vertices: wgpu::Buffer,
    indices: wgpu::Buffer,
    index_count: u32,
}

impl GpuMesh {
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
enum MeshKind {
    Sphere,
    Cylinder,
    Cone,
    Quad,
    Rings,
    Square,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum PipeKind {
    Opaque,
    Translucent,
    TranslucentTwoSided,
    Wire,
}

/// A run of instances drawn with one mesh and one pipeline.
struct DrawRun {
    mesh: MeshKind,
    pipe: PipeKind,
    range: std::ops::Range<u32>,
}

/// Everything needed to draw frames on one device.
pub struct Renderer {
    sample_count: u32,
    color_format: wgpu::TextureFormat,
    frame_buffer: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
    level_pipeline: wgpu::RenderPipeline,
    /// The level shader blended, no depth write: dynamic objects at their previous pose.
    level_faded_pipeline: wgpu::RenderPipeline,
    highlight_pipeline: wgpu::RenderPipeline,
    shape_opaque: wgpu::RenderPipeline,
    shape_translucent: wgpu::RenderPipeline,
    shape_two_sided: wgpu::RenderPipeline,
    wire_pipeline: wgpu::RenderPipeline,
    sphere: GpuMesh,
    cylinder: GpuMesh,
    cone: GpuMesh,
    quad: GpuMesh,
    rings: GpuMesh,
    square: GpuMesh,
    level: Vec<(wgpu::Buffer, u32)>,
    level_triangles: usize,
    /// Dynamic objects' meshes, posed every frame.
    dynamic: DynamicDraw,
    highlight: wgpu::Buffer,
    instances: wgpu::Buffer,
    instance_capacity: u64,
    // Reused every frame.
    staged: Vec<ShapeInstance>,
    runs: Vec<DrawRun>,
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

const INSTANCE_STRIDE: u64 = std::mem::size_of::<ShapeInstance>() as u64;
/// Level vertices per vertex buffer (a multiple of 3; 64 MB of vertices per buffer).
const LEVEL_CHUNK_VERTICES: usize = 1_599_999;

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
        let frame_buffer = device.create_buffer(&wgpu::BufferDescriptor {
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
                resource: frame_buffer.as_entire_binding(),
            }],
        });
        let layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("frame"),
            bind_group_layouts: &[Some(&bgl)],
            immediate_size: 0,
        });
        let level_shader = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("level.wgsl"),
            source: wgpu::ShaderSource::Wgsl(include_str!("../../shaders/level.wgsl").into()),
        });
        let shape_shader = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("shapes.wgsl"),
            source: wgpu::ShaderSource::Wgsl(include_str!("../../shaders/shapes.wgsl").into()),
        });
        let wire_shader = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("wire.wgsl"),
            source: wgpu::ShaderSource::Wgsl(include_str!("../../shaders/wire.wgsl").into()),
        });

        let level_attrs = wgpu::vertex_attr_array![0 => Float32x3, 1 => Float32x3, 2 => Float32x4];
        let level_layout = wgpu::VertexBufferLayout {
            array_stride: std::mem::size_of::<LevelVertex>() as u64,
            step_mode: wgpu::VertexStepMode::Vertex,
            attributes: &level_attrs,
        };
        let shape_attrs = wgpu::vertex_attr_array![0 => Float32x3, 1 => Float32x3];
        let instance_attrs = wgpu::vertex_attr_array![
            2 => Float32x4, 3 => Float32x4, 4 => Float32x4, 5 => Float32x4,
            6 => Float32x4, 7 => Float32x4, 8 => Float32x4, 9 => Float32x4
        ];
        let shape_layouts = [
            Some(wgpu::VertexBufferLayout {
                array_stride: std::mem::size_of::<ShapeVertex>() as u64,
                step_mode: wgpu::VertexStepMode::Vertex,
                attributes: &shape_attrs,
            }),
            Some(wgpu::VertexBufferLayout {
                array_stride: INSTANCE_STRIDE,
                step_mode: wgpu::VertexStepMode::Instance,
                attributes: &instance_attrs,
            }),
        ];

        struct Spec<'a> {
            label: &'a str,
            module: &'a wgpu::ShaderModule,
            buffers: &'a [Option<wgpu::VertexBufferLayout<'a>>],
            topology: wgpu::PrimitiveTopology,
            cull: Option<wgpu::Face>,
            blend: bool,
            depth_write: bool,
            depth_compare: wgpu::CompareFunction,
            bias: wgpu::DepthBiasState,
        }
        let make = |s: Spec| {
            device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some(s.label),
                layout: Some(&layout),
                vertex: wgpu::VertexState {
                    module: s.module,
                    entry_point: Some("vs_main"),
                    compilation_options: Default::default(),
                    buffers: s.buffers,
                },
                primitive: wgpu::PrimitiveState {
                    topology: s.topology,
                    strip_index_format: None,
                    front_face: wgpu::FrontFace::Ccw,
                    cull_mode: s.cull,
                    unclipped_depth: false,
                    polygon_mode: wgpu::PolygonMode::Fill,
                    conservative: false,
                },
                depth_stencil: Some(wgpu::DepthStencilState {
                    format: DEPTH_FORMAT,
                    depth_write_enabled: Some(s.depth_write),
                    depth_compare: Some(s.depth_compare),
                    stencil: wgpu::StencilState::default(),
                    bias: s.bias,
                }),
                multisample: wgpu::MultisampleState {
                    count: sample_count,
                    mask: !0,
                    alpha_to_coverage_enabled: false,
                },
                fragment: Some(wgpu::FragmentState {
                    module: s.module,
                    entry_point: Some("fs_main"),
                    compilation_options: Default::default(),
                    targets: &[Some(wgpu::ColorTargetState {
                        format: color_format,
                        blend: s.blend.then_some(wgpu::BlendState::ALPHA_BLENDING),
                        write_mask: wgpu::ColorWrites::ALL,
                    })],
                }),
                multiview_mask: None,
                cache: None,
            })
        };
        let level_buffers = [Some(level_layout)];
        let tri = wgpu::PrimitiveTopology::TriangleList;
        let no_bias = wgpu::DepthBiasState::default();
        let level_pipeline = make(Spec {
            label: "level",
            module: &level_shader,
            buffers: &level_buffers,
            topology: tri,
            cull: None,
            blend: false,
            depth_write: true,
            depth_compare: wgpu::CompareFunction::Less,
            bias: no_bias,
        });
        let level_faded_pipeline = make(Spec {
            label: "level faded",
            module: &level_shader,
            buffers: &level_buffers,
            topology: tri,
            cull: None,
            blend: true,
            depth_write: false,
            depth_compare: wgpu::CompareFunction::LessEqual,
            bias: no_bias,
        });
        let highlight_pipeline = make(Spec {
            label: "highlight",
            module: &level_shader,
            buffers: &level_buffers,
            topology: tri,
            cull: None,
            blend: true,
            depth_write: false,
            depth_compare: wgpu::CompareFunction::LessEqual,
            bias: wgpu::DepthBiasState {
                constant: -4,
                slope_scale: -2.0,
                clamp: 0.0,
            },
        });
        let shape_opaque = make(Spec {
            label: "shapes opaque",
            module: &shape_shader,
            buffers: &shape_layouts,
            topology: tri,
            cull: Some(wgpu::Face::Back),
            blend: false,
            depth_write: true,
            depth_compare: wgpu::CompareFunction::Less,
            bias: no_bias,
        });
        let shape_translucent = make(Spec {
            label: "shapes translucent",
            module: &shape_shader,
            buffers: &shape_layouts,
            topology: tri,
            cull: Some(wgpu::Face::Back),
            blend: true,
            depth_write: false,
            depth_compare: wgpu::CompareFunction::Less,
            bias: no_bias,
        });
        let shape_two_sided = make(Spec {
            label: "shapes two-sided",
            module: &shape_shader,
            buffers: &shape_layouts,
            topology: tri,
            cull: None,
            blend: true,
            depth_write: false,
            depth_compare: wgpu::CompareFunction::LessEqual,
            bias: no_bias,
        });
        let wire_pipeline = make(Spec {
            label: "wire",
            module: &wire_shader,
            buffers: &shape_layouts,
            topology: wgpu::PrimitiveTopology::LineList,
            cull: None,
            blend: true,
            depth_write: false,
            depth_compare: wgpu::CompareFunction::LessEqual,
            bias: no_bias,
        });
        let highlight = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("highlight"),
            size: 3 * std::mem::size_of::<LevelVertex>() as u64,
            usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let instance_capacity = 256;
        let instances = Self::instance_buffer(device, instance_capacity);
        Self {
            sample_count,
            color_format,
            frame_buffer,
            bind_group,
            level_pipeline,
            level_faded_pipeline,
            highlight_pipeline,
            shape_opaque,
            shape_translucent,
            shape_two_sided,
            wire_pipeline,
            sphere: GpuMesh::new(device, "sphere", &meshes::sphere(32, 16)),
            cylinder: GpuMesh::new(device, "cylinder", &meshes::cylinder(20)),
            cone: GpuMesh::new(device, "cone", &meshes::cone(20)),
            quad: GpuMesh::new(device, "quad", &meshes::quad()),
            rings: GpuMesh::new(device, "rings", &meshes::rings(64)),
            square: GpuMesh::new(device, "square", &meshes::square_outline()),
            level: Vec::new(),
            level_triangles: 0,
            dynamic: DynamicDraw::new(device),
            highlight,
            instances,
            instance_capacity,
            staged: Vec::new(),
            runs: Vec::new(),
        }
    }

    fn instance_buffer(device: &wgpu::Device, capacity: u64) -> wgpu::Buffer {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("shape instances"),
            size: capacity * INSTANCE_STRIDE,
            usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        })
    }

    pub fn sample_count(&self) -> u32 {
        self.sample_count
    }

    pub fn color_format(&self) -> wgpu::TextureFormat {
        self.color_format
    }

    /// Triangles of the uploaded level.
    pub fn level_triangles(&self) -> usize {
        self.level_triangles
    }

    /// Uploads a level (replacing the previous one). Triangles with out-of-range indices are
    /// skipped; missing or non-finite normals are replaced by the face normal.
    pub fn set_level(&mut self, device: &wgpu::Device, geometry: &LevelGeometry) {
        self.level.clear();
        self.level_triangles = 0;
        for batch in &geometry.batches {
            let verts = LevelVertex::from_batch(batch);
            self.level_triangles += verts.len() / 3;
            for chunk in verts.chunks(LEVEL_CHUNK_VERTICES) {
                let buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some("level batch"),
                    contents: bytemuck::cast_slice(chunk),
                    usage: wgpu::BufferUsages::VERTEX,
                });
                self.level.push((buffer, chunk.len() as u32));
            }
        }
    }

    /// Uploads the dynamic objects' model-space meshes, one batch per object in id order
    /// (replacing the previous ones); [`DebugScene::objects`] poses them every frame.
    pub fn set_dynamic_objects(&mut self, batches: &[super::MeshBatch]) {
        self.dynamic.set_meshes(batches);
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
        if target.sample_count != self.sample_count || target.format != self.color_format {
            if !SAMPLE_MISMATCH_LOGGED.swap(true, Ordering::Relaxed) {
                log::error!(
                    "frame target is {}x {:?}, pipelines {}x {:?}: frame skipped",
                    target.sample_count,
                    target.format,
                    self.sample_count,
                    self.color_format
                );
            }
            return;
        }
        let aspect = target.width as f32 / target.height as f32;
        let light = settings.light_dir.try_normalize().unwrap_or(Vec3::NEG_Y);
        let uniform = FrameUniform {
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
                f32::from(u8::from(self.color_format == FALLBACK_COLOR_FORMAT)),
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
        };
        queue.write_buffer(&self.frame_buffer, 0, bytemuck::bytes_of(&uniform));
        if let Some(t) = scene.highlight_triangle {
            let face = (t[1] - t[0])
                .cross(t[2] - t[0])
                .try_normalize()
                .unwrap_or(Vec3::Y);
            let v = t.map(|p| LevelVertex {
                position: p.to_array(),
                normal: face.to_array(),
                color: HIGHLIGHT,
            });
            queue.write_buffer(&self.highlight, 0, bytemuck::cast_slice(&v));
        }
        self.dynamic.prepare(device, queue, &scene.objects);
        self.stage_shapes(scene, camera.eye, &settings.space);
        if !self.staged.is_empty() {
            let needed = self.staged.len() as u64;
            if needed > self.instance_capacity {
                self.instance_capacity = needed.next_power_of_two();
                self.instances = Self::instance_buffer(device, self.instance_capacity);
            }
            queue.write_buffer(&self.instances, 0, bytemuck::cast_slice(&self.staged));
        }

        let (view, resolve_target) = target.color_attachment();
        let c = if self.color_format == FALLBACK_COLOR_FORMAT {
            // Clear values are stored as given: encode sRGB like the shaders do.
            settings.clear_color.map(srgb_encode)
        } else {
            settings.clear_color
        };
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
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
        });
        pass.set_bind_group(0, &self.bind_group, &[]);
        pass.set_pipeline(&self.level_pipeline);
        for (buffer, count) in &self.level {
            pass.set_vertex_buffer(0, buffer.slice(..));
            pass.draw(0..*count, 0..1);
        }
        self.dynamic
            .draw(&mut pass, &self.level_pipeline, &self.level_faded_pipeline);
        if scene.highlight_triangle.is_some() {
            pass.set_pipeline(&self.highlight_pipeline);
            pass.set_vertex_buffer(0, self.highlight.slice(..));
            pass.draw(0..3, 0..1);
        }
        if self.staged.is_empty() {
            return;
        }
        pass.set_vertex_buffer(1, self.instances.slice(..));
        for run in &self.runs {
            let pipeline = match run.pipe {
                PipeKind::Opaque => &self.shape_opaque,
                PipeKind::Translucent => &self.shape_translucent,
                PipeKind::TranslucentTwoSided => &self.shape_two_sided,
                PipeKind::Wire => &self.wire_pipeline,
            };
            let mesh = match run.mesh {
                MeshKind::Sphere => &self.sphere,
                MeshKind::Cylinder => &self.cylinder,
                MeshKind::Cone => &self.cone,
                MeshKind::Quad => &self.quad,
                MeshKind::Rings => &self.rings,
                MeshKind::Square => &self.square,
            };
            pass.set_pipeline(pipeline);
            pass.set_vertex_buffer(0, mesh.vertices.slice(..));
            pass.set_index_buffer(mesh.indices.slice(..), wgpu::IndexFormat::Uint32);
            pass.draw_indexed(0..mesh.index_count, 0, run.range.clone());
        }
    }

    /// Turns the scene into instance runs, in draw order.
    fn stage_shapes(&mut self, scene: &DebugScene, eye: Vec3, space: &SpaceMap) {
        self.staged.clear();
        self.runs.clear();
        let mut batch: Vec<(f32, ShapeInstance)> = Vec::new();
        let push_run = |staged: &mut Vec<ShapeInstance>,
                        runs: &mut Vec<DrawRun>,
                        batch: &mut Vec<(f32, ShapeInstance)>,
                        mesh: MeshKind,
                        pipe: PipeKind| {
            if batch.is_empty() {
                return;
            }
            // Back to front (only matters for translucent runs).
            batch.sort_by(|a, b| b.0.total_cmp(&a.0));
            let start = staged.len() as u32;
            staged.extend(batch.drain(..).map(|(_, i)| i));
            runs.push(DrawRun {
                mesh,
                pipe,
                range: start..staged.len() as u32,
            });
        };
        let dist = |p: Vec3| (space.point(p) - eye).length_squared();
        let (staged, runs) = (&mut self.staged, &mut self.runs);

        // Translucent: slide planes, ground marker, swept hulls and end caps, ellipsoids.
        for p in &scene.planes {
            let Some(n) = p.normal.try_normalize() else {
                continue;
            };
            let m = rot_y_to(n) * Mat3::from_diagonal(Vec3::new(p.half_size, 1.0, p.half_size));
            batch.push((
                dist(p.center),
                ShapeInstance::new(m, p.center + n * 0.003, p.color),
            ));
        }
        push_run(
            staged,
            runs,
            &mut batch,
            MeshKind::Quad,
            PipeKind::TranslucentTwoSided,
        );
        if let Some(g) = scene.ground {
            let n = g.normal.try_normalize().unwrap_or(Vec3::Y);
            let m = rot_y_to(n) * Mat3::from_diagonal(Vec3::new(g.radius, 0.004, g.radius));
            batch.push((dist(g.at), ShapeInstance::new(m, g.at + n * 0.004, g.color)));
        }
        push_run(
            staged,
            runs,
            &mut batch,
            MeshKind::Cylinder,
            PipeKind::TranslucentTwoSided,
        );
        for s in &scene.swept {
            let a = s.axes * Mat3::from_diagonal(s.radii);
            if a.determinant().abs() < 1e-12 {
                continue;
            }
            let d_es = a.inverse() * (s.to - s.from);
            let len_es = d_es.length();
            if len_es > 1e-4 && len_es.is_finite() {
                let m =
                    a * rot_y_to(d_es / len_es) * Mat3::from_diagonal(Vec3::new(1.0, len_es, 1.0));
                batch.push((
                    dist(0.5 * (s.from + s.to)),
                    ShapeInstance::new(m, s.from, s.color),
                ));
            }
        }
        push_run(
            staged,
            runs,
            &mut batch,
            MeshKind::Cylinder,
            PipeKind::Translucent,
        );
        for e in &scene.ellipsoids {
            let a = e.axes * Mat3::from_diagonal(e.radii);
            batch.push((dist(e.center), ShapeInstance::new(a, e.center, e.color)));
        }
        push_run(
            staged,
            runs,
            &mut batch,
            MeshKind::Sphere,
            PipeKind::Translucent,
        );

        // Wire outlines.
        for s in &scene.swept {
            if let Some(w) = s.wire {
                let a = s.axes * Mat3::from_diagonal(s.radii);
                batch.push((0.0, ShapeInstance::new(a, s.from, w)));
                batch.push((0.0, ShapeInstance::new(a, s.to, w)));
            }
        }
        for e in &scene.ellipsoids {
            if let Some(w) = e.wire {
                let a = e.axes * Mat3::from_diagonal(e.radii);
                batch.push((0.0, ShapeInstance::new(a, e.center, w)));
            }
        }
        push_run(staged, runs, &mut batch, MeshKind::Rings, PipeKind::Wire);
        for p in &scene.planes {
            let Some(n) = p.normal.try_normalize() else {
                continue;
            };
            let m = rot_y_to(n) * Mat3::from_diagonal(Vec3::new(p.half_size, 1.0, p.half_size));
            let mut c = p.color;
            c[3] = 0.9;
            batch.push((0.0, ShapeInstance::new(m, p.center + n * 0.004, c)));
        }
        push_run(staged, runs, &mut batch, MeshKind::Square, PipeKind::Wire);

        // Opaque: arrow shafts, arrow heads, points.
        let mut heads: Vec<(f32, ShapeInstance)> = Vec::new();
        let normals = scene.normals.iter().map(|a| Arrow {
            vector: space.normal_arrow(a.vector),
            ..*a
        });
        for a in scene.arrows.iter().copied().chain(normals) {
            let len = a.vector.length();
            if !(len > 1e-5 && len.is_finite() && a.from.is_finite()) {
                continue;
            }
            let dir = a.vector / len;
            let r = a.radius.max(1e-4);
            let head_len = (len * 0.35).min(r * 6.0);
            let shaft = len - head_len;
            let rot = rot_y_to(dir);
            batch.push((
                0.0,
                ShapeInstance::new(
                    rot * Mat3::from_diagonal(Vec3::new(r, shaft, r)),
                    a.from,
                    a.color,
                ),
            ));
            heads.push((
                0.0,
                ShapeInstance::new(
                    rot * Mat3::from_diagonal(Vec3::new(r * 2.4, head_len, r * 2.4)),
                    a.from + dir * shaft,
                    a.color,
                ),
            ));
        }
        push_run(
            staged,
            runs,
            &mut batch,
            MeshKind::Cylinder,
            PipeKind::Opaque,
        );
        push_run(staged, runs, &mut heads, MeshKind::Cone, PipeKind::Opaque);
        for p in &scene.points {
            if p.at.is_finite() {
                let m = Mat3::from_diagonal(Vec3::splat(p.radius.max(1e-4)));
                batch.push((0.0, ShapeInstance::new(m, p.at, p.color)));
            }
        }
        push_run(staged, runs, &mut batch, MeshKind::Sphere, PipeKind::Opaque);
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

/// A rotation taking +Y to the unit vector `dir`.
fn rot_y_to(dir: Vec3) -> Mat3 {
    Mat3::from_quat(Quat::from_rotation_arc(Vec3::Y, dir))
}
