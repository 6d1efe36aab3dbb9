//! One iteration of a recorded trace "at the cursor" as shapes, earlier iterations of the frame
//! faded and later ones hidden. Everything comes from the trace; nothing here sweeps.

use glam::{Mat3, Vec3};

use super::cursor_palette;
use super::palette;
use super::polylines::{add_line, line_radius};
use super::trace_shapes::{
    add_contact, add_ellipsoid, add_response, add_sweep, arrow_radius, iteration_end,
};
use crate::collision::{CaseMask, Trace};
use crate::render::{Arrow, DebugScene, EllipsoidShape};

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
    let arrow_r = arrow_radius(radii);
    for (i, it) in trace.iterations.iter().enumerate().take(iteration + 1) {
        let current = i == iteration;
        let f = if current { 1.0 } else { style.fade };
        let end = iteration_end(it);
        if current {
            add_ellipsoid(scene, it.start_center, radii, axes);
            add_sweep(scene, it, radii, axes);
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
            add_contact(scene, c, arrow_r, style.normal_length, |c| faded(c, f));
        }
        if current {
            add_response(scene, it, radii, arrow_r, style.arrow_scale, true, true);
        }
    }
}
