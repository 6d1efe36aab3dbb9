//! The Minkowski sum of one triangle and the ellipsoid as world-space shapes (face slab, edge
//! cylinders, vertex spheres) and the swept centre as a ray with the roots the core solved.

use glam::{Mat3, Vec3};

use super::cursor_palette;
use super::polylines::{add_line, line_radius};
use crate::collision::debug::TriangleEs;
use crate::collision::debug::{PartRoots, part_roots};
use crate::collision::{CaseMask, ESpace, Ellipsoid, IterationTrace, ObjectId};
use crate::render::{DebugScene, EllipsoidShape, Point, SweptShape};

/// The swept centre as a ray for the Minkowski view: `from + t velocity` (world), and the
/// quadratic of the part of the Minkowski sum the iteration's contact touched.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MinkowskiRay {
    pub from: Vec3,
    pub velocity: Vec3,
    /// Both roots of the touched part's quadratic (`None`: this triangle was not touched).
    pub roots: Option<PartRoots>,
}

impl MinkowskiRay {
    /// The ray of iteration `it` and, if one of its static contacts is on `triangle` (world
    /// vertices `vertices`), the roots of the touched part, solved by the core in the
    /// iteration's eSpace.
    pub fn of_iteration(
        it: &IterationTrace,
        triangle: u32,
        vertices: [Vec3; 3],
        space: &ESpace,
    ) -> Self {
        Self::along(
            it,
            it.velocity,
            it.velocity_es,
            None,
            triangle,
            vertices,
            space,
        )
    }

    /// The ray of iteration `it` against triangle `triangle` of moving object `object` as the
    /// core tested it (seed 001 12.12.1): the extended sweep (the iteration's motion minus the
    /// object's adjustment) against the triangle at the object's previous pose
    /// (`vertices_previous`, world), with the roots of the part a contact on it touched.
    /// `None` when the iteration did not test the object.
    pub fn of_object_iteration(
        it: &IterationTrace,
        object: ObjectId,
        triangle: u32,
        vertices_previous: [Vec3; 3],
        space: &ESpace,
    ) -> Option<Self> {
        let d = it.dynamic.iter().find(|d| d.object == object)?;
        Some(Self::along(
            it,
            d.extended_velocity,
            d.extended_velocity_es,
            Some(object),
            triangle,
            vertices_previous,
            space,
        ))
    }

    /// The centre's ray along `velocity` (world; `velocity_es` the same in eSpace), with the
    /// roots of the part touched by the iteration's contact on (`object`, `triangle`).
    fn along(
        it: &IterationTrace,
        velocity: Vec3,
        velocity_es: Vec3,
        object: Option<ObjectId>,
        triangle: u32,
        vertices: [Vec3; 3],
        space: &ESpace,
    ) -> Self {
        let roots = it
            .contacts
            .iter()
            .find(|c| c.triangle == triangle && c.source.object() == object)
            .and_then(|c| {
                let tri = TriangleEs::new(vertices.map(|v| space.point_to_es(v)))?;
                part_roots(it.start_center_es, velocity_es, &tri, c.feature)
            });
        Self {
            from: it.start_center,
            velocity,
            roots,
        }
    }
}

/// [`add_minkowski`] for level triangle `triangle` (world `vertices`) and the ellipsoid of a
/// recorded frame, with the swept centre of iteration `it` and the roots of the part it touched.
pub fn add_minkowski_of_iteration(
    scene: &mut DebugScene,
    triangle: u32,
    vertices: [Vec3; 3],
    ellipsoid: &Ellipsoid,
    draw: CaseMask,
    it: Option<&IterationTrace>,
) {
    let space = ellipsoid.space();
    let ray = it.map(|it| MinkowskiRay::of_iteration(it, triangle, vertices, &space));
    add_minkowski(
        scene,
        vertices,
        &space,
        ellipsoid.radii,
        ellipsoid.axes,
        draw,
        ray,
    );
}

/// The Minkowski sum of triangle `vertices` (world) and the ellipsoid of `space`, world space:
/// the face slab (the triangle pushed ±1 along its eSpace normal, drawn as its outline), the
/// three edge cylinders (the ellipsoid swept along each edge) and the three vertex spheres
/// (the ellipsoid centred on each vertex), each part only when `draw` allows it. Then the swept
/// centre as a ray, with the touched part's two roots marked: where it enters and leaves.
#[allow(clippy::too_many_arguments)]
pub fn add_minkowski(
    scene: &mut DebugScene,
    vertices: [Vec3; 3],
    space: &ESpace,
    radii: Vec3,
    axes: Mat3,
    draw: CaseMask,
    ray: Option<MinkowskiRay>,
) {
    let lr = line_radius(radii);
    if draw.face {
        add_face_slab(scene, vertices, space, lr);
    }
    if draw.edge {
        for i in 0..3 {
            scene.swept.push(SweptShape {
                from: vertices[i],
                to: vertices[(i + 1) % 3],
                radii,
                axes,
                color: cursor_palette::EDGE_CYLINDER,
                wire: Some(cursor_palette::EDGE_WIRE),
            });
        }
    }
    if draw.vertex {
        for v in vertices {
            scene.ellipsoids.push(EllipsoidShape {
                center: v,
                radii,
                axes,
                color: cursor_palette::VERTEX_SPHERE,
                wire: Some(cursor_palette::VERTEX_WIRE),
            });
        }
    }
    if let Some(ray) = ray {
        add_ray(scene, &ray, lr);
    }
}

/// The face slab: the triangle pushed ±1 along its eSpace normal, drawn as its outline (lines
/// of radius `lr`), and the triangle highlighted. Nothing for a degenerate triangle.
fn add_face_slab(scene: &mut DebugScene, vertices: [Vec3; 3], space: &ESpace, lr: f32) {
    let es: [Vec3; 3] = vertices.map(|v| space.point_to_es(v));
    let n_es = (es[1] - es[0]).cross(es[2] - es[0]).normalize_or_zero();
    if n_es != Vec3::ZERO {
        let off = space.vector_to_world(n_es);
        let top = vertices.map(|v| v + off);
        let bottom = vertices.map(|v| v - off);
        for i in 0..3 {
            let j = (i + 1) % 3;
            add_line(scene, top[i], top[j], lr, cursor_palette::FACE_SLAB);
            add_line(scene, bottom[i], bottom[j], lr, cursor_palette::FACE_SLAB);
            add_line(
                scene,
                top[i],
                bottom[i],
                lr * 0.6,
                cursor_palette::FACE_SLAB,
            );
        }
        scene.highlight_triangle = Some(vertices);
    }
}

/// The swept centre as a ray (lines of radius about `lr`), with the touched part's two roots
/// marked: where it enters and leaves.
fn add_ray(scene: &mut DebugScene, ray: &MinkowskiRay, lr: f32) {
    let at = |t: f32| ray.from + ray.velocity * t;
    add_line(
        scene,
        at(0.0),
        at(1.0),
        lr * 1.2,
        cursor_palette::CENTER_RAY,
    );
    scene.points.push(Point {
        at: ray.from,
        radius: lr * 3.0,
        color: cursor_palette::CENTER_RAY,
    });
    if let Some(r) = ray.roots {
        // The line on to both roots, thinner where it lies outside this move; roots far off
        // (a grazing ray) are clipped to 10 moves so the view stays readable.
        let (lo, hi) = (r.enter.max(-10.0), r.exit.min(10.0));
        if lo < 0.0 {
            add_line(scene, at(lo), at(0.0), lr * 0.7, cursor_palette::RAY_BEYOND);
        }
        if hi > 1.0 {
            add_line(scene, at(1.0), at(hi), lr * 0.7, cursor_palette::RAY_BEYOND);
        }
        for (t, color) in [
            (r.enter, cursor_palette::ENTRY),
            (r.exit, cursor_palette::EXIT),
        ] {
            if (-10.0..=10.0).contains(&t) {
                scene.points.push(Point {
                    at: at(t),
                    radius: lr * 5.5,
                    color,
                });
            }
        }
    }
}
