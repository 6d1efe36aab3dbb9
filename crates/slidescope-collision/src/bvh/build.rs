//! The build: a binned surface-area-heuristic binary tree (12 bins, leaves of 4 items, or of up
//! to 7 where the heuristic finds a leaf cheaper than a split), then collapsed into 4-wide
//! nodes ([`super::node`]) by pulling up the grandchildren of the largest inner children. The
//! binary tree lives only during the build.

use glam::{Vec3, Vec4};

use super::node::{ChildRef, Node4};
use crate::Aabb;

const BINS: usize = 12;
/// Items above which a node is split when the heuristic allows.
pub const MAX_LEAF: usize = 4;
/// Items a leaf can hold at all (3 bits of count in a [`ChildRef`]): a node with more is split
/// whatever the heuristic says (a leaf of 8 once read as one of 0, and its triangles were never
/// tested: `tests/bvh_leaves.rs`).
const MAX_LEAF_ITEMS: usize = (1 << super::node::COUNT_BITS) - 1;

/// 32 bytes, 16-byte aligned: the bounds load as SIMD registers, and the two integers ride in
/// the `w` lanes (as bit patterns) instead of widening the node.
#[derive(Debug, Clone, Copy)]
struct Node {
    /// `xyz`: min corner; `w`: bits of `first_or_left` — leaf: first item in `items`, inner:
    /// index of the left child (right = left + 1).
    min: Vec4,
    /// `xyz`: max corner; `w`: bits of `count` — leaf: number of items (> 0), inner: 0.
    max: Vec4,
}

impl Node {
    fn leaf(b: Aabb, first: usize, count: usize) -> Self {
        Self {
            min: b.min.extend(f32::from_bits(first as u32)),
            max: b.max.extend(f32::from_bits(count as u32)),
        }
    }

    fn inner(b: Aabb, left: usize) -> Self {
        Self::leaf(b, left, 0)
    }

    #[inline]
    fn first_or_left(&self) -> u32 {
        self.min.w.to_bits()
    }

    #[inline]
    fn count(&self) -> u32 {
        self.max.w.to_bits()
    }

    fn aabb(&self) -> Aabb {
        Aabb::new(self.min.truncate(), self.max.truncate())
    }
}

/// The binary tree of the build.
pub struct BinaryTree {
    nodes: Vec<Node>,
    pub items: Vec<u32>,
}

impl BinaryTree {
    /// Builds the tree over `n` items (binned surface-area heuristic). `bounds(i)` is item
    /// `i`'s box; it is called instead of reading a stored array so the build keeps no
    /// per-item boxes (24 B a triangle) alive. Deterministic for the same input.
    pub fn build(n: usize, bounds: impl Fn(u32) -> Aabb) -> Self {
        if n == 0 {
            return Self {
                nodes: Vec::new(),
                items: Vec::new(),
            };
        }
        let centroids: Vec<Vec3> = (0..n as u32).map(|i| bounds(i).center()).collect();
        let mut items: Vec<u32> = (0..n as u32).collect();
        let root_box = (0..n as u32).fold(Aabb::EMPTY, |a, i| a.union(bounds(i)));
        let mut nodes = Vec::with_capacity(2 * n / MAX_LEAF + 1);
        nodes.push(Node::leaf(root_box, 0, n));
        // Explicit work list instead of recursion: deep trees cannot overflow the stack. Each
        // entry carries its box, computed by the parent's binning, so no node folds its items.
        let mut work = vec![(0usize, 0usize, n, root_box)];
        while let Some((node, start, end, node_box)) = work.pop() {
            let split = if end - start > MAX_LEAF {
                sah_split(&mut items[start..end], &node_box, &bounds, &centroids)
                    .or_else(|| halves(&items[start..end], &bounds))
            } else {
                None
            };
            match split {
                Some((mid, left_box, right_box)) => {
                    let left = nodes.len();
                    nodes.push(Node::leaf(left_box, start, mid));
                    nodes.push(Node::leaf(right_box, start + mid, end - start - mid));
                    nodes[node] = Node::inner(node_box, left);
                    work.push((left + 1, start + mid, end, right_box));
                    work.push((left, start, start + mid, left_box));
                }
                None => nodes[node] = Node::leaf(node_box, start, end - start),
            }
        }
        Self { nodes, items }
    }
}

impl BinaryTree {
    /// The tree collapsed into 4-wide nodes: each node takes its two children and, while it
    /// has fewer than four, replaces its largest inner child (by surface area) by that child's
    /// two children. Leaves become child references. Returns the nodes (root first) and the
    /// whole tree's box.
    pub fn collapse(&self) -> (Vec<Node4>, Aabb) {
        let Some(root) = self.nodes.first() else {
            return (Vec::new(), Aabb::EMPTY);
        };
        let mut out = vec![Node4::EMPTY];
        let bounds = root.aabb();
        let mut work = vec![(0usize, 0usize)];
        while let Some((bin, slot)) = work.pop() {
            let node = &self.nodes[bin];
            let mut kids: Vec<usize> = if node.count() > 0 {
                vec![bin]
            } else {
                let l = node.first_or_left() as usize;
                vec![l, l + 1]
            };
            while kids.len() < 4 {
                let widest = kids
                    .iter()
                    .enumerate()
                    .filter(|(_, k)| self.nodes[**k].count() == 0)
                    .max_by(|a, b| {
                        let area = |k: &usize| self.nodes[*k].aabb().half_area();
                        area(a.1).total_cmp(&area(b.1))
                    })
                    .map(|(i, _)| i);
                let Some(i) = widest else {
                    break;
                };
                let l = self.nodes[kids[i]].first_or_left() as usize;
                kids.splice(i..=i, [l, l + 1]);
            }
            let mut n4 = Node4::EMPTY;
            for (lane, &k) in kids.iter().enumerate() {
                let child = &self.nodes[k];
                let r = if child.count() > 0 {
                    ChildRef::leaf(child.first_or_left(), child.count())
                } else {
                    let s = out.len();
                    out.push(Node4::EMPTY);
                    work.push((k, s));
                    ChildRef::node(s as u32)
                };
                n4.set(lane, &child.aabb(), r);
            }
            out[slot] = n4;
        }
        (out, bounds)
    }
}

/// Where the heuristic made a leaf of more than a leaf can hold (coincident centroids, such as
/// a two-sided wall's duplicated triangles): the items split in two halves as they lie.
fn halves(items: &[u32], bounds: &impl Fn(u32) -> Aabb) -> Option<(usize, Aabb, Aabb)> {
    let mid = items.len() / 2;
    let boxed = |part: &[u32]| part.iter().fold(Aabb::EMPTY, |a, &i| a.union(bounds(i)));
    (items.len() > MAX_LEAF_ITEMS).then(|| (mid, boxed(&items[..mid]), boxed(&items[mid..])))
}

/// Partitions `items` by the best binned-SAH plane; returns the split position and the two
/// children's boxes, or `None` when a leaf is cheaper (or all centroids coincide).
fn sah_split(
    items: &mut [u32],
    whole: &Aabb,
    bounds: &impl Fn(u32) -> Aabb,
    centroids: &[Vec3],
) -> Option<(usize, Aabb, Aabb)> {
    let cb = items
        .iter()
        .fold(Aabb::EMPTY, |a, &i| a.grow(centroids[i as usize]));
    let ext = cb.extent();
    let axis = if ext.x >= ext.y && ext.x >= ext.z {
        0
    } else if ext.y >= ext.z {
        1
    } else {
        2
    };
    let (lo, span) = (cb.min[axis], ext[axis]);
    if span.is_nan() || span <= 0.0 {
        return None;
    }
    let scale = BINS as f32 / span;
    let bin_of = |i: u32| (((centroids[i as usize][axis] - lo) * scale) as usize).min(BINS - 1);
    let mut bin_box = [Aabb::EMPTY; BINS];
    let mut bin_n = [0usize; BINS];
    for &i in items.iter() {
        let b = bin_of(i);
        bin_box[b] = bin_box[b].union(bounds(i));
        bin_n[b] += 1;
    }
    // Sweep from the right to get suffix boxes and costs, then from the left.
    let mut right_box = [Aabb::EMPTY; BINS];
    let mut right_cost = [0.0f32; BINS];
    let (mut rb, mut rn) = (Aabb::EMPTY, 0usize);
    for k in (1..BINS).rev() {
        rb = rb.union(bin_box[k]);
        rn += bin_n[k];
        right_box[k] = rb;
        right_cost[k] = rb.half_area() * rn as f32;
    }
    let (mut lb, mut ln) = (Aabb::EMPTY, 0usize);
    let mut best = (f32::INFINITY, 0usize, Aabb::EMPTY);
    for k in 0..BINS - 1 {
        lb = lb.union(bin_box[k]);
        ln += bin_n[k];
        let cost = lb.half_area() * ln as f32 + right_cost[k + 1];
        if ln > 0 && ln < items.len() && cost < best.0 {
            best = (cost, k, lb);
        }
    }
    if !best.0.is_finite() {
        return None;
    }
    // Leaf cost vs split cost (traversal ≈ 1 box test, intersection ≈ 1 triangle sweep).
    if items.len() <= MAX_LEAF_ITEMS && best.0 >= whole.half_area() * items.len() as f32 {
        return None;
    }
    let mut mid = 0;
    for j in 0..items.len() {
        if bin_of(items[j]) <= best.1 {
            items.swap(j, mid);
            mid += 1;
        }
    }
    (mid > 0 && mid < items.len()).then_some((mid, best.2, right_box[best.1 + 1]))
}
