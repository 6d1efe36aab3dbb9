//! The paused debugger's 3D view as a pure function of the frame at the cursor, the level, the
//! debugger's choices and the comparisons it computed; the app hands the result to the renderer.

use glam::{Mat3, Vec3};

use super::cursor_shapes::{CursorStyle, add_cursor_iteration};
use super::minkowski_shapes::{MinkowskiRay, add_minkowski, add_minkowski_of_iteration};
use super::object_shapes::add_cursor_objects;
use super::overlays::{add_game_move, add_later_paths, add_rerun_paths, add_solver_hits};
use super::trace_shapes::add_ellipsoid;
use super::world_triangles::{contact_triangle, object_triangle_at};
use crate::collision::solvers::side_by_side::SideBySide;
use crate::collision::{CaseMask, CollisionWorld, Ellipsoid, IterationTrace, ObjectId, Trace};
use crate::render::DebugScene;
use crate::sim::FrameRecord;

/// The debugger's choices for the paused view.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PausedOptions {
    /// The selected triangle: of the level, or of a moving object (its own mesh's index).
    pub triangle: Option<u32>,
    pub object_triangle: Option<(ObjectId, u32)>,
    /// Without a selected triangle, highlight the iteration's first contact's.
    pub highlight_contact: bool,
    /// Contacts and Minkowski parts of these cases are drawn.
    pub draw: CaseMask,
    /// Draw the Minkowski sums of the selected (or touched) triangles.
    pub minkowski: bool,
    /// Radii drawn when the frame has no ellipsoid (noclip).
    pub radii: Vec3,
    /// Velocity arrows are displacements times this.
    pub arrow_scale: f32,
}

/// What the debugger computed for the cursor, drawn next to the recorded frame.
#[derive(Debug, Clone, Copy, Default)]
pub struct PausedComparisons<'a> {
    /// The re-run with cases switched off: its trace and where it ended.
    pub rerun: Option<(&'a Trace, Vec3)>,
    /// The walk after the cursor: recorded and re-simulated centres, one per frame.
    pub later: Option<(&'a [Vec3], &'a [Vec3])>,
    /// Every solver's answer for the cursor's iteration ("all solvers").
    pub solvers: Option<&'a [SideBySide]>,
}

/// The paused view of iteration `iteration` of `rec` in `world`.
pub fn paused_scene(
    rec: &FrameRecord,
    iteration: usize,
    world: CollisionWorld<'_>,
    options: &PausedOptions,
    comparisons: &PausedComparisons<'_>,
) -> DebugScene {
    let mut scene = DebugScene::default();
    let (radii, axes) = rec
        .call
        .ellipsoid
        .map_or_else(|| (options.radii, Mat3::IDENTITY), |e| (e.radii, e.axes));
    let style = CursorStyle {
        arrow_scale: options.arrow_scale,
        normal_length: (radii.min_element() * 1.5).max(0.1),
        draw: options.draw,
        ..Default::default()
    };
    if rec.trace.iterations.is_empty() {
        add_ellipsoid(&mut scene, rec.after.center, radii, axes);
    }
    add_cursor_iteration(&mut scene, &rec.trace, radii, axes, iteration, &style);
    if let Some(game) = &rec.game {
        add_game_move(&mut scene, rec, game, radii, axes, style.normal_length);
    }
    add_cursor_objects(&mut scene, rec, iteration, radii, axes, options.arrow_scale);
    if let Some((trace, end)) = comparisons.rerun {
        add_rerun_paths(&mut scene, &rec.trace, trace, end, radii, axes);
    }
    if let Some((recorded, resimulated)) = comparisons.later {
        add_later_paths(&mut scene, recorded, resimulated, radii, axes);
    }
    if let Some(rows) = comparisons.solvers {
        let hits: Vec<_> = rows.iter().map(|r| r.hit).collect();
        add_solver_hits(&mut scene, &hits, radii, axes, style.normal_length);
    }
    let it = rec.trace.iterations.get(iteration);
    if options.minkowski
        && let Some(e) = rec.call.ellipsoid
    {
        for (object, t) in minkowski_triangles(options, it) {
            add_touched_minkowski(&mut scene, rec, world, &e, options.draw, it, object, t);
        }
    }
    scene.highlight_triangle = highlighted(rec, it, world, options).or(scene.highlight_triangle);
    scene
}

/// The triangles whose Minkowski sums are drawn: the selected one, else every triangle the
/// iteration touched (at most 8), level (`None`) or moving object.
fn minkowski_triangles(
    options: &PausedOptions,
    it: Option<&IterationTrace>,
) -> Vec<(Option<ObjectId>, u32)> {
    match (options.triangle, options.object_triangle) {
        (Some(t), _) => vec![(None, t)],
        (None, Some((o, t))) => vec![(Some(o), t)],
        (None, None) => {
            let mut ts: Vec<_> = it
                .map(|it| {
                    it.contacts
                        .iter()
                        .map(|c| (c.source.object(), c.triangle))
                        .collect()
                })
                .unwrap_or_default();
            ts.dedup();
            ts.truncate(8);
            ts
        }
    }
}

/// The Minkowski sum of triangle `t` of the level (`object` `None`) or of a moving object
/// (tested at its previous pose, along the extended sweep) with the frame's ellipsoid `e`.
#[allow(clippy::too_many_arguments)]
fn add_touched_minkowski(
    scene: &mut DebugScene,
    rec: &FrameRecord,
    world: CollisionWorld<'_>,
    e: &Ellipsoid,
    draw: CaseMask,
    it: Option<&IterationTrace>,
    object: Option<ObjectId>,
    t: u32,
) {
    match object {
        None => {
            let Some(tri) = world.mesh.get_triangle(t) else {
                return;
            };
            add_minkowski_of_iteration(scene, t, tri.vertices, e, draw, it);
        }
        Some(o) => {
            let Some((previous, _)) = object_triangle_at(world, &rec.dynamics.objects, o, t) else {
                return;
            };
            let space = e.space();
            let ray =
                it.and_then(|it| MinkowskiRay::of_object_iteration(it, o, t, previous, &space));
            add_minkowski(scene, previous, &space, e.radii, e.axes, draw, ray);
        }
    }
}

/// The highlighted triangle: the selected moving object's at its current pose, else the
/// selected level triangle, else (when asked) the iteration's first contact's. `None` leaves
/// what the Minkowski view highlighted.
fn highlighted(
    rec: &FrameRecord,
    it: Option<&IterationTrace>,
    world: CollisionWorld<'_>,
    options: &PausedOptions,
) -> Option<[Vec3; 3]> {
    if let Some((o, t)) = options.object_triangle
        && let Some((_, current)) = object_triangle_at(world, &rec.dynamics.objects, o, t)
    {
        Some(current)
    } else if let Some(t) = options.triangle
        && let Some(tri) = world.mesh.get_triangle(t)
    {
        Some(tri.vertices)
    } else if options.highlight_contact
        && let Some(c) = it.and_then(|it| it.contacts.first())
        && let Some(t) = contact_triangle(world, c, &rec.dynamics.objects)
    {
        Some(t)
    } else {
        None
    }
}
