//! Dynamic objects and object sets (seed 001 12.12.1, `DynamicObject`, `ObjectSetUpdated`):
//! triangles in model space with their own BVH, the pose at the previous update and the current
//! one, and the motion between them (the seed's velocity matrix). Objects are grouped in sets
//! that are updated together (an animated node and everything under it).
//!
//! The seed keeps `LastMatrix`, `CollisionMatrix` (the previous pose) and `VelocityMatrix`;
//! here `previous`, `current` and `motion`. Updating a set moves `current` into `previous` and
//! stores the new pose, for every object of the set. Objects are kept in id order and every
//! query visits them in that order (deterministic).

use glam::Vec3;

use super::RigidPose;
use crate::{Aabb, CollisionError, CollisionMesh};

/// Index of a dynamic object in its [`DynamicScene`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct ObjectId(pub u32);

/// Index of an object set (objects that move together, seed 001 `ObjectSetIndex`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct SetId(pub u32);

/// The two poses of one object at one update, as a history record stores them.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ObjectPoses {
    pub object: ObjectId,
    pub previous: RigidPose,
    pub current: RigidPose,
}

/// A moving piece of collision geometry.
#[derive(Debug, Clone)]
pub struct DynamicObject {
    pub id: ObjectId,
    pub set: SetId,
    /// A label for the inspector (a glTF node name, say).
    pub name: String,
    /// Triangles in model space, with their own BVH.
    mesh: CollisionMesh,
    previous: RigidPose,
    current: RigidPose,
    /// `current ∘ previous⁻¹` (world → world), the seed's velocity matrix.
    motion: RigidPose,
    /// True when `motion` is exactly the identity (nothing moved since the last update).
    at_rest: bool,
}

impl DynamicObject {
    /// Model-space triangles and BVH.
    pub fn mesh(&self) -> &CollisionMesh {
        &self.mesh
    }
    /// The pose collisions are tested against (seed `CollisionMatrix`).
    pub fn previous(&self) -> RigidPose {
        self.previous
    }
    /// Where the object is now (seed `LastMatrix` after the update).
    pub fn current(&self) -> RigidPose {
        self.current
    }
    /// The motion since the last update, world → world (seed `VelocityMatrix`).
    pub fn motion(&self) -> RigidPose {
        self.motion
    }
    /// True when the object did not move at the last update.
    pub fn is_at_rest(&self) -> bool {
        self.at_rest
    }
    /// World box of the object at `pose`.
    pub fn world_bounds(&self, pose: &RigidPose) -> Aabb {
        let b = self.mesh.bounds();
        let corners = (0..8).map(|i| {
            let pick = |bit: u32, lo: f32, hi: f32| if i & bit == 0 { lo } else { hi };
            pose.transform_point(Vec3::new(
                pick(1, b.min.x, b.max.x),
                pick(2, b.min.y, b.max.y),
                pick(4, b.min.z, b.max.z),
            ))
        });
        corners.fold(Aabb::EMPTY, |a, p| a.grow(p))
    }
    /// Triangle `i` in world space at `pose` (`None` when out of range).
    pub fn world_triangle(&self, i: u32, pose: &RigidPose) -> Option<[Vec3; 3]> {
        self.mesh
            .get_triangle(i)
            .map(|t| t.vertices.map(|p| pose.transform_point(p)))
    }

    fn set_poses(&mut self, previous: RigidPose, current: RigidPose) {
        self.previous = previous;
        self.current = current;
        self.motion = RigidPose::motion(&previous, &current);
        self.at_rest = previous == current;
        if self.at_rest {
            self.motion = RigidPose::IDENTITY;
        }
    }
}

/// Every dynamic object of a level, registered beside the static [`CollisionMesh`].
#[derive(Debug, Clone, Default)]
pub struct DynamicScene {
    objects: Vec<DynamicObject>,
    set_count: u32,
}

fn check_pose(pose: &RigidPose) -> Result<(), CollisionError> {
    if pose.is_valid() {
        Ok(())
    } else {
        Err(CollisionError::BadPose(format!("{pose:?}")))
    }
}

impl DynamicScene {
    pub fn new() -> Self {
        Self::default()
    }

    /// A new, empty object set.
    pub fn add_set(&mut self) -> SetId {
        self.set_count += 1;
        SetId(self.set_count - 1)
    }

    /// Registers an object of `set` from model-space `positions` and `triangles`, at rest at
    /// `pose`. Bad triangles are dropped as in [`CollisionMesh::new`]; errors when none is
    /// left, when `set` was not created here, or when the pose is not finite.
    pub fn add_object(
        &mut self,
        set: SetId,
        name: impl Into<String>,
        positions: Vec<Vec3>,
        triangles: &[[u32; 3]],
        pose: RigidPose,
    ) -> Result<ObjectId, CollisionError> {
        if set.0 >= self.set_count {
            return Err(CollisionError::UnknownObject(format!("set {}", set.0)));
        }
        check_pose(&pose)?;
        let mesh = CollisionMesh::new(positions, triangles, &[])?;
        let id = ObjectId(self.objects.len() as u32);
        self.objects.push(DynamicObject {
            id,
            set,
            name: name.into(),
            mesh,
            previous: pose,
            current: pose,
            motion: RigidPose::IDENTITY,
            at_rest: true,
        });
        Ok(id)
    }

    pub fn objects(&self) -> &[DynamicObject] {
        &self.objects
    }

    pub fn object(&self, id: ObjectId) -> Option<&DynamicObject> {
        self.objects.get(id.0 as usize)
    }

    pub fn len(&self) -> usize {
        self.objects.len()
    }

    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }

    /// True when some object moved at its last update.
    pub fn is_moving(&self) -> bool {
        self.objects.iter().any(|o| !o.at_rest)
    }

    pub fn set_count(&self) -> u32 {
        self.set_count
    }

    /// The seed's `ObjectSetUpdated`: every object of `set` keeps its current pose as the
    /// previous one and takes `pose_of(object)` as the new current pose. Errors (and changes
    /// nothing) when a new pose is not finite.
    pub fn update_set(
        &mut self,
        set: SetId,
        mut pose_of: impl FnMut(&DynamicObject) -> RigidPose,
    ) -> Result<(), CollisionError> {
        let poses: Vec<(usize, RigidPose)> = self
            .objects
            .iter()
            .enumerate()
            .filter(|(_, o)| o.set == set)
            .map(|(i, o)| (i, pose_of(o)))
            .collect();
        for (_, p) in &poses {
            check_pose(p)?;
        }
        for (i, p) in poses {
            let o = &mut self.objects[i];
            let prev = o.current;
            o.set_poses(prev, p);
        }
        Ok(())
    }

    /// Moves one object: its current pose becomes the previous one.
    pub fn update_object(&mut self, id: ObjectId, pose: RigidPose) -> Result<(), CollisionError> {
        check_pose(&pose)?;
        let o = self
            .objects
            .get_mut(id.0 as usize)
            .ok_or_else(|| CollisionError::UnknownObject(format!("object {}", id.0)))?;
        let prev = o.current;
        o.set_poses(prev, pose);
        Ok(())
    }

    /// Forgets the last motion: every object's previous pose becomes its current one (after a
    /// teleport or a jump in time, so nothing sweeps through the player).
    pub fn settle(&mut self) {
        for o in &mut self.objects {
            let c = o.current;
            o.set_poses(c, c);
        }
    }

    /// Both poses of every object, in id order (what a history record stores).
    pub fn poses(&self) -> Vec<ObjectPoses> {
        self.objects
            .iter()
            .map(|o| ObjectPoses {
                object: o.id,
                previous: o.previous,
                current: o.current,
            })
            .collect()
    }

    /// Restores recorded poses (a replay). Entries naming unknown objects or holding
    /// non-finite poses are skipped; returns how many were applied.
    pub fn apply_poses(&mut self, poses: &[ObjectPoses]) -> usize {
        let mut applied = 0;
        for p in poses {
            if !(p.previous.is_valid() && p.current.is_valid()) {
                continue;
            }
            if let Some(o) = self.objects.get_mut(p.object.0 as usize) {
                o.set_poses(p.previous, p.current);
                applied += 1;
            }
        }
        applied
    }

    /// Heap bytes of all object meshes.
    pub fn heap_bytes(&self) -> usize {
        self.objects
            .iter()
            .map(|o| o.mesh.heap_bytes() + o.name.capacity())
            .sum::<usize>()
            + self.objects.capacity() * std::mem::size_of::<DynamicObject>()
    }
}
