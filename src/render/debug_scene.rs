//! Debug shapes drawn over the level: ellipsoids, swept volumes, contact points and normals,
//! velocity arrows, slide planes, a ground marker and a highlighted triangle. All world space.
//! [`DebugScene::add_trace`] turns one `collide_and_slide` trace into shapes: the renderer only
//! displays what the core recorded (DESIGN: trace-driven).

use glam::{Mat3, Vec3};

use crate::collision::{Contact, ContactSource, IterationTrace, Trace};

pub use super::dynamic_draw::ObjectShape;

/// Colours (linear RGBA) of the debug shapes; the screenshot test looks for them.
pub mod palette {
    pub const ELLIPSOID: [f32; 4] = [1.0, 0.35, 0.02, 0.45];
    pub const ELLIPSOID_WIRE: [f32; 4] = [1.0, 0.55, 0.15, 1.0];
    pub const SWEPT: [f32; 4] = [0.25, 0.55, 1.0, 0.16];
    pub const SWEPT_WIRE: [f32; 4] = [0.35, 0.6, 1.0, 1.0];
    pub const CONTACT_POINT: [f32; 4] = [1.0, 0.9, 0.05, 1.0];
    pub const CONTACT_NORMAL: [f32; 4] = [0.05, 0.85, 0.1, 1.0];
    pub const REQUESTED: [f32; 4] = [0.92, 0.92, 0.92, 1.0];
    pub const REMAINING: [f32; 4] = [0.95, 0.08, 0.08, 1.0];
    pub const SLIDE: [f32; 4] = [0.85, 0.1, 0.9, 1.0];
    pub const INTEGRATION: [f32; 4] = [0.05, 0.75, 0.95, 1.0];
    pub const SLIDE_PLANE: [f32; 4] = [0.1, 0.8, 0.3, 0.22];
    pub const GROUND: [f32; 4] = [0.2, 1.0, 0.35, 0.55];
    pub const AIRBORNE: [f32; 4] = [0.6, 0.6, 0.6, 0.4];
    /// Alpha > 1.5 tells the level shader to draw it unlit with a white rim.
    pub const HIGHLIGHT: [f32; 4] = [1.0, 0.15, 0.05, 2.0];
    /// A contact on a dynamic object (seed 001 12.12): point and normal.
    pub const DYNAMIC_CONTACT_POINT: [f32; 4] = [0.1, 0.95, 0.95, 1.0];
    pub const DYNAMIC_CONTACT_NORMAL: [f32; 4] = [0.0, 0.55, 1.0, 1.0];
    /// A dynamic object's motion since the last update (the adjustment vector, 12.12.1).
    pub const ADJUSTMENT: [f32; 4] = [1.0, 0.6, 0.9, 1.0];
    /// The sweep extended by an object's motion, tested against its previous pose.
    pub const EXTENDED_SWEEP: [f32; 4] = [0.95, 0.4, 0.85, 0.14];
    pub const EXTENDED_SWEEP_WIRE: [f32; 4] = [0.95, 0.45, 0.9, 1.0];
    /// Alpha of a dynamic object drawn at its previous pose.
    pub const PREVIOUS_POSE_ALPHA: f32 = 0.35;
}

/// Point and normal colours of a contact from `source`.
pub fn contact_colors(source: ContactSource) -> ([f32; 4], [f32; 4]) {
    match source {
        ContactSource::Static => (palette::CONTACT_POINT, palette::CONTACT_NORMAL),
        ContactSource::Dynamic { .. } => (
            palette::DYNAMIC_CONTACT_POINT,
            palette::DYNAMIC_CONTACT_NORMAL,
        ),
    }
}

/// A translucent ellipsoid with an optional wire outline.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EllipsoidShape {
    pub center: Vec3,
    pub radii: Vec3,
    /// Principal axes as columns (identity for axis-aligned).
    pub axes: Mat3,
    pub color: [f32; 4],
    /// Colour of the three outline rings; `None` for no outline.
    pub wire: Option<[f32; 4]>,
}

/// The volume an ellipsoid sweeps moving its centre from `from` to `to`: the translucent hull
/// between the two end ellipsoids (the cylinder of a capsule in eSpace, mapped back to world)
/// and both end ellipsoids outlined. The ends are not filled: at 60 Hz they nearly coincide
/// with the drawn ellipsoid and would only tint it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SweptShape {
    pub from: Vec3,
    pub to: Vec3,
    pub radii: Vec3,
    pub axes: Mat3,
    pub color: [f32; 4],
    pub wire: Option<[f32; 4]>,
}

/// An opaque arrow from `from` along `vector` (world metres).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Arrow {
    pub from: Vec3,
    pub vector: Vec3,
    /// Shaft radius (metres).
    pub radius: f32,
    pub color: [f32; 4],
}

/// A small opaque sphere.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub at: Vec3,
    pub radius: f32,
    pub color: [f32; 4],
}

/// A translucent square in the plane through `center` with unit `normal`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlaneQuad {
    pub center: Vec3,
    pub normal: Vec3,
    pub half_size: f32,
    pub color: [f32; 4],
}

/// A flat disc lying on the ground under the character.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GroundMarker {
    pub at: Vec3,
    pub normal: Vec3,
    pub radius: f32,
    pub color: [f32; 4],
}

/// Everything drawn on top of the level in one frame.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DebugScene {
    pub ellipsoids: Vec<EllipsoidShape>,
    pub swept: Vec<SweptShape>,
    pub arrows: Vec<Arrow>,
    /// Arrows along surface normals (contact normals): the renderer keeps them perpendicular
    /// to the mapped surface in the eSpace view (see `render::space_view`).
    pub normals: Vec<Arrow>,
    pub points: Vec<Point>,
    pub planes: Vec<PlaneQuad>,
    pub ground: Option<GroundMarker>,
    /// Drawn unlit over the level (world-space corners).
    pub highlight_triangle: Option<[Vec3; 3]>,
    /// Dynamic objects at a pose (the renderer holds their meshes).
    pub objects: Vec<ObjectShape>,
}

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

impl DebugScene {
    pub fn clear(&mut self) {
        self.ellipsoids.clear();
        self.swept.clear();
        self.arrows.clear();
        self.normals.clear();
        self.points.clear();
        self.planes.clear();
        self.ground = None;
        self.highlight_triangle = None;
        self.objects.clear();
    }

    /// Number of instanced shapes (for the HUD).
    pub fn shape_count(&self) -> usize {
        self.ellipsoids.len()
            + self.swept.len()
            + self.arrows.len()
            + self.normals.len()
            + self.points.len()
            + self.planes.len()
            + usize::from(self.ground.is_some())
    }

    /// The player's ellipsoid (axis-aligned, the usual colours) at `center`.
    pub fn add_player(&mut self, center: Vec3, radii: Vec3) {
        self.ellipsoids.push(EllipsoidShape {
            center,
            radii,
            axes: Mat3::IDENTITY,
            color: palette::ELLIPSOID,
            wire: Some(palette::ELLIPSOID_WIRE),
        });
    }

    /// Adds the trace of one recorded sim frame (its ellipsoid shape, requested move and
    /// integration velocity); `radii` is used when the frame has no ellipsoid (noclip).
    /// Returns the triangle of the frame's last first-contact, for highlighting.
    pub fn add_frame(
        &mut self,
        rec: &crate::sim::FrameRecord,
        radii: Vec3,
        style: &TraceStyle,
    ) -> Option<u32> {
        let (shape_radii, axes) = rec
            .ellipsoid
            .map_or((radii, Mat3::IDENTITY), |e| (e.radii, e.axes));
        let integration = rec
            .outcome
            .slide()
            .map_or(Vec3::ZERO, |r| r.integration_velocity);
        self.add_trace(
            &rec.trace,
            shape_radii,
            axes,
            rec.requested_move,
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
        &mut self,
        c: &Contact,
        arrow_r: f32,
        normal_length: f32,
        tint: impl Fn([f32; 4]) -> [f32; 4],
    ) {
        let (point, normal) = contact_colors(c.source);
        self.points.push(Point {
            at: c.point,
            radius: arrow_r * 2.2,
            color: tint(point),
        });
        self.normals.push(Arrow {
            from: c.point,
            vector: c.normal * normal_length,
            radius: arrow_r,
            color: tint(normal),
        });
    }

    /// An iteration's response: the slide plane at its first contact (`planes`), the remaining
    /// and slide velocities from where it put the centre (`velocities`).
    pub fn add_response(
        &mut self,
        it: &IterationTrace,
        radii: Vec3,
        arrow_r: f32,
        arrow_scale: f32,
        planes: bool,
        velocities: bool,
    ) {
        let Some(r) = it.response else { return };
        if planes && let Some(c) = it.contacts.first() {
            self.planes.push(PlaneQuad {
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
                self.arrows.push(Arrow {
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
        &mut self,
        trace: &Trace,
        radii: Vec3,
        axes: Mat3,
        requested: Vec3,
        integration: Vec3,
        style: &TraceStyle,
    ) {
        let scale = radii.min_element().max(0.01);
        let arrow_r = (0.04 * scale).clamp(0.004, 0.05);
        let mut end = None;
        for (i, it) in trace.iterations.iter().enumerate() {
            let to = it
                .response
                .map_or(it.start_center + it.velocity, |r| r.new_center);
            end = Some(to);
            if style.only_iteration.is_some_and(|only| only != i) {
                continue;
            }
            if style.swept_volume {
                self.swept.push(SweptShape {
                    from: it.start_center,
                    to: it.start_center + it.velocity,
                    radii,
                    axes,
                    color: palette::SWEPT,
                    wire: Some(palette::SWEPT_WIRE),
                });
            }
            if style.contacts {
                for c in &it.contacts {
                    self.add_contact(c, arrow_r, style.normal_length, |c| c);
                }
            }
            self.add_response(
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
                self.arrows.push(Arrow {
                    from: first.start_center,
                    vector: requested * style.arrow_scale,
                    radius: arrow_r,
                    color: palette::REQUESTED,
                });
            }
            if let Some(end) = end {
                self.arrows.push(Arrow {
                    from: end,
                    vector: integration * style.arrow_scale,
                    radius: arrow_r,
                    color: palette::INTEGRATION,
                });
            }
        }
    }
}
