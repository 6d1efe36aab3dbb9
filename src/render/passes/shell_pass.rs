//! The translucent pass: slide planes, the ground marker, swept hulls and ellipsoids, back to
//! front per kind, without depth writes.

use glam::{Mat3, Vec3};

use super::context::{PassContext, PipelineSpec};
use super::shape_instances::{InstanceRuns, SHAPE_BUFFERS, ShapeInstance, rot_y_to, shape_shader};
use super::shape_pass::{ShapeFrame, ShapePass, ShapeStage};
use super::unit_meshes::MeshKind;

const TWO_SIDED: usize = 0;
const CULLED: usize = 1;

/// Translucent shapes: two-sided (planes, ground disc) and back-face culled (hulls, ellipsoids).
pub(crate) struct Shells;

pub(crate) type ShellPass = ShapePass<Shells>;

impl ShapeStage for Shells {
    fn pipelines(ctx: &PassContext<'_>) -> Vec<wgpu::RenderPipeline> {
        let shader = shape_shader(ctx);
        let two_sided = PipelineSpec::new("shapes two-sided", &shader, &SHAPE_BUFFERS)
            .blended(wgpu::CompareFunction::LessEqual);
        let culled = PipelineSpec::new("shapes translucent", &shader, &SHAPE_BUFFERS)
            .culled()
            .blended(wgpu::CompareFunction::Less);
        vec![ctx.pipeline(two_sided), ctx.pipeline(culled)]
    }

    /// The translucent shapes of `frame`, each kind sorted by distance from the eye to where
    /// the map displays them.
    fn stage(runs: &mut InstanceRuns, frame: &ShapeFrame<'_>) {
        let (scene, eye, space) = (frame.scene, frame.eye, frame.space);
        let dist = |p: Vec3| (space.point(p) - eye).length_squared();
        for p in &scene.planes {
            let Some(n) = p.normal.try_normalize() else {
                continue;
            };
            let m = rot_y_to(n) * Mat3::from_diagonal(Vec3::new(p.half_size, 1.0, p.half_size));
            runs.push(
                dist(p.center),
                ShapeInstance::new(m, p.center + n * 0.003, p.color),
            );
        }
        runs.end_run(MeshKind::Quad, TWO_SIDED);
        if let Some(g) = scene.ground {
            let n = g.normal.try_normalize().unwrap_or(Vec3::Y);
            let m = rot_y_to(n) * Mat3::from_diagonal(Vec3::new(g.radius, 0.004, g.radius));
            runs.push(dist(g.at), ShapeInstance::new(m, g.at + n * 0.004, g.color));
        }
        runs.end_run(MeshKind::Cylinder, TWO_SIDED);
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
                runs.push(
                    dist(0.5 * (s.from + s.to)),
                    ShapeInstance::new(m, s.from, s.color),
                );
            }
        }
        runs.end_run(MeshKind::Cylinder, CULLED);
        for e in &scene.ellipsoids {
            let a = e.axes * Mat3::from_diagonal(e.radii);
            runs.push(dist(e.center), ShapeInstance::new(a, e.center, e.color));
        }
        runs.end_run(MeshKind::Sphere, CULLED);
    }
}
