//! Whole-level comparison of the solvers against the reference (the engine of
//! `slidescope compare` and of the `solvers_*` tests). glam only, no I/O.
//!
//! Queries (fixed-seed SplitMix64, deterministic): *walking* — the ellipsoid 3 cm above a random
//! upward-facing triangle (area-weighted) moving 0.05–0.5 m sideways and 0.1 m down; *free* —
//! from 0.05–1.5 m off a random triangle (any facing) towards a jittered point of it, 0.5–1.5×
//! the distance. Shapes cycle: sphere (r 0.5), axis-aligned ellipsoid (0.4, 0.9, 0.4), rotated
//! ellipsoid (0.3, 0.8, 0.5) with random axes. Only starts clear of every triangle by
//! [`START_CLEARANCE_ES`] are kept: embedded starts are a different question.
//!
//! Every solver sees the same candidate triangles (a BVH box query of the swept ellipsoid),
//! and keeps its earliest contact. A disagreement with the reference (hit/miss differs, or
//! `|Δt| > T_TOLERANCE`) is *tangent* — explained — when the solver's answer is physically
//! right within [`TANGENT_TOLERANCE_ES`]: along the path up to the solver's time (its `t`, or 1
//! for a miss) the ellipsoid never overlaps the level by more than that, and at a reported
//! contact it is within that distance of touching. Anything else is *unexplained*.

use std::time::Instant;

use glam::{Mat3, Quat, Vec3};

use super::reference::{RefSpace, RefTriangle, Reference, Region, closest_on_triangle};
use super::static_overlap::{StaticCorrections, sphere_polygon_overlap};
use super::{ConvexPolygon, SolverHit, SolverQuery, SweepSolver};
use crate::{
    Aabb, CaseKind, CollisionMesh, Contact, ContactTime, Ellipsoid, Feature, Scratch,
    SlideSettings, sweep_with, sweep_with_solver,
};

/// Agreement threshold on the time of impact.
pub const T_TOLERANCE: f32 = 1e-4;
/// Distance (eSpace) within which a contact counts as touching, for explaining disagreements.
pub const TANGENT_TOLERANCE_ES: f64 = 1e-4;
/// Queries start at least this far (eSpace) from every triangle.
pub const START_CLEARANCE_ES: f64 = 1e-3;

/// SplitMix64.
#[derive(Debug, Clone)]
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `[0, 1)`.
    pub fn f32(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.f32()
    }
    /// Uniform direction.
    pub fn unit(&mut self) -> Vec3 {
        let z = self.range(-1.0, 1.0);
        let a = self.range(0.0, std::f32::consts::TAU);
        let s = (1.0 - z * z).max(0.0).sqrt();
        Vec3::new(s * a.cos(), z, s * a.sin())
    }
}

/// How a query was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueryKind {
    Walking,
    Free,
}

/// The ellipsoid family of a query.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShapeKind {
    Sphere,
    AxisAligned,
    Rotated,
}

/// One comparison query.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CompareQuery {
    pub kind: QueryKind,
    pub shape: ShapeKind,
    pub query: SolverQuery,
}

/// A level prepared for comparisons: the mesh and its merged polygons.
pub struct Scene<'a> {
    pub mesh: &'a CollisionMesh,
    pub polygons: Vec<ConvexPolygon>,
    pub polygon_of: Vec<u32>,
    pub merge: super::MergeReport,
}

impl<'a> Scene<'a> {
    pub fn new(mesh: &'a CollisionMesh) -> Self {
        let (polygons, polygon_of, merge) = super::merge_coplanar(mesh);
        Self {
            mesh,
            polygons,
            polygon_of,
            merge,
        }
    }

    /// Candidate triangles of a query, ascending: the BVH box query of the swept ellipsoid.
    pub fn candidates(&self, q: &SolverQuery, out: &mut Vec<u32>) {
        out.clear();
        let e = &q.ellipsoid;
        let abs = Mat3::from_cols(
            e.axes.x_axis.abs(),
            e.axes.y_axis.abs(),
            e.axes.z_axis.abs(),
        );
        let h = abs * e.radii * 1.01 + Vec3::splat(1e-3);
        let (a, b) = (e.center, e.center + q.velocity);
        self.mesh
            .bvh()
            .query(&Aabb::new(a.min(b) - h, a.max(b) + h), out);
        out.sort_unstable();
    }
}

fn shape(rng: &mut Rng, i: usize, center: Vec3) -> (ShapeKind, Ellipsoid) {
    let made = match i % 3 {
        0 => (ShapeKind::Sphere, Ellipsoid::sphere(center, 0.5)),
        1 => (
            ShapeKind::AxisAligned,
            Ellipsoid::new(center, Vec3::new(0.4, 0.9, 0.4)),
        ),
        _ => {
            let q = Quat::from_xyzw(
                rng.range(-1.0, 1.0),
                rng.range(-1.0, 1.0),
                rng.range(-1.0, 1.0),
                rng.range(-1.0, 1.0),
            )
            .normalize();
            let q = if q.is_finite() { q } else { Quat::IDENTITY };
            (
                ShapeKind::Rotated,
                Ellipsoid::with_axes(center, Vec3::new(0.3, 0.8, 0.5), Mat3::from_quat(q)),
            )
        }
    };
    // Finite centres and valid radii/axes: never fails; fall back to a sphere all the same.
    let e = made
        .1
        .unwrap_or(Ellipsoid::sphere(Vec3::ZERO, 0.5).unwrap_or(Ellipsoid {
            center: Vec3::ZERO,
            radii: Vec3::ONE,
            axes: Mat3::IDENTITY,
        }));
    (made.0, e)
}

/// Distance (m) from the ellipsoid's centre to its surface along `n` (its support half-width).
fn support(e: &Ellipsoid, n: Vec3) -> f32 {
    (e.radii * (e.axes.transpose() * n)).length()
}

/// Area-weighted sampler over a set of triangles.
struct Sampler {
    tris: Vec<u32>,
    cdf: Vec<f64>,
    total: f64,
}

impl Sampler {
    fn new(mesh: &CollisionMesh, keep: impl Fn(Vec3) -> bool) -> Self {
        let mut tris = Vec::new();
        let mut cdf = Vec::new();
        let mut total = 0.0;
        for i in 0..mesh.triangle_count() as u32 {
            let t = mesh.triangle(i);
            if !keep(t.normal) {
                continue;
            }
            let [a, b, c] = t.vertices;
            total += 0.5 * (b - a).cross(c - a).length() as f64;
            tris.push(i);
            cdf.push(total);
        }
        Self { tris, cdf, total }
    }
    /// A uniform point on the surface and the triangle's normal.
    fn sample(&self, mesh: &CollisionMesh, rng: &mut Rng) -> Option<(Vec3, Vec3)> {
        if self.tris.is_empty() || self.total.is_nan() || self.total <= 0.0 {
            return None;
        }
        let x = rng.f32() as f64 * self.total;
        let k = self
            .cdf
            .partition_point(|&c| c < x)
            .min(self.tris.len() - 1);
        let t = mesh.triangle(self.tris[k]);
        let (mut a, mut b) = (rng.f32(), rng.f32());
        if a + b > 1.0 {
            (a, b) = (1.0 - a, 1.0 - b);
        }
        let [p0, p1, p2] = t.vertices;
        Some((p0 + (p1 - p0) * a + (p2 - p0) * b, t.normal))
    }
}

/// `n` queries (half walking, half free), deterministic in `seed`. Fewer if the level offers
/// too few clear starts (at most 50 attempts per query).
pub fn generate_queries(scene: &Scene, n: usize, seed: u64) -> Vec<CompareQuery> {
    let mesh = scene.mesh;
    let up = Sampler::new(mesh, |n| n.y > 0.7);
    let all = Sampler::new(mesh, |_| true);
    let mut rng = Rng(seed);
    let mut out = Vec::with_capacity(n);
    let mut cand = Vec::new();
    let mut attempts = 0usize;
    while out.len() < n && attempts < n.saturating_mul(50) {
        attempts += 1;
        let i = out.len();
        let walking = i % 2 == 0 && !up.tris.is_empty();
        let (kind, sampler) = if walking {
            (QueryKind::Walking, &up)
        } else {
            (QueryKind::Free, &all)
        };
        let Some((p, normal)) = sampler.sample(mesh, &mut rng) else {
            break;
        };
        let (shape_kind, mut e) = shape(&mut rng, i / 2, p);
        let velocity = if walking {
            e.center = p + normal * (support(&e, normal) + 0.03);
            let ang = rng.range(0.0, std::f32::consts::TAU);
            let len = rng.range(0.05, 0.5);
            Vec3::new(ang.cos() * len, -0.1, ang.sin() * len)
        } else {
            let mut dir = rng.unit();
            if dir.dot(normal) < 0.0 {
                dir = -dir;
            }
            e.center = p + dir * (support(&e, dir) + rng.range(0.05, 1.5));
            let target = p + rng.unit() * rng.range(0.0, 0.5);
            (target - e.center) * rng.range(0.5, 1.5)
        };
        let q = SolverQuery {
            ellipsoid: e,
            velocity,
        };
        scene.candidates(&q, &mut cand);
        if start_clearance(scene, &q, &cand) > START_CLEARANCE_ES {
            out.push(CompareQuery {
                kind,
                shape: shape_kind,
                query: q,
            });
        }
    }
    out
}

fn ref_triangle(space: &RefSpace, mesh: &CollisionMesh, t: u32) -> RefTriangle {
    RefTriangle {
        v: mesh.triangle(t).vertices.map(|p| space.point(p)),
    }
}

/// Smallest distance (eSpace) minus 1 from the start centre to the candidates.
pub fn start_clearance(scene: &Scene, q: &SolverQuery, cand: &[u32]) -> f64 {
    let space = RefSpace::new(q);
    cand.iter()
        .map(|&t| {
            let tri = ref_triangle(&space, scene.mesh, t);
            (closest_on_triangle(glam::DVec3::ZERO, tri.v).0).length() - 1.0
        })
        .fold(f64::INFINITY, f64::min)
}

/// Clearance (eSpace distance − 1) of the ellipsoid at time `t` from the candidates.
pub fn clearance_at(scene: &Scene, q: &SolverQuery, cand: &[u32], t: f64) -> f64 {
    let space = RefSpace::new(q);
    cand.iter()
        .map(|&i| ref_triangle(&space, scene.mesh, i).distance(space.v_es, t) - 1.0)
        .fold(f64::INFINITY, f64::min)
}

/// Smallest clearance over `t ∈ [0, t_end]`.
pub fn min_clearance(scene: &Scene, q: &SolverQuery, cand: &[u32], t_end: f64) -> f64 {
    let space = RefSpace::new(q);
    cand.iter()
        .map(|&i| ref_triangle(&space, scene.mesh, i).min_distance(space.v_es, t_end) - 1.0)
        .fold(f64::INFINITY, f64::min)
}

/// The reference's first contact over the candidates (earliest, lowest index on ties).
/// Triangles are visited in order of a bounding-sphere lower bound on their contact time and
/// the scan stops once that bound passes the best contact (exact pruning).
pub fn reference_sweep(scene: &Scene, q: &SolverQuery, cand: &[u32]) -> Option<SolverHit> {
    let space = RefSpace::new(q);
    let v = space.v_es;
    let vv = v.length_squared();
    let mut order: Vec<(f64, u32)> = cand
        .iter()
        .filter_map(|&i| {
            let tri = ref_triangle(&space, scene.mesh, i);
            let c = (tri.v[0] + tri.v[1] + tri.v[2]) / 3.0;
            let rb = tri.v.iter().map(|p| (*p - c).length()).fold(0.0, f64::max);
            let r = 1.0 + rb + 1e-9;
            // First t with |t v − c| ≤ r.
            let cc = c.length_squared() - r * r;
            if cc <= 0.0 {
                return Some((0.0, i));
            }
            let b = -2.0 * v.dot(c);
            let disc = b * b - 4.0 * vv * cc;
            if vv == 0.0 || disc < 0.0 || b >= 0.0 {
                return None;
            }
            let t = (-b - disc.sqrt()) / (2.0 * vv);
            (t <= 1.0).then_some((t, i))
        })
        .collect();
    order.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let mut best: Option<(f64, u32, super::reference::RefContact)> = None;
    for (lb, i) in order {
        if best.as_ref().is_some_and(|b| lb > b.0) {
            break;
        }
        let tri = ref_triangle(&space, scene.mesh, i);
        let Some(c) = Reference::triangle(&space, &tri) else {
            continue;
        };
        let key = match c.time {
            Ok(t) => t,
            Err(d0) => d0 - 1.0,
        };
        if best
            .as_ref()
            .is_none_or(|b| key < b.0 || (key == b.0 && i < b.1))
        {
            best = Some((key, i, c));
        }
    }
    best.map(|(_, i, c)| {
        let feature = match c.region {
            Region::Face => Feature::Face,
            Region::Edge(k) => Feature::Edge(k),
            Region::Vertex(k) => Feature::Vertex(k),
        };
        let mut h = Reference::to_hit(&space, &c, feature);
        h.primitive = i;
        h
    })
}

/// A solver over the candidate triangles: earliest contact, lowest index on ties.
pub fn solver_sweep_triangles(
    scene: &Scene,
    solver: &dyn SweepSolver,
    q: &SolverQuery,
    cand: &[u32],
) -> Option<SolverHit> {
    let mut best: Option<SolverHit> = None;
    for &i in cand {
        let tri = scene.mesh.triangle(i).vertices;
        if let Some(mut h) = solver.sweep_polygon(q, &tri) {
            h.primitive = i;
            if best.is_none_or(|b| h.time.sort_key() < b.time.sort_key()) {
                best = Some(h);
            }
        }
    }
    best
}

/// A solver over the merged polygons that cover the candidate triangles.
pub fn solver_sweep_polygons(
    scene: &Scene,
    solver: &dyn SweepSolver,
    q: &SolverQuery,
    cand: &[u32],
    polys: &mut Vec<u32>,
) -> Option<SolverHit> {
    polys.clear();
    polys.extend(cand.iter().map(|&t| scene.polygon_of[t as usize]));
    polys.sort_unstable();
    polys.dedup();
    let mut best: Option<SolverHit> = None;
    for &p in polys.iter() {
        if let Some(mut h) = solver.sweep_polygon(q, &scene.polygons[p as usize].vertices) {
            h.primitive = p;
            if best.is_none_or(|b| h.time.sort_key() < b.time.sort_key()) {
                best = Some(h);
            }
        }
    }
    best
}

fn from_contact(c: &Contact) -> SolverHit {
    SolverHit {
        time: c.time,
        feature: c.feature,
        point: c.point,
        normal: c.normal,
        center: c.center,
        primitive: c.triangle,
    }
}

/// The solvers `compare` runs, in table order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SolverId {
    /// [`Decomposed`](super::Decomposed) per candidate triangle.
    Decomposed,
    /// [`PlaneSpace`](super::PlaneSpace) per candidate triangle.
    PlaneSpace,
    /// [`PlaneSpace`](super::PlaneSpace) on the merged convex polygons.
    PlaneSpacePolygons,
    /// [`GradientNormal`](super::GradientNormal) per candidate triangle.
    GradientNormal,
    /// The core's shipped `sweep_with` (best-first BVH scan, decomposed narrow phase).
    CoreDecomposed,
    /// The core's scan with the plane-space narrow phase (`sweep_with_solver`).
    CorePlaneSpace,
}

impl SolverId {
    pub const ALL: [SolverId; 6] = [
        SolverId::Decomposed,
        SolverId::PlaneSpace,
        SolverId::PlaneSpacePolygons,
        SolverId::GradientNormal,
        SolverId::CoreDecomposed,
        SolverId::CorePlaneSpace,
    ];
    pub fn name(self) -> &'static str {
        match self {
            SolverId::Decomposed => "decomposed",
            SolverId::PlaneSpace => "plane-space",
            SolverId::PlaneSpacePolygons => "plane-space/polygons",
            SolverId::GradientNormal => "gradient-normal",
            SolverId::CoreDecomposed => "core scan/decomposed",
            SolverId::CorePlaneSpace => "core scan/plane-space",
        }
    }
}

/// Buffers for [`run_solver`].
#[derive(Default)]
pub struct Buffers {
    pub cand: Vec<u32>,
    polys: Vec<u32>,
    scratch: Scratch,
    contacts: Vec<Contact>,
}

/// Runs one solver on one query (with its own candidate gathering, so timings are comparable).
pub fn run_solver(
    scene: &Scene,
    id: SolverId,
    q: &SolverQuery,
    buf: &mut Buffers,
) -> Option<SolverHit> {
    let settings = SlideSettings::default();
    match id {
        SolverId::CoreDecomposed | SolverId::CorePlaneSpace => {
            let r = if id == SolverId::CoreDecomposed {
                sweep_with(
                    scene.mesh,
                    &q.ellipsoid,
                    q.velocity,
                    &settings,
                    &mut buf.scratch,
                    &mut buf.contacts,
                )
            } else {
                sweep_with_solver(
                    scene.mesh,
                    &q.ellipsoid,
                    q.velocity,
                    &settings,
                    &mut buf.scratch,
                    &mut buf.contacts,
                    &super::PlaneSpace,
                )
            };
            r.ok()?;
            buf.contacts.first().map(from_contact)
        }
        _ => {
            scene.candidates(q, &mut buf.cand);
            match id {
                SolverId::Decomposed => {
                    solver_sweep_triangles(scene, &super::Decomposed, q, &buf.cand)
                }
                SolverId::PlaneSpace => {
                    solver_sweep_triangles(scene, &super::PlaneSpace, q, &buf.cand)
                }
                SolverId::GradientNormal => {
                    solver_sweep_triangles(scene, &super::GradientNormal, q, &buf.cand)
                }
                _ => solver_sweep_polygons(scene, &super::PlaneSpace, q, &buf.cand, &mut buf.polys),
            }
        }
    }
}

/// How a solver's answer relates to the reference's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Same hit/miss and `|Δt| ≤ T_TOLERANCE`.
    Agree,
    /// Differs, but the solver's answer is touching within tolerance (grazing/tangent).
    Tangent,
    /// Differs and is not explained by tolerance.
    Unexplained,
}

/// One disagreement, for the worst-cases list and the query files.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Disagreement {
    pub query: usize,
    pub solver_t: Option<f32>,
    pub reference_t: Option<f32>,
    /// `|Δt|`, 1 for a hit/miss difference.
    pub dt: f32,
    pub verdict: Verdict,
    /// Clearance (eSpace) at the solver's time; `None` for a miss.
    pub clearance_at_solver_t: Option<f64>,
    /// Smallest clearance up to the solver's time (or 1).
    pub min_clearance: f64,
    pub solver_feature: Option<Feature>,
    pub reference_feature: Option<Feature>,
}

/// Agreement of one solver with the reference.
#[derive(Debug, Clone, Default)]
pub struct SolverStats {
    pub name: &'static str,
    pub queries: usize,
    pub both_hit: usize,
    pub both_miss: usize,
    pub only_solver: usize,
    pub only_reference: usize,
    pub agree: usize,
    pub tangent: usize,
    pub unexplained: usize,
    /// Both hit, but one reports an embedded start and the other a time of impact (only the
    /// gradient solver does: see its "straddling start" case).
    pub embedded_vs_toi: usize,
    /// `|Δt|` over queries both hit with a time of impact.
    pub dt: Vec<f32>,
    /// `|Δt|` by the reference's contact kind (face, edge, vertex).
    pub dt_by_kind: [Vec<f32>; 3],
    /// Distance between contact points (m), both hit and `|Δt| ≤ T_TOLERANCE`.
    pub contact_distance: Vec<f32>,
    /// Angle between normals (degrees), same queries.
    pub normal_angle_deg: Vec<f32>,
    pub nanos: u128,
    /// The `keep_worst` worst disagreements (unexplained before tangent, then by `|Δt|`).
    pub disagreements: Vec<Disagreement>,
}

impl SolverStats {
    pub fn ns_per_query(&self) -> f64 {
        if self.queries == 0 {
            0.0
        } else {
            self.nanos as f64 / self.queries as f64
        }
    }
    /// Fraction of queries in agreement within `T_TOLERANCE`.
    pub fn agreement(&self) -> f64 {
        if self.queries == 0 {
            1.0
        } else {
            self.agree as f64 / self.queries as f64
        }
    }
    /// Fraction agreeing or explained as tangent.
    pub fn explained(&self) -> f64 {
        if self.queries == 0 {
            1.0
        } else {
            (self.agree + self.tangent) as f64 / self.queries as f64
        }
    }
}

/// A percentile of an unsorted list (sorts it).
pub fn percentile(v: &mut [f32], p: f64) -> f32 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(f32::total_cmp);
    v[((v.len() - 1) as f64 * p).round() as usize]
}

/// The reference's answers and its time.
pub struct ReferenceRun {
    pub hits: Vec<Option<SolverHit>>,
    pub nanos: u128,
}

/// Runs the reference on every query.
pub fn run_reference(scene: &Scene, queries: &[CompareQuery]) -> ReferenceRun {
    let mut cand = Vec::new();
    let start = Instant::now();
    let hits = queries
        .iter()
        .map(|q| {
            scene.candidates(&q.query, &mut cand);
            reference_sweep(scene, &q.query, &cand)
        })
        .collect();
    ReferenceRun {
        hits,
        nanos: start.elapsed().as_nanos(),
    }
}

/// Judges one solver answer against the reference's.
pub fn judge(
    scene: &Scene,
    q: &SolverQuery,
    solver: Option<&SolverHit>,
    reference: Option<&SolverHit>,
    cand: &mut Vec<u32>,
) -> (Verdict, Option<f64>, f64) {
    let (st, rt) = (solver.map(SolverHit::t), reference.map(SolverHit::t));
    let same = match (st, rt) {
        (Some(a), Some(b)) => (a - b).abs() <= T_TOLERANCE,
        (None, None) => true,
        _ => false,
    };
    if same {
        return (Verdict::Agree, None, f64::NAN);
    }
    scene.candidates(q, cand);
    let t_end = st.map_or(1.0, |t| t as f64);
    let min_c = min_clearance(scene, q, cand, t_end);
    let at = st.map(|t| clearance_at(scene, q, cand, t as f64));
    let ok = min_c >= -TANGENT_TOLERANCE_ES && at.is_none_or(|c| c <= TANGENT_TOLERANCE_ES);
    (
        if ok {
            Verdict::Tangent
        } else {
            Verdict::Unexplained
        },
        at,
        min_c,
    )
}

fn kind_index(f: Feature) -> usize {
    match f.kind() {
        CaseKind::Face => 0,
        CaseKind::Edge => 1,
        CaseKind::Vertex => 2,
    }
}

/// Runs `id` on every query and compares with the reference.
pub fn compare_solver(
    scene: &Scene,
    id: SolverId,
    queries: &[CompareQuery],
    reference: &ReferenceRun,
    keep_worst: usize,
) -> (SolverStats, Vec<Option<SolverHit>>) {
    let mut buf = Buffers::default();
    let start = Instant::now();
    let answers: Vec<Option<SolverHit>> = queries
        .iter()
        .map(|q| run_solver(scene, id, &q.query, &mut buf))
        .collect();
    let nanos = start.elapsed().as_nanos();
    let mut s = SolverStats {
        name: id.name(),
        queries: queries.len(),
        nanos,
        ..Default::default()
    };
    let mut cand = Vec::new();
    for (i, (q, (a, r))) in queries
        .iter()
        .zip(answers.iter().zip(&reference.hits))
        .enumerate()
    {
        match (a, r) {
            (Some(a), Some(r)) if a.time.is_embedded() != r.time.is_embedded() => {
                s.both_hit += 1;
                s.embedded_vs_toi += 1;
            }
            (Some(a), Some(r)) => {
                s.both_hit += 1;
                let dt = (a.t() - r.t()).abs();
                s.dt.push(dt);
                s.dt_by_kind[kind_index(r.feature)].push(dt);
                if dt <= T_TOLERANCE {
                    s.contact_distance.push((a.point - r.point).length());
                    let cos = a.normal.dot(r.normal).clamp(-1.0, 1.0);
                    s.normal_angle_deg.push(cos.acos().to_degrees());
                }
            }
            (None, None) => s.both_miss += 1,
            (Some(_), None) => s.only_solver += 1,
            (None, Some(_)) => s.only_reference += 1,
        }
        let (verdict, at, min_c) = judge(scene, &q.query, a.as_ref(), r.as_ref(), &mut cand);
        match verdict {
            Verdict::Agree => {
                s.agree += 1;
                continue;
            }
            Verdict::Tangent => s.tangent += 1,
            Verdict::Unexplained => s.unexplained += 1,
        }
        let dt = match (a, r) {
            (Some(a), Some(r)) => (a.t() - r.t()).abs(),
            _ => 1.0,
        };
        s.disagreements.push(Disagreement {
            query: i,
            solver_t: a.map(|h| h.t()),
            reference_t: r.map(|h| h.t()),
            dt,
            verdict,
            clearance_at_solver_t: at,
            min_clearance: min_c,
            solver_feature: a.map(|h| h.feature),
            reference_feature: r.map(|h| h.feature),
        });
    }
    s.disagreements.sort_by(|x, y| {
        let rank = |d: &Disagreement| (d.verdict != Verdict::Unexplained) as u8;
        rank(x)
            .cmp(&rank(y))
            .then(y.dt.total_cmp(&x.dt))
            .then(x.query.cmp(&y.query))
    });
    s.disagreements.truncate(keep_worst);
    (s, answers)
}

/// False positives/negatives of one variant of seed 004's static test.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct StaticStats {
    pub corrections: Option<StaticCorrections>,
    pub tests: usize,
    pub overlaps: usize,
    pub false_positives: usize,
    pub false_negatives: usize,
}

/// Seed 004's static test against the exact distance, at the centre at `t = 0, ½, 1` of each
/// query, on every candidate triangle, for each combination of the two corrections.
pub fn static_check(scene: &Scene, queries: &[CompareQuery]) -> [StaticStats; 4] {
    let variants = [
        StaticCorrections::NONE,
        StaticCorrections {
            plane_circle_radius: true,
            clamp_to_segment: false,
        },
        StaticCorrections {
            plane_circle_radius: false,
            clamp_to_segment: true,
        },
        StaticCorrections::BOTH,
    ];
    let mut out = variants.map(|c| StaticStats {
        corrections: Some(c),
        ..Default::default()
    });
    let mut cand = Vec::new();
    for q in queries {
        scene.candidates(&q.query, &mut cand);
        let space = RefSpace::new(&q.query);
        let us = super::UnitSpace::new(&q.query.ellipsoid);
        for t in [0.0f32, 0.5, 1.0] {
            let c_es = space.v_es * t as f64;
            let c_f32 = us.world_to_unit * (q.query.velocity * t);
            for &i in &cand {
                let tri = ref_triangle(&space, scene.mesh, i);
                let d = (c_es - closest_on_triangle(c_es, tri.v).0).length();
                // Skip touching-within-rounding cases: the static test is f32.
                if (d - 1.0).abs() < 1e-4 {
                    continue;
                }
                let truth = d < 1.0;
                let poly = scene.mesh.triangle(i).vertices.map(|p| us.point(p));
                for (k, v) in variants.iter().enumerate() {
                    let got = sphere_polygon_overlap(c_f32, 1.0, &poly, *v).overlaps;
                    let s = &mut out[k];
                    s.tests += 1;
                    s.overlaps += truth as usize;
                    s.false_positives += (got && !truth) as usize;
                    s.false_negatives += (!got && truth) as usize;
                }
            }
        }
    }
    out
}

/// The time of a hit as text.
pub fn time_text(h: Option<&SolverHit>) -> String {
    match h.map(|h| h.time) {
        None => "miss".into(),
        Some(ContactTime::Toi(t)) => format!("{t:.6}"),
        Some(ContactTime::Embedded { depth_es }) => format!("embedded {depth_es:.2e}"),
    }
}
