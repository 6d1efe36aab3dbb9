//! Debug shapes for the paused debugger: one iteration of a recorded trace "at the cursor"
//! (earlier iterations of the frame faded, later ones hidden), the paths of a recorded and a
//! re-run trace side by side, and the Minkowski sum of one triangle with the ellipsoid mapped
//! to world space. Everything comes from the trace and the collision mesh; nothing here sweeps.

use glam::{Mat3, Vec3};

use super::debug_scene::{Arrow, DebugScene, EllipsoidShape, Point, SweptShape, palette};
use crate::collision::sweep::roots::{PartRoots, part_roots};
use crate::collision::{CaseMask, ESpace, Ellipsoid, IterationTrace, ObjectId, Trace, TriangleEs};

/// Colours of the debugger's own shapes (linear RGBA).
pub mod cursor_palette {
    /// The ellipsoid where the iteration leaves it.
    pub const AFTER_WIRE: [f32; 4] = [0.2, 1.0, 0.6, 1.0];
    pub const AFTER: [f32; 4] = [0.2, 1.0, 0.6, 0.18];
    /// The recorded path of the frame.
    pub const PATH: [f32; 4] = [0.95, 0.95, 0.95, 1.0];
    /// The re-run path (cases switched off).
    pub const RERUN_PATH: [f32; 4] = [1.0, 0.1, 0.85, 1.0];
    /// The recorded walk after the cursor, and the walk re-simulated with cases switched off.
    pub const LATER_PATH: [f32; 4] = [0.6, 0.6, 0.6, 1.0];
    pub const LATER_RESIM_PATH: [f32; 4] = [0.6, 0.4, 1.0, 1.0];
    pub const LATER_RESIM: [f32; 4] = [0.6, 0.4, 1.0, 0.22];
    pub const RERUN: [f32; 4] = [1.0, 0.1, 0.85, 0.2];
    /// The "all solvers" overlay, in `side_by_side` order: decomposed, plane space, gradient
    /// normal, reference.
    pub const SOLVERS: [[f32; 4]; 4] = [
        [0.25, 0.85, 1.0, 1.0],
        [1.0, 0.85, 0.2, 1.0],
        [1.0, 0.3, 0.3, 1.0],
        [1.0, 1.0, 1.0, 1.0],
    ];
    /// Minkowski parts.
    pub const FACE_SLAB: [f32; 4] = [0.2, 0.9, 1.0, 1.0];
    pub const EDGE_CYLINDER: [f32; 4] = [1.0, 0.75, 0.1, 0.16];
    pub const EDGE_WIRE: [f32; 4] = [1.0, 0.75, 0.1, 1.0];
    pub const VERTEX_SPHERE: [f32; 4] = [0.9, 0.2, 1.0, 0.16];
    pub const VERTEX_WIRE: [f32; 4] = [0.9, 0.2, 1.0, 1.0];
    pub const CENTER_RAY: [f32; 4] = [1.0, 1.0, 0.2, 1.0];
    pub const ENTRY: [f32; 4] = [1.0, 0.2, 0.1, 1.0];
    pub const EXIT: [f32; 4] = [0.15, 0.35, 1.0, 1.0];
    /// The swept centre's line before t = 0 and past t = 1, out to the roots.
    pub const RAY_BEYOND: [f32; 4] = [0.55, 0.55, 0.2, 1.0];
    /// A game's own path through its move (through the probe), and where it ended.
    pub const GAME_PATH: [f32; 4] = [1.0, 0.45, 0.05, 1.0];
    pub const GAME: [f32; 4] = [1.0, 0.45, 0.05, 0.2];
}

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

/// How to draw the cursor view.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CursorStyle {
    /// Velocity arrows are displacements times this.
    pub arrow_scale: f32,
    pub normal_length: f32,
    /// Contacts of these cases are drawn.
    pub draw: CaseMask,
    /// Alpha multiplier of earlier iterations.
    pub fade: f32,
}

impl Default for CursorStyle {
    fn default() -> Self {
        Self {
            arrow_scale: 10.0,
            normal_length: 0.6,
            draw: CaseMask::ALL,
            fade: 0.25,
        }
    }
}

fn faded(c: [f32; 4], f: f32) -> [f32; 4] {
    [
        c[0] * f + 0.1 * (1.0 - f),
        c[1] * f + 0.1 * (1.0 - f),
        c[2] * f + 0.1 * (1.0 - f),
        c[3] * f,
    ]
}

/// Radius of thin lines for an ellipsoid of `radii`.
fn line_radius(radii: Vec3) -> f32 {
    (0.02 * radii.min_element()).clamp(0.003, 0.02)
}

/// A thin tube from `a` to `b` (a swept tiny sphere).
pub fn add_line(scene: &mut DebugScene, a: Vec3, b: Vec3, radius: f32, color: [f32; 4]) {
    if !(a.is_finite() && b.is_finite()) {
        return;
    }
    scene.swept.push(SweptShape {
        from: a,
        to: b,
        radii: Vec3::splat(radius),
        axes: Mat3::IDENTITY,
        color,
        wire: None,
    });
}

/// Iteration `iteration` of `trace` for an ellipsoid of `radii`/`axes`: the ellipsoid at the
/// start of the iteration, its sweep, the contacts (cases in `style.draw`), the slide plane,
/// the remaining and slide vectors and the ellipsoid where the response put it. Earlier
/// iterations are drawn faded (sweep and contacts), later ones not at all.
pub fn add_cursor_iteration(
    scene: &mut DebugScene,
    trace: &Trace,
    radii: Vec3,
    axes: Mat3,
    iteration: usize,
    style: &CursorStyle,
) {
    let scale = radii.min_element().max(0.01);
    let arrow_r = (0.04 * scale).clamp(0.004, 0.05);
    for (i, it) in trace.iterations.iter().enumerate().take(iteration + 1) {
        let current = i == iteration;
        let f = if current { 1.0 } else { style.fade };
        let end = it
            .response
            .map_or(it.start_center + it.velocity, |r| r.new_center);
        if current {
            scene.ellipsoids.push(EllipsoidShape {
                center: it.start_center,
                radii,
                axes,
                color: palette::ELLIPSOID,
                wire: Some(palette::ELLIPSOID_WIRE),
            });
            scene.swept.push(SweptShape {
                from: it.start_center,
                to: it.start_center + it.velocity,
                radii,
                axes,
                color: palette::SWEPT,
                wire: Some(palette::SWEPT_WIRE),
            });
            scene.ellipsoids.push(EllipsoidShape {
                center: end,
                radii,
                axes,
                color: cursor_palette::AFTER,
                wire: Some(cursor_palette::AFTER_WIRE),
            });
            scene.arrows.push(Arrow {
                from: it.start_center,
                vector: it.velocity * style.arrow_scale,
                radius: arrow_r,
                color: palette::REQUESTED,
            });
        } else {
            add_line(
                scene,
                it.start_center,
                end,
                line_radius(radii),
                faded(palette::SWEPT_WIRE, f),
            );
        }
        for c in it
            .contacts
            .iter()
            .filter(|c| style.draw.allows(c.feature.kind()))
        {
            scene.add_contact(c, arrow_r, style.normal_length, |c| faded(c, f));
        }
        if current {
            scene.add_response(it, radii, arrow_r, style.arrow_scale, true, true);
        }
    }
}

/// The centre's path through a trace: each iteration's start, then where the last one ended.
pub fn trace_path(trace: &Trace) -> Vec<Vec3> {
    let mut path: Vec<Vec3> = trace.iterations.iter().map(|it| it.start_center).collect();
    if let Some(last) = trace.iterations.last() {
        path.push(
            last.response
                .map_or(last.start_center + last.velocity, |r| r.new_center),
        );
    }
    path
}

/// A polyline of thin tubes with a dot at each corner.
pub fn add_path(scene: &mut DebugScene, path: &[Vec3], radius: f32, color: [f32; 4]) {
    for w in path.windows(2) {
        add_line(scene, w[0], w[1], radius, color);
    }
    for p in path {
        scene.points.push(Point {
            at: *p,
            radius: radius * 2.5,
            color,
        });
    }
}

/// The recorded path (white) and the re-run path (magenta) with a ghost ellipsoid where the
/// re-run ends (`end`).
pub fn add_rerun_paths(
    scene: &mut DebugScene,
    recorded: &Trace,
    rerun: &Trace,
    end: Vec3,
    radii: Vec3,
    axes: Mat3,
) {
    let r = line_radius(radii) * 1.5;
    add_path(scene, &trace_path(recorded), r, cursor_palette::PATH);
    let mut p = trace_path(rerun);
    if p.last() != Some(&end) && end.is_finite() {
        p.push(end);
    }
    add_path(scene, &p, r, cursor_palette::RERUN_PATH);
    scene.ellipsoids.push(EllipsoidShape {
        center: end,
        radii,
        axes,
        color: cursor_palette::RERUN,
        wire: Some(cursor_palette::RERUN_PATH),
    });
}

/// A game's move next to the reference's: the reference's path (white), the game's path
/// through its contact centres to its end (orange) with a ghost ellipsoid there, and the
/// game's contact points and normals. Everything comes from the record (the game's numbers
/// and the re-solve's trace).
pub fn add_game_move(
    scene: &mut DebugScene,
    rec: &crate::sim::FrameRecord,
    game: &crate::probe::GameMove,
    radii: Vec3,
    axes: Mat3,
    normal_length: f32,
) {
    let r = line_radius(radii) * 1.5;
    add_path(scene, &trace_path(&rec.trace), r, cursor_palette::PATH);
    let path = game.path(game.input.start);
    add_path(scene, &path, r, cursor_palette::GAME_PATH);
    for c in &game.contacts {
        scene.normals.push(Arrow {
            from: c.point,
            vector: c.normal * normal_length,
            radius: r * 0.8,
            color: cursor_palette::GAME_PATH,
        });
    }
    if let Some(end) = game.result.map(|res| res.end).filter(|e| e.is_finite()) {
        scene.ellipsoids.push(EllipsoidShape {
            center: end,
            radii,
            axes,
            color: cursor_palette::GAME,
            wire: Some(cursor_palette::GAME_PATH),
        });
    }
}

/// One solver's contact: the centre when touching (wire ellipsoid, `fill` alpha), the contact
/// point and the normal (in `normals`, so the eSpace view keeps it perpendicular), in `color`.
#[allow(clippy::too_many_arguments)]
pub fn add_solver_hit(
    scene: &mut DebugScene,
    hit: &crate::collision::solvers::SolverHit,
    color: [f32; 4],
    fill: f32,
    radii: Vec3,
    axes: Mat3,
    line_radius: f32,
    normal_length: f32,
) {
    scene.ellipsoids.push(EllipsoidShape {
        center: hit.center,
        radii,
        axes,
        color: [color[0], color[1], color[2], fill],
        wire: Some(color),
    });
    scene.points.push(Point {
        at: hit.point,
        radius: line_radius * 2.6,
        color,
    });
    scene.normals.push(Arrow {
        from: hit.point,
        vector: hit.normal * normal_length,
        radius: line_radius,
        color,
    });
}

/// Each solver's contact of the selected iteration ([`add_solver_hit`]) in the solver's colour
/// ([`cursor_palette::SOLVERS`]).
pub fn add_solver_hits(
    scene: &mut DebugScene,
    hits: &[Option<crate::collision::solvers::SolverHit>],
    radii: Vec3,
    axes: Mat3,
    normal_length: f32,
) {
    let r = line_radius(radii) * 1.15;
    for (i, h) in hits.iter().enumerate() {
        let Some(h) = h else { continue };
        let c = cursor_palette::SOLVERS[i % cursor_palette::SOLVERS.len()];
        add_solver_hit(scene, h, c, 0.0, radii, axes, r, normal_length);
    }
}

/// The walk after the cursor: the recorded centres and the re-simulated ones (one point per
/// frame, world), with the ellipsoid where the re-simulated walk ends.
pub fn add_later_paths(
    scene: &mut DebugScene,
    recorded: &[Vec3],
    resimulated: &[Vec3],
    radii: Vec3,
    axes: Mat3,
) {
    let r = line_radius(radii);
    add_path(scene, recorded, r, cursor_palette::LATER_PATH);
    add_path(scene, resimulated, r, cursor_palette::LATER_RESIM_PATH);
    if let Some(&end) = resimulated.last() {
        scene.ellipsoids.push(EllipsoidShape {
            center: end,
            radii,
            axes,
            color: cursor_palette::LATER_RESIM,
            wire: Some(cursor_palette::LATER_RESIM_PATH),
        });
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
    let Some(ray) = ray else {
        return;
    };
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
