//! Detection: the nearest contact of the swept ellipsoid over the whole mesh, plus every other
//! contact at the same time within a tolerance (seed 001 12.13 `EllipsoidIntersectBuffers`,
//! fig. 12.13: floor and ceiling of a wedge at once).

use glam::Vec3;

use super::frame::Frame;
use super::sweep::{TriangleEs, sweep_triangle, sweep_triangle_cases};
use super::trace::CandidateTrace;
use super::{BroadPhase, CollisionMesh, Contact, SlideSettings, SweepHit};

/// Buffers reused across detections (no allocation per query once warm).
#[derive(Debug, Default, Clone)]
pub struct Scratch {
    pub(crate) candidates: Vec<u32>,
    pub(crate) hits: Vec<(u32, SweepHit)>,
}

/// Finds the nearest contacts of the unit sphere at `c` (local eSpace of `frame`) moving by
/// `v`. Returns them in `out` (cleared first): the earliest first, then the simultaneous ones
/// in triangle order. With `candidates_trace`, every broad-phase candidate is recorded with
/// each part of its Minkowski sum tested alone.
pub(crate) fn detect(
    mesh: &CollisionMesh,
    frame: &Frame,
    c: Vec3,
    v: Vec3,
    settings: &SlideSettings,
    scratch: &mut Scratch,
    out: &mut Vec<Contact>,
    mut candidates_trace: Option<&mut Vec<CandidateTrace>>,
) {
    out.clear();
    scratch.candidates.clear();
    scratch.hits.clear();
    match settings.broad_phase {
        BroadPhase::Bvh => {
            let query = frame.swept_bounds(c, v, settings.skin_es.max(1e-3) * 2.0);
            mesh.bvh().query(&query, &mut scratch.candidates);
            scratch.candidates.sort_unstable();
        }
        BroadPhase::BruteForce => scratch.candidates.extend(0..mesh.triangle_count() as u32),
    }
    let tol = settings.simultaneous_tolerance;
    let mut best = f32::INFINITY;
    for &ti in &scratch.candidates {
        let tri = mesh.triangle(ti);
        let Some(tri_es) = TriangleEs::new(tri.vertices.map(|p| frame.local_es(p))) else {
            continue;
        };
        if let Some(rec) = candidates_trace.as_deref_mut() {
            rec.push(CandidateTrace {
                triangle: ti,
                cases: sweep_triangle_cases(c, v, &tri_es, settings.cases, settings.two_sided),
            });
        }
        let t_max = (best + tol).clamp(0.0, 1.0);
        if let Some(hit) = sweep_triangle(c, v, &tri_es, settings.cases, settings.two_sided, t_max)
        {
            let key = hit.time.sort_key();
            if key <= best + tol {
                best = best.min(key);
                scratch.hits.push((ti, hit));
            }
        }
    }
    if scratch.hits.is_empty() {
        return;
    }
    // The first contact: smallest key, lowest triangle index on ties (hits are in index order).
    let first = scratch.hits.iter().enumerate().fold(0, |b, (i, h)| {
        if h.1.time.sort_key() < scratch.hits[b].1.time.sort_key() {
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
        }
    };
    out.push(to_contact(&scratch.hits[first]));
    let max = settings.max_contacts as usize;
    for (i, h) in scratch.hits.iter().enumerate() {
        if out.len() >= max {
            break;
        }
        if i != first && h.1.time.sort_key() <= best + tol {
            out.push(to_contact(h));
        }
    }
}
