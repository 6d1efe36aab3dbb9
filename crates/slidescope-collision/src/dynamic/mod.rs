//! Dynamic collision geometry (seed 001 12.12–12.15): objects with their own model-space
//! triangles and BVH, moved by rigid poses in sets; detection sweeps against their previous
//! pose with the sweep extended by their motion, and carries contacts into the current pose.

pub mod pose;
pub mod scene;

pub use pose::RigidPose;
pub use scene::{DynamicObject, DynamicScene, ObjectId, ObjectPoses, SetId};
