//! The teaching level's palette: a floor colour, a wall colour, and one accent per station
//! kind, so the renderer can tell the parts of a station apart at a glance.

/// Index into [`MATERIALS`] (and into the glTF `materials` array, same order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MaterialId {
    Floor,
    Wall,
    /// Walls to slide along, thin walls, corridors (fig. 12.1/12.2).
    Slide,
    /// External and internal corners (fig. 12.3–12.5, 12.15).
    Corner,
    /// Stairs, ledges, debris (fig. 12.6/12.7, 12.9).
    Step,
    /// Ramps and the V notch.
    Slope,
    /// Sloping and low ceilings (fig. 12.13).
    Ceiling,
    /// Doorways and pillars.
    Opening,
    /// The seam floor (many small triangles).
    Seam,
}

/// `(id, glTF material name, linear RGBA base colour)` in [`MaterialId`] order.
pub const MATERIALS: [(MaterialId, &str, [f32; 4]); 9] = [
    (MaterialId::Floor, "floor", [0.50, 0.50, 0.48, 1.0]),
    (MaterialId::Wall, "wall", [0.80, 0.76, 0.68, 1.0]),
    (MaterialId::Slide, "accent_slide", [0.20, 0.40, 0.85, 1.0]),
    (MaterialId::Corner, "accent_corner", [0.95, 0.50, 0.10, 1.0]),
    (MaterialId::Step, "accent_step", [0.25, 0.70, 0.30, 1.0]),
    (MaterialId::Slope, "accent_slope", [0.90, 0.80, 0.15, 1.0]),
    (
        MaterialId::Ceiling,
        "accent_ceiling",
        [0.60, 0.30, 0.80, 1.0],
    ),
    (
        MaterialId::Opening,
        "accent_opening",
        [0.15, 0.75, 0.75, 1.0],
    ),
    (MaterialId::Seam, "accent_seam", [0.85, 0.20, 0.20, 1.0]),
];

impl MaterialId {
    /// Position in [`MATERIALS`] and in the file's `materials` array.
    pub fn index(self) -> u32 {
        self as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_is_in_id_order_with_distinct_colours() {
        for (i, (id, _, _)) in MATERIALS.iter().enumerate() {
            assert_eq!(id.index() as usize, i);
        }
        for (i, a) in MATERIALS.iter().enumerate() {
            for b in &MATERIALS[i + 1..] {
                assert_ne!(a.2, b.2, "{} and {} share a colour", a.1, b.1);
            }
        }
    }
}
