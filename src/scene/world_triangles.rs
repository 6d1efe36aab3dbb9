//! Triangles in world space as a recorded frame saw them: a contact's (level or moving object)
//! and a moving object's at both recorded poses.

use glam::Vec3;

use crate::collision::{CollisionWorld, Contact, ContactSource, DynamicObject, ObjectId};
use crate::collision::{ObjectPoses, RigidPose};

/// The world corners of a contact's triangle: the level's, or a dynamic object's at the
/// current pose in `poses` (where the contact was carried to).
pub fn contact_triangle(
    world: CollisionWorld<'_>,
    contact: &Contact,
    poses: &[ObjectPoses],
) -> Option<[Vec3; 3]> {
    match contact.source {
        ContactSource::Static => world
            .mesh
            .get_triangle(contact.triangle)
            .map(|t| t.vertices),
        ContactSource::Dynamic { object, .. } => {
            let (o, _, current) = object_poses(world, object, poses)?;
            o.world_triangle(contact.triangle, &current)
        }
    }
}

/// Moving object `object` with its previous and current poses as `poses` (a history
/// frame's) records them, or its own poses when `poses` has none for it.
pub fn object_poses<'a>(
    world: CollisionWorld<'a>,
    object: ObjectId,
    poses: &[ObjectPoses],
) -> Option<(&'a DynamicObject, RigidPose, RigidPose)> {
    let o = world.dynamic?.object(object)?;
    let (previous, current) = poses
        .iter()
        .find(|p| p.object == object)
        .map_or((o.previous(), o.current()), |p| (p.previous, p.current));
    Some((o, previous, current))
}

/// Triangle `t` of moving object `object` in world space at its previous and current poses
/// in `poses`.
pub fn object_triangle_at(
    world: CollisionWorld<'_>,
    poses: &[ObjectPoses],
    object: ObjectId,
    t: u32,
) -> Option<([Vec3; 3], [Vec3; 3])> {
    let (o, previous, current) = object_poses(world, object, poses)?;
    Some((
        o.world_triangle(t, &previous)?,
        o.world_triangle(t, &current)?,
    ))
}
