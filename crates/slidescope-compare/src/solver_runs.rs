//! Each solver, and the reference, over a scene's candidates: earliest contact, lowest index
//! on ties. [`run_solver`] gathers its own candidates so that timings are comparable;
//! [`run_reference`] times the reference over every query.

use std::time::Instant;

use slidescope_collision::solvers::reference::{RefContact, RefSpace, Reference, Region};
use slidescope_collision::solvers::{
    Decomposed, GradientNormal, PlaneSpace, SolverHit, SolverQuery, SweepSolver,
};
use slidescope_collision::{Contact, Feature, NarrowPhaseKind, Scratch, SlideSettings, sweep_with};

use crate::clearance::ref_triangle;
use crate::{CompareQuery, Scene};

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
    let mut best: Option<(f64, u32, RefContact)> = None;
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
    /// [`Decomposed`](slidescope_collision::solvers::Decomposed) per candidate triangle.
    Decomposed,
    /// [`PlaneSpace`](slidescope_collision::solvers::PlaneSpace) per candidate triangle.
    PlaneSpace,
    /// [`PlaneSpace`](slidescope_collision::solvers::PlaneSpace) on the merged convex polygons.
    PlaneSpacePolygons,
    /// [`GradientNormal`](slidescope_collision::solvers::GradientNormal) per candidate triangle.
    GradientNormal,
    /// The core's shipped `sweep_with` (best-first BVH scan, decomposed narrow phase).
    CoreDecomposed,
    /// The core's scan with the plane-space narrow phase (`DebugKnobs::narrow_phase`).
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
            let mut settings = settings;
            if id == SolverId::CorePlaneSpace {
                settings.debug.narrow_phase = NarrowPhaseKind::PlaneSpace;
            }
            let r = sweep_with(
                scene.mesh,
                &q.ellipsoid,
                q.velocity,
                &settings,
                &mut buf.scratch,
                &mut buf.contacts,
            );
            r.ok()?;
            buf.contacts.first().map(from_contact)
        }
        _ => {
            scene.candidates(q, &mut buf.cand);
            match id {
                SolverId::Decomposed => solver_sweep_triangles(scene, &Decomposed, q, &buf.cand),
                SolverId::PlaneSpace => solver_sweep_triangles(scene, &PlaneSpace, q, &buf.cand),
                SolverId::GradientNormal => {
                    solver_sweep_triangles(scene, &GradientNormal, q, &buf.cand)
                }
                _ => solver_sweep_polygons(scene, &PlaneSpace, q, &buf.cand, &mut buf.polys),
            }
        }
    }
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
