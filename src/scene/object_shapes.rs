//! Moving geometry as shapes (seed 001 12.12.1, figs. 12.44–12.47): objects at recorded or live
//! poses, the previous pose faded, each iteration's extended sweep and adjustment vector.

use glam::{Mat3, Vec3};

use super::palette;
use super::trace_shapes::arrow_radius;
use crate::collision::{DynamicScene, IterationTrace, ObjectPoses};
use crate::render::{Arrow, DebugScene, ObjectShape, SweptShape};
use crate::sim::FrameRecord;

/// Object motion (m) below which an object counts as at rest when drawing and narrating:
/// interpolating an animation between two equal keys is not exact in `f32`.
pub const MIN_MOTION_M: f32 = 1e-5;

/// Every object of `scene` between its previous and current pose by `alpha` (0..1: the
/// live view interpolates like the player's centre).
pub fn add_live_objects(scene: &mut DebugScene, objects: &DynamicScene, alpha: f32) {
    let a = if alpha.is_finite() {
        alpha.clamp(0.0, 1.0)
    } else {
        1.0
    };
    for o in objects.objects() {
        let pose = if o.is_at_rest() {
            o.current()
        } else {
            o.previous().lerp(&o.current(), a)
        };
        scene.objects.push(ObjectShape {
            object: o.id.0,
            pose,
            alpha: 1.0,
        });
    }
}

/// The objects of a recorded frame at their current pose; with `previous`, those that moved
/// also at their previous pose, faded.
pub fn add_recorded_objects(scene: &mut DebugScene, poses: &[ObjectPoses], previous: bool) {
    for p in poses {
        scene.objects.push(ObjectShape {
            object: p.object.0,
            pose: p.current,
            alpha: 1.0,
        });
        if previous && p.previous != p.current {
            scene.objects.push(ObjectShape {
                object: p.object.0,
                pose: p.previous,
                alpha: palette::PREVIOUS_POSE_ALPHA,
            });
        }
    }
}

/// For iteration `it` of an ellipsoid of `radii`/`axes`: per moving object the broad phase
/// did not cull, the extended sweep (start → start + extended velocity, tested against the
/// previous pose) and the adjustment vector (the object's motion at the destination) times
/// `arrow_scale`, drawn from the end of the extended sweep. Objects at rest add nothing (their
/// sweep is the ordinary one).
pub fn add_dynamic_sweeps(
    scene: &mut DebugScene,
    it: &IterationTrace,
    radii: Vec3,
    axes: Mat3,
    arrow_scale: f32,
) {
    let arrow_r = arrow_radius(radii);
    for d in it.dynamic.iter().filter(|d| !d.culled) {
        if d.adjustment.length() < MIN_MOTION_M {
            continue;
        }
        let end = it.start_center + d.extended_velocity;
        scene.swept.push(SweptShape {
            from: it.start_center,
            to: end,
            radii,
            axes,
            color: palette::EXTENDED_SWEEP,
            wire: Some(palette::EXTENDED_SWEEP_WIRE),
        });
        scene.arrows.push(Arrow {
            from: end,
            vector: d.adjustment * arrow_scale,
            radius: arrow_r,
            color: palette::ADJUSTMENT,
        });
    }
}

/// The frame at the cursor: objects at its recorded poses (previous pose faded), and for
/// iteration `iteration` the extended sweeps and adjustment vectors.
pub fn add_cursor_objects(
    scene: &mut DebugScene,
    rec: &FrameRecord,
    iteration: usize,
    radii: Vec3,
    axes: Mat3,
    arrow_scale: f32,
) {
    add_recorded_objects(scene, &rec.dynamics.objects, true);
    if let Some(it) = rec.trace.iterations.get(iteration) {
        add_dynamic_sweeps(scene, it, radii, axes, arrow_scale);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::{DynamicSweepTrace, ObjectId, RigidPose, SetId};

    fn sweep_trace(adjustment: Vec3, culled: bool) -> DynamicSweepTrace {
        DynamicSweepTrace {
            object: ObjectId(0),
            set: SetId(0),
            previous: RigidPose::IDENTITY,
            current: RigidPose::from_translation(adjustment),
            adjustment,
            adjustment_es: adjustment,
            extended_velocity: Vec3::X - adjustment,
            extended_velocity_es: Vec3::X - adjustment,
            hit: None,
            culled,
        }
    }

    #[test]
    fn only_moving_unculled_objects_get_an_extended_sweep_and_arrow() {
        let it = IterationTrace {
            start_center: Vec3::ZERO,
            velocity: Vec3::X,
            dynamic: vec![
                sweep_trace(Vec3::Y * 0.05, false),
                sweep_trace(Vec3::ZERO, false),
                sweep_trace(Vec3::Y, true),
            ],
            ..Default::default()
        };
        let mut scene = DebugScene::default();
        add_dynamic_sweeps(&mut scene, &it, Vec3::ONE, Mat3::IDENTITY, 10.0);
        assert_eq!(scene.swept.len(), 1);
        assert_eq!(scene.swept[0].to, Vec3::new(1.0, -0.05, 0.0));
        assert_eq!(scene.arrows.len(), 1);
        assert!((scene.arrows[0].vector - Vec3::Y * 0.5).length() < 1e-6);
    }

    #[test]
    fn recorded_previous_pose_is_faded_only_when_it_differs() {
        let still = RigidPose::IDENTITY;
        let moved = RigidPose::from_translation(Vec3::Y);
        let poses = [
            ObjectPoses {
                object: ObjectId(0),
                previous: still,
                current: moved,
            },
            ObjectPoses {
                object: ObjectId(1),
                previous: still,
                current: still,
            },
        ];
        let mut scene = DebugScene::default();
        add_recorded_objects(&mut scene, &poses, true);
        assert_eq!(scene.objects.len(), 3);
        assert_eq!(scene.objects.iter().filter(|o| o.alpha < 1.0).count(), 1);
    }
}
