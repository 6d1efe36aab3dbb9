//! Detection: the nearest contact of the swept ellipsoid over the whole mesh, plus every other
//! contact at the same time within a tolerance (seed 001 12.13 `EllipsoidIntersectBuffers`,
//! fig. 12.13: floor and ceiling of a wedge at once).
//!
//! One scan, traced or not. The broad phase offers candidates, each with the time the sweep
//! enters its box: the call's gathered list ([`CandidateCache`]) where it covers the sweep,
//! else a nearest-first walk of the BVH that skips nodes entered after the limit, or every
//! triangle (brute force, the tests' oracle). Each candidate gets the narrow phase's test at
//! the limit the contacts so far leave. With the decomposed solver on the BVH, the face case on
//! and touching contacts not counted, that test runs in two passes, every face first and then
//! the edges and vertices of the triangles whose plane is reached outside them
//! ([`round_steps`]), whose limit the face contacts have lowered.
//!
//! The result does not depend on the visiting order (ties go to the lowest triangle index),
//! so BVH and brute force agree exactly wherever a triangle's world box is entered no later
//! than its contact (moves of hundreds of radii can break that by more than the tolerance:
//! `long_moves`). A trace observes the scan: it lists, in index order, every triangle offered
//! whose box the sweep enters by the final limit (brute force offers every triangle, at 0),
//! each with every part of its Minkowski sum tested alone ([`sweep_triangle_cases`]). The moving objects' detection is [`dynamic`],
//! merged after the static one.

pub mod dynamic;
mod triangle;

use glam::{Vec3, Vec3A};

use super::bvh::{slab_entry, sweep_slabs};

use super::candidates::{Candidate, CandidateCache};
use super::frame::Frame;
use super::sweep::CaseResults;
use super::sweep::{FaceStep, NarrowPhase, PlaneReach, TriangleEs, face_step, round_step};
use super::sweep::{sweep_triangle_cases, touch};
use super::trace::CandidateTrace;
use super::{BroadPhase, CaseKind, CollisionMesh, Contact, SlideSettings, SweepHit};
pub use dynamic::DynamicScratch;
use triangle::{leaves_front, part_rules, triangle_contact};

/// Buffers reused across detections (no allocation per query once warm).
#[derive(Debug, Default, Clone)]
pub struct Scratch {
    hits: Vec<(u32, SweepHit)>,
    stack: Vec<(u32, f32)>,
    /// Triangles whose round parts wait for the face tests.
    deferred: Vec<Deferred>,
    /// A traced detection's offered candidates, for its trace, and their order.
    offered: Vec<Offered>,
    order: Vec<u64>,
    pub(crate) dynamic: DynamicScratch,
    /// Contacts of the static sweep that bounds a moving object's push (slide/).
    pub(crate) pushed: Vec<super::Contact>,
    /// Contacts of the current collide-and-slide iteration (slide/).
    pub(crate) slide: Vec<super::Contact>,
    /// The current collide-and-slide call's gathered candidates.
    pub(crate) cache: CandidateCache,
    /// Triangles near an edge (the internal-edge filter, slide/place.rs) or near the centre (the
    /// crease response's push-back), and the BVH walk stack of that query.
    pub(crate) near: Vec<u32>,
    pub(crate) near_stack: Vec<u32>,
    /// The crease response's planes of the triangles near the pushed-back centre.
    pub(crate) near_planes: Vec<(Vec3, Vec3)>,
    /// Those triangles within reach of the push-back's candidates (local eSpace), for its exact
    /// clearance.
    pub(crate) near_tris: Vec<[Vec3; 3]>,
}

/// A candidate the broad phase offered: its triangle, when the sweep enters its box, and its
/// eSpace form.
#[derive(Debug, Clone, Copy)]
struct Offered {
    triangle: u32,
    entry: f32,
    tri_es: TriangleEs,
}

/// An offered candidate whose plane the sweep reaches outside it: its round parts wait until
/// every face test of the detection has run ([`round_steps`]).
#[derive(Debug, Clone, Copy)]
struct Deferred {
    triangle: u32,
    entry: f32,
    plane: PlaneReach,
    tri_es: TriangleEs,
}

/// The scan over candidate triangles for one detection; `SPHERE`: the frame is a sphere's
/// (see [`triangle_es`]).
struct Scan<'a, N, const SPHERE: bool> {
    narrow: &'a N,
    frame: &'a Frame,
    c: Vec3,
    v: Vec3,
    settings: &'a SlideSettings,
    hits: &'a mut Vec<(u32, SweepHit)>,
    /// Two passes: every face first, the round parts after ([`round_steps`]).
    face_first: bool,
    deferred: &'a mut Vec<Deferred>,
    best: f32,
    /// [`Scan::limit`], kept as `best` changes.
    limit: f32,
    /// The trace's record of every candidate offered, when traced.
    offered: Option<&'a mut Vec<Offered>>,
}

impl<N: NarrowPhase, const SPHERE: bool> Scan<'_, N, SPHERE> {
    /// Time limit for the rest of the scan: contacts later than this cannot be simultaneous
    /// with the best one.
    fn limit(&self) -> f32 {
        self.limit
    }

    /// Triangle `ti`, whose box the sweep enters at `entry`, its world `vertices` and stored
    /// normal ([`CollisionMesh::slot_normal`], read only for a sphere), mapped into the frame
    /// and offered.
    #[inline(always)]
    fn offer_world(
        &mut self,
        ti: u32,
        entry: f32,
        vertices: &[Vec3A; 3],
        normal: impl FnOnce() -> Vec3,
    ) {
        if let Some(tri_es) = triangle_es::<SPHERE>(self.frame, *vertices, normal) {
            self.offer(ti, entry, &tri_es);
        }
    }

    // perf: inlined, so the `TriangleEs` stays in registers; ~3 % of a sweep, commit 02533f5
    /// Triangle `ti` (in the frame), its box entered at `entry`: observed, then tested whole
    /// or, face first, its face now and its round parts deferred.
    #[inline(always)]
    fn offer(&mut self, ti: u32, entry: f32, tri_es: &TriangleEs) {
        let tri_es = *tri_es;
        if let Some(offered) = self.offered.as_deref_mut() {
            offered.push(Offered {
                triangle: ti,
                entry,
                tri_es,
            });
        }
        if !self.face_first {
            let found = triangle_contact(
                self.narrow,
                (self.c, self.v),
                &tri_es,
                self.settings,
                self.limit,
            );
            if let Some(hit) = found {
                self.add(ti, hit);
            }
        } else if !leaves_front(self.settings, &tri_es, self.v) {
            self.face_test(ti, entry, &tri_es);
        }
    }

    /// Triangle `ti`'s face test, its box entered at `entry`: its contact kept, or its round
    /// parts deferred.
    #[inline(always)]
    fn face_test(&mut self, ti: u32, entry: f32, tri_es: &TriangleEs) {
        let s = self.settings;
        let limit = self.limit();
        match face_step(self.c, self.v, tri_es, s.debug.cases, part_rules(s), limit) {
            FaceStep::Done(Some(hit)) => self.add(ti, hit),
            FaceStep::Done(None) => {}
            FaceStep::Round(plane) => self.deferred.push(Deferred {
                triangle: ti,
                entry,
                tri_es: *tri_es,
                plane,
            }),
        }
    }

    /// Triangle `ti`'s contact, kept if it is within the tolerance of the best so far.
    #[inline(always)]
    fn add(&mut self, ti: u32, hit: SweepHit) {
        let key = hit.time.sort_key();
        let tolerance = self.settings.tuning.simultaneous_tolerance;
        if key <= self.best + tolerance {
            self.best = self.best.min(key);
            self.limit = (self.best + tolerance).clamp(0.0, 1.0);
            self.hits.push((ti, hit));
        }
    }
}

/// The deferred round parts, at the limit the face contacts have left. Each triangle's answer
/// is the one its whole test gives at a limit no lower than the final one, so the contacts are
/// those of one pass over the same candidates.
fn round_steps<N: NarrowPhase, const SPHERE: bool>(scan: &mut Scan<'_, N, SPHERE>) {
    let s = scan.settings;
    let (c, v) = (scan.c, scan.v);
    // Taken out for the loop (`add` needs the scan) and put back: no allocation.
    let deferred = std::mem::take(scan.deferred);
    for d in &deferred {
        // The box entered after the limit is passed over, as the one-pass scan's slab test
        // would at this limit (its world-space box and the eSpace roots can disagree by more
        // than the tolerance on moves of hundreds of radii: `long_moves`).
        let limit = scan.limit();
        if d.entry > limit {
            continue;
        }
        let (cases, rules) = (s.debug.cases, part_rules(s));
        if let Some(hit) = round_step(c, v, &d.tri_es, cases, rules, d.plane, limit) {
            scan.add(d.triangle, hit);
        }
    }
    *scan.deferred = deferred;
}

/// A mesh triangle in the frame's local eSpace, from its world `vertices` and the unit normal
/// the mesh stores (`normal`, read only here; computed in f64 from the world vertices). A
/// sphere's eSpace normal is that one, read with the vertices instead of built per test, whose
/// f64 square root and divisions every candidate's face test waited for (the planes stored for
/// the query). Any other ellipsoid builds its normal from the mapped vertices, in
/// f64 ([`TriangleEs::new`]). `None` for an ellipsoid's triangle without area in eSpace (or
/// with vertices that do not map to finite numbers; a sphere's frame reads the stored normals
/// only where every vertex does, [`Frame::for_mesh`]).
#[inline(always)]
fn triangle_es<const SPHERE: bool>(
    frame: &Frame,
    vertices: [Vec3A; 3],
    normal: impl FnOnce() -> Vec3,
) -> Option<TriangleEs> {
    let vertices_es = frame.triangle_local_es_a(vertices);
    if SPHERE {
        Some(TriangleEs {
            vertices_es,
            normal_es: normal(),
        })
    } else {
        TriangleEs::new(vertices_es)
    }
}

/// Whether a detection runs face first: the BVH offers the candidates (brute force, the
/// oracle, runs each triangle's whole test), the face case is on, touching contacts are not
/// counted, and the narrow phase splits its test ([`NarrowPhase::FACE_FIRST`]).
fn runs_face_first<N: NarrowPhase>(s: &SlideSettings) -> bool {
    N::FACE_FIRST
        && s.debug.broad_phase == BroadPhase::Bvh
        && s.debug.cases.face
        && !s.response.touching_counts
}

/// Finds the nearest contacts of the unit sphere at `c` (local eSpace of `frame`) moving by
/// `v`. Returns them in `out` (cleared first): the earliest first (lowest triangle index on
/// ties), then the simultaneous ones in triangle order. With `record`, the candidates offered
/// whose box the sweep enters by the final limit are appended (in index order), each with
/// every part of its Minkowski sum tested alone.
#[allow(clippy::too_many_arguments)]
pub(crate) fn detect<N: NarrowPhase>(
    narrow: &N,
    mesh: &CollisionMesh,
    frame: &Frame,
    c: Vec3A,
    v: Vec3A,
    settings: &SlideSettings,
    scratch: &mut Scratch,
    out: &mut Vec<Contact>,
    record: Option<&mut Vec<CandidateTrace>>,
) {
    // perf: `c` and `v` come in lanes (a `Vec3` in memory stalled); crowd ~1 %, commit f05621d
    let (c, v) = (Vec3::from(c), Vec3::from(v));
    out.clear();
    scratch.hits.clear();
    scratch.offered.clear();
    let traced = record.is_some();
    // One scan for a sphere, which reads the mesh's stored normals, one for other ellipsoids.
    // perf: compiled apart, not a branch per candidate; ellipsoid crowd 1.5 %, commit 539dea1
    let best = if frame.is_sphere() {
        scan_mesh::<N, true>(narrow, mesh, frame, (c, v), settings, scratch, traced)
    } else {
        scan_mesh::<N, false>(narrow, mesh, frame, (c, v), settings, scratch, traced)
    };
    if let Some(rec) = record {
        let limit = (best + settings.tuning.simultaneous_tolerance).clamp(0.0, 1.0);
        let offered = (&scratch.offered[..], &mut scratch.order);
        observe(offered, (c, v), settings, limit, rec);
    }
    nearest_contacts(&mut scratch.hits, best, frame, c, v, settings, out);
}

/// Every candidate of the sweep from `c` along `v` offered (the `BroadPhase` chosen) and
/// tested; the best time found.
#[inline(always)]
fn scan_mesh<N: NarrowPhase, const SPHERE: bool>(
    narrow: &N,
    mesh: &CollisionMesh,
    frame: &Frame,
    (c, v): (Vec3, Vec3),
    settings: &SlideSettings,
    scratch: &mut Scratch,
    traced: bool,
) -> f32 {
    scratch.deferred.clear();
    let mut scan = Scan::<N, SPHERE> {
        narrow,
        frame,
        c,
        v,
        settings,
        hits: &mut scratch.hits,
        face_first: runs_face_first::<N>(settings),
        deferred: &mut scratch.deferred,
        best: f32::INFINITY,
        limit: 1.0,
        offered: traced.then_some(&mut scratch.offered),
    };
    match settings.debug.broad_phase {
        BroadPhase::Bvh => {
            let cache = &mut scratch.cache;
            scan_bvh(&mut scan, mesh, (c, v), cache, &mut scratch.stack);
        }
        BroadPhase::BruteForce => {
            for ti in 0..mesh.triangle_count() as u32 {
                let vertices = mesh.triangle(ti).vertices.map(Vec3A::from);
                scan.offer_world(ti, 0.0, &vertices, || mesh.stored_normal(ti));
            }
        }
    }
    if scan.face_first {
        round_steps(&mut scan);
    }
    scan.best
}

/// The trace's view of the scan: every offered candidate whose box the sweep enters by
/// `limit`, in index order, each part of its Minkowski sum tested alone over `[0, 1]` (culled
/// where the motion leaves its front).
fn observe(
    (offered, order): (&[Offered], &mut Vec<u64>),
    (c, v): (Vec3, Vec3),
    s: &SlideSettings,
    limit: f32,
    rec: &mut Vec<CandidateTrace>,
) {
    // Keys of triangle and place: one offer per triangle, so sorted keys give index order
    // (the unstable sort never allocates; sorting the offers themselves moved 56 bytes each).
    order.clear();
    let entered = offered.iter().enumerate().filter(|(_, o)| o.entry <= limit);
    order.extend(entered.map(|(i, o)| u64::from(o.triangle) << 32 | i as u64));
    order.sort_unstable();
    rec.reserve(order.len());
    for o in order.iter().map(|&key| &offered[key as u32 as usize]) {
        let cases = if leaves_front(s, &o.tri_es, v) {
            CaseResults::culled(s.debug.cases)
        } else {
            let rules = part_rules(s);
            let mut cases = sweep_triangle_cases(c, v, &o.tri_es, s.debug.cases, rules);
            if s.response.touching_counts {
                let parts = touch::graze_parts(c, v, &o.tri_es, rules.two_sided, 1.0);
                touch::merge_cases(&mut cases, &parts);
            }
            cases
        };
        rec.push(CandidateTrace {
            triangle: o.triangle,
            cases,
        });
    }
}

/// The hits within the tolerance of the best one as contacts in `out`: the earliest first
/// (lowest triangle index on ties), then the simultaneous ones in triangle order.
fn nearest_contacts(
    hits: &mut Vec<(u32, SweepHit)>,
    best: f32,
    frame: &Frame,
    c: Vec3,
    v: Vec3,
    settings: &SlideSettings,
    out: &mut Vec<Contact>,
) {
    let tol = settings.tuning.simultaneous_tolerance;
    if hits.is_empty() {
        return;
    }
    hits.retain(|h| h.1.time.sort_key() <= best + tol);
    // One hit per triangle: unique keys, so the unstable sort (which never allocates) gives
    // the stable order.
    hits.sort_unstable_by_key(|h| h.0);
    let first = hits.iter().enumerate().fold(0, |b, (i, h)| {
        if h.1.time.sort_key() < hits[b].1.time.sort_key() {
            i
        } else {
            b
        }
    });
    let kept = settings.conventions.embedded_kept;
    let normal_es = |hit: &SweepHit| contact_normal_es(settings, c, hit);
    let to_contact = |&(ti, hit): &(u32, SweepHit)| {
        let center_local = hit.time.touching_center(c, v, hit.normal_es, kept);
        let normal_es = normal_es(&hit);
        Contact {
            triangle: ti,
            feature: hit.feature,
            time: hit.time,
            center: frame.local_to_world(center_local),
            point: frame.local_to_world(hit.point_es),
            normal: frame.space.normal_to_world(normal_es),
            center_es: frame.local_to_es(center_local),
            point_es: frame.local_to_es(hit.point_es),
            normal_es,
            source: super::ContactSource::Static,
        }
    };
    out.push(to_contact(&hits[first]));
    let max = settings.tuning.max_contacts as usize;
    for (i, h) in hits.iter().enumerate() {
        if out.len() >= max {
            break;
        }
        if i != first {
            out.push(to_contact(h));
        }
    }
}

/// A contact's normal (local eSpace): the hit's, or with
/// [`Conventions::normal_from_start`](crate::Conventions::normal_from_start) an edge's or
/// vertex's from its point to the centre `c` the detection started from.
#[inline]
fn contact_normal_es(settings: &SlideSettings, c: Vec3, hit: &SweepHit) -> Vec3 {
    let round = hit.feature.kind() != CaseKind::Face;
    match settings.conventions.normal_from_start && round {
        true => (c - hit.point_es).try_normalize().unwrap_or(hit.normal_es),
        false => hit.normal_es,
    }
}

/// The BVH broad phase: the call's gathered candidates when they cover the sweep, else a walk
/// of the BVH nearest-first; each triangle's own box is tested before it is offered.
fn scan_bvh<N: NarrowPhase, const SPHERE: bool>(
    scan: &mut Scan<'_, N, SPHERE>,
    mesh: &CollisionMesh,
    (c, v): (Vec3, Vec3),
    cache: &mut CandidateCache,
    stack: &mut Vec<(u32, f32)>,
) {
    let (frame, settings) = (scan.frame, scan.settings);
    // perf: `c`, `v` as arguments, not read back from `scan`; walking calls ~5 %, commit bb41531
    let (start, delta) = (frame.local_to_world(c), frame.space.vector_to_world(v));
    let expand = frame.bounds_half_extents(settings.tuning.skin_es.max(1e-3) * 2.0);
    // The same slab test the BVH uses, on each triangle's own box: leaf boxes are looser
    // than their triangles, and this costs a fraction of a sweep test.
    let slabs = sweep_slabs(start, delta, expand);
    // perf: the swept box in lanes, by value; walking calls ~7 %, commit 86dd5b3
    let (a, b, grow) = (
        Vec3A::from(start),
        Vec3A::from(start + delta),
        Vec3A::from(expand),
    );
    let swept = (a.min(b) - grow, a.max(b) + grow);
    if cache.usable(mesh, swept) {
        return scan_list(scan, mesh, cache, slabs);
    }
    let bvh = mesh.bvh();
    let items = bvh.items();
    bvh.sweep_query_slabs(slabs, stack, |slots| {
        scan_leaf(scan, mesh, items, slots, slabs)
    });
}

/// The call's gathered candidates ([`CandidateCache`]) in list order, each whose box the sweep
/// enters before the limit offered (sorting lists of 5–12 by entry cost more than it saved).
/// The last argument is as `scan_leaf`'s.
fn scan_list<N: NarrowPhase, const SPHERE: bool>(
    scan: &mut Scan<'_, N, SPHERE>,
    mesh: &CollisionMesh,
    cache: &mut CandidateCache,
    (o_min, o_max, inv): (Vec3A, Vec3A, Vec3A),
) {
    for cand in &mut cache.list {
        let Some(entry) = slab_entry(cand.min, cand.max, o_min, o_max, inv, scan.limit()) else {
            continue;
        };
        if let Some(tri_es) = candidate_es::<SPHERE>(scan.frame, mesh, cand) {
            scan.offer(cand.triangle, entry, &tri_es);
        }
    }
}

/// One gathered candidate in the frame: a sphere's from its world vertices and stored normal
/// (a subtraction and a scale), an ellipsoid's eSpace form built once a call (its f64 normal)
/// and kept. `None` for a triangle without area in eSpace.
#[inline(always)]
fn candidate_es<const SPHERE: bool>(
    frame: &Frame,
    mesh: &CollisionMesh,
    cand: &mut Candidate,
) -> Option<TriangleEs> {
    if SPHERE {
        triangle_es::<true>(frame, cand.vertices, || {
            mesh.slot_normal(cand.slot as usize)
        })
    } else {
        *cand
            .tri_es
            .get_or_insert_with(|| TriangleEs::new(frame.triangle_local_es_a(cand.vertices)))
    }
}

/// One leaf of the BVH walk: each triangle whose box the sweep enters before the limit is
/// offered, in slot order. Returns the scan's new limit, below which the walk enters nodes.
/// The last argument is the walk's slab origins and inverse motion, `(o_min, o_max, inv)`.
#[inline(always)]
fn scan_leaf<N: NarrowPhase, const SPHERE: bool>(
    scan: &mut Scan<'_, N, SPHERE>,
    mesh: &CollisionMesh,
    items: &[u32],
    slots: std::ops::Range<usize>,
    (o_min, o_max, inv): (Vec3A, Vec3A, Vec3A),
) -> f32 {
    for k in slots {
        let verts = mesh.slot_vertices_a(k);
        let [a, b, c] = verts;
        let (min, max) = (a.min(b).min(c), a.max(b).max(c));
        let Some(entry) = slab_entry(min, max, o_min, o_max, inv, scan.limit()) else {
            continue;
        };
        scan.offer_world(items[k], entry, &verts, || mesh.slot_normal(k));
    }
    scan.limit()
}
