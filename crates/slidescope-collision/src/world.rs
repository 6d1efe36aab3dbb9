//! What a query collides with: the static level mesh and, optionally, the dynamic objects
//! registered beside it (seed 001 12.12: `CCollision` holds both databases).

use super::CollisionMesh;
use super::dynamic::DynamicScene;

/// The static mesh plus the dynamic objects, borrowed for one query. A bare
/// `&CollisionMesh` converts into a world without dynamic objects, so static-only callers
/// keep passing the mesh.
#[derive(Debug, Clone, Copy)]
pub struct CollisionWorld<'a> {
    pub mesh: &'a CollisionMesh,
    pub dynamic: Option<&'a DynamicScene>,
}

impl<'a> CollisionWorld<'a> {
    pub fn new(mesh: &'a CollisionMesh, dynamic: &'a DynamicScene) -> Self {
        Self {
            mesh,
            dynamic: (!dynamic.is_empty()).then_some(dynamic),
        }
    }

    pub fn static_only(mesh: &'a CollisionMesh) -> Self {
        Self {
            mesh,
            dynamic: None,
        }
    }
}

impl<'a> From<&'a CollisionMesh> for CollisionWorld<'a> {
    fn from(mesh: &'a CollisionMesh) -> Self {
        Self::static_only(mesh)
    }
}

impl<'a> From<(&'a CollisionMesh, &'a DynamicScene)> for CollisionWorld<'a> {
    fn from((mesh, dynamic): (&'a CollisionMesh, &'a DynamicScene)) -> Self {
        Self::new(mesh, dynamic)
    }
}
