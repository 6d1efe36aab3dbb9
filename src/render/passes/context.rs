//! The [`Pass`] trait (after re_renderer's `Renderer` trait in `renderer/mod.rs`: build once,
//! prepare with draw data, draw), the [`PassContext`] passes share and a compact [`PipelineSpec`].

use super::unit_meshes::ShapeMeshes;
use crate::render::target::DEPTH_FORMAT;

/// One GPU pass of the frame: `new` builds its pipelines and buffers, an inherent `prepare`
/// uploads what it draws this frame (each pass takes its own draw data), `draw` records it.
pub(crate) trait Pass {
    fn new(ctx: &PassContext<'_>) -> Self
    where
        Self: Sized;

    /// Records what the last `prepare` uploaded; nothing when there is nothing to draw.
    fn draw(&self, pass: &mut wgpu::RenderPass<'_>);
}

/// What the passes share: the device, the frame's pipeline layout (the frame uniform as
/// group 0), the target's sample count and colour format, and the unit shape meshes.
pub(crate) struct PassContext<'a> {
    pub device: &'a wgpu::Device,
    pub layout: &'a wgpu::PipelineLayout,
    pub sample_count: u32,
    pub color_format: wgpu::TextureFormat,
    pub meshes: ShapeMeshes,
}

/// How one pipeline differs from the others: [`PipelineSpec::new`] is opaque triangles, depth
/// tested (`Less`) and written, no culling, no depth bias.
pub(crate) struct PipelineSpec<'a> {
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

impl<'a> PipelineSpec<'a> {
    pub fn new(
        label: &'a str,
        module: &'a wgpu::ShaderModule,
        buffers: &'a [Option<wgpu::VertexBufferLayout<'a>>],
    ) -> Self {
        Self {
            label,
            module,
            buffers,
            topology: wgpu::PrimitiveTopology::TriangleList,
            cull: None,
            blend: false,
            depth_write: true,
            depth_compare: wgpu::CompareFunction::Less,
            bias: wgpu::DepthBiasState::default(),
        }
    }

    /// Alpha blended, depth tested with `compare`, no depth write.
    pub fn blended(self, compare: wgpu::CompareFunction) -> Self {
        Self {
            blend: true,
            depth_write: false,
            depth_compare: compare,
            ..self
        }
    }

    /// Back faces culled.
    pub fn culled(self) -> Self {
        Self {
            cull: Some(wgpu::Face::Back),
            ..self
        }
    }

    /// A line list instead of triangles.
    pub fn lines(self) -> Self {
        Self {
            topology: wgpu::PrimitiveTopology::LineList,
            ..self
        }
    }

    pub fn bias(self, bias: wgpu::DepthBiasState) -> Self {
        Self { bias, ..self }
    }
}

impl PassContext<'_> {
    /// A WGSL module (`vs_main` and `fs_main` are its entry points).
    pub fn shader(&self, label: &str, source: &'static str) -> wgpu::ShaderModule {
        self.device
            .create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some(label),
                source: wgpu::ShaderSource::Wgsl(source.into()),
            })
    }

    /// The pipeline `s` describes, for the frame's layout, samples and colour format.
    pub fn pipeline(&self, s: PipelineSpec<'_>) -> wgpu::RenderPipeline {
        self.device
            .create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some(s.label),
                layout: Some(self.layout),
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
                    count: self.sample_count,
                    mask: !0,
                    alpha_to_coverage_enabled: false,
                },
                fragment: Some(wgpu::FragmentState {
                    module: s.module,
                    entry_point: Some("fs_main"),
                    compilation_options: Default::default(),
                    targets: &[Some(wgpu::ColorTargetState {
                        format: self.color_format,
                        blend: s.blend.then_some(wgpu::BlendState::ALPHA_BLENDING),
                        write_mask: wgpu::ColorWrites::ALL,
                    })],
                }),
                multiview_mask: None,
                cache: None,
            })
    }
}
