//! Ray casts against the collision mesh (world space): picking a triangle under the mouse, the
//! third-person camera's line of sight, finding the floor under a point. Möller–Trumbore per
//! triangle, both sides, through the same best-first BVH walk as detection.

use glam::Vec3;

use super::{CollisionError, CollisionMesh, DynamicScene, ObjectId, ObjectPoses};

/// The nearest triangle a ray hits.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RayHit {
    pub triangle: u32,
    /// Distance from the origin along the (unit) direction, metres.
    pub distance: f32,
    pub point: Vec3,
    /// The triangle's unit normal, turned to face the ray's origin.
    pub normal: Vec3,
    /// True when the ray hit the triangle's front side.
    pub front: bool,
}

/// The nearest hit of the ray on a dynamic object of `scene`, each object at the current pose
/// `poses` records for it (a history frame's), or at its own current pose when `poses` has none.
/// The ray is taken into the object's model space (a rigid map: distances are unchanged) and
/// cast through the object's own BVH; `point` and `normal` come back in world space and
/// `triangle` indexes the object's mesh. Ties go to the lowest object id.
pub fn raycast_objects(
    scene: &DynamicScene,
    poses: &[ObjectPoses],
    origin: Vec3,
    dir: Vec3,
    max_distance: f32,
) -> Result<Option<(ObjectId, RayHit)>, CollisionError> {
    let mut best: Option<(ObjectId, RayHit)> = None;
    for o in scene.objects() {
        let pose = poses
            .iter()
            .find(|p| p.object == o.id)
            .map_or(o.current(), |p| p.current);
        let to_model = pose.inverse();
        let Some(hit) = raycast(
            o.mesh(),
            to_model.transform_point(origin),
            to_model.transform_vector(dir),
            max_distance,
        )?
        else {
            continue;
        };
        if best.is_none_or(|(_, b)| hit.distance < b.distance) {
            let world = RayHit {
                point: pose.transform_point(hit.point),
                normal: pose.transform_vector(hit.normal),
                ..hit
            };
            best = Some((o.id, world));
        }
    }
    Ok(best)
}

/// The nearest hit of the ray `origin + s · dir` for `s` in `[0, max_distance]` (`dir` need not
/// be unit; distances are in metres along it). Ties go to the lowest triangle index.
pub fn raycast(
    mesh: &CollisionMesh,
    origin: Vec3,
    dir: Vec3,
    max_distance: f32,
) -> Result<Option<RayHit>, CollisionError> {
    if !origin.is_finite() {
        return Err(CollisionError::NonFiniteCenter(origin.to_array()));
    }
    let len = dir.length();
    if !(dir.is_finite() && len > 0.0 && max_distance.is_finite() && max_distance >= 0.0) {
        return Err(CollisionError::NonFiniteVelocity(dir.to_array()));
    }
    let dir = dir / len;
    let delta = dir * max_distance;
    let items = mesh.bvh().items();
    let mut best: Option<(f32, u32, Vec3)> = None;
    mesh.bvh()
        .sweep_query(origin, delta, Vec3::splat(1e-6), &mut Vec::new(), |slots| {
            for k in slots {
                let ti = items[k];
                let Some(s) = ray_triangle(origin, dir, mesh.slot_vertices(k)) else {
                    continue;
                };
                if s > max_distance {
                    continue;
                }
                let better = best.is_none_or(|(bs, bt, _)| s < bs || (s == bs && ti < bt));
                if better {
                    best = Some((s, ti, mesh.triangle(ti).normal));
                }
            }
            best.map_or(1.0, |(s, _, _)| {
                if max_distance > 0.0 {
                    s / max_distance
                } else {
                    0.0
                }
            })
        });
    Ok(best.map(|(s, triangle, n)| {
        let front = n.dot(dir) < 0.0;
        RayHit {
            triangle,
            distance: s,
            point: origin + dir * s,
            normal: if front { n } else { -n },
            front,
        }
    }))
}

/// Möller–Trumbore, two-sided: distance along the unit `dir`, if the ray hits at `s >= 0`.
#[inline]
fn ray_triangle(origin: Vec3, dir: Vec3, [a, b, c]: [Vec3; 3]) -> Option<f32> {
    let e1 = b - a;
    let e2 = c - a;
    let p = dir.cross(e2);
    let det = e1.dot(p);
    if det.abs() < 1e-12 {
        return None;
    }
    let inv = 1.0 / det;
    let t = origin - a;
    let u = t.dot(p) * inv;
    if !(0.0..=1.0).contains(&u) {
        return None;
    }
    let q = t.cross(e1);
    let v = dir.dot(q) * inv;
    if v < 0.0 || u + v > 1.0 {
        return None;
    }
    let s = e2.dot(q) * inv;
    (s >= 0.0).then_some(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RigidPose;

    #[test]
    fn objects_are_hit_at_the_recorded_pose_not_their_own() {
        // A 2 m square in the model's xz plane; the object's own pose leaves it at y = 0, the
        // recorded pose lifts it to y = 2 and turns it 90° about y.
        let mut scene = DynamicScene::new();
        let set = scene.add_set();
        let sq = vec![
            Vec3::new(-1.0, 0.0, -1.0),
            Vec3::new(1.0, 0.0, -1.0),
            Vec3::new(1.0, 0.0, 1.0),
            Vec3::new(-1.0, 0.0, 1.0),
        ];
        let id = scene
            .add_object(
                set,
                "plate",
                sq,
                &[[0, 2, 1], [0, 3, 2]],
                RigidPose::IDENTITY,
            )
            .unwrap();
        let down = Vec3::NEG_Y;
        let origin = Vec3::new(0.5, 5.0, 0.2);
        let (o, hit) = raycast_objects(&scene, &[], origin, down, 10.0)
            .unwrap()
            .unwrap();
        assert_eq!(o, id);
        assert!((hit.distance - 5.0).abs() < 1e-6 && hit.point.y.abs() < 1e-6);
        let lifted = RigidPose::new(
            glam::Quat::from_rotation_y(std::f32::consts::FRAC_PI_2),
            Vec3::new(0.0, 2.0, 0.0),
        );
        let poses = [ObjectPoses {
            object: id,
            previous: RigidPose::IDENTITY,
            current: lifted,
        }];
        let (_, hit) = raycast_objects(&scene, &poses, origin, down, 10.0)
            .unwrap()
            .unwrap();
        assert!((hit.distance - 3.0).abs() < 1e-5, "{hit:?}");
        assert!((hit.point - Vec3::new(0.5, 2.0, 0.2)).length() < 1e-5);
        assert!(
            (hit.normal - Vec3::Y).length() < 1e-5,
            "faces the origin: {hit:?}"
        );
        // Out of reach, and beside the plate.
        assert!(
            raycast_objects(&scene, &poses, origin, down, 2.0)
                .unwrap()
                .is_none()
        );
        let beside = Vec3::new(3.0, 5.0, 0.0);
        assert!(
            raycast_objects(&scene, &poses, beside, down, 10.0)
                .unwrap()
                .is_none()
        );
    }
}
