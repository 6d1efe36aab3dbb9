//! The six round parts of a triangle's Minkowski sum — three edge cylinders, three vertex
//! spheres (seed 001 12.7–12.9) — and the point-in-triangle test's three edges, solved four
//! lanes at a time (SSE on x86-64; glam's scalar `Vec4` elsewhere).
//!
//! Exact, not approximate: the quadratics, their first roots and the on-segment test are the
//! scalar tests' own formulas (`lane.rs`), run here on `Vec4` lanes, so a lane's time is the
//! scalar time bit for bit. Detection (`sweep_triangle_roots`) runs only the first part's
//! scalar test again, for its normal and point; the trace takes every part's time. A part the
//! centre already overlaps is left to the scalar tests.

use glam::{BVec4A, Vec3, Vec4, Vec4Swizzles};

use super::lane::{
    Lane, Quadratic, V3, along_edge, approaching, edge_quadratic, first_root, vertex_quadratic,
};

/// Three vectors in lanes 0..3 (lane 3 unused).
type Lanes = V3<Vec4>;

impl Lane for Vec4 {
    type Mask = BVec4A;
    const NAN: Self = Vec4::NAN;
    #[inline(always)]
    fn splat(x: f32) -> Self {
        Vec4::splat(x)
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        sqrt(self)
    }
    #[inline(always)]
    fn lt(self, o: Self) -> BVec4A {
        self.cmplt(o)
    }
    #[inline(always)]
    fn ge(self, o: Self) -> BVec4A {
        self.cmpge(o)
    }
    #[inline(always)]
    fn le(self, o: Self) -> BVec4A {
        self.cmple(o)
    }
    #[inline(always)]
    fn min(self, o: Self) -> Self {
        Vec4::min(self, o)
    }
    #[inline(always)]
    fn select(m: BVec4A, a: Self, b: Self) -> Self {
        Vec4::select(m, a, b)
    }
}

impl V3<Vec4> {
    #[inline(always)]
    fn of(p: [Vec3; 3]) -> Self {
        Self {
            x: Vec4::new(p[0].x, p[1].x, p[2].x, 0.0),
            y: Vec4::new(p[0].y, p[1].y, p[2].y, 0.0),
            z: Vec4::new(p[0].z, p[1].z, p[2].z, 0.0),
        }
    }
    /// The lanes of `[p[1], p[2], p[0]]` from those of `p`: one shuffle an axis.
    // perf: not nine lanes gathered again; with `sqrt`, 9.72 → 9.64 M instr./2,000, commit c761f31
    #[inline(always)]
    fn next(self) -> Self {
        Self {
            x: self.x.yzxw(),
            y: self.y.yzxw(),
            z: self.z.yzxw(),
        }
    }
    #[inline(always)]
    fn splat(p: Vec3) -> Self {
        Self {
            x: Vec4::splat(p.x),
            y: Vec4::splat(p.y),
            z: Vec4::splat(p.z),
        }
    }
}

/// [`super::face::point_in_triangle`] with its three edge tests in lanes: the same f32
/// operations in the same order, so the same verdict.
#[inline]
pub fn inside_triangle(p: Vec3, tri: &[Vec3; 3], n: Vec3, tolerance: f32) -> bool {
    let (side, len) = edge_sides(p, tri, n);
    side.cmpge(Vec4::splat(-tolerance) * len).bitmask() & 0b111 == 0b111
}

/// For each edge `e` from `a` of `tri` (lanes 0..3), `e × (p − a) · n` (positive on the
/// inner side for a triangle counter-clockwise about `n`) and `|e|`.
#[inline(always)]
fn edge_sides(p: Vec3, tri: &[Vec3; 3], n: Vec3) -> (Vec4, Vec4) {
    let a = Lanes::of(*tri);
    let e = a.next().sub(a);
    let side = e.cross(Lanes::splat(p).sub(a)).dot(Lanes::splat(n));
    (side, sqrt(e.dot(e)))
}

/// Whether the point `p` (on the plane of `tri`, unit normal `n`) lies more than `dist`
/// outside some edge's line: `e × (p − a) · n < −dist |e|` for an edge `e` from `a`, the
/// three edges in lanes (as [`inside_triangle`]).
#[inline]
pub fn beyond_an_edge(p: Vec3, tri: &[Vec3; 3], n: Vec3, dist: f32) -> bool {
    let (side, len) = edge_sides(p, tri, n);
    side.cmplt(Vec4::splat(-dist) * len).bitmask() & 0b111 != 0
}

/// The first of the six round parts a triangle's edges and vertices make, found four lanes at
/// a time: what [`super::sweep_triangle_roots`]'s scalar loop over them would pick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundPart {
    /// No enabled part is touched in `[0, t_max]`.
    None,
    /// Edge `i` (`0..3`) or vertex `i - 3` (`3..6`) is touched first (lowest index on ties):
    /// its scalar test gives the same time, and the normal and point.
    First(u8),
    /// An enabled part already overlaps the centre: the scalar tests decide (their embedded
    /// branches are not mirrored here).
    Embedded,
}

/// Lane-wise square root, correctly rounded as `f32::sqrt` is (glam 0.30's `Vec4` has none):
/// one `sqrtps` on x86-64 (IEEE 754 square roots are exact to the rounding, packed or scalar,
/// so the same bits); elsewhere lane by lane.
// perf: not lane by lane (~15 instr. a call, 3 a triangle); 9.72 → 9.64 M instr., commit c761f31
#[inline(always)]
fn sqrt(x: Vec4) -> Vec4 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{__m128, _mm_sqrt_ps};
        // SAFETY: SSE2 is part of x86-64; `Vec4` and `__m128` are both four `f32` in lane
        // order, 16 bytes (glam's SSE `Vec4` wraps an `__m128`, its scalar one is four
        // fields), so the transmutes move bits, not meanings.
        unsafe {
            let r = _mm_sqrt_ps(std::mem::transmute::<Vec4, __m128>(x));
            std::mem::transmute::<__m128, Vec4>(r)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        x.map(f32::sqrt)
    }
}

/// The six round parts' times of first contact in `[0, t_max]` (edges `0..3`, then vertices),
/// NaN where a part is not touched or not enabled, and which parts the centre already
/// overlaps (bit `i`): for those the scalar tests decide, their embedded branches are not
/// mirrored here.
#[derive(Debug, Clone, Copy)]
pub struct RoundTimes {
    pub times: [f32; 6],
    pub embedded: u32,
}

/// [`RoundTimes`] of the swept unit sphere (centre `c`, motion `v`, eSpace) against the edges
/// (`edge`) and vertices (`vertex`) of `verts`. Every lane runs the scalar tests' own f32
/// operations ([`super::edge::sweep_edge`], [`super::vertex::sweep_vertex`]) in their order,
/// without fused multiply-add, so a lane's time is the scalar test's bit for bit (the tests
/// below check it). The roots are solved only when some lane passes the quadratics' cheap
/// exits.
// perf: roots only past the cheap exits (most parts fail them); 1,078 → 1,053 ns, commit 4057af1
#[inline]
pub fn round_times(
    c: Vec3,
    v: Vec3,
    verts: &[Vec3; 3],
    edge: bool,
    vertex: bool,
    t_max: f32,
) -> RoundTimes {
    let a = Lanes::of(*verts);
    let (cl, vl) = (Lanes::splat(c), Lanes::splat(v));
    let used = BVec4A::new(true, true, true, false);
    // `c − a`: the edge's `L` for edge `i`, `c − p` for vertex `i`.
    let l = cl.sub(a);
    let e = a.next().sub(a);
    let edges = EdgeLanes::new(l, vl, e, used & BVec4A::splat(edge));
    let vertices = Quadratics::vertices(l, v, vl, used & BVec4A::splat(vertex));
    let mut out = RoundTimes {
        times: [f32::NAN; 6],
        embedded: edges.embedded.bitmask() | vertices.embedded.bitmask() << 3,
    };
    if !(edges.q.ahead | vertices.ahead).any() {
        return out;
    }
    let tm = Vec4::splat(t_max);
    let te = edges.on_segment(cl, vl, a, e, edges.q.roots(tm));
    let tv = vertices.roots(tm);
    out.times = [te.x, te.y, te.z, tv.x, tv.y, tv.z];
    out
}

/// One quadratic a lane, its discriminant, which lanes may have a root ahead (enabled, not
/// overlapping, past the cheap exits) and which overlap at the start.
#[derive(Clone, Copy)]
struct Quadratics {
    q: Quadratic<Vec4>,
    disc: Vec4,
    ahead: BVec4A,
    embedded: BVec4A,
}

impl Quadratics {
    /// Vertices (vertex.rs), with `d = c − p` in `d`'s lanes.
    #[inline(always)]
    // perf: `v · v` splat, not a lane dot: 26.18 → 26.06 M instr./1,000 slides, benches/sweep.rs
    fn vertices(d: Lanes, v: Vec3, vl: Lanes, on: BVec4A) -> Self {
        let q = vertex_quadratic(d, vl, Vec4::splat(v.length_squared()));
        let overlap = q.c.cmplt(Vec4::ZERO);
        Self::new(q, on & !overlap, on & overlap)
    }

    /// The quadratics of lanes `on` (not overlapping) and `embedded` (overlapping).
    #[inline(always)]
    fn new(q: Quadratic<Vec4>, on: BVec4A, embedded: BVec4A) -> Self {
        let disc = q.discriminant();
        Self {
            q,
            disc,
            ahead: on & approaching(q.b, disc),
            embedded,
        }
    }

    /// The first root in `[0, t_max]` of each lane ahead, NaN elsewhere.
    #[inline(always)]
    fn roots(&self, t_max: Vec4) -> Vec4 {
        let t = first_root(&self.q, self.disc, t_max);
        Vec4::select(self.ahead, t, Vec4::NAN)
    }
}

/// The three edges' quadratics (edge.rs), `L = c − a`, `E = b − a`.
#[derive(Clone, Copy)]
struct EdgeLanes {
    q: Quadratics,
    /// `|E|²`.
    ee: Vec4,
    /// Lanes whose centre is within 1 of the edge's line with its foot on the segment: the
    /// scalar test's embedded branch decides (off the segment it returns nothing).
    embedded: BVec4A,
}

impl EdgeLanes {
    #[inline(always)]
    fn new(l: Lanes, vl: Lanes, e: Lanes, on: BVec4A) -> Self {
        let (quadratic, ee) = edge_quadratic(l, vl, e);
        // Degenerate edges drop out, as in the scalar test.
        let on = on & !ee.cmplt(Vec4::splat(1e-14));
        let inside = quadratic.c.cmplt(Vec4::ZERO);
        let foot = l.dot(e);
        let q = Quadratics::new(quadratic, on & !inside, on & inside);
        Self {
            q,
            ee,
            embedded: q.embedded & foot.cmpge(Vec4::ZERO) & foot.cmple(ee),
        }
    }

    /// The roots `t` whose contact's foot lies on the segment, `(c + v t − a) · e` in
    /// `[0, ee]`; NaN elsewhere.
    #[inline(always)]
    fn on_segment(&self, cl: Lanes, vl: Lanes, a: Lanes, e: Lanes, t: Vec4) -> Vec4 {
        let s = along_edge(cl.along(vl, t), a, e);
        Vec4::select(s.cmpge(Vec4::ZERO) & s.cmple(self.ee), t, Vec4::NAN)
    }
}

/// Which round part the swept unit sphere touches first in `[0, t_max]` (see [`round_times`]):
/// the earliest, the lowest index on ties, as the scalar loop picks.
#[inline]
pub fn first_round_part(
    c: Vec3,
    v: Vec3,
    verts: &[Vec3; 3],
    edge: bool,
    vertex: bool,
    t_max: f32,
) -> RoundPart {
    let r = round_times(c, v, verts, edge, vertex, t_max);
    if r.embedded != 0 {
        return RoundPart::Embedded;
    }
    let mut first = RoundPart::None;
    let mut best = f32::INFINITY;
    for (i, &t) in r.times.iter().enumerate() {
        if t < best {
            best = t;
            first = RoundPart::First(i as u8);
        }
    }
    first
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sweep::{edge::sweep_edge, vertex::sweep_vertex};

    /// SplitMix64, fixed seed.
    fn rng(mut s: u64) -> impl FnMut() -> f32 {
        move || {
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) >> 40) as f32 / (1u64 << 24) as f32
        }
    }

    #[test]
    fn every_round_time_is_the_scalar_tests_bit_for_bit() {
        let mut r = rng(7);
        let (mut hits, mut embedded) = (0, 0);
        for k in 0..200_000 {
            let f: [f32; 15] = std::array::from_fn(|_| r() * 6.0 - 3.0);
            let p = |i: usize| Vec3::new(f[i], f[i + 1], f[i + 2]);
            let (c, v) = (p(0), p(3));
            let tri = [p(6), p(9), p(12)];
            let t_max = if k % 3 == 0 { 0.4 } else { 1.0 };
            let lanes = round_times(c, v, &tri, true, true, t_max);
            for i in 0..6 {
                let scalar = if i < 3 {
                    sweep_edge(c, v, tri[i], tri[(i + 1) % 3], t_max).map(|h| h.0)
                } else {
                    sweep_vertex(c, v, tri[i - 3], t_max).map(|h| h.0)
                };
                if lanes.embedded & (1 << i) != 0 {
                    embedded += 1;
                    continue;
                }
                // An overlap the scalar test reports is always flagged.
                assert!(
                    !scalar.is_some_and(|t| t.is_embedded()),
                    "{i}: {c} {v} {tri:?}"
                );
                let lane = lanes.times[i];
                let want = scalar.map(|t| t.sort_key().to_bits());
                assert_eq!(
                    (!lane.is_nan()).then(|| lane.to_bits()),
                    want,
                    "{i}: {c} {v} {tri:?}"
                );
                hits += usize::from(want.is_some());
            }
        }
        assert!(
            hits > 20_000 && embedded > 1_000,
            "{hits} hits, {embedded} overlaps"
        );
    }

    /// The scalar loop over the round parts (edges then vertices, first strictly earlier kept):
    /// what `first_round_part` replaces.
    fn scalar_first(c: Vec3, v: Vec3, tri: &[Vec3; 3], t_max: f32) -> (RoundPart, f32) {
        let mut best = (RoundPart::None, f32::INFINITY);
        for i in 0..6 {
            let time = if i < 3 {
                sweep_edge(c, v, tri[i], tri[(i + 1) % 3], t_max).map(|h| h.0)
            } else {
                sweep_vertex(c, v, tri[i - 3], t_max).map(|h| h.0)
            };
            match time {
                Some(t) if t.is_embedded() => return (RoundPart::Embedded, 0.0),
                Some(t) if t.sort_key() < best.1 => {
                    best = (RoundPart::First(i as u8), t.sort_key())
                }
                _ => {}
            }
        }
        best
    }

    #[test]
    fn the_first_round_part_is_the_scalar_loops_bit_for_bit() {
        let mut r = rng(11);
        let mut hits = 0;
        for k in 0..300_000 {
            // Near misses and grazes as well as clear hits: a small triangle near the path.
            let mut p = |s: f32| Vec3::new(r() * s - s / 2.0, r() * s - s / 2.0, r() * s - s / 2.0);
            let (c, v) = (p(8.0), p(8.0));
            let tri = if k % 2 == 0 {
                [p(6.0), p(6.0), p(6.0)]
            } else {
                let o = c + v * 0.5 + p(3.0);
                [o, o + p(2.0), o + p(2.0)]
            };
            let t_max = if k % 3 == 0 { 0.4 } else { 1.0 };
            let (want, t) = scalar_first(c, v, &tri, t_max);
            let got = first_round_part(c, v, &tri, true, true, t_max);
            // An overlap the scalar tests report is always left to them; the lanes also leave
            // the overlaps those tests then drop (moving away, past the segment's ends).
            if got == RoundPart::Embedded {
                continue;
            }
            assert_eq!(got, want, "{c} {v} {tri:?} {t_max}");
            if let RoundPart::First(i) = got {
                hits += 1;
                let k = usize::from(i % 3);
                let again = if i < 3 {
                    sweep_edge(c, v, tri[k], tri[(k + 1) % 3], t_max).map(|h| h.0)
                } else {
                    sweep_vertex(c, v, tri[k], t_max).map(|h| h.0)
                };
                assert_eq!(again.map(|t| t.sort_key().to_bits()), Some(t.to_bits()));
            }
        }
        assert!(hits > 20_000, "{hits} hits");
    }

    #[test]
    fn an_embedded_part_or_a_switched_off_case_is_left_to_the_scalar_tests() {
        let tri = [Vec3::ZERO, Vec3::X * 4.0, Vec3::Y * 4.0];
        // Centre 0.5 from vertex 0 (and from edges 0 and 2): embedded.
        let c = Vec3::new(-0.3, -0.4, 0.0);
        let v = Vec3::new(-1.0, 0.0, 0.0);
        assert_eq!(
            first_round_part(c, v, &tri, true, true, 1.0),
            RoundPart::Embedded
        );
        // Coming at vertex 1 along x: edge 0's cylinder first only where edges count.
        let c = Vec3::new(6.0, 0.0, 0.0);
        let v = Vec3::new(-4.0, 0.0, 0.0);
        assert_eq!(
            first_round_part(c, v, &tri, false, true, 1.0),
            RoundPart::First(4)
        );
        assert_eq!(
            first_round_part(c, v, &tri, false, false, 1.0),
            RoundPart::None
        );
    }

    #[test]
    fn inside_triangle_is_the_scalar_edge_tests_bit_for_bit() {
        let mut r = rng(5);
        let (mut inside, tol) = (0, crate::sweep::face::INSIDE_TOLERANCE_ES);
        for k in 0..200_000 {
            let f: [f32; 14] = std::array::from_fn(|_| r() * 4.0 - 2.0);
            let p = |i: usize| Vec3::new(f[i], f[i + 1], f[i + 2]);
            let tri = [p(0), p(3), p(6)];
            let n = (tri[1] - tri[0]).cross(tri[2] - tri[0]).normalize_or_zero();
            // Points near the edges too, where the tolerance decides.
            let q = if k % 2 == 0 {
                p(9)
            } else {
                tri[0].lerp(tri[1], f[12] * 0.25 + 0.5) + n * f[13] * 0.25 + p(9) * 1e-5
            };
            let want = (0..3).all(|i| {
                let a = tri[i];
                let e = tri[(i + 1) % 3] - a;
                e.cross(q - a).dot(n) >= -tol * e.length()
            });
            assert_eq!(inside_triangle(q, &tri, n, tol), want, "{q} {tri:?}");
            inside += usize::from(want);
        }
        assert!(inside > 20_000, "{inside}");
    }
}
