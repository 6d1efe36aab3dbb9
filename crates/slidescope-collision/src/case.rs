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
