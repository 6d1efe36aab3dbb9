//! Bounding volume hierarchy over triangle boxes (world space), queried with the box of a swept
//! ellipsoid.
//!
//! Written here rather than taken from `obvhs` or `bvh`: those crates are built around ray
//! traversal and allocate per query, while detection only needs "every box overlapping this box"
//! into a reused buffer, with a deterministic order. A binned-SAH build over a flat node array
//! (32 bytes a node: the walk is memory-bound on big levels, so small nodes beat aligned ones) does that in ~150 lines; `benches/sweep.rs` measures it against brute force.

use glam::{Vec3, Vec3A};

use super::Aabb;

const BINS: usize = 12;
const MAX_LEAF: usize = 4;
const STACK: usize = 64;

#[derive(Debug, Clone, Copy)]
struct Node {
    min: Vec3,
    /// Leaf: first item in `items`; inner: index of the left child (right = left + 1).
    first_or_left: u32,
    max: Vec3,
    /// Leaf: number of items (> 0); inner: 0.
    count: u32,
}

impl Node {
    fn leaf(b: Aabb, first: usize, count: usize) -> Self {
        Self {
            min: b.min,
            first_or_left: first as u32,
            max: b.max,
            count: count as u32,
        }
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
                    nodes[node].first_or_left = left as u32;
                    nodes[node].count = 0;
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
        let mut stack = [0u32; STACK];
        let mut sp = 1usize;
        while sp > 0 {
            sp -= 1;
            let node = &self.nodes[stack[sp] as usize];
            let (qmin, qmax) = (Vec3A::from(query.min), Vec3A::from(query.max));
            let hit = qmin.cmple(node.max.into()).all() && qmax.cmpge(node.min.into()).all();
            if !hit {
                continue;
            }
            if node.count > 0 {
                let first = node.first_or_left as usize;
                out.extend_from_slice(&self.items[first..first + node.count as usize]);
            } else if sp + 2 <= STACK {
                stack[sp] = node.first_or_left;
                stack[sp + 1] = node.first_or_left + 1;
                sp += 2;
            } else {
                // Deeper than STACK (only on pathological input): finish this subtree
                // recursively so no item is ever missed.
                self.query_from(node.first_or_left, query, out);
                self.query_from(node.first_or_left + 1, query, out);
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
        mut visit: impl FnMut(std::ops::Range<usize>) -> f32,
    ) {
        if self.nodes.is_empty() {
            return;
        }
        let inv = Vec3A::from(delta).recip();
        // Slab origins with the expansion folded in: t = (bound ∓ expand − start) / delta.
        let (o_min, o_max) = (Vec3A::from(start + expand), Vec3A::from(start - expand));
        let entry =
            |n: &Node, limit: f32| slab_entry(n.min.into(), n.max.into(), o_min, o_max, inv, limit);
        let mut limit = 1.0f32;
        let mut stack = NodeStack::default();
        if let Some(t) = entry(&self.nodes[0], limit) {
            stack.push((0, t));
        }
        while let Some((i, t_enter)) = stack.pop() {
            if t_enter > limit {
                continue;
            }
            let node = &self.nodes[i as usize];
            if node.count > 0 {
                let first = node.first_or_left as usize;
                limit = visit(first..first + node.count as usize).min(limit);
                continue;
            }
            let (l, r) = (node.first_or_left, node.first_or_left + 1);
            let tl = entry(&self.nodes[l as usize], limit);
            let tr = entry(&self.nodes[r as usize], limit);
            let (near, far) = match (tl, tr) {
                (Some(a), Some(b)) if a <= b => (Some((l, a)), Some((r, b))),
                (Some(a), Some(b)) => (Some((r, b)), Some((l, a))),
                (Some(a), None) => (Some((l, a)), None),
                (None, Some(b)) => (Some((r, b)), None),
                (None, None) => (None, None),
            };
            // Far first, so the near child is popped next.
            for item in [far, near].into_iter().flatten() {
                stack.push(item);
            }
        }
    }

    fn query_from(&self, node: u32, query: &Aabb, out: &mut Vec<u32>) {
        let n = &self.nodes[node as usize];
        if !(query.min.cmple(n.max).all() && query.max.cmpge(n.min).all()) {
            return;
        }
        if n.count > 0 {
            let first = n.first_or_left as usize;
            out.extend_from_slice(&self.items[first..first + n.count as usize]);
        } else {
            self.query_from(n.first_or_left, query, out);
            self.query_from(n.first_or_left + 1, query, out);
        }
    }

    /// Box of the whole tree (empty for an empty tree).
    pub fn bounds(&self) -> Aabb {
        self.nodes
            .first()
            .map_or(Aabb::EMPTY, |n| Aabb::new(n.min, n.max))
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
/// by `expand`, given `inv = 1 / delta`; `None` if it never enters before `limit`.
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
    let lo = t0.min(t1);
    let hi = t0.max(t1);
    let enter = lo.x.max(lo.y).max(lo.z).max(0.0);
    let exit = hi.x.min(hi.y).min(hi.z).min(limit);
    // A zero delta component on a slab face gives 0·inf = NaN: count it as inside.
    let enter = if enter.is_nan() { 0.0 } else { enter };
    let exit = if exit.is_nan() { limit } else { exit };
    (enter <= exit).then_some(enter)
}

/// The traversal stack: a fixed array (the SAH build keeps real levels far shallower), spilling
/// to the heap on pathological trees rather than missing nodes.
struct NodeStack {
    fixed: [(u32, f32); STACK],
    len: usize,
    spill: Vec<(u32, f32)>,
}

impl Default for NodeStack {
    fn default() -> Self {
        Self {
            fixed: [(0, 0.0); STACK],
            len: 0,
            spill: Vec::new(),
        }
    }
}

impl NodeStack {
    #[inline]
    fn push(&mut self, item: (u32, f32)) {
        if self.len < STACK && self.spill.is_empty() {
            self.fixed[self.len] = item;
            self.len += 1;
        } else {
            self.spill.push(item);
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<(u32, f32)> {
        if let Some(x) = self.spill.pop() {
            return Some(x);
        }
        (self.len > 0).then(|| {
            self.len -= 1;
            self.fixed[self.len]
        })
    }
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
