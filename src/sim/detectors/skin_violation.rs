//! The skin-violation detector: does a move end overlapping a triangle it touched?
//! The seed's loop keeps the centre a skin (1e-3 eSpace) off every contact plane; in creases a
//! push-back along one plane can leave it inside the other. Checked against the static
//! triangles the move's trace touched (its contacts and the fallback's), which is where a
//! move can end up inside something, so the check costs a few distance tests per frame.

use serde::{Deserialize, Serialize};

use super::frame_view::StepView;
use crate::collision::debug::distance_to_triangle;
use crate::collision::{CollisionMesh, ContactSource, Ellipsoid, Scratch, Trace};

/// Overlaps shallower than this (eSpace) are not reported.
pub const OVERLAP_REPORT_ES: f32 = 1e-4;

/// The deepest overlap of a move's end with a triangle it touched.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Overlap {
    pub triangle: u32,
    /// How far the unit sphere reaches into the triangle (eSpace: 1 − distance).
    pub depth_es: f32,
    /// The end is a game's own (through the probe), not the reference's.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub game: bool,
}

impl Overlap {
    /// One line for the timeline.
    pub fn reason(&self) -> String {
        format!(
            "skin violation: {} ends {:.2e} eSpace inside triangle {}",
            if self.game {
                "the game's move"
            } else {
                "the move"
            },
            self.depth_es,
            self.triangle
        )
    }
}

/// The walker's step: where the core put the move's end, against what the move touched.
pub fn find(s: &StepView<'_>, _: &mut Scratch) -> Option<Overlap> {
    let (e, r) = (s.step.ellipsoid.as_ref()?, s.step.outcome.slide()?);
    end_overlap(s.world.mesh, e, r.position, s.trace)
}

/// The deepest overlap (beyond [`OVERLAP_REPORT_ES`]) of `ellipsoid` moved to `end` with any
/// triangle of `mesh` (the BVH's triangles within the ellipsoid's box): for a game's end
/// position, which may lie inside triangles the reference never touched.
pub fn any_overlap(
    mesh: &CollisionMesh,
    ellipsoid: &Ellipsoid,
    end: glam::Vec3,
) -> Option<Overlap> {
    let half = glam::Vec3::splat(ellipsoid.radii.max_element());
    let mut near = Vec::new();
    mesh.bvh().query(
        &crate::collision::Aabb::new(end - half, end + half),
        &mut near,
    );
    deepest(mesh, ellipsoid, end, near.into_iter())
}

/// The deepest overlap (beyond [`OVERLAP_REPORT_ES`]) of `ellipsoid` moved to `end` with the
/// static triangles `trace` touched; `None` when it is clear of all of them.
pub fn end_overlap(
    mesh: &CollisionMesh,
    ellipsoid: &Ellipsoid,
    end: glam::Vec3,
    trace: &Trace,
) -> Option<Overlap> {
    let touched = trace
        .iterations
        .iter()
        .flat_map(|it| &it.contacts)
        .chain(trace.fallback.iter().flat_map(|f| &f.contacts))
        .filter(|k| k.source == ContactSource::Static)
        .map(|k| k.triangle);
    deepest(mesh, ellipsoid, end, touched)
}

/// The deepest overlap beyond [`OVERLAP_REPORT_ES`] of `ellipsoid` at `end` with `triangles`.
fn deepest(
    mesh: &CollisionMesh,
    ellipsoid: &Ellipsoid,
    end: glam::Vec3,
    triangles: impl Iterator<Item = u32>,
) -> Option<Overlap> {
    let space = ellipsoid.space();
    let c = space.point_to_es(end);
    triangles
        .filter_map(|t| {
            let tri = mesh.get_triangle(t)?;
            let d = distance_to_triangle(c, tri.vertices.map(|p| space.point_to_es(p)));
            Some(Overlap {
                triangle: t,
                depth_es: 1.0 - d,
                game: false,
            })
        })
        .filter(|o| o.depth_es > OVERLAP_REPORT_ES)
        .max_by(|a, b| a.depth_es.total_cmp(&b.depth_es))
}

#[cfg(test)]
mod tests {
    use glam::Vec3;

    use super::*;
    use crate::collision::{SlideSettings, collide_and_slide};

    #[test]
    fn a_move_that_ends_inside_a_touched_triangle_reports_the_depth() {
        let floor = CollisionMesh::from_triangles(&[[
            Vec3::new(-5.0, 0.0, 5.0),
            Vec3::new(5.0, 0.0, 5.0),
            Vec3::new(0.0, 0.0, -5.0),
        ]])
        .unwrap();
        let e = Ellipsoid::new(Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.4, 0.9, 0.4)).unwrap();
        let mut trace = Trace::default();
        let r = collide_and_slide(
            &floor,
            &e,
            Vec3::new(0.2, -0.5, 0.0),
            &SlideSettings::default(),
            Some(&mut trace),
        )
        .unwrap();
        // Where the core put it: a skin above the floor, no violation.
        assert_eq!(end_overlap(&floor, &e, r.position, &trace), None);
        // Moved 1 cm lower by someone else: 0.01 / 0.9 eSpace inside.
        let o = end_overlap(&floor, &e, r.position - Vec3::Y * 0.0109, &trace).expect("inside");
        assert_eq!(o.triangle, 0);
        assert!((o.depth_es - (0.0109 / 0.9 - 1e-3)).abs() < 1e-4, "{o:?}");
        assert!(o.reason().contains("triangle 0"));
        // A move that touched nothing has nothing to overlap.
        assert_eq!(end_overlap(&floor, &e, Vec3::ZERO, &Trace::default()), None);
    }
}
