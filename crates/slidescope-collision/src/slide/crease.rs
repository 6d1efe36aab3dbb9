//! The crease response (a variant beside seed 001 12.3's, never replacing it): the
//! seed projects the remaining motion onto one plane per iteration, so in a crease between two
//! planes the slide re-enters the plane it just left and the loop ping-pongs until the impulse
//! filter or the iteration limit stops it. Here, when the new slide would re-enter an earlier
//! plane of the same call, the motion slides along the two planes' crease line instead, and
//! stops dead when that line re-enters a third (the two- and three-plane cases of Quake III's
//! `PM_SlideMove` and PhysX's character controller).

use glam::Vec3;

/// Earlier planes kept per call (the oldest is dropped past this).
const MAX_PLANES: usize = 8;

/// Two normals closer than this (cosine) are the same plane.
const SAME_PLANE_COS: f32 = 0.9999;

/// Two normals closer than this (cosine, about 0.08°) are one normal, for the plane solver.
pub(crate) const IDENTICAL_COS: f32 = 0.999_999;

/// The slide normals met so far in one call (local eSpace, unit), each with the centre where
/// it was touched (the plane of centres one unit off it passes there) and, for the plane
/// solver, the twin that keeps a steep face from being climbed (zero: none).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Planes {
    n: [Vec3; MAX_PLANES],
    at: [Vec3; MAX_PLANES],
    twin: [Vec3; MAX_PLANES],
    len: usize,
}

/// A centre further than this many skins behind an earlier plane has left that plane's
/// triangle behind (round a corner): the plane no longer holds it off.
const BEHIND_SKINS: f32 = 2.0;

impl Planes {
    /// Adds plane `n` touched with the centre at `at` (the same plane again: its newer touch).
    pub fn push(&mut self, n: Vec3, at: Vec3) {
        self.insert(n, at, Vec3::ZERO, None);
    }

    /// For the plane solver: [`Planes::push`] with the steep face's twin (eSpace, unit; zero:
    /// none); only a plane of nearly the same normal counts as the same, and its newest
    /// normal is kept. Two faces 0.6° apart merged into one let a long slide along one run
    /// into the other at every iteration (the f64 check's fallbacks on the three.js world); two
    /// 0.05° apart kept with the older normal did the same on Sponza's sloping ceilings.
    /// Returns whether the plane is new to the call.
    pub fn push_with_twin(&mut self, n: Vec3, at: Vec3, twin: Vec3) -> bool {
        self.insert(n, at, twin, Some(IDENTICAL_COS))
    }

    /// Adds plane `n`; where one within `same_cos` is there (the crease's cosine without
    /// `newest`) it is updated instead, its normal replaced only with `newest`.
    fn insert(&mut self, n: Vec3, at: Vec3, twin: Vec3, newest: Option<f32>) -> bool {
        let same_cos = newest.unwrap_or(SAME_PLANE_COS);
        let same = self.iter().position(|p| p.dot(n) > same_cos);
        if let Some(k) = same {
            if newest.is_some() {
                self.n[k] = n;
            }
            self.at[k] = at;
            self.twin[k] = twin;
            return false;
        }
        if self.len == MAX_PLANES {
            self.n.copy_within(1.., 0);
            self.at.copy_within(1.., 0);
            self.twin.copy_within(1.., 0);
            self.len -= 1;
        }
        self.n[self.len] = n;
        self.at[self.len] = at;
        self.twin[self.len] = twin;
        self.len += 1;
        true
    }

    /// Moves every plane by `-offset` (the call's frame re-centred at `offset`).
    pub fn shift(&mut self, offset: Vec3) {
        for at in &mut self.at[..self.len] {
            *at -= offset;
        }
    }

    fn iter(&self) -> impl Iterator<Item = Vec3> + '_ {
        self.n[..self.len].iter().copied()
    }

    /// The planes still holding the centre `x` off (not left behind round a corner, not
    /// moved away from), as `(normal, twin)`: each plane `x` is within `reach` of, or behind by
    /// less than [`BEHIND_SKINS`] skins.
    pub fn holding(
        &self,
        x: Vec3,
        skin: f32,
        reach: f32,
    ) -> impl Iterator<Item = (Vec3, Vec3)> + '_ {
        (0..self.len)
            .filter(move |&i| {
                let gap = (x - self.at[i]).dot(self.n[i]);
                gap > -BEHIND_SKINS * skin && gap < reach
            })
            .map(|i| (self.n[i], self.twin[i]))
    }

    /// `pushed`, the centre `touching` the contact pushed back by the skin, off the planes
    /// `touched` (normal, centre where touched: the iteration's simultaneous contacts and the
    /// triangles near it), moved so it is a skin off them and off every earlier plane of the
    /// call it is near, or as far off as there is room for. The seed's
    /// push along one normal of a crease lands inside the other plane by up to a skin times the
    /// cosine between them (the f64 check found 9e-4 eSpace); a few passes of pushes along each
    /// plane's own normal settle it, each push at most a few skins.
    pub fn hold_skin(
        &self,
        touching: Vec3,
        pushed: Vec3,
        touched: impl Iterator<Item = (Vec3, Vec3)> + Clone,
        skin: f32,
        exact: impl Fn(Vec3) -> f32,
    ) -> Vec3 {
        let mut all = [(Vec3::ZERO, Vec3::ZERO); 4 * MAX_PLANES];
        let mut len = 0;
        let earlier = self.n[..self.len]
            .iter()
            .copied()
            .zip(self.at[..self.len].iter().copied());
        for plane in earlier.chain(touched).take(all.len()) {
            all[len] = plane;
            len += 1;
        }
        let planes = &all[..len];
        // Where no centre is a whole skin off every plane (a wedge narrowing towards the push:
        // a wall, a vertex above it leaning over the floor), the passes end inside one of them;
        // smaller pushes are tried, and if none is clear of the planes, the candidate (the
        // touching centre among them, which the sweep left clear unless the iteration started
        // embedded) that is furthest from the triangles near it by `exact` (eSpace distance
        // less one; runs of consecutive moves ended 2e-4 eSpace deep in such a corner
        // of Sponza, where the pushes of floor, wall and vertex fought). Not by the planes: an
        // edge's or a vertex's plane lies inside its round surface, so a centre inside the
        // plane may be clear while one the planes call less deep is in the triangle.
        // A candidate is clear when it is clear of the planes and, by `exact`, of the triangles
        // near it: the passes can carry it a few skins, into a triangle no plane named yet (a
        // slot narrowing upwards on lavaducts squeezed it 2.9e-4 into the slot's top edge).
        let mut best = (touching, exact(touching));
        for k in [1.0, 0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625] {
            let x = hold_off(touching + (pushed - touching) * k, planes, skin * k, skin);
            let c = exact(x);
            if c >= -CLEAR_EPS && clearance(x, touching, planes, skin) >= -CLEAR_EPS {
                return x;
            }
            if c > best.1 {
                best = (x, c);
            }
        }
        best.0
    }
}

/// Two planes whose normals' cosine is below this face each other (a slot, not a crease).
const FACING_COS: f32 = -0.9;

/// How far (eSpace) a centre may be inside a plane and still count as clear of it: float
/// rounding of the plane arithmetic, a hundredth of the f64 check's 1e-4.
const CLEAR_EPS: f32 = 1e-6;

/// How far `x` is off the nearest of the planes that `from` is not behind (see
/// [`BEHIND_SKINS`]); negative inside. A plane of the closest point of a triangle has the
/// whole triangle on its far side, so a centre clear of the plane is clear of the triangle.
fn clearance(x: Vec3, from: Vec3, planes: &[(Vec3, Vec3)], skin: f32) -> f32 {
    if !x.is_finite() {
        return f32::NEG_INFINITY;
    }
    planes
        .iter()
        .filter(|&&(n, at)| (from - at).dot(n) > -BEHIND_SKINS * skin)
        .map(|&(n, at)| (x - at).dot(n))
        .fold(f32::INFINITY, f32::min)
}

/// `x` pushed to be `want` off each plane `(normal, centre touching it)` it is near (not
/// `BEHIND_SKINS` skins behind), by passes of pushes along each normal. In a slot narrower
/// than the sphere plus two skins the centre can't be a skin off both walls: each gets half
/// the room there is (the midpoint), not a skin off one wall and inside the other.
fn hold_off(mut x: Vec3, planes: &[(Vec3, Vec3)], want: f32, skin: f32) -> Vec3 {
    let target = |i: usize| {
        let (n, at): (Vec3, Vec3) = planes[i];
        planes
            .iter()
            .filter(|(m, _)| n.dot(*m) < FACING_COS)
            .map(|(_, other)| ((*other - at).dot(n) * 0.5).max(0.0))
            .fold(want, f32::min)
    };
    for _ in 0..8 {
        let mut moved = false;
        for (i, &(n, at)) in planes.iter().enumerate() {
            let s = (x - at).dot(n);
            let want = target(i);
            if s < want && s > -BEHIND_SKINS * skin {
                x += n * (want - s);
                moved = true;
            }
        }
        if !moved {
            break;
        }
    }
    x
}

/// What the crease rule did to one iteration's slide.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Crease {
    /// The slide on the new plane leaves every earlier plane alone: unchanged.
    Plane,
    /// Slid along the line where the new plane meets `other` (an earlier normal, eSpace);
    /// `line` is that line's unit direction (eSpace).
    Line { other: Vec3, line: Vec3 },
    /// The crease line re-enters a third plane (or the two planes face each other): no motion.
    Stop,
}

/// Motion shorter than this (eSpace) does not count as re-entering a plane.
const ENTER_EPS: f32 = 1e-7;

/// The slide for plane `n` given the motion left past the contact `remaining` and the seed's
/// slide `v` (its projection onto `n`), against the call's earlier `planes`. Returns the
/// motion to use and what was done.
pub(crate) fn crease_slide(planes: &Planes, n: Vec3, remaining: Vec3, v: Vec3) -> (Vec3, Crease) {
    let others = || planes.iter().filter(move |p| p.dot(n) <= SAME_PLANE_COS);
    let entering = |m: Vec3, p: Vec3| m.dot(p) < -ENTER_EPS;
    // The earlier plane the slide goes into most deeply.
    let Some(p) = others()
        .filter(|&p| entering(v, p))
        .min_by(|a, b| v.dot(*a).total_cmp(&v.dot(*b)))
    else {
        return (v, Crease::Plane);
    };
    let Some(line) = n.cross(p).try_normalize() else {
        return (Vec3::ZERO, Crease::Stop);
    };
    let along = line * remaining.dot(line);
    if others().any(|q| q.dot(p) <= SAME_PLANE_COS && entering(along, q)) {
        return (Vec3::ZERO, Crease::Stop);
    }
    (along, Crease::Line { other: p, line })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slide_that_leaves_the_earlier_planes_alone_is_unchanged() {
        let mut planes = Planes::default();
        planes.push(Vec3::Y, Vec3::ZERO);
        let v = Vec3::new(1.0, 0.0, 0.5);
        assert_eq!(
            crease_slide(&planes, Vec3::X.neg_ish(), v, v).1,
            Crease::Plane
        );
    }

    #[test]
    fn a_slide_back_into_the_floor_follows_the_crease_line() {
        // Floor (+Y) then a wall leaning over it (normal up and towards -X): the wall's slide
        // goes down into the floor; the crease runs along Z.
        let mut planes = Planes::default();
        planes.push(Vec3::Y, Vec3::ZERO);
        let wall = Vec3::new(-1.0, -0.5, 0.0).normalize();
        let remaining = Vec3::new(1.0, -0.2, 0.7);
        let v = remaining - wall * remaining.dot(wall);
        assert!(v.dot(Vec3::Y) < 0.0, "the seed's slide re-enters the floor");
        let (m, what) = crease_slide(&planes, wall, remaining, v);
        assert!(matches!(what, Crease::Line { other, .. } if other == Vec3::Y));
        assert!((m - Vec3::new(0.0, 0.0, 0.7)).length() < 1e-6, "{m}");
        assert!(m.dot(wall).abs() < 1e-6 && m.dot(Vec3::Y).abs() < 1e-6);
    }

    #[test]
    fn a_third_plane_across_the_crease_stops_the_motion() {
        let mut planes = Planes::default();
        planes.push(Vec3::Y, Vec3::ZERO);
        planes.push(Vec3::new(0.0, 0.0, -1.0), Vec3::ZERO);
        let wall = Vec3::new(-1.0, -0.5, 0.0).normalize();
        let remaining = Vec3::new(1.0, -0.2, 0.7);
        let v = remaining - wall * remaining.dot(wall);
        assert_eq!(
            crease_slide(&planes, wall, remaining, v),
            (Vec3::ZERO, Crease::Stop)
        );
    }

    #[test]
    fn the_same_plane_twice_is_kept_once_and_the_oldest_goes_first() {
        let mut planes = Planes::default();
        planes.push(Vec3::Y, Vec3::ZERO);
        planes.push(Vec3::Y, Vec3::ZERO);
        assert_eq!(planes.len, 1);
        for k in 0..20 {
            let a = k as f32 * 0.3;
            planes.push(Vec3::new(a.cos(), 0.0, a.sin()), Vec3::ZERO);
        }
        assert_eq!(planes.len, MAX_PLANES);
        assert!(planes.iter().all(|p| p != Vec3::Y));
    }

    #[test]
    fn the_push_back_holds_a_skin_off_both_planes_of_a_crease() {
        // Floor y = 0 touched with the centre at y = 1; a wall leaning 30° over it touched now.
        let skin = 1e-3;
        let mut planes = Planes::default();
        planes.push(Vec3::Y, Vec3::new(0.0, 1.0, 0.0));
        let wall = Vec3::new(-1.0, -0.5, 0.0).normalize();
        let touching = Vec3::new(0.3, 1.0, 0.0);
        // The seed's push along the wall's normal alone dips below the floor's skin.
        let seed = touching + wall * skin;
        assert!(seed.y < 1.0);
        let held = planes.hold_skin(
            touching,
            seed,
            std::iter::once((wall, touching)),
            skin,
            |_| 0.0,
        );
        assert!(held.y - 1.0 >= skin * 0.99, "{held}");
        assert!((held - touching).dot(wall) >= skin * 0.99, "{held}");
        assert!((held - touching).length() < 4.0 * skin);
        // A plane far behind the centre (left round a corner) does not pull it back.
        let far = Vec3::new(0.3, 0.5, 0.0);
        let touched = std::iter::once((Vec3::X, far - Vec3::X * skin));
        assert_eq!(planes.hold_skin(far, far, touched, skin, |_| 0.0), far);
    }

    #[test]
    fn where_there_is_no_room_for_a_skin_the_push_back_stays_clear() {
        // A corner of Sponza, reduced: the centre touches the floor (y = 0), a wall
        // (normal -X) and a vertex leaning over the floor from the other side (normal +X, a
        // little down) at once. A skin off the floor is a skin into the vertex, and the wall
        // and the vertex leave no room: no push holds anything off; the touching centre does.
        let skin = 1e-3;
        let touching = Vec3::new(0.0, 1.0, 0.0);
        let (floor, wall) = (Vec3::Y, -Vec3::X);
        let vertex = Vec3::new(0.97, -0.24, -0.07).normalize();
        let touched = [(floor, touching), (wall, touching), (vertex, touching)];
        let pushed = touching + floor * skin;
        let exact = |x: Vec3| {
            let planes = touched.iter();
            planes
                .map(|&(n, at)| (x - at).dot(n))
                .fold(f32::INFINITY, f32::min)
        };
        let held =
            Planes::default().hold_skin(touching, pushed, touched.iter().copied(), skin, exact);
        for (n, at) in touched {
            assert!((held - at).dot(n) >= -CLEAR_EPS, "{held} inside {n}");
        }
        // The passes alone (what the push-back did before) end 2e-4 inside one of them.
        let passes = hold_off(pushed, &touched, skin, skin);
        let deepest = touched
            .iter()
            .map(|&(n, at)| (passes - at).dot(n))
            .fold(0.0, f32::min);
        assert!(deepest < -1e-4, "{passes}: {deepest}");
    }

    trait NegIsh {
        fn neg_ish(self) -> Self;
    }
    impl NegIsh for Vec3 {
        /// A wall facing -X.
        fn neg_ish(self) -> Self {
            -self
        }
    }
}
