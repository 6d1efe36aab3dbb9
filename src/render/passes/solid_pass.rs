//! The opaque pass: arrows (shaft and head; normals kept perpendicular in the eSpace view) and
//! points, drawn last so a normal inside a translucent ellipsoid stays crisp.

use glam::{Mat3, Vec3};

use super::context::{PassContext, PipelineSpec};
use super::shape_instances::{InstanceRuns, SHAPE_BUFFERS, ShapeInstance, rot_y_to, shape_shader};
use super::shape_pass::{ShapeFrame, ShapePass, ShapeStage};
use super::unit_meshes::MeshKind;
use crate::render::debug_scene::Arrow;

/// Opaque shapes (one back-face culled pipeline).
pub(crate) struct Solids;

pub(crate) type SolidPass = ShapePass<Solids>;

impl ShapeStage for Solids {
    fn pipelines(ctx: &PassContext<'_>) -> Vec<wgpu::RenderPipeline> {
        let shader = shape_shader(ctx);
        let spec = PipelineSpec::new("shapes opaque", &shader, &SHAPE_BUFFERS).culled();
        vec![ctx.pipeline(spec)]
    }

    /// `frame`'s arrows, normals (mapped by its map) and points.
    fn stage(runs: &mut InstanceRuns, frame: &ShapeFrame<'_>) {
        let (scene, space) = (frame.scene, frame.space);
        let mut heads: Vec<ShapeInstance> = Vec::new();
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
            runs.push(
                0.0,
                ShapeInstance::new(
                    rot * Mat3::from_diagonal(Vec3::new(r, shaft, r)),
                    a.from,
                    a.color,
                ),
            );
            heads.push(ShapeInstance::new(
                rot * Mat3::from_diagonal(Vec3::new(r * 2.4, head_len, r * 2.4)),
                a.from + dir * shaft,
                a.color,
            ));
        }
        runs.end_run(MeshKind::Cylinder, 0);
        for h in heads {
            runs.push(0.0, h);
        }
        runs.end_run(MeshKind::Cone, 0);
        for p in &scene.points {
            if p.at.is_finite() {
                let m = Mat3::from_diagonal(Vec3::splat(p.radius.max(1e-4)));
                runs.push(0.0, ShapeInstance::new(m, p.at, p.color));
            }
        }
        runs.end_run(MeshKind::Sphere, 0);
    }
}
