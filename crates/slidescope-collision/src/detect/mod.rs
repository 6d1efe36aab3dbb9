//! Detection: the nearest contact of the swept ellipsoid over the whole mesh, plus every other
//! contact at the same time within a tolerance (seed 001 12.13 `EllipsoidIntersectBuffers`,
//! fig. 12.13: floor and ceiling of a wedge at once).
//!
//! The BVH is walked nearest-first and nodes the sweep enters after the best contact so far
//! (the best face contact, when an untraced detection runs face first) are skipped; the result
//! does not depend on the visiting order (ties go to the lowest triangle index), so BVH and
//! brute force agree exactly wherever a triangle's world box is entered no later than its
//! contact (moves of hundreds of radii can break that by more than the tolerance:
//! `long_moves`). The moving objects' detection is [`dynamic`], merged after the static one.

pub mod dynamic;

use glam::{Vec3, Vec3A};

use super::bvh::{slab_entry, sweep_slabs};

use super::candidates::{Candidate, CandidateCache};
use super::frame::Frame;
use super::sweep::CaseResults;
use super::sweep::{FaceStep, NarrowPhase, PlaneReach, TriangleEs, face_step, round_step};
use super::sweep::{sweep_triangle_cases, sweep_triangle_roots, touch};
use super::trace::CandidateTrace;
use super::{BroadPhase, CollisionMesh, Contact, Roots, Sidedness, SlideSettings, SweepHit};
pub use dynamic::DynamicScratch;

/// Buffers reused across detections (no allocation per query once warm).
#[derive(Debug, Default, Clone)]
pub struct Scratch {
    hits: Vec<(u32, SweepHit)>,
    stack: Vec<(u32, f32)>,
    /// An untraced detection's triangles whose round parts wait for the face tests.
    deferred: Vec<Deferred>,
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

/// A triangle whose plane the sweep reaches outside it: its round parts wait until every face
/// test of the detection has run ([`round_steps`]).
#[derive(Debug, Clone, Copy)]
struct Deferred {
    triangle: u32,
    /// When the sweep enters its world box.
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
    /// Face first: the triangles whose round parts wait ([`round_steps`]).
    deferred: &'a mut Vec<Deferred>,
    best: f32,
    record: Option<&'a mut Vec<CandidateTrace>>,
}

impl<N: NarrowPhase, const SPHERE: bool> Scan<'_, N, SPHERE> {
    /// Time limit for the rest of the scan: contacts later than this cannot be simultaneous
    /// with the best one.
    fn limit(&self) -> f32 {
        (self.best + self.settings.tuning.simultaneous_tolerance).clamp(0.0, 1.0)
    }

    /// Triangle `ti`, its world `vertices` and stored normal ([`CollisionMesh::slot_normal`],
    /// read only for a sphere), mapped into the frame and tested.
    fn test(&mut self, ti: u32, vertices: &[Vec3A; 3], normal: impl FnOnce() -> Vec3) {
        if let Some(tri_es) = triangle_es::<SPHERE>(self.frame, *vertices, normal) {
            self.test_es(ti, &tri_es);
        }
    }

    // Inlined into its callers: a `TriangleEs` handed over in memory is read back before its
    // stores retire (a store-forwarding stall, ~3 % of a sweep).
    #[inline(always)]
    fn test_es(&mut self, ti: u32, tri_es: &TriangleEs) {
        let tri_es = *tri_es;
        let s = self.settings;
        if leaves_front(s, &tri_es, self.v) {
            if let Some(rec) = self.record.as_deref_mut() {
                rec.push(CandidateTrace {
                    triangle: ti,
                    cases: CaseResults::culled(s.debug.cases),
                });
            }
            return;
        }
        if let Some(rec) = self.record.as_deref_mut() {
            let mut cases =
                sweep_triangle_cases(self.c, self.v, &tri_es, s.debug.cases, two_sided(s))
                    .roots(s.conventions.roots);
            if s.response.touching_counts {
                let parts = touch::graze_parts(self.c, self.v, &tri_es, two_sided(s), 1.0);
                touch::merge_cases(&mut cases, &parts);
            }
            rec.push(CandidateTrace {
                triangle: ti,
                cases,
            });
            // Every part was just tested over [0, 1]: nothing by the limit, nothing to find.
            if !cases.any_hit_by(self.limit()) {
                return;
            }
        }
        let limit = self.limit();
        let (c, v) = (self.c, self.v);
        let mut found = match s.conventions.roots {
            Roots::AtZero => {
                self.narrow
                    .sweep_triangle(c, v, &tri_es, s.debug.cases, two_sided(s), limit)
            }
            Roots::PositiveOnly => sweep_triangle_roots(
                c,
                v,
                &tri_es,
                s.debug.cases,
                two_sided(s),
                s.conventions.roots,
                limit,
            ),
        };
        if s.response.touching_counts {
            let grazing = touch::graze(c, v, &tri_es, s.debug.cases, two_sided(s), limit);
            found = touch::earliest(found, grazing);
        }
        if let Some(hit) = found {
            self.add(ti, hit);
        }
    }

    /// Triangle `ti`'s contact, kept if it is within the tolerance of the best so far.
    #[inline(always)]
    fn add(&mut self, ti: u32, hit: SweepHit) {
        let key = hit.time.sort_key();
        if key <= self.best + self.settings.tuning.simultaneous_tolerance {
            self.best = self.best.min(key);
            self.hits.push((ti, hit));
        }
    }
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

/// Both sides of every triangle collide (`sidedness`); otherwise one with the centre behind
/// its plane is ignored.
fn two_sided(s: &SlideSettings) -> bool {
    !s.conventions.sidedness.culls_behind()
}

/// [`Sidedness::LeavingIgnored`]: the motion leaves the triangle's front (Fauerby 2003 `if
/// (trianglePlane.isFrontFacingTo(normalizedVelocity))`), so none of its parts is tested.
/// Checked before the sweep, as the ports do.
#[inline]
fn leaves_front(s: &SlideSettings, tri_es: &TriangleEs, v: Vec3) -> bool {
    s.conventions.sidedness == Sidedness::LeavingIgnored && tri_es.normal_es.dot(v) > 0.0
}

/// Finds the nearest contacts of the unit sphere at `c` (local eSpace of `frame`) moving by
/// `v`. Returns them in `out` (cleared first): the earliest first (lowest triangle index on
/// ties), then the simultaneous ones in triangle order. With `record`, every triangle tested is
/// recorded (in index order) with each part of its Minkowski sum tested alone.
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
    // `c` and `v` come in lanes: a `Vec3` argument is passed in memory, stored in two pieces
    // and read in one, which stalled every detection's start (store forwarding).
    let (c, v) = (Vec3::from(c), Vec3::from(v));
    out.clear();
    scratch.hits.clear();
    // One scan for a sphere, which reads the mesh's normals, and one for any other ellipsoid
    // (or a frame not made for this mesh, `Frame::for_mesh`): a branch and a load per
    // candidate for it cost the ellipsoids' crowd 1.5 %.
    let best = if frame.is_sphere() {
        scan_mesh::<N, true>(narrow, mesh, frame, (c, v), settings, scratch, record)
    } else {
        scan_mesh::<N, false>(narrow, mesh, frame, (c, v), settings, scratch, record)
    };
    nearest_contacts(&mut scratch.hits, best, frame, c, v, settings, out);
}

/// Every candidate of the sweep from `c` along `v` tested (the `BroadPhase` chosen); the
/// best time found.
#[inline(always)]
fn scan_mesh<N: NarrowPhase, const SPHERE: bool>(
    narrow: &N,
    mesh: &CollisionMesh,
    frame: &Frame,
    (c, v): (Vec3, Vec3),
    settings: &SlideSettings,
    scratch: &mut Scratch,
    record: Option<&mut Vec<CandidateTrace>>,
) -> f32 {
    let mut scan = Scan::<N, SPHERE> {
        narrow,
        frame,
        c,
        v,
        settings,
        hits: &mut scratch.hits,
        deferred: &mut scratch.deferred,
        best: f32::INFINITY,
        record,
    };
    match settings.debug.broad_phase {
        BroadPhase::Bvh => {
            let cache = &mut scratch.cache;
            scan_bvh(&mut scan, mesh, (c, v), cache, &mut scratch.stack);
        }
        BroadPhase::BruteForce => {
            for ti in 0..mesh.triangle_count() as u32 {
                let vertices = mesh.triangle(ti).vertices.map(Vec3A::from);
                scan.test(ti, &vertices, || mesh.stored_normal(ti));
            }
        }
    }
    if let Some(rec) = scan.record {
        // A detection tests each triangle once: unique keys, so the unstable sort (no scratch
        // allocation, no moves of equal runs) gives the stable order.
        rec.sort_unstable_by_key(|r| r.triangle);
    }
    scan.best
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
    let to_contact = |&(ti, hit): &(u32, SweepHit)| {
        let center_local = hit.center_es(c, v);
        Contact {
            triangle: ti,
            feature: hit.feature,
            time: hit.time,
            center: frame.to_world(center_local),
            point: frame.to_world(hit.point_es),
            normal: frame.space.normal_to_world(hit.normal_es),
            center_es: frame.to_es(center_local),
            point_es: frame.to_es(hit.point_es),
            normal_es: hit.normal_es,
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

/// The BVH broad phase: the call's gathered candidates when they cover the sweep, else a walk
/// of the BVH nearest-first; each triangle's own box is tested before its sweep test.
fn scan_bvh<N: NarrowPhase, const SPHERE: bool>(
    scan: &mut Scan<'_, N, SPHERE>,
    mesh: &CollisionMesh,
    (c, v): (Vec3, Vec3),
    cache: &mut CandidateCache,
    stack: &mut Vec<(u32, f32)>,
) {
    let (frame, settings) = (scan.frame, scan.settings);
    // `c` and `v` as arguments, not read back from `scan`: its fields were just stored in
    // pieces and a wider load across them stalled (store forwarding).
    let (start, delta) = (frame.to_world(c), frame.space.vector_to_world(v));
    let expand = frame.bounds_half_extents(settings.tuning.skin_es.max(1e-3) * 2.0);
    // The same slab test the BVH uses, on each triangle's own box: leaf boxes are looser
    // than their triangles, and this costs a fraction of a sweep test.
    let slabs = sweep_slabs(start, delta, expand);
    // The swept box in lanes, handed over by value (see `CandidateCache::usable`).
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
    if face_first(scan) {
        scan.deferred.clear();
        bvh.sweep_query_slabs(slabs, stack, |slots| {
            scan_leaf_face_first(scan, mesh, items, slots, slabs)
        });
        return round_steps(scan);
    }
    bvh.sweep_query_slabs(slabs, stack, |slots| {
        scan_leaf(scan, mesh, items, slots, slabs)
    });
}

/// Whether this detection runs face first: untraced, the face case on, touching contacts not
/// counted, and a narrow phase that splits its test ([`NarrowPhase::FACE_FIRST`]).
#[inline(always)]
fn face_first<N: NarrowPhase, const SPHERE: bool>(scan: &Scan<'_, N, SPHERE>) -> bool {
    let s = scan.settings;
    scan.record.is_none() && N::FACE_FIRST && !s.response.touching_counts && s.debug.cases.face
}

/// The call's gathered candidates ([`CandidateCache`]), each whose box the sweep enters before
/// the limit tested. A traced detection takes them in the order the sweep enters their boxes,
/// as a leaf of the walk is (`scan_leaf`), so the limit spares the later ones their record of
/// every part; an untraced one in list order (sorting lists of 5–12 cost more than it saved).
/// The last argument is as `scan_leaf`'s.
fn scan_list<N: NarrowPhase, const SPHERE: bool>(
    scan: &mut Scan<'_, N, SPHERE>,
    mesh: &CollisionMesh,
    cache: &mut CandidateCache,
    (o_min, o_max, inv): (Vec3A, Vec3A, Vec3A),
) {
    if scan.record.is_none() {
        if face_first(scan) {
            return scan_list_face_first(scan, mesh, cache, (o_min, o_max, inv));
        }
        for cand in &mut cache.list {
            if slab_entry(cand.min, cand.max, o_min, o_max, inv, scan.limit()).is_some() {
                test_candidate(scan, mesh, cand);
            }
        }
        return;
    }
    let limit = scan.limit();
    cache.order.clear();
    for (i, cand) in cache.list.iter().enumerate() {
        if let Some(t) = slab_entry(cand.min, cand.max, o_min, o_max, inv, limit) {
            cache.order.push(entry_key(t, i));
        }
    }
    cache.order.sort_unstable();
    for &key in &cache.order {
        if f32::from_bits((key >> 32) as u32) > scan.limit() {
            break;
        }
        test_candidate(scan, mesh, &mut cache.list[key as u32 as usize]);
    }
}

/// The untraced scan of the gathered list, face first: every entered candidate's face test
/// ([`face_step`]), then the round parts ([`round_step`]) of those whose plane is reached
/// outside them, at the limit the face contacts have left. A walker's floor triangle is then
/// found before its neighbours' edges are solved, and their round parts are mostly out of
/// reach of that limit (`sweep::reach`). Each triangle's answer is the one its whole test
/// gives at a limit no lower than the final one, so the contacts are those the one-pass scan
/// of the list finds (wherever a triangle's box is entered no later than its contact; see
/// the module's doc).
/// Measured (callgrind): 3.1–4.1 % fewer instructions on walking slides, 3.6 % in
/// the crease crowd, whose round parts fell from 2.5 M calls to 33 k.
fn scan_list_face_first<N: NarrowPhase, const SPHERE: bool>(
    scan: &mut Scan<'_, N, SPHERE>,
    mesh: &CollisionMesh,
    cache: &mut CandidateCache,
    (o_min, o_max, inv): (Vec3A, Vec3A, Vec3A),
) {
    scan.deferred.clear();
    for cand in &mut cache.list {
        let Some(entry) = slab_entry(cand.min, cand.max, o_min, o_max, inv, scan.limit()) else {
            continue;
        };
        if let Some(tri_es) = candidate_es::<SPHERE>(scan.frame, mesh, cand) {
            face_test(scan, cand.triangle, entry, &tri_es);
        }
    }
    round_steps(scan);
}

/// Triangle `ti`'s face test, its box entered at `entry`: its contact kept, or its round
/// parts deferred.
#[inline(always)]
fn face_test<N: NarrowPhase, const SPHERE: bool>(
    scan: &mut Scan<'_, N, SPHERE>,
    ti: u32,
    entry: f32,
    tri_es: &TriangleEs,
) {
    let s = scan.settings;
    let (c, v) = (scan.c, scan.v);
    if leaves_front(s, tri_es, v) {
        return;
    }
    match face_step(c, v, tri_es, s.debug.cases, two_sided(s), scan.limit()) {
        FaceStep::Done(Some(hit)) => scan.add(ti, hit),
        FaceStep::Done(None) => {}
        FaceStep::Round(plane) => scan.deferred.push(Deferred {
            triangle: ti,
            entry,
            plane,
            tri_es: *tri_es,
        }),
    }
}

/// The deferred round parts, at the limit the face contacts have left.
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
        if let Some(hit) = round_step(
            c,
            v,
            &d.tri_es,
            s.debug.cases,
            s.conventions.roots,
            d.plane,
            limit,
        ) {
            scan.add(d.triangle, hit);
        }
    }
    *scan.deferred = deferred;
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

/// One gathered candidate mapped into the frame ([`candidate_es`]) and tested.
#[inline(always)]
fn test_candidate<N: NarrowPhase, const SPHERE: bool>(
    scan: &mut Scan<'_, N, SPHERE>,
    mesh: &CollisionMesh,
    cand: &mut Candidate,
) {
    if let Some(tri_es) = candidate_es::<SPHERE>(scan.frame, mesh, cand) {
        scan.test_es(cand.triangle, &tri_es);
    }
}

/// One leaf of an untraced walk, face first ([`scan_list_face_first`]): each triangle whose box
/// the sweep enters before the limit has its face test, in slot order; those reaching their
/// plane outside themselves wait for [`round_steps`] after the walk. The walk's limit is then
/// the face contacts' only, never below the final one, so it enters every node entered before
/// the final limit (and maybe more than the one-pass walk, whose round contacts lower its
/// limit on the way). Returns the scan's new limit; the arguments are as [`scan_leaf`]'s.
#[inline(always)]
fn scan_leaf_face_first<N: NarrowPhase, const SPHERE: bool>(
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
        if let Some(tri_es) = triangle_es::<SPHERE>(scan.frame, verts, || mesh.slot_normal(k)) {
            face_test(scan, items[k], entry, &tri_es);
        }
    }
    scan.limit()
}

/// A sort key for a candidate entered at `t` (>= 0), `place` its index: sorted keys are sorted
/// entries (a non-negative float's bits order as its value; `+ 0.0` turns a `-0.0` from the
/// slab test's `max` into `+0.0`, whose bits come first).
#[inline]
fn entry_key(t: f32, place: usize) -> u64 {
    u64::from((t + 0.0).to_bits()) << 32 | place as u64
}

/// One leaf of the one-pass BVH walk (traced detections, and the settings face first does not
/// serve: [`face_first`]); returns the scan's new limit. Its triangles are tested in the
/// order the sweep enters their boxes, so the nearest contact is found first and limits the
/// rest (on the sweep bench's queries 5.9 → 4.3 triangles tested a sweep, 4.1 needed, when
/// the lone sweep took this walk).
/// The last argument is the walk's slab origins and inverse motion, `(o_min, o_max, inv)`.
#[inline(always)]
fn scan_leaf<N: NarrowPhase, const SPHERE: bool>(
    scan: &mut Scan<'_, N, SPHERE>,
    mesh: &CollisionMesh,
    items: &[u32],
    slots: std::ops::Range<usize>,
    (o_min, o_max, inv): (Vec3A, Vec3A, Vec3A),
) -> f32 {
    // Keys: `entry_key` of the place in `tris`; the vertices kept in lanes, not read again
    // (reading them again cost the crowd 2 %).
    let mut keys = [0u64; 8];
    let mut tris = [([Vec3A::ZERO; 3], 0usize); 8];
    let mut n = 0;
    let limit = scan.limit();
    for k in slots {
        let verts = mesh.slot_vertices_a(k);
        let [a, b, c] = verts;
        if let Some(t) = slab_entry(a.min(b).min(c), a.max(b).max(c), o_min, o_max, inv, limit) {
            let key = entry_key(t, n);
            tris[n] = (verts, k);
            let mut j = n;
            while j > 0 && keys[j - 1] > key {
                keys[j] = keys[j - 1];
                j -= 1;
            }
            keys[j] = key;
            n += 1;
        }
    }
    for &key in &keys[..n] {
        if f32::from_bits((key >> 32) as u32) <= scan.limit() {
            let (verts, k) = &tris[key as u32 as usize];
            scan.test(items[*k], verts, || mesh.slot_normal(*k));
        }
    }
    scan.limit()
}
