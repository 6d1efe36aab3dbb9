//! The internal-edge detector: a contact on an edge whose neighbouring triangle is
//! coplanar (or nearly so) is a "ghost edge" — the seam between two triangles of one flat
//! surface, which stops or deflects a slide that a single big triangle would not ("snags on
//! seams"; what Jolt's active edges and parry's internal-edge fix are about). The neighbour
//! comes from the core (`collision::debug::internal_neighbour`), which the response's internal-edge filter
//! uses too.

use serde::{Deserialize, Serialize};

use super::frame_view::StepView;
use crate::collision::debug::internal_neighbour;
use crate::collision::{CollisionMesh, ContactSource, Feature, Scratch, Trace};

pub use crate::collision::debug::INTERNAL_EDGE_DEG;

/// A contact on an edge shared with a (nearly) coplanar triangle.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct InternalEdge {
    pub triangle: u32,
    /// Edge `i` runs from corner `i` to corner `(i + 1) % 3`.
    pub edge: u8,
    pub neighbour: u32,
    /// Angle between the two triangles' planes (degrees).
    pub angle_deg: f32,
}

impl InternalEdge {
    /// One line for the timeline.
    pub fn reason(&self) -> String {
        format!(
            "internal-edge contact: edge {} of triangle {} is shared with triangle {} at {:.2}° (a ghost edge in a flat surface)",
            self.edge, self.triangle, self.neighbour, self.angle_deg
        )
    }
}

/// The walker's step: its move's first contact on a ghost edge.
pub fn find(s: &StepView<'_>, _: &mut Scratch) -> Option<InternalEdge> {
    internal_edge_contact(s.world.mesh, s.trace)
}

/// The first contact of `trace` on an internal edge of `mesh`, if any.
pub fn internal_edge_contact(mesh: &CollisionMesh, trace: &Trace) -> Option<InternalEdge> {
    let mut near = Vec::new();
    trace
        .iterations
        .iter()
        .flat_map(|it| &it.contacts)
        .find_map(|c| {
            let (ContactSource::Static, Feature::Edge(e)) = (c.source, c.feature) else {
                return None;
            };
            let (neighbour, angle_deg) = internal_neighbour(mesh, c.triangle, e, &mut near)?;
            Some(InternalEdge {
                triangle: c.triangle,
                edge: e,
                neighbour,
                angle_deg,
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::{Contact, ContactTime, IterationTrace};
    use glam::Vec3;

    /// Two quads side by side along x = 1, the second folded up by `lift` at its far side.
    fn quads(lift: f32) -> CollisionMesh {
        let p = |x: f32, y: f32, z: f32| Vec3::new(x, y, z);
        CollisionMesh::from_triangles(&[
            [p(-1.0, 0.0, -1.0), p(-1.0, 0.0, 1.0), p(1.0, 0.0, 1.0)],
            [p(-1.0, 0.0, -1.0), p(1.0, 0.0, 1.0), p(1.0, 0.0, -1.0)],
            [p(1.0, 0.0, -1.0), p(1.0, 0.0, 1.0), p(3.0, lift, 1.0)],
            [p(1.0, 0.0, -1.0), p(3.0, lift, 1.0), p(3.0, lift, -1.0)],
        ])
        .unwrap()
    }

    /// A trace whose only contact is on `feature` of triangle `triangle`.
    fn trace_with(triangle: u32, feature: Feature) -> Trace {
        let c = Contact {
            triangle,
            feature,
            time: ContactTime::Toi(0.5),
            center: Vec3::new(1.0, 0.5, 0.0),
            point: Vec3::new(1.0, 0.0, 0.0),
            normal: Vec3::Y,
            center_es: Vec3::new(2.0, 1.0, 0.0),
            point_es: Vec3::new(2.0, 0.0, 0.0),
            normal_es: Vec3::Y,
            source: ContactSource::Static,
        };
        Trace {
            iterations: vec![IterationTrace {
                contacts: vec![c],
                ..Default::default()
            }],
            ..Default::default()
        }
    }

    #[test]
    fn an_edge_contact_on_a_flat_seam_is_internal_and_on_a_fold_is_not() {
        // Triangle 1's edge 2 runs (1, 0, -1) → (-1, 0, -1); its edge 1, (1, 0, 1) → (1, 0, -1),
        // is the seam it shares with triangle 2.
        let flat = quads(0.0);
        let found = internal_edge_contact(&flat, &trace_with(1, Feature::Edge(1))).expect("ghost");
        assert_eq!((found.triangle, found.edge, found.neighbour), (1, 1, 2));
        assert!(found.angle_deg < 1e-3, "{found:?}");
        assert!(found.reason().contains("ghost edge"));
        // The quad's own diagonal is internal too; its outer border has no neighbour.
        assert!(internal_edge_contact(&flat, &trace_with(0, Feature::Edge(2))).is_some());
        assert_eq!(
            internal_edge_contact(&flat, &trace_with(0, Feature::Edge(0))),
            None
        );
        // Faces are never edge contacts.
        assert_eq!(
            internal_edge_contact(&flat, &trace_with(1, Feature::Face)),
            None
        );
        // Folded up 30°: the seam is a real edge.
        let folded = quads(2.0 * 30f32.to_radians().tan());
        assert_eq!(
            internal_edge_contact(&folded, &trace_with(1, Feature::Edge(1))),
            None
        );
    }
}
