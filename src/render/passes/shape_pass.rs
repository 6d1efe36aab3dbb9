//! The instanced shape pass, generic over a [`ShapeStage`] (shells, outlines, solids: one file
//! each) that names its pipelines and stages a frame's shapes into runs.

use std::marker::PhantomData;

use glam::Vec3;

use super::context::{Pass, PassContext};
use super::shape_instances::InstanceRuns;
use crate::render::debug_scene::DebugScene;
use crate::render::space_view::SpaceMap;

/// What a shape pass draws a frame from: the shapes, the eye (for back-to-front order) and
/// the world → displayed map.
#[derive(Clone, Copy)]
pub(crate) struct ShapeFrame<'a> {
    pub scene: &'a DebugScene,
    pub eye: Vec3,
    pub space: &'a SpaceMap,
}

/// One kind of shape pass.
pub(crate) trait ShapeStage {
    /// The pass's pipelines, numbered as its runs name them.
    fn pipelines(ctx: &PassContext<'_>) -> Vec<wgpu::RenderPipeline>;

    /// Stages this kind's shapes of `frame` into `runs`, in draw order.
    fn stage(runs: &mut InstanceRuns, frame: &ShapeFrame<'_>);
}

/// The pipelines and instance runs of one [`ShapeStage`].
pub(crate) struct ShapePass<S> {
    pipelines: Vec<wgpu::RenderPipeline>,
    runs: InstanceRuns,
    stage: PhantomData<S>,
}

impl<S: ShapeStage> ShapePass<S> {
    /// Stages and uploads this pass's shapes of `frame`.
    pub fn prepare(&mut self, device: &wgpu::Device, queue: &wgpu::Queue, frame: &ShapeFrame<'_>) {
        self.runs.clear();
        S::stage(&mut self.runs, frame);
        self.runs.upload(device, queue);
    }
}

impl<S: ShapeStage> Pass for ShapePass<S> {
    fn new(ctx: &PassContext<'_>) -> Self {
        Self {
            pipelines: S::pipelines(ctx),
            runs: InstanceRuns::new(ctx),
            stage: PhantomData,
        }
    }

    fn draw(&self, pass: &mut wgpu::RenderPass<'_>) {
        self.runs.draw(pass, &self.pipelines);
    }
}
