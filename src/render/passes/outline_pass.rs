//! The outline pass: wire rings of ellipsoids and sweep ends, square outlines of slide planes,
//! drawn as lines over the translucent shells.

use glam::{Mat3, Vec3};

use super::context::{PassContext, PipelineSpec};
use super::shape_instances::{InstanceRuns, SHAPE_BUFFERS, ShapeInstance, rot_y_to};
use super::shape_pass::{ShapeFrame, ShapePass, ShapeStage};
use super::unit_meshes::MeshKind;

/// Wire outlines (one line-list pipeline).
pub(crate) struct Outlines;

pub(crate) type OutlinePass = ShapePass<Outlines>;

impl ShapeStage for Outlines {
    fn pipelines(ctx: &PassContext<'_>) -> Vec<wgpu::RenderPipeline> {
        let shader = ctx.shader("wire.wgsl", instanced_shader!("wire.wgsl"));
        let spec = PipelineSpec::new("wire", &shader, &SHAPE_BUFFERS)
            .lines()
            .blended(wgpu::CompareFunction::LessEqual);
        vec![ctx.pipeline(spec)]
    }

    /// The outlines of `frame`'s shapes that have one.
    fn stage(runs: &mut InstanceRuns, frame: &ShapeFrame<'_>) {
        let scene = frame.scene;
        for s in &scene.swept {
            if let Some(w) = s.wire {
                let a = s.axes * Mat3::from_diagonal(s.radii);
                runs.push(0.0, ShapeInstance::new(a, s.from, w));
                runs.push(0.0, ShapeInstance::new(a, s.to, w));
            }
        }
        for e in &scene.ellipsoids {
            if let Some(w) = e.wire {
                let a = e.axes * Mat3::from_diagonal(e.radii);
                runs.push(0.0, ShapeInstance::new(a, e.center, w));
            }
        }
        runs.end_run(MeshKind::Rings, 0);
        for p in &scene.planes {
            let Some(n) = p.normal.try_normalize() else {
                continue;
            };
            let m = rot_y_to(n) * Mat3::from_diagonal(Vec3::new(p.half_size, 1.0, p.half_size));
            let mut c = p.color;
            c[3] = 0.9;
            runs.push(0.0, ShapeInstance::new(m, p.center + n * 0.004, c));
        }
        runs.end_run(MeshKind::Square, 0);
    }
}
