//! "Touching counts" ([`ResponseOptions::touching_counts`](crate::ResponseOptions)):
//! a swept unit sphere whose centre only grazes the Minkowski sum's surface, at eSpace distance
//! exactly 1, touches it. The seed's tests need the centre to enter the sum: a sphere resting
//! on a plane and moving parallel to it reaches an edge of that plane's triangle with a double
//! root (discriminant 0, lost to rounding either way) and the face test's parallel motion at
//! distance 1 is "never reaches the plane" (seed 001 12.4.2), so the contact is not reported.
//!
//! Here each part of the sum is asked for the time its distance to the centre's path is least
//! (seed 001 12.7's cylinder and 12.9's sphere quadratics at their vertex `t = −b / 2a`; the
//! face slab's distance is constant when the motion is parallel to it) and whether that least
//! distance is 1 within [`TOUCH_ES`]. The result is merged with a solver's own contact by the
//! caller (earliest wins), so the rule applies the same way to every narrow phase.

use glam::Vec3;

use super::face::point_in_triangle;
use super::{CaseOutcome, CaseResults, ContactTime, SweepHit, TriangleEs};
use crate::{CaseMask, Feature};

/// How far from exactly 1 (eSpace units) the least distance of a grazing path may be and still
/// touch. Well under the skin (1e-3), above f32's rounding of a distance near 1.
pub const TOUCH_ES: f32 = 1e-5;

/// The grazing contact of each part of one triangle's sum in `[0, t_max]`, in the order face,
/// edges 0..3, vertices 0..3; `None` where the part's path does not graze it. Culled as the
/// sweep tests cull (`two_sided == false` and the centre behind the triangle: nothing).
pub fn graze_parts(
    c: Vec3,
    v: Vec3,
    tri: &TriangleEs,
    two_sided: bool,
    t_max: f32,
) -> [Option<SweepHit>; 7] {
    let mut out = [None; 7];
    let verts = &tri.vertices_es;
    let n = tri.normal_es;
    let d0 = (c - verts[0]).dot(n);
    if !two_sided && d0 < 0.0 {
        return out;
    }
    let near = |dist: f32| (dist - 1.0).abs() <= TOUCH_ES;
    // Face: moving parallel to the plane at distance 1 over the interior touches from t = 0.
    if near(d0.abs()) && v.dot(n).abs() <= TOUCH_ES {
        let side = if d0 < 0.0 { -n } else { n };
        let p = c - side * d0.abs();
        if point_in_triangle(p, verts, n) {
            out[0] = Some(SweepHit {
                time: ContactTime::Toi(0.0),
                feature: Feature::Face,
                normal_es: side,
                point_es: p,
            });
        }
    }
    for i in 0..3 {
        let (a, b) = (verts[i], verts[(i + 1) % 3]);
        out[1 + i] = graze_edge(c, v, a, b, t_max).map(|(t, normal_es, point_es)| SweepHit {
            time: ContactTime::Toi(t),
            feature: Feature::Edge(i as u8),
            normal_es,
            point_es,
        });
        out[4 + i] = graze_point(c, v, a, t_max).map(|(t, normal_es)| SweepHit {
            time: ContactTime::Toi(t),
            feature: Feature::Vertex(i as u8),
            normal_es,
            point_es: a,
        });
    }
    out
}

/// The earliest grazing contact among the parts `mask` enables (ties: face, edges, vertices).
pub fn graze(
    c: Vec3,
    v: Vec3,
    tri: &TriangleEs,
    mask: CaseMask,
    two_sided: bool,
    t_max: f32,
) -> Option<SweepHit> {
    let parts = graze_parts(c, v, tri, two_sided, t_max);
    let mut best: Option<SweepHit> = None;
    for (k, hit) in parts.into_iter().enumerate() {
        let enabled = match k {
            0 => mask.face,
            1..=3 => mask.edge,
            _ => mask.vertex,
        };
        if let Some(h) = hit.filter(|_| enabled)
            && best.is_none_or(|b| h.time.sort_key() < b.time.sort_key())
        {
            best = Some(h);
        }
    }
    best
}

/// The earlier of a solver's contact and a grazing one (the solver's on a tie).
pub fn earliest(solver: Option<SweepHit>, grazing: Option<SweepHit>) -> Option<SweepHit> {
    match (solver, grazing) {
        (Some(s), Some(g)) if g.time.sort_key() < s.time.sort_key() => Some(g),
        (Some(s), _) => Some(s),
        (None, g) => g,
    }
}

/// Adds the grazing contacts `parts` (from [`graze_parts`] over `[0, 1]`) to a triangle's
/// per-part outcomes, where they are earlier; switched-off and culled parts stay as they are.
pub fn merge_cases(cases: &mut CaseResults, parts: &[Option<SweepHit>; 7]) {
    let slots = std::iter::once(&mut cases.face)
        .chain(cases.edges.iter_mut())
        .chain(cases.vertices.iter_mut());
    for (outcome, part) in slots.zip(parts) {
        let Some(h) = part else { continue };
        match *outcome {
            CaseOutcome::Miss => *outcome = CaseOutcome::Hit(h.time),
            CaseOutcome::Hit(t) if h.time.sort_key() < t.sort_key() => {
                *outcome = CaseOutcome::Hit(h.time)
            }
            _ => {}
        }
    }
}

/// Edge `a..b`: the least distance of the centre's path to the edge's line, if it is 1 at a
/// time in `[0, t_max]` where the nearest line point lies on the segment. Moving parallel to
/// the edge: from t = 0 (once the path is over the segment, the vertex sphere takes over).
fn graze_edge(c: Vec3, v: Vec3, a: Vec3, b: Vec3, t_max: f32) -> Option<(f32, Vec3, Vec3)> {
    let e = b - a;
    let ee = e.length_squared();
    if ee < 1e-14 {
        return None;
    }
    let x = (c - a).cross(e);
    let y = v.cross(e);
    let yy = y.length_squared();
    // |x + t y|² / ee is the squared distance to the line; least at t = −x·y / |y|².
    let t = if yy <= 1e-12 * ee {
        0.0
    } else {
        -x.dot(y) / yy
    };
    if !(0.0..=t_max).contains(&t) {
        return None;
    }
    let center = c + v * t;
    let s = (center - a).dot(e);
    if !(0.0..=ee).contains(&s) {
        return None;
    }
    let on_edge = a + e * (s / ee);
    let d = center - on_edge;
    let dist = d.length();
    ((dist - 1.0).abs() <= TOUCH_ES).then(|| (t, d / dist, on_edge))
}

/// Vertex `p`: the least distance of the centre's path to `p`, if it is 1 at a time in
/// `[0, t_max]`. A centre that does not move touches only if it already rests at distance 1,
/// and that is no contact (nothing moves into it).
fn graze_point(c: Vec3, v: Vec3, p: Vec3, t_max: f32) -> Option<(f32, Vec3)> {
    let vv = v.length_squared();
    if vv <= 1e-24 {
        return None;
    }
    let d = c - p;
    let t = -v.dot(d) / vv;
    if !(0.0..=t_max).contains(&t) {
        return None;
    }
    let r = d + v * t;
    let dist = r.length();
    ((dist - 1.0).abs() <= TOUCH_ES).then(|| (t, r / dist))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sweep::sweep_triangle;

    /// A floor triangle in y = 0 with an edge along x = 0 (z from −2 to 2), lying at x ≥ 0.
    fn floor() -> TriangleEs {
        TriangleEs::new([
            Vec3::new(0.0, 0.0, -2.0),
            Vec3::new(0.0, 0.0, 2.0),
            Vec3::new(4.0, 0.0, 0.0),
        ])
        .unwrap()
    }

    #[test]
    fn resting_sphere_reaching_an_edge_touches_it_where_the_seed_reports_nothing() {
        let tri = floor();
        // Resting on the floor's plane at height 1, beside the triangle, moving onto it.
        let (c, v) = (Vec3::new(-1.0, 1.0, 0.5), Vec3::new(2.0, 0.0, 0.0));
        assert_eq!(sweep_triangle(c, v, &tri, CaseMask::ALL, true, 1.0), None);
        let hit = graze(c, v, &tri, CaseMask::ALL, true, 1.0).expect("touches the edge");
        assert_eq!(hit.time, ContactTime::Toi(0.5));
        assert!(matches!(hit.feature, Feature::Edge(_)), "{:?}", hit.feature);
        assert!(
            (hit.normal_es - Vec3::Y).length() < 1e-6,
            "{:?}",
            hit.normal_es
        );
        assert!((hit.point_es - Vec3::new(0.0, 0.0, 0.5)).length() < 1e-6);
        // The edge switched off: nothing (the face is reached only after the edge).
        let no_edge = CaseMask::ALL.with(crate::CaseKind::Edge, false);
        assert_eq!(graze(c, v, &tri, no_edge, true, 1.0), None);
    }

    #[test]
    fn resting_on_the_interior_and_sliding_touches_the_face_at_once() {
        let tri = floor();
        let hit = graze(
            Vec3::new(1.0, 1.0, 0.0),
            Vec3::new(0.5, 0.0, 0.1),
            &tri,
            CaseMask::ALL,
            true,
            1.0,
        )
        .expect("touches the face");
        assert_eq!(hit.time, ContactTime::Toi(0.0));
        assert_eq!(hit.feature, Feature::Face);
        assert_eq!(hit.normal_es, Vec3::Y);
    }

    #[test]
    fn passing_a_vertex_at_distance_one_touches_it() {
        let tri = floor();
        // Level with the plane, passing the vertex (4, 0, 0) at exactly 1 in z.
        let hit = graze(
            Vec3::new(3.0, 0.0, 1.0),
            Vec3::new(2.0, 0.0, 0.0),
            &tri,
            CaseMask::ALL.with(crate::CaseKind::Edge, false),
            true,
            1.0,
        )
        .expect("touches the vertex");
        assert_eq!(hit.feature, Feature::Vertex(2));
        assert_eq!(hit.time, ContactTime::Toi(0.5));
        assert!((hit.normal_es - Vec3::Z).length() < 1e-6);
    }

    #[test]
    fn clear_paths_moving_away_and_culled_backs_do_not_touch() {
        let tri = floor();
        let all = CaseMask::ALL;
        // 1.001 above the plane: clear by the skin.
        let c = Vec3::new(-1.0, 1.001, 0.5);
        assert_eq!(graze(c, Vec3::X * 2.0, &tri, all, true, 1.0), None);
        // Lifting off the face, and moving away from the edge (its least distance was before).
        let c = Vec3::new(1.0, 1.0, 0.0);
        assert_eq!(graze(c, Vec3::Y, &tri, all, true, 1.0), None);
        let c = Vec3::new(-1.0, 0.0, 0.0);
        assert_eq!(graze(c, -Vec3::X, &tri, all, true, 1.0), None);
        // Reaching the edge after t_max.
        let c = Vec3::new(-1.0, 1.0, 0.5);
        assert_eq!(graze(c, Vec3::X * 2.0, &tri, all, true, 0.4), None);
        // From behind, one-sided: culled.
        let c = Vec3::new(-1.0, -1.0, 0.5);
        assert!(graze(c, Vec3::X * 2.0, &tri, all, true, 1.0).is_some());
        assert_eq!(graze(c, Vec3::X * 2.0, &tri, all, false, 1.0), None);
    }
}
