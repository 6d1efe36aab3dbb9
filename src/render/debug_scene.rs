//! The draw data: world-space shapes over the level, collected in a [`DebugScene`] that
//! `crate::scene` fills; like re_renderer's draw data, it names no viewer type.

use glam::{Mat3, Vec3};

use crate::collision::RigidPose;

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

/// Colour of [`DebugScene::highlight_triangle`]: alpha > 1.5 tells the level shader to draw it
/// unlit with a white rim.
pub const HIGHLIGHT: [f32; 4] = [1.0, 0.15, 0.05, 2.0];

/// One dynamic object at one pose.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ObjectShape {
    /// Index of the object's mesh (its `ObjectId`).
    pub object: u32,
    pub pose: RigidPose,
    /// 1 for opaque; below 1 drawn blended (a previous pose).
    pub alpha: f32,
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
}
