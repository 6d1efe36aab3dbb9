//! A recorded `collide_and_slide` call as shapes (sweeps, contacts, slide planes, velocities)
//! and the player's ellipsoid: the renderer only displays what the core recorded.

use glam::{Mat3, Vec3};

use super::palette::{self, contact_colors};
use crate::collision::{Contact, IterationTrace, Trace};
use crate::render::{Arrow, DebugScene, EllipsoidShape, PlaneQuad, Point, SweptShape};
use crate::sim::FrameRecord;

/// What to draw from a trace.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TraceStyle {
    /// Velocity arrows are the step's displacement times this (e.g. 10 turns a 60 Hz step
    /// into 1/6 s of motion, long enough to see).
    pub arrow_scale: f32,
    /// Length of contact-normal arrows (metres).
    pub normal_length: f32,
    pub swept_volume: bool,
    pub contacts: bool,
    pub velocities: bool,
    pub slide_planes: bool,
    /// Only this iteration (`None`: all).
    pub only_iteration: Option<usize>,
}

impl Default for TraceStyle {
    fn default() -> Self {
        Self {
            arrow_scale: 10.0,
            normal_length: 0.6,
            swept_volume: true,
            contacts: true,
            velocities: true,
            slide_planes: true,
            only_iteration: None,
        }
    }
}

/// Shaft radius of velocity and normal arrows for an ellipsoid of `radii`.
pub fn arrow_radius(radii: Vec3) -> f32 {
    let scale = radii.min_element().max(0.01);
    (0.04 * scale).clamp(0.004, 0.05)
}

/// Where an iteration left the centre: where its response put it, else the end of its move.
pub fn iteration_end(it: &IterationTrace) -> Vec3 {
    it.response
        .map_or(it.start_center + it.velocity, |r| r.new_center)
}

/// The player's ellipsoid (axis-aligned, the usual colours) at `center`.
pub fn add_player(scene: &mut DebugScene, center: Vec3, radii: Vec3) {
    add_ellipsoid(scene, center, radii, Mat3::IDENTITY);
}

/// The ellipsoid of `radii`/`axes` at `center` in the player's colours.
pub fn add_ellipsoid(scene: &mut DebugScene, center: Vec3, radii: Vec3, axes: Mat3) {
    scene.ellipsoids.push(EllipsoidShape {
        center,
        radii,
        axes,
        color: palette::ELLIPSOID,
        wire: Some(palette::ELLIPSOID_WIRE),
    });
}

/// The volume iteration `it` sweeps (from its start along its whole velocity), outlined.
pub fn add_sweep(scene: &mut DebugScene, it: &IterationTrace, radii: Vec3, axes: Mat3) {
    scene.swept.push(SweptShape {
        from: it.start_center,
        to: it.start_center + it.velocity,
        radii,
        axes,
        color: palette::SWEPT,
        wire: Some(palette::SWEPT_WIRE),
    });
}

/// Adds the trace of one recorded sim frame (its ellipsoid shape, requested move and
/// integration velocity); `radii` is used when the frame has no ellipsoid (noclip).
/// Returns the triangle of the frame's last first-contact, for highlighting.
pub fn add_frame(
    scene: &mut DebugScene,
    rec: &FrameRecord,
    radii: Vec3,
    style: &TraceStyle,
) -> Option<u32> {
    let (shape_radii, axes) = rec
        .call
        .ellipsoid
        .map_or((radii, Mat3::IDENTITY), |e| (e.radii, e.axes));
    let integration = rec
        .outcome
        .slide()
        .map_or(Vec3::ZERO, |r| r.integration_velocity);
    add_trace(
        scene,
        &rec.trace,
        shape_radii,
        axes,
        rec.call.requested_move,
        integration,
        style,
    );
    rec.trace
        .iterations
        .iter()
        .flat_map(|it| it.contacts.first())
        .last()
        .map(|c| c.triangle)
}

/// A contact's point and normal (colours by its source, passed through `tint`).
pub fn add_contact(
    scene: &mut DebugScene,
    c: &Contact,
    arrow_r: f32,
    normal_length: f32,
    tint: impl Fn([f32; 4]) -> [f32; 4],
) {
    let (point, normal) = contact_colors(c.source);
    scene.points.push(Point {
        at: c.point,
        radius: arrow_r * 2.2,
        color: tint(point),
    });
    scene.normals.push(Arrow {
        from: c.point,
        vector: c.normal * normal_length,
        radius: arrow_r,
        color: tint(normal),
    });
}

/// An iteration's response: the slide plane at its first contact (`planes`), the remaining
/// and slide velocities from where it put the centre (`velocities`).
pub fn add_response(
    scene: &mut DebugScene,
    it: &IterationTrace,
    radii: Vec3,
    arrow_r: f32,
    arrow_scale: f32,
    planes: bool,
    velocities: bool,
) {
    let Some(r) = it.response else { return };
    if planes && let Some(c) = it.contacts.first() {
        scene.planes.push(PlaneQuad {
            center: c.point,
            normal: r.slide_normal,
            half_size: 0.6 * radii.max_element(),
            color: palette::SLIDE_PLANE,
        });
    }
    if velocities {
        for (v, color) in [
            (r.remaining_velocity, palette::REMAINING),
            (r.slide_velocity, palette::SLIDE),
        ] {
            scene.arrows.push(Arrow {
                from: r.new_center,
                vector: v * arrow_scale,
                radius: arrow_r * 0.8,
                color,
            });
        }
    }
}

/// Adds the shapes of one `collide_and_slide` trace for an ellipsoid of `radii`/`axes`:
/// per iteration the swept volume from its start to where the response put the centre,
/// contact points and normals, the slide plane, remaining and slide velocities; the
/// requested velocity at the first start and the final integration velocity at the end.
pub fn add_trace(
    scene: &mut DebugScene,
    trace: &Trace,
    radii: Vec3,
    axes: Mat3,
    requested: Vec3,
    integration: Vec3,
    style: &TraceStyle,
) {
    let arrow_r = arrow_radius(radii);
    let mut end = None;
    for (i, it) in trace.iterations.iter().enumerate() {
        end = Some(iteration_end(it));
        if style.only_iteration.is_some_and(|only| only != i) {
            continue;
        }
        if style.swept_volume {
            add_sweep(scene, it, radii, axes);
        }
        if style.contacts {
            for c in &it.contacts {
                add_contact(scene, c, arrow_r, style.normal_length, |c| c);
            }
        }
        add_response(
            scene,
            it,
            radii,
            arrow_r,
            style.arrow_scale,
            style.slide_planes,
            style.velocities,
        );
    }
    if style.velocities {
        if let Some(first) = trace.iterations.first() {
            scene.arrows.push(Arrow {
                from: first.start_center,
                vector: requested * style.arrow_scale,
                radius: arrow_r,
                color: palette::REQUESTED,
            });
        }
        if let Some(end) = end {
            scene.arrows.push(Arrow {
                from: end,
                vector: integration * style.arrow_scale,
                radius: arrow_r,
                color: palette::INTEGRATION,
            });
        }
    }
}
