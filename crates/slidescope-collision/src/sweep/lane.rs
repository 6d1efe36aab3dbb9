//! The round parts' formulas written once, for one number or four: an edge cylinder's and a
//! vertex sphere's quadratic (seed 001 12.7–12.9) and the stable quadratic's first root (seeds
//! 000 §4, 003 16.18). The scalar tests ([`super::edge`], [`super::vertex`],
//! [`super::quadratic`]) run them on `f32`; [`super::lanes`] runs them on `Vec4`, a triangle's
//! three edges or vertices a lane each. Same operations in the same order (glam's `cross` and
//! `dot` formulas, no fused multiply-add; `sqrt` and `/` correctly rounded either way), so a
//! lane's number is the scalar number bit for bit.

use std::ops::{Add, BitAnd, BitOr, Div, Mul, Not, Sub};

use glam::Vec3;

/// A number, or four in lanes: what the formulas below need of it.
pub trait Lane:
    Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Div<Output = Self>
{
    /// A comparison's answer: `bool`, or one a lane.
    type Mask: Copy
        + BitAnd<Output = Self::Mask>
        + BitOr<Output = Self::Mask>
        + Not<Output = Self::Mask>;
    const NAN: Self;
    fn splat(x: f32) -> Self;
    /// Correctly rounded, as `f32::sqrt`.
    fn sqrt(self) -> Self;
    fn lt(self, o: Self) -> Self::Mask;
    fn ge(self, o: Self) -> Self::Mask;
    fn le(self, o: Self) -> Self::Mask;
    /// The smaller of two numbers, neither NaN.
    fn min(self, o: Self) -> Self;
    fn select(m: Self::Mask, a: Self, b: Self) -> Self;
}

impl Lane for f32 {
    type Mask = bool;
    const NAN: Self = f32::NAN;
    #[inline(always)]
    fn splat(x: f32) -> Self {
        x
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        f32::sqrt(self)
    }
    #[inline(always)]
    fn lt(self, o: Self) -> bool {
        self < o
    }
    #[inline(always)]
    fn ge(self, o: Self) -> bool {
        self >= o
    }
    #[inline(always)]
    fn le(self, o: Self) -> bool {
        self <= o
    }
    #[inline(always)]
    fn min(self, o: Self) -> Self {
        f32::min(self, o)
    }
    #[inline(always)]
    fn select(m: bool, a: Self, b: Self) -> Self {
        if m { a } else { b }
    }
}

/// A vector whose coordinates are [`Lane`]s: one vector, or one a lane.
#[derive(Clone, Copy)]
pub struct V3<L> {
    pub x: L,
    pub y: L,
    pub z: L,
}

impl From<Vec3> for V3<f32> {
    #[inline(always)]
    fn from(v: Vec3) -> Self {
        Self {
            x: v.x,
            y: v.y,
            z: v.z,
        }
    }
}

impl<L: Lane> V3<L> {
    #[inline(always)]
    pub fn sub(self, o: Self) -> Self {
        Self {
            x: self.x - o.x,
            y: self.y - o.y,
            z: self.z - o.z,
        }
    }
    /// `self + v t`, glam's `c + v * t`.
    #[inline(always)]
    pub fn along(self, v: Self, t: L) -> Self {
        Self {
            x: self.x + v.x * t,
            y: self.y + v.y * t,
            z: self.z + v.z * t,
        }
    }
    /// glam's `Vec3::cross`.
    #[inline(always)]
    pub fn cross(self, r: Self) -> Self {
        Self {
            x: self.y * r.z - r.y * self.z,
            y: self.z * r.x - r.z * self.x,
            z: self.x * r.y - r.x * self.y,
        }
    }
    /// glam's `Vec3::dot`.
    #[inline(always)]
    pub fn dot(self, r: Self) -> L {
        (self.x * r.x) + (self.y * r.y) + (self.z * r.z)
    }
}

/// `a t² + b t + c`: a round part's quadratic in the time `t` of the swept centre.
#[derive(Clone, Copy)]
pub struct Quadratic<L> {
    pub a: L,
    pub b: L,
    pub c: L,
}

impl<L: Lane> Quadratic<L> {
    /// `b² − 4ac`.
    #[inline(always)]
    pub fn discriminant(&self) -> L {
        self.b * self.b - L::splat(4.0) * self.a * self.c
    }
}

/// The vertex sphere `|d + t v|² = 1` (vertex.rs), `d = c − p`, with `vv = v · v` (the same
/// for every vertex, so the lanes take it once); `c = |d|² − 1`, negative when the centre
/// starts inside.
#[inline(always)]
pub fn vertex_quadratic<L: Lane>(d: V3<L>, v: V3<L>, vv: L) -> Quadratic<L> {
    Quadratic {
        a: vv,
        b: L::splat(2.0) * v.dot(d),
        c: d.dot(d) - L::splat(1.0),
    }
}

/// The edge cylinder `|(L + t v) × E|² = |E|²` (edge.rs), `L = c − a`, `E = b − a` unnormalised
/// (every term is the seed's times `|E|²`, so the roots are its roots), and `|E|²`; `c`
/// negative when the centre starts within 1 of the edge's line.
#[inline(always)]
pub fn edge_quadratic<L: Lane>(l: V3<L>, v: V3<L>, e: V3<L>) -> (Quadratic<L>, L) {
    let ee = e.dot(e);
    let x = l.cross(e);
    let y = v.cross(e);
    let q = Quadratic {
        a: y.dot(y),
        b: L::splat(2.0) * x.dot(y),
        c: x.dot(x) - ee,
    };
    (q, ee)
}

/// The stable quadratic's cheap exits: a root ahead of a start outside needs `b < 0` and a
/// discriminant `>= 0` (NaN drops out).
#[inline(always)]
pub fn approaching<L: Lane>(b: L, disc: L) -> L::Mask {
    b.lt(L::splat(0.0)) & disc.ge(L::splat(0.0))
}

/// The first root in `[0, t_max]` of a quadratic past [`approaching`], NaN where there is none:
/// `q = −½ (b − √disc)` (`b < 0`, so no cancellation), roots `q / a` and `c / q`, either of
/// which can be ±inf or NaN when `a → 0` or `q → 0`, so both are tested against the range.
#[inline(always)]
pub fn first_root<L: Lane>(q: &Quadratic<L>, disc: L, t_max: L) -> L {
    let s = L::splat(-0.5) * (q.b - disc.sqrt());
    let (r1, r2) = (s / q.a, q.c / s);
    let zero = L::splat(0.0);
    let (ok1, ok2) = (r1.ge(zero) & r1.le(t_max), r2.ge(zero) & r2.le(t_max));
    let t = L::select(ok1 & ok2, r1.min(r2), L::select(ok1, r1, r2));
    L::select(ok1 | ok2, t, L::NAN)
}

/// Where the centre `center` falls along the edge from `a` by `e`, times `|e|²`: on the
/// segment when in `[0, |e|²]`.
#[inline(always)]
pub fn along_edge<L: Lane>(center: V3<L>, a: V3<L>, e: V3<L>) -> L {
    center.sub(a).dot(e)
}
