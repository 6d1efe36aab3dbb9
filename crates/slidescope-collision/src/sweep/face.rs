//! Swept unit sphere against the face slab of the Minkowski sum: the triangle's plane shifted
//! by ±1 along its normal, then a point-in-triangle test (seed 001 12.4–12.5,
//! `SphereIntersectPlane` + `PointInTriangle`, with the embedded start of 12.4.4).
//!
//! The plane test also bounds every other part of the sum: no point of the triangle is nearer
//! than its plane, so if the sphere never comes within 1 of the plane, or only after `t_max`,
//! the edges and vertices cannot be hit either.

use glam::Vec3;

use super::ContactTime;
use crate::Roots;

/// How far outside an edge (eSpace units, measured in the plane) a point may lie and still
/// count as inside the triangle, so a contact on a seam between two coplanar triangles is a
/// face contact of both rather than an edge contact.
pub const INSIDE_TOLERANCE_ES: f32 = 1e-5;

/// The face test's verdict.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FacePlane {
    /// The sphere never reaches the plane within `[0, t_max]` (or the triangle is culled as a
    /// back face): no part of the triangle can be touched.
    Unreachable,
    /// Touches the interior: `(time, normal_es, point_es)`.
    Hit(ContactTime, Vec3, Vec3),
    /// Overlaps the interior at the start but moves away from the plane: with the face case on,
    /// the triangle gives no contact.
    Separating,
    /// The plane is reached outside the triangle, or the face is not tested (a plane moved
    /// along, `plane_skipped`): edges and vertices decide.
    Outside(PlaneReach),
}

/// What a triangle's parts give where the conventions differ from part to part (the settings'
/// sidedness, `roots`, `embedded_plane_skipped` and `fauerby_f32`); [`PartRules::seed`] is seed 001's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartRules {
    /// Both sides collide; otherwise a centre behind the plane culls the triangle.
    pub two_sided: bool,
    /// Whether an edge or vertex the sphere already overlaps is a contact at t = 0.
    pub roots: Roots,
    /// A centre within 1 of the plane moving along it does not test the face
    /// ([`sweep_face`]).
    pub plane_skipped: bool,
    /// Edges solved by Fauerby 2003's expanded f32 quadratic (`edge::sweep_edge_expanded`).
    pub expanded_edges: bool,
    /// The face's touched point taken at the motion's end
    /// ([`DebugKnobs::face_point_at_motion_end`](crate::DebugKnobs::face_point_at_motion_end)).
    pub point_at_motion_end: bool,
}

impl PartRules {
    /// Seed 001's, with `two_sided` as given.
    pub const fn seed(two_sided: bool) -> Self {
        Self {
            two_sided,
            roots: Roots::AtZero,
            plane_skipped: false,
            expanded_edges: false,
            point_at_motion_end: false,
        }
    }
}

/// How far along a plane's normal (eSpace units) a motion may go and still run along the
/// plane for [`sweep_face`]'s `plane_skipped` (Irrlicht's `iszero`; Fauerby 2003 and
/// Babylon.js take exactly 0).
pub const ALONG_PLANE_ES: f32 = 1e-6;

/// The face test. `n` is the triangle's unit eSpace normal (front side), `tri` counter-clockwise
/// about it. `rules.two_sided = false` culls contacts from behind, as seed 001 does;
/// `rules.plane_skipped`: a centre within 1 of the plane moving along it (within
/// [`ALONG_PLANE_ES`]) does not test the face, its edges and vertices decide (Fauerby 2003's
/// `embeddedInPlane`, Irrlicht, Babylon.js), where seed 001 12.4.4 meets an interior it
/// overlaps at t = 0.
#[inline]
pub fn sweep_face(
    c: Vec3,
    v: Vec3,
    tri: &[Vec3; 3],
    n: Vec3,
    rules: PartRules,
    t_max: f32,
) -> FacePlane {
    let mut d0 = (c - tri[0]).dot(n);
    let mut side = n;
    if d0 < 0.0 {
        if !rules.two_sided {
            return FacePlane::Unreachable;
        }
        side = -n;
        d0 = -d0;
    }
    let dn = v.dot(side);
    if d0 < 1.0 {
        if rules.plane_skipped && dn.abs() <= ALONG_PLANE_ES {
            return FacePlane::Outside(PlaneReach::WITHIN);
        }
        let p = c - side * d0;
        if !point_in_triangle(p, tri, n) {
            return FacePlane::Outside(PlaneReach::WITHIN);
        }
        if dn > 0.0 {
            return FacePlane::Separating;
        }
        return FacePlane::Hit(ContactTime::Embedded { depth_es: 1.0 - d0 }, side, p);
    }
    if dn >= 0.0 {
        return FacePlane::Unreachable;
    }
    // Out of reach by `t_max` when the centre is still more than 1 (and a slack) off the plane
    // then: a height, not the plane time `(d0 − 1) / −dn`, which a move almost along the plane
    // (both tiny) gets wrong by far more than the round parts' own roots. Compared in time,
    // a walker gliding a skin above a face had its edge contact at t = 0.144 dropped whenever
    // a limit of 0.188 was already set (the plane time read 0.19), and found when it was not:
    // the BVH's answer depended on the order it met triangles, and differed from brute force.
    let reach = PlaneReach {
        above: d0 - 1.0,
        toward: dn,
    };
    if !reach.by(t_max) {
        return FacePlane::Unreachable;
    }
    let t = reach.above / -reach.toward;
    let (p, normal) = match rules.point_at_motion_end {
        // The port's bug: the point the motion reaches at its end, and the slide plane from
        // the centre at contact to it.
        true => (
            c + v - side,
            (c + v * t - (c + v - side)).normalize_or(side),
        ),
        false => (c + v * t - side, side),
    };
    // Where the plane is reached does not depend on the limit, so neither does the verdict:
    // inside, the face alone answers (its time against the limit); outside, the round parts'
    // own roots do.
    if !point_in_triangle(p, tri, n) {
        FacePlane::Outside(reach)
    } else if t <= t_max {
        FacePlane::Hit(ContactTime::Toi(t), normal, p)
    } else {
        FacePlane::Unreachable
    }
}

/// How far past 1 (eSpace) the centre may still be from the plane at `t_max` and the
/// triangle still go to its round parts: far above the f32 rounding of the heights for the
/// distances of walking moves (centre and motion within about 100 units of the plane); for
/// moves of a thousand radii it is a few ulps, no worse than the plane time it replaced.
const PLANE_REACH_SLACK_ES: f32 = 1e-4;

/// Where the centre starts against a plane it moves toward: `above` is its distance from the
/// plane less 1 (`−∞` when it starts within 1), `toward` its motion along the plane's normal
/// on its side (negative when approaching).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlaneReach {
    pub above: f32,
    pub toward: f32,
}

impl PlaneReach {
    /// A centre that starts within 1 of the plane: always in reach.
    pub const WITHIN: Self = Self {
        above: f32::NEG_INFINITY,
        toward: 0.0,
    };

    /// Whether the centre comes within 1 (and [`PLANE_REACH_SLACK_ES`]) of the plane by
    /// `t_max`: a height at the limit, not the plane time `above / −toward`, which a move
    /// almost along the plane (both tiny) gets wrong by far more than the round parts' own
    /// roots. NaN is out of reach.
    #[inline]
    pub fn by(self, t_max: f32) -> bool {
        self.above <= -self.toward * t_max + PLANE_REACH_SLACK_ES
    }
}

/// Is `p` (on the plane of `tri`) inside the triangle, within [`INSIDE_TOLERANCE_ES`]?
#[inline]
pub fn point_in_triangle(p: Vec3, tri: &[Vec3; 3], n: Vec3) -> bool {
    // `e × (p − a) · n >= −tolerance |e|` for each edge `e` from `a`, in lanes.
    super::lanes::inside_triangle(p, tri, n, INSIDE_TOLERANCE_ES)
}
