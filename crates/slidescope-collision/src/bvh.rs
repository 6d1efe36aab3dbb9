//! Bounding volume hierarchy over triangle boxes (world space), queried with the box of a swept
//! ellipsoid.
//!
//! Written here rather than taken from `obvhs` or `bvh`: those crates are built around ray
//! traversal and allocate per query, while detection only needs "every box overlapping this box"
//! into a reused buffer, with a deterministic order. A binned-SAH build over a flat node array
//! (32 bytes a node: the walk is memory-bound on big levels, so small nodes beat aligned ones) does that in ~150 lines; `benches/sweep.rs` measures it against brute force.

use glam::{Vec3, Vec3A, Vec4};

use super::Aabb;

const BINS: usize = 12;
const MAX_LEAF: usize = 4;

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

    #[inline]
    fn min3(&self) -> Vec3A {
        Vec3A::from_vec4(self.min)
    }

    #[inline]
    fn max3(&self) -> Vec3A {
        Vec3A::from_vec4(self.max)
    }

    fn aabb(&self) -> Aabb {
        Aabb::new(self.min.truncate(), self.max.truncate())
    }
}

/// A static BVH over item boxes. Items are identified by their index in the build slice.
#[derive(Debug, Clone, Default)]
pub struct Bvh {
    nodes: Vec<Node>,
    items: Vec<u32>,
}

impl Bvh {
    /// Builds the tree over `n` items (binned surface-area heuristic). `bounds(i)` is item
    /// `i`'s box; it is called instead of reading a stored array so the build keeps no
    /// per-item boxes (24 B a triangle) alive. Deterministic for the same input.
    pub fn build(n: usize, bounds: impl Fn(u32) -> Aabb) -> Self {
        if n == 0 {
            return Self::default();
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

    /// Appends to `out` the index of every item whose box overlaps `query` (closed intervals).
    /// Order is the tree order; callers that need index order sort `out`.
    pub fn query(&self, query: &Aabb, out: &mut Vec<u32>) {
        if self.nodes.is_empty() {
            return;
        }
        let (qmin, qmax) = (Vec3A::from(query.min), Vec3A::from(query.max));
        let mut stack = vec![0u32];
        while let Some(i) = stack.pop() {
            let node = &self.nodes[i as usize];
            if !(qmin.cmple(node.max3()).all() && qmax.cmpge(node.min3()).all()) {
                continue;
            }
            if node.count() > 0 {
                let first = node.first_or_left() as usize;
                out.extend_from_slice(&self.items[first..first + node.count() as usize]);
            } else {
                stack.extend([node.first_or_left() + 1, node.first_or_left()]);
            }
        }
    }

    /// Visits the leaves a box of half-size `expand`, swept from `start` by `delta`, can reach
    /// before the current time limit, nearest entry first (parry's best-first idea).
    /// `visit` gets each leaf's slot range in [`Bvh::items`] and returns the new limit in
    /// `[0, 1]`; nodes entered after the limit are skipped. Every item whose expanded box the
    /// sweep enters at or before the final limit is visited.
    pub fn sweep_query(
        &self,
        start: Vec3,
        delta: Vec3,
        expand: Vec3,
        stack: &mut Vec<(u32, f32)>,
        mut visit: impl FnMut(std::ops::Range<usize>) -> f32,
    ) {
        stack.clear();
        if self.nodes.is_empty() {
            return;
        }
        let inv = inverse_delta(delta);
        // Slab origins with the expansion folded in: t = (bound ∓ expand − start) / delta.
        let (o_min, o_max) = (Vec3A::from(start + expand), Vec3A::from(start - expand));
        let entry = |n: &Node, limit: f32| slab_entry(n.min3(), n.max3(), o_min, o_max, inv, limit);
        let mut limit = 1.0f32;
        if let Some(t) = entry(&self.nodes[0], limit) {
            stack.push((0, t));
        }
        while let Some((i, t_enter)) = stack.pop() {
            if t_enter > limit {
                continue;
            }
            let node = &self.nodes[i as usize];
            if node.count() > 0 {
                let first = node.first_or_left() as usize;
                limit = visit(first..first + node.count() as usize).min(limit);
                continue;
            }
            let (l, r) = (node.first_or_left(), node.first_or_left() + 1);
            let tl = entry(&self.nodes[l as usize], limit);
            let tr = entry(&self.nodes[r as usize], limit);
            // Far child first, so the near one is popped next.
            match (tl, tr) {
                (Some(a), Some(b)) if a <= b => {
                    stack.push((r, b));
                    stack.push((l, a));
                }
                (Some(a), Some(b)) => {
                    stack.push((l, a));
                    stack.push((r, b));
                }
                (Some(a), None) => stack.push((l, a)),
                (None, Some(b)) => stack.push((r, b)),
                (None, None) => {}
            }
        }
    }

    /// Box of the whole tree (empty for an empty tree).
    pub fn bounds(&self) -> Aabb {
        self.nodes.first().map_or(Aabb::EMPTY, Node::aabb)
    }

    /// Item indices in leaf order (each leaf is a contiguous run).
    pub fn items(&self) -> &[u32] {
        &self.items
    }

    /// Number of nodes (inner + leaves).
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// Heap bytes held by the tree.
    pub fn heap_bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.items.capacity() * std::mem::size_of::<u32>()
    }
}

/// Entry time in `[0, limit]` of the segment `start + t·delta` into the box `[min, max]` grown
/// by `expand`, given `inv` from [`inverse_delta`]; `None` if it never enters before `limit`.
#[inline]
pub fn slab_entry(
    min: Vec3A,
    max: Vec3A,
    o_min: Vec3A,
    o_max: Vec3A,
    inv: Vec3A,
    limit: f32,
) -> Option<f32> {
    let t0 = (min - o_min) * inv;
    let t1 = (max - o_max) * inv;
    let enter = t0.min(t1).max_element().max(0.0);
    let exit = t0.max(t1).min_element().min(limit);
    (enter <= exit).then_some(enter)
}

/// `1 / delta` with zero components replaced by ±1e-30 first, so the slab products are ±huge
/// instead of `0 · inf = NaN`.
#[inline]
pub fn inverse_delta(delta: Vec3) -> Vec3A {
    let d = Vec3A::from(delta);
    let tiny = Vec3A::splat(1e-30);
    let safe = Vec3A::select(d.abs().cmplt(tiny), tiny.copysign(d), d);
    safe.recip()
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
    if items.len() <= 2 * MAX_LEAF && best.0 >= whole.half_area() * items.len() as f32 {
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
