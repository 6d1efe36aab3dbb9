//! Colours (linear RGBA) of the walker's shapes, read by the legend and the screenshot tests;
//! the renderer never reads them (it draws whatever colour a shape carries).

use crate::collision::ContactSource;
/// The highlighted triangle (the renderer's own colour for it).
pub use crate::render::debug_scene::HIGHLIGHT;

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

/// Point and normal colours of a contact from `source`.
pub fn contact_colors(source: ContactSource) -> ([f32; 4], [f32; 4]) {
    match source {
        ContactSource::Static => (CONTACT_POINT, CONTACT_NORMAL),
        ContactSource::Dynamic { .. } => (DYNAMIC_CONTACT_POINT, DYNAMIC_CONTACT_NORMAL),
    }
}
