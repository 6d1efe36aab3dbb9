//! The candidates of one collide-and-slide call, gathered once (seed 001 12.3's loop re-runs
//! detection from each slide position; every one of those sweeps stays near the first).
//!
//! The first detection of a call gathers, with one BVH box query, every triangle whose own box
//! touches a region around its sweep: the swept box grown by a quarter of the call's velocity
//! length ([`REGION_MARGIN`]). That detection and each later one whose swept box lies inside
//! the region scan the gathered list instead of walking the BVH (an ellipsoid builds each
//! triangle's eSpace form, [`TriangleEs`], once per call; a sphere maps it per test, which is
//! a subtraction and a scale). A detection outside the region walks the BVH as before. The
//! scan applies the same per-triangle slab test and narrow test as the walk, and a
//! detection's result does not depend on the visiting order (see `detect`), so results are
//! bit-identical with and without the list
//! (`properties::bvh_and_brute_force_give_identical_traces` checks it, for all three
//! responses).
//!
//! Traced detections use it too: a trace lists the triangles the broad phase offered, in
//! index order. The crease and plane responses' push-back asks for the triangles near the
//! pushed-back centre; where the list covers that box it answers from the list instead of a
//! second BVH query.
//!
//! Gathering at the first detection, not the third, saves a walking call's second detection
//! its walk: walking calls 11–30 % faster (commit 7a6f8b8; figures in `docs/measurements.md`).

use glam::Vec3A;

use super::CollisionMesh;
use super::sweep::TriangleEs;

/// One gathered triangle.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Candidate {
    pub triangle: u32,
    /// Its BVH slot (where the mesh keeps its stored normal).
    pub slot: u32,
    pub min: Vec3A,
    pub max: Vec3A,
    pub vertices: [Vec3A; 3],
    /// Built on first use this call: `None` not built yet, `Some(None)` degenerate.
    pub tri_es: Option<Option<TriangleEs>>,
}

/// Gathered candidates and the region they cover (world).
#[derive(Debug, Default, Clone)]
pub(crate) struct CandidateCache {
    /// Set by collide-and-slide for the length of one call.
    pub active: bool,
    /// The region gathered (world, `(min, max)` in lanes), `None` until the call's first
    /// detection.
    region: Option<(Vec3A, Vec3A)>,
    /// World length of the call's velocity.
    reach: f32,
    pub list: Vec<Candidate>,
    /// More than [`MAX_GATHERED`] triangles touch the region: the list is not used.
    overflow: bool,
    stack: Vec<u32>,
}

/// Past this many gathered triangles a BVH walk per detection is cheaper than scanning them
/// all (a call that moves far across dense geometry).
const MAX_GATHERED: usize = 96;

/// How far past the first detection's swept box the gathered region reaches, as a fraction
/// of the call's velocity length on every side: room for the later detections, which start
/// at a contact (pushed back by the skin) and move along the projected remaining motion. On
/// the walking queries of `benches/slide_rapier.rs` (sphere r = 0.5) a quarter keeps 98–99 %
/// of the detections on the list; a tenth kept 94–98 %, with smaller gathers on Sponza.
const REGION_MARGIN: f32 = 0.25;

impl CandidateCache {
    /// Starts a call; `reach` is the world length of its velocity (the region's margin is a
    /// quarter of it).
    pub fn begin(&mut self, reach: f32) {
        self.active = true;
        self.reach = reach;
        self.region = None;
        self.list.clear();
    }

    /// The call's frame was re-centred: every eSpace form built so far is in the old frame.
    pub fn frame_moved(&mut self) {
        for cand in &mut self.list {
            cand.tri_es = None;
        }
    }

    pub fn end(&mut self) {
        self.active = false;
        self.region = None;
    }

    /// The list, if a sweep whose box is `swept` (world, `(min, max)`) can use it; the call's
    /// first detection gathers it.
    // perf: boxes in lanes, by value (by reference stalled); walking calls ~7 %, commit 86dd5b3
    pub fn usable(&mut self, mesh: &CollisionMesh, swept: (Vec3A, Vec3A)) -> bool {
        if !self.active {
            return false;
        }
        if self.region.is_none() {
            let margin = Vec3A::splat(self.reach * REGION_MARGIN);
            let region = (swept.0 - margin, swept.1 + margin);
            self.gather(mesh, region);
            self.region = Some(region);
        }
        self.covering(swept).is_some()
    }

    /// The gathered list, if it holds every triangle whose box overlaps `(qmin, qmax)` (world,
    /// closed intervals).
    pub fn covering(&self, (qmin, qmax): (Vec3A, Vec3A)) -> Option<&[Candidate]> {
        let (rmin, rmax) = self.region.filter(|_| self.active && !self.overflow)?;
        let inside = rmin.cmple(qmin).all() && qmax.cmple(rmax).all();
        inside.then_some(&self.list[..])
    }

    /// Every triangle whose own box overlaps `region` (world, `(min, max)`; leaf boxes are
    /// looser), in tree order (the scan's order does not change its result), built straight
    /// from the walk; `overflow` past
    /// [`MAX_GATHERED`]. Gathered a rounding step wide of `region`: a sweep inside it whose
    /// slab test, rounded its own way, enters a box just outside still finds that triangle
    /// listed.
    // perf: not sorted; sorting cost a tenth of a slide, commit bb41531
    fn gather(&mut self, mesh: &CollisionMesh, region: (Vec3A, Vec3A)) {
        let list = &mut self.list;
        list.clear();
        let bvh = mesh.bvh();
        let items = bvh.items();
        let slack = rounding_slack(region.0, region.1);
        let (rmin, rmax) = (region.0 - slack, region.1 + slack);
        let finished = bvh.query_leaves((rmin, rmax), &mut self.stack, |slots| {
            for k in slots {
                let vertices = mesh.slot_vertices_a(k);
                let [a, b, c] = vertices;
                let (min, max) = (a.min(b).min(c), a.max(b).max(c));
                if !boxes_overlap((min, max), (rmin, rmax)) {
                    continue;
                }
                list.push(Candidate {
                    triangle: items[k],
                    slot: k as u32,
                    min,
                    max,
                    vertices,
                    tri_es: None,
                });
            }
            list.len() <= MAX_GATHERED
        });
        self.overflow = !finished;
    }
}

/// A few f32 steps of the largest coordinate of the box `(min, max)`, and a micrometre.
fn rounding_slack(min: Vec3A, max: Vec3A) -> Vec3A {
    let magnitude = min.abs().max(max.abs()).max_element();
    Vec3A::splat(magnitude * 4.0 * f32::EPSILON + 1e-6)
}

/// Closed-interval overlap of two boxes held in lanes, `(min, max)`.
#[inline]
pub(crate) fn boxes_overlap(
    (a_min, a_max): (Vec3A, Vec3A),
    (b_min, b_max): (Vec3A, Vec3A),
) -> bool {
    a_min.cmple(b_max).all() && a_max.cmpge(b_min).all()
}

#[cfg(test)]
mod tests {
    use glam::Vec3;

    use crate::{BroadPhase, CollisionMesh, Ellipsoid, Scratch, SlideSettings};
    use crate::{collide_and_slide_in, collide_and_slide_with};

    /// Creases and corners (a floor of strips, walls at odd angles): moves into them take many
    /// iterations, whose later detections scan the list the first gathered (or walk the BVH
    /// where they leave its region).
    fn creases() -> CollisionMesh {
        let mut tris = Vec::new();
        for i in -6..6 {
            let x = i as f32;
            tris.push([
                Vec3::new(x, 0.0, -6.0),
                Vec3::new(x, 0.0, 6.0),
                Vec3::new(x + 1.0, 0.1 * (i % 2) as f32, -6.0),
            ]);
            tris.push([
                Vec3::new(x + 1.0, 0.1 * (i % 2) as f32, -6.0),
                Vec3::new(x, 0.0, 6.0),
                Vec3::new(x + 1.0, 0.1 * (i % 2) as f32, 6.0),
            ]);
        }
        for k in 0..6 {
            let a = k as f32 * 1.1;
            let (s, c) = a.sin_cos();
            let base = Vec3::new(c * 2.5, 0.0, s * 2.5);
            let side = Vec3::new(-s, 0.0, c) * 1.5;
            tris.push([
                base - side,
                base + side + Vec3::Y * 0.3,
                base + Vec3::Y * 3.0,
            ]);
        }
        CollisionMesh::from_triangles(&tris).unwrap()
    }

    #[test]
    fn many_iteration_calls_equal_brute_force_bit_for_bit() {
        let mesh = creases();
        let bvh = SlideSettings::default();
        let brute = SlideSettings {
            debug: crate::DebugKnobs {
                broad_phase: BroadPhase::BruteForce,
                ..bvh.debug
            },
            ..bvh
        };
        let mut scratch = Scratch::default();
        let mut long_calls = 0;
        for i in 0..600 {
            let a = i as f32 * 0.37;
            let e = Ellipsoid::new(
                Vec3::new(a.cos() * 0.8, 0.95, a.sin() * 0.8),
                Vec3::new(0.4, 0.9, 0.4),
            )
            .unwrap();
            let v = Vec3::new(a.cos() * 3.0, -1.0 - (i % 5) as f32, a.sin() * 3.0);
            let got = collide_and_slide_with(&mesh, &e, v, &bvh, &mut scratch, None).unwrap();
            let want =
                collide_and_slide_in((&mesh).into(), &e, v, &brute, &mut scratch, None).unwrap();
            assert_eq!(got, want, "mover {i}");
            long_calls += usize::from(got.iterations > 2);
        }
        assert!(
            long_calls > 100,
            "only {long_calls} calls took more than two iterations"
        );
    }
}
