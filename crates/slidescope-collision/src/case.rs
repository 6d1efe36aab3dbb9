//! The three parts of the Minkowski sum of a triangle and the unit sphere (seed 003 16.18,
//! seed 001 12.5–12.9): the face slab, the three edge cylinders and the three vertex spheres.

/// Which part of the Minkowski sum a contact came from (without the edge/vertex index).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum CaseKind {
    Face,
    Edge,
    Vertex,
}

/// The exact feature of a triangle that produced a contact.
///
/// Edge `i` runs from vertex `i` to vertex `(i + 1) % 3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Feature {
    Face,
    Edge(u8),
    Vertex(u8),
}

impl Feature {
    pub fn kind(self) -> CaseKind {
        match self {
            Feature::Face => CaseKind::Face,
            Feature::Edge(_) => CaseKind::Edge,
            Feature::Vertex(_) => CaseKind::Vertex,
        }
    }
}

/// Which parts of the Minkowski sum the solver may use. All on by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct CaseMask {
    pub face: bool,
    pub edge: bool,
    pub vertex: bool,
}

impl Default for CaseMask {
    fn default() -> Self {
        Self::ALL
    }
}

impl CaseMask {
    pub const ALL: Self = Self {
        face: true,
        edge: true,
        vertex: true,
    };
    pub const NONE: Self = Self {
        face: false,
        edge: false,
        vertex: false,
    };

    pub fn allows(self, kind: CaseKind) -> bool {
        match kind {
            CaseKind::Face => self.face,
            CaseKind::Edge => self.edge,
            CaseKind::Vertex => self.vertex,
        }
    }

    pub fn with(mut self, kind: CaseKind, on: bool) -> Self {
        match kind {
            CaseKind::Face => self.face = on,
            CaseKind::Edge => self.edge = on,
            CaseKind::Vertex => self.vertex = on,
        }
        self
    }
}

/// The part of the Minkowski sum a touching point `p_es` belongs to on the triangle `tri_es`
/// (eSpace, counter-clockwise about its normal): a vertex when within `tol_es` of one, else an
/// edge when within `tol_es` of one, else the face. Used to name the case of a contact someone
/// else found (a game's, through the probe) from where it touched.
pub fn feature_at_point(tri_es: &[glam::Vec3; 3], p_es: glam::Vec3, tol_es: f32) -> Feature {
    if let Some(i) = (0..3).find(|&i| (p_es - tri_es[i]).length() <= tol_es) {
        return Feature::Vertex(i as u8);
    }
    let edge_distance = |i: usize| {
        let (a, b) = (tri_es[i], tri_es[(i + 1) % 3]);
        let e = b - a;
        let s = ((p_es - a).dot(e) / e.length_squared().max(f32::MIN_POSITIVE)).clamp(0.0, 1.0);
        (p_es - (a + e * s)).length()
    };
    match (0..3).find(|&i| edge_distance(i) <= tol_es) {
        Some(i) => Feature::Edge(i as u8),
        None => Feature::Face,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec3;

    #[test]
    fn feature_at_point_names_vertices_then_edges_then_the_face() {
        let tri = [Vec3::ZERO, Vec3::X, Vec3::Y];
        assert_eq!(
            feature_at_point(&tri, Vec3::new(1.0, 5e-5, 0.0), 1e-4),
            Feature::Vertex(1)
        );
        assert_eq!(
            feature_at_point(&tri, Vec3::new(0.5, 0.5, 0.0), 1e-4),
            Feature::Edge(1)
        );
        assert_eq!(
            feature_at_point(&tri, Vec3::new(0.0, 0.3, 0.0), 1e-4),
            Feature::Edge(2)
        );
        assert_eq!(
            feature_at_point(&tri, Vec3::new(0.2, 0.2, 0.0), 1e-4),
            Feature::Face
        );
    }
}
