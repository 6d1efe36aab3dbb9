//! How the level's triangles are coloured (the colour modes): by material, by slope
//! (walkable or too steep for the walker's maximum slope: the key question of a character
//! controller), by normal direction, by triangle (to see the tessellation) or by facing; and
//! the exposure that keeps dark levels readable. The level shader implements the modes; these
//! are the switches and the legend's colours, shared with the shader by value.

use serde::{Deserialize, Serialize};

use super::geometry::LevelGeometry;

/// The level's colouring.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LevelColour {
    /// The material colours of the file (with the back-face tint).
    #[default]
    Material,
    /// Walkable / too steep / facing down, for the walker's maximum slope.
    Slope,
    /// The face normal as a colour (x → red, y → green, z → blue).
    Normal,
    /// Every triangle its own colour.
    Triangle,
    /// Front faces grey, back faces magenta.
    Facing,
}

impl LevelColour {
    pub const ALL: [Self; 5] = [
        Self::Material,
        Self::Slope,
        Self::Normal,
        Self::Triangle,
        Self::Facing,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Self::Material => "material",
            Self::Slope => "slope",
            Self::Normal => "normal direction",
            Self::Triangle => "triangle",
            Self::Facing => "front / back face",
        }
    }

    /// The value the level shader switches on (`look.x`).
    pub fn shader_index(self) -> f32 {
        self as u32 as f32
    }

    /// Whether the exposure applies (lit modes; the normal and triangle colours are fixed).
    pub fn exposed(self) -> bool {
        matches!(self, Self::Material | Self::Slope | Self::Facing)
    }

    /// (colour, meaning) rows of the legend for this mode (linear RGBA, as drawn before
    /// lighting).
    pub fn legend(self) -> &'static [([f32; 4], &'static str)] {
        match self {
            Self::Material => &[],
            Self::Slope => &[
                (SLOPE_WALKABLE, "walkable (up to the max slope)"),
                (SLOPE_STEEP, "too steep to stand on"),
                (SLOPE_DOWN, "facing down (ceilings, overhangs)"),
            ],
            Self::Normal => &[
                ([1.0, 0.2, 0.2, 1.0], "normal along +x (red), −x darker"),
                ([0.2, 1.0, 0.2, 1.0], "normal along +y (green: floors)"),
                ([0.2, 0.2, 1.0, 1.0], "normal along +z (blue)"),
            ],
            Self::Triangle => &[([0.6, 0.5, 0.3, 1.0], "one random colour a triangle")],
            Self::Facing => &[
                (FACING_FRONT, "front face"),
                (FACING_BACK, "back face (one-sided walls seen from behind)"),
            ],
        }
    }
}

/// Slope mode colours (linear RGB; the level shader has the same constants).
pub const SLOPE_WALKABLE: [f32; 4] = [0.12, 0.55, 0.16, 1.0];
pub const SLOPE_STEEP: [f32; 4] = [0.75, 0.10, 0.04, 1.0];
pub const SLOPE_DOWN: [f32; 4] = [0.30, 0.22, 0.45, 1.0];
/// Facing mode colours.
pub const FACING_FRONT: [f32; 4] = [0.55, 0.57, 0.60, 1.0];
pub const FACING_BACK: [f32; 4] = [0.85, 0.10, 0.55, 1.0];

/// Exposure: automatic (from the level's colours) or a fixed factor.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Exposure {
    pub auto: bool,
    /// The factor used when `auto` is off.
    pub manual: f32,
}

impl Default for Exposure {
    fn default() -> Self {
        Self {
            auto: true,
            manual: 1.0,
        }
    }
}

impl Exposure {
    /// The factor for a level whose automatic exposure is `auto_factor`.
    pub fn factor(self, auto_factor: f32) -> f32 {
        if self.auto {
            auto_factor
        } else {
            self.manual.clamp(0.1, MAX_EXPOSURE)
        }
    }
}

/// The brightest automatic or manual exposure.
pub const MAX_EXPOSURE: f32 = 10.0;

/// Mean linear luminance the automatic exposure brings a level's materials to: about what
/// the teaching level's colours have, so a level that bright is left alone.
const TARGET_LUMINANCE: f32 = 0.30;

/// The exposure that brings the area-weighted mean luminance of the level's material colours
/// to [`TARGET_LUMINANCE`], never darker than 1 and at most [`MAX_EXPOSURE`]. The
/// Quake-derived levels' textures average a luminance of a few percent, which the plain
/// lighting turns almost black.
pub fn auto_exposure(geometry: &LevelGeometry) -> f32 {
    let (mut lum, mut area) = (0.0f64, 0.0f64);
    for b in &geometry.batches {
        let c = b.color;
        let l = f64::from(0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]);
        for t in b.indices.chunks_exact(3) {
            let p = |k: usize| b.positions.get(t[k] as usize).copied().unwrap_or_default();
            let a = f64::from((p(1) - p(0)).cross(p(2) - p(0)).length() * 0.5);
            if a.is_finite() {
                lum += l * a;
                area += a;
            }
        }
    }
    if area <= 0.0 || lum <= 0.0 {
        return 1.0;
    }
    let mean = (lum / area) as f32;
    (TARGET_LUMINANCE / mean).clamp(1.0, MAX_EXPOSURE)
}

#[cfg(test)]
mod tests {
    use glam::Vec3;

    use super::*;
    use crate::render::MeshBatch;

    fn level(colours: &[([f32; 4], f32)]) -> LevelGeometry {
        LevelGeometry {
            batches: colours
                .iter()
                .map(|&(c, size)| {
                    MeshBatch::from_triangles(&[[Vec3::ZERO, Vec3::X * size, Vec3::Z * size]], c)
                })
                .collect(),
        }
    }

    #[test]
    fn bright_levels_keep_their_colours_and_dark_ones_are_lifted() {
        assert_eq!(auto_exposure(&level(&[([0.6, 0.6, 0.6, 1.0], 1.0)])), 1.0);
        let dark = auto_exposure(&level(&[([0.05, 0.05, 0.05, 1.0], 1.0)]));
        assert!((dark - 6.0).abs() < 1e-4, "{dark}");
        assert_eq!(auto_exposure(&level(&[([0.0; 4], 1.0)])), 1.0);
        assert_eq!(auto_exposure(&LevelGeometry::default()), 1.0);
        // Area-weighted: a big dark floor outweighs a small bright sign.
        let mixed = auto_exposure(&level(&[([0.02; 4], 10.0), ([1.0; 4], 1.0)]));
        assert!(mixed > 3.0, "{mixed}");
    }

    #[test]
    fn manual_exposure_is_clamped_and_auto_uses_the_level() {
        let m = Exposure {
            auto: false,
            manual: 100.0,
        };
        assert_eq!(m.factor(2.0), MAX_EXPOSURE);
        assert_eq!(Exposure::default().factor(2.5), 2.5);
    }
}
