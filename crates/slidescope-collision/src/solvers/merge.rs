//! Merges a level's coplanar adjacent triangles into convex polygons, for the plane-space
//! solver (seed 000 works on convex polygons: one plane and one 2D test per polygon instead of
//! one per triangle).
//!
//! Vertices are welded by exact position (levels often repeat vertices per primitive). Then,
//! in triangle index order, each unassigned triangle starts a polygon that greedily absorbs
//! neighbours across its boundary edges when the neighbour shares the edge with the opposite
//! winding (same facing), is coplanar within [`PLANE_TOLERANCE`], and the polygon stays convex
//! with at most [`MAX_POLYGON_VERTICES`] vertices. Deterministic: hash maps are only looked up,
//! never iterated.
//!
//! Greedy and one triangle at a time, so it is not optimal: a flat 3 × 3 grid of quads ends as
//! three 1 × 3 strips (no single triangle of the next strip keeps the strip convex). Saving on
//! the shared levels (`slidescope compare`): three.js world 1,788 → 744 polygons (−58%),
//! lavaducts 11,087 → 3,497 (−69%), Sponza 261,845 → 215,477 (−18%).

use std::collections::HashMap;

use glam::Vec3;

use crate::CollisionMesh;

/// Largest distance (m) of a merged vertex from the polygon's plane, and the normal tolerance
/// `1 − n₁·n₂`.
pub const PLANE_TOLERANCE: f32 = 1e-6;
/// Most vertices in one merged polygon.
pub const MAX_POLYGON_VERTICES: usize = 32;

/// One convex polygon (world), counter-clockwise about `normal`.
#[derive(Debug, Clone, PartialEq)]
pub struct ConvexPolygon {
    pub vertices: Vec<Vec3>,
    /// Unit normal of the first triangle merged.
    pub normal: Vec3,
    /// The mesh triangles it covers, ascending.
    pub triangles: Vec<u32>,
}

impl AsRef<[Vec3]> for ConvexPolygon {
    fn as_ref(&self) -> &[Vec3] {
        &self.vertices
    }
}

/// What merging saved.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct MergeReport {
    pub triangles: usize,
    pub polygons: usize,
    /// Polygons made of more than one triangle.
    pub merged_polygons: usize,
    /// Largest vertex count.
    pub max_vertices: usize,
    /// Sum of vertex counts over all polygons.
    pub total_vertices: usize,
}

impl MergeReport {
    /// `1 − polygons / triangles`.
    pub fn saving(&self) -> f64 {
        if self.triangles == 0 {
            0.0
        } else {
            1.0 - self.polygons as f64 / self.triangles as f64
        }
    }
}

/// Merges `mesh` into convex polygons; returns them and `polygon_of[triangle]`.
pub fn merge_coplanar(mesh: &CollisionMesh) -> (Vec<ConvexPolygon>, Vec<u32>, MergeReport) {
    let tri_count = mesh.triangle_count();
    let welded = Welded::new(mesh);
    let mut polygon_of = vec![u32::MAX; tri_count];
    let mut polygons = Vec::new();
    for start in 0..tri_count {
        if polygon_of[start] == u32::MAX {
            let pid = polygons.len() as u32;
            polygons.push(grow_polygon(
                mesh,
                &welded,
                start as u32,
                pid,
                &mut polygon_of,
            ));
        }
    }
    let report = MergeReport {
        triangles: tri_count,
        polygons: polygons.len(),
        merged_polygons: polygons.iter().filter(|p| p.triangles.len() > 1).count(),
        max_vertices: polygons.iter().map(|p| p.vertices.len()).max().unwrap_or(0),
        total_vertices: polygons.iter().map(|p| p.vertices.len()).sum(),
    };
    (polygons, polygon_of, report)
}

/// The mesh's triangles over vertices welded by exact position, with each directed edge's
/// triangles.
struct Welded {
    pos: Vec<Vec3>,
    tris: Vec<[u32; 3]>,
    edges: HashMap<(u32, u32), Vec<u32>>,
}

impl Welded {
    fn new(mesh: &CollisionMesh) -> Self {
        let mut weld: HashMap<[u32; 3], u32> = HashMap::new();
        let mut pos: Vec<Vec3> = Vec::new();
        let mut tris: Vec<[u32; 3]> = Vec::with_capacity(mesh.triangle_count());
        for i in 0..mesh.triangle_count() as u32 {
            let t = mesh.triangle(i);
            tris.push(t.vertices.map(|p| {
                let key = [p.x.to_bits(), p.y.to_bits(), p.z.to_bits()];
                *weld.entry(key).or_insert_with(|| {
                    pos.push(p);
                    (pos.len() - 1) as u32
                })
            }));
        }
        let mut edges: HashMap<(u32, u32), Vec<u32>> = HashMap::new();
        for (ti, t) in tris.iter().enumerate() {
            for k in 0..3 {
                edges
                    .entry((t[k], t[(k + 1) % 3]))
                    .or_default()
                    .push(ti as u32);
            }
        }
        Self { pos, tris, edges }
    }
}

/// Polygon `pid` grown from triangle `start` by walking its ring and taking in each unclaimed
/// coplanar neighbour across a ring edge that keeps it convex.
fn grow_polygon(
    mesh: &CollisionMesh,
    w: &Welded,
    start: u32,
    pid: u32,
    polygon_of: &mut [u32],
) -> ConvexPolygon {
    polygon_of[start as usize] = pid;
    let normal = mesh.triangle(start).normal;
    let origin = w.pos[w.tris[start as usize][0] as usize];
    let mut ring: Vec<u32> = w.tris[start as usize].to_vec();
    let mut members = vec![start];
    let mut k = 0;
    // Walk the ring; on a merge, stay at the same edge (it changed).
    while k < ring.len() && ring.len() < MAX_POLYGON_VERTICES {
        let (a, b) = (ring[k], ring[(k + 1) % ring.len()]);
        let candidate = w.edges.get(&(b, a)).and_then(|list| {
            list.iter().copied().find(|&t| {
                polygon_of[t as usize] == u32::MAX
                    && mergeable(mesh, &w.pos, &w.tris, t, normal, origin)
            })
        });
        let Some(t) = candidate else {
            k += 1;
            continue;
        };
        let apex = w.tris[t as usize].into_iter().find(|&x| x != a && x != b);
        let Some(apex) = apex else {
            k += 1;
            continue;
        };
        let mut trial = ring.clone();
        trial.insert(k + 1, apex);
        if ring.contains(&apex) || !is_convex(&trial, &w.pos, normal) {
            k += 1;
            continue;
        }
        ring = trial;
        polygon_of[t as usize] = pid;
        members.push(t);
    }
    members.sort_unstable();
    ConvexPolygon {
        vertices: ring.iter().map(|&i| w.pos[i as usize]).collect(),
        normal,
        triangles: members,
    }
}

fn mergeable(
    mesh: &CollisionMesh,
    pos: &[Vec3],
    tris: &[[u32; 3]],
    t: u32,
    normal: Vec3,
    origin: Vec3,
) -> bool {
    let n = mesh.triangle(t).normal;
    n.dot(normal) >= 1.0 - PLANE_TOLERANCE
        && tris[t as usize]
            .iter()
            .all(|&v| (pos[v as usize] - origin).dot(normal).abs() <= PLANE_TOLERANCE)
}

/// Convex (collinear vertices allowed) and counter-clockwise about `normal`.
fn is_convex(ring: &[u32], pos: &[Vec3], normal: Vec3) -> bool {
    let n = ring.len();
    (0..n).all(|i| {
        let p = pos[ring[(i + n - 1) % n] as usize];
        let c = pos[ring[i] as usize];
        let q = pos[ring[(i + 1) % n] as usize];
        let (e1, e2) = (c - p, q - c);
        e1.cross(e2).dot(normal) >= -1e-7 * e1.length() * e2.length()
    })
}
