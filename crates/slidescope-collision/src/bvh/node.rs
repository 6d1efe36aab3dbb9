//! A 4-wide node: the boxes of up to four children stored across SIMD lanes (one `Vec4` per
//! bound and axis), so one pass of slab arithmetic tests all four against a swept box — the
//! layout bepu, Embree and tinybvh use. 128 bytes, two cache lines.

use glam::{Vec3A, Vec4};

use crate::Aabb;

/// A child: an inner node, a leaf (a run of items), or nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChildRef(u32);

const LEAF_BIT: u32 = 1 << 31;
pub const COUNT_BITS: u32 = 3;
/// Items addressable by a leaf (28 bits of first item).
pub const MAX_ITEMS: usize = 1 << (31 - COUNT_BITS);

impl ChildRef {
    pub const NONE: Self = Self(u32::MAX);

    pub fn node(i: u32) -> Self {
        Self(i)
    }

    /// A leaf of `count` (1..=7) items starting at `first` (< [`MAX_ITEMS`]).
    pub fn leaf(first: u32, count: u32) -> Self {
        assert!(
            (1..1 << COUNT_BITS).contains(&count),
            "a leaf holds 1 to 7 items"
        );
        Self(LEAF_BIT | (first << COUNT_BITS) | count)
    }

    /// The packed reference (a walk stack keeps nodes and leaves in one `u32`).
    #[inline]
    pub fn raw(self) -> u32 {
        self.0
    }

    /// A reference from [`ChildRef::raw`].
    #[inline]
    pub fn from_raw(raw: u32) -> Self {
        Self(raw)
    }

    /// `Some(node index)` for an inner node.
    #[inline]
    pub fn as_node(self) -> Option<u32> {
        (self.0 & LEAF_BIT == 0).then_some(self.0)
    }

    /// `Some(item range)` for a leaf.
    #[inline]
    pub fn as_leaf(self) -> Option<std::ops::Range<usize>> {
        (self.0 != u32::MAX && self.0 & LEAF_BIT != 0).then(|| {
            let first = ((self.0 & !LEAF_BIT) >> COUNT_BITS) as usize;
            first..first + (self.0 & ((1 << COUNT_BITS) - 1)) as usize
        })
    }
}

/// Four children's boxes (lanes) and references.
#[derive(Debug, Clone, Copy)]
#[repr(C, align(16))]
pub struct Node4 {
    min: [Vec4; 3],
    max: [Vec4; 3],
    pub child: [ChildRef; 4],
    /// Lanes holding a child (bit per lane).
    valid: u32,
}

impl Node4 {
    /// No children: every lane's box is empty (min = max = +inf enters nothing).
    pub const EMPTY: Self = Self {
        min: [Vec4::INFINITY; 3],
        max: [Vec4::INFINITY; 3],
        child: [ChildRef::NONE; 4],
        valid: 0,
    };

    pub fn set(&mut self, lane: usize, b: &Aabb, child: ChildRef) {
        for axis in 0..3 {
            self.min[axis][lane] = b.min[axis];
            self.max[axis][lane] = b.max[axis];
        }
        self.child[lane] = child;
        self.valid |= 1 << lane;
    }

    /// The box of lane `lane`.
    pub fn aabb(&self, lane: usize) -> Aabb {
        let p = |v: &[Vec4; 3]| glam::Vec3::new(v[0][lane], v[1][lane], v[2][lane]);
        Aabb::new(p(&self.min), p(&self.max))
    }

    /// Entry times into each child's box of the segment `start + t·delta` grown by the query's
    /// half-size (folded into `o_min`, `o_max`, see [`super::slab_entry`]), as lanes, and the
    /// mask of lanes holding a child entered within `[0, limit]`. The same arithmetic as
    /// [`super::slab_entry`], four lanes at a time.
    #[inline]
    pub fn entries(&self, o_min: Vec3A, o_max: Vec3A, inv: Vec3A, limit: f32) -> (Vec4, u32) {
        let axis = |a: usize| {
            let t0 = (self.min[a] - Vec4::splat(o_min[a])) * inv[a];
            let t1 = (self.max[a] - Vec4::splat(o_max[a])) * inv[a];
            (t0.min(t1), t0.max(t1))
        };
        let (x0, x1) = axis(0);
        let (y0, y1) = axis(1);
        let (z0, z1) = axis(2);
        let enter = x0.max(y0).max(z0).max(Vec4::ZERO);
        let exit = x1.min(y1).min(z1).min(Vec4::splat(limit));
        (enter, enter.cmple(exit).bitmask() & self.valid)
    }

    /// Lanes whose box overlaps `[qmin, qmax]` (closed intervals), as a bit mask.
    #[inline]
    pub fn overlaps(&self, qmin: Vec3A, qmax: Vec3A) -> u32 {
        let mut m = glam::BVec4A::splat(true);
        for a in 0..3 {
            m &= self.min[a].cmple(Vec4::splat(qmax[a])) & self.max[a].cmpge(Vec4::splat(qmin[a]));
        }
        m.bitmask()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn child_refs_round_trip() {
        assert_eq!(ChildRef::node(7).as_node(), Some(7));
        assert_eq!(ChildRef::node(7).as_leaf(), None);
        assert_eq!(ChildRef::leaf(123_456, 4).as_leaf(), Some(123_456..123_460));
        assert_eq!(ChildRef::leaf(0, 1).as_node(), None);
        assert_eq!(ChildRef::NONE.as_leaf(), None);
        assert_eq!(ChildRef::NONE.as_node(), None);
    }
}
