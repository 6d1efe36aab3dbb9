//! The floor of a sphere sweep on this BVH, shared by `lower_bound` and
//! `slide_rapier`: the walk to every leaf entered before the true time of impact, and one SIMD
//! face test per four candidates on planes stored for the query (structure of arrays, Jolt's
//! `TriangleCodecIndexed8BitPackSOA4` idea). A sweep as fast as that reads its tree and its
//! triangles once and does the least arithmetic per candidate. The crowd's axis-aligned
//! ellipsoids use the same floor in a space scaled so they are that sphere
//! ([`Query::ellipsoid`]).

use glam::{Vec3, Vec3A, Vec4};
use slidescope::collision::CollisionMesh;
use slidescope::collision::debug::{slab_entry, sweep_slabs};

/// The sphere's radius (both benches sweep a 0.5 m sphere).
pub const R: f32 = 0.5;

/// One query: its start, motion, true time of impact, its candidates' slots, the world
/// half-extents of its (axis-aligned) shape, and its start and motion in the space where that
/// shape is the sphere of radius [`R`] (the world's for that sphere).
pub struct Query {
    pub start: Vec3,
    pub delta: Vec3,
    pub toi: f32,
    pub slots: Vec<u32>,
    pub half: Vec3,
    scaled: (Vec3, Vec3),
}

/// Four candidates' face planes and edge planes, lanes across (the SoA block).
#[derive(Clone, Copy)]
pub struct Block4 {
    n: [Vec4; 3],
    d: Vec4,
    /// Edge planes in the triangle's plane, pointing inwards: `e · p ≥ k` inside.
    e: [[Vec4; 3]; 3],
    k: [Vec4; 3],
}

/// The BVH walk of a sweep whose time of impact is already known to be `limit`: every leaf
/// it enters by then, and in each the triangles whose own box it enters (`visit(slot,
/// entry)`), as detection's walk tests them.
/// `half`: the shape's world half-extents.
pub fn walk(
    mesh: &CollisionMesh,
    (start, delta, half): (Vec3, Vec3, Vec3),
    limit: f32,
    stack: &mut Vec<(u32, f32)>,
    mut visit: impl FnMut(u32, f32),
) {
    let expand = half * 1.002;
    let slabs = sweep_slabs(start, delta, expand);
    let (o_min, o_max, inv) = slabs;
    mesh.bvh().sweep_query_slabs(slabs, stack, |slots| {
        for k in slots {
            let [a, b, c] = mesh.slot_vertices(k).map(Vec3A::from);
            if let Some(t) = slab_entry(a.min(b).min(c), a.max(b).max(c), o_min, o_max, inv, limit)
            {
                visit(k as u32, t);
            }
        }
        limit
    });
}

/// A query's candidates' planes in blocks of four (a last partial block padded with planes
/// that nothing reaches), in its scaled space ([`Query::scale`]: the world's for the sphere of
/// radius [`R`]).
pub fn blocks_for(mesh: &CollisionMesh, q: &Query) -> Vec<Block4> {
    let scale = q.scale();
    q.slots
        .chunks(4)
        .map(|chunk| {
            let mut b = Block4 {
                n: [Vec4::ZERO; 3],
                d: Vec4::splat(f32::INFINITY),
                e: [[Vec4::ZERO; 3]; 3],
                k: [Vec4::ZERO; 3],
            };
            for (lane, &k) in chunk.iter().enumerate() {
                let [p0, p1, p2] = mesh.slot_vertices(k as usize).map(|p| p * scale);
                let n = (p1 - p0).cross(p2 - p0).normalize_or_zero();
                for axis in 0..3 {
                    b.n[axis][lane] = n[axis];
                }
                b.d[lane] = n.dot(p0);
                for (i, (a, c)) in [(p0, p1), (p1, p2), (p2, p0)].into_iter().enumerate() {
                    let inward = n.cross(c - a);
                    for axis in 0..3 {
                        b.e[i][axis][lane] = inward[axis];
                    }
                    b.k[i][lane] = inward.dot(a);
                }
            }
            b
        })
        .collect()
}

/// The earliest face contact of the sphere (centre `c`, motion `v`) over `blocks`, four
/// triangles a step: plane time of impact, then the contact point inside all three edge
/// planes, lanes masked.
pub fn face_tests(c: Vec3, v: Vec3, blocks: &[Block4]) -> f32 {
    let (cx, cy, cz) = (Vec4::splat(c.x), Vec4::splat(c.y), Vec4::splat(c.z));
    let (vx, vy, vz) = (Vec4::splat(v.x), Vec4::splat(v.y), Vec4::splat(v.z));
    let r = Vec4::splat(R);
    let mut best = Vec4::ONE;
    for b in blocks {
        let [nx, ny, nz] = b.n;
        let d0 = nx * cx + ny * cy + nz * cz - b.d;
        let dn = nx * vx + ny * vy + nz * vz;
        let t = (d0 - r) / -dn;
        let reach = d0.cmpge(r) & dn.cmplt(Vec4::ZERO) & t.cmple(best);
        if !reach.any() {
            continue;
        }
        let (px, py, pz) = (
            cx + vx * t - nx * r,
            cy + vy * t - ny * r,
            cz + vz * t - nz * r,
        );
        let mut inside = reach;
        for i in 0..3 {
            let [ex, ey, ez] = b.e[i];
            inside &= (ex * px + ey * py + ez * pz).cmpge(b.k[i]);
        }
        best = Vec4::select(inside, t.min(best), best);
    }
    best.min_element()
}

impl Query {
    /// The sweep from `start` along `delta` whose true time of impact is `toi`, with the
    /// candidates its walk reaches by then.
    pub fn new(mesh: &CollisionMesh, start: Vec3, delta: Vec3, toi: f32) -> Self {
        Self::ellipsoid(mesh, (start, delta), toi, Vec3::splat(R))
    }

    /// The same for an axis-aligned ellipsoid of world half-extents `half`.
    pub fn ellipsoid(
        mesh: &CollisionMesh,
        (start, delta): (Vec3, Vec3),
        toi: f32,
        half: Vec3,
    ) -> Self {
        let mut slots = Vec::new();
        walk(
            mesh,
            (start, delta, half),
            toi,
            &mut Vec::new(),
            |k, entry| {
                if entry <= toi {
                    slots.push(k);
                }
            },
        );
        let mut q = Self {
            start,
            delta,
            toi,
            slots,
            half,
            scaled: (start, delta),
        };
        let scale = q.scale();
        q.scaled = (start * scale, delta * scale);
        q
    }

    /// The per-axis scale that makes the shape the sphere of radius [`R`] (1 for that sphere).
    pub fn scale(&self) -> Vec3 {
        Vec3::splat(R) / self.half
    }
}

/// The walks of `queries`, once (the first half of the floor).
pub fn walk_all(mesh: &CollisionMesh, queries: &[Query], stack: &mut Vec<(u32, f32)>) {
    for q in queries {
        let mut count = 0u32;
        walk(mesh, (q.start, q.delta, q.half), q.toi, stack, |_, _| {
            count += 1
        });
        std::hint::black_box(count);
    }
}

/// The face tests of `queries`' candidates (`blocks`, from [`blocks_for`]), once (the other
/// half).
pub fn face_all(queries: &[Query], blocks: &[Vec<Block4>]) {
    for (q, bs) in queries.iter().zip(blocks) {
        let (start, delta) = q.scaled;
        std::hint::black_box(face_tests(start, delta, bs));
    }
}
