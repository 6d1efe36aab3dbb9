//! What the 3D view draws: the debug shapes shown (swept volume, contacts, velocities, slide
//! planes, ground marker, hit triangle), the wireframe and back-face tint, the arrows' scale and
//! how the level is coloured and exposed. The app keeps it with the settings; the Settings panel
//! edits it.

use serde::{Deserialize, Serialize};

use crate::render::{Exposure, LevelColour};

/// What is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ViewToggles {
    pub wireframe: bool,
    pub back_face_tint: bool,
    pub swept_volume: bool,
    pub contacts: bool,
    pub velocities: bool,
    pub slide_planes: bool,
    pub ground_marker: bool,
    pub highlight_triangle: bool,
    /// Velocity arrows show the step displacement times this.
    pub arrow_scale: f32,
    /// How the level is coloured (material, slope, normal, triangle, facing).
    pub level_colour: LevelColour,
    /// Brightness of the lit colour modes: automatic per level, or fixed.
    pub exposure: Exposure,
}

impl Default for ViewToggles {
    fn default() -> Self {
        Self {
            wireframe: false,
            back_face_tint: true,
            swept_volume: true,
            contacts: true,
            velocities: true,
            slide_planes: true,
            ground_marker: true,
            highlight_triangle: true,
            arrow_scale: 10.0,
            level_colour: LevelColour::Material,
            exposure: Exposure::default(),
        }
    }
}
