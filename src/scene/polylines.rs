//! Thin lines and polylines as shapes (a swept tiny sphere per segment, a dot per corner) and
//! a trace's centre path.

use glam::{Mat3, Vec3};

use super::trace_shapes::iteration_end;
use crate::collision::Trace;
use crate::render::{DebugScene, Point, SweptShape};

/// Radius of thin lines for an ellipsoid of `radii`.
pub fn line_radius(radii: Vec3) -> f32 {
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

/// The centre's path through a trace: each iteration's start, then where the last one ended.
pub fn trace_path(trace: &Trace) -> Vec<Vec3> {
    let mut path: Vec<Vec3> = trace.iterations.iter().map(|it| it.start_center).collect();
    if let Some(last) = trace.iterations.last() {
        path.push(iteration_end(last));
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
