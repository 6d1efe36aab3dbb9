//! Stage *place the contact*: where the centre touches the first contact and which plane the
//! response slides on (seed 001 12.3: `NewCenter` and `IntersectNormal` of the first
//! `CollIntersect`). Two variants act here: the internal-edge filter (the plane) and the exact
//! contact (the centre).

use glam::Vec3;

use super::state::{Call, SlideState};
use crate::detect::Scratch;
use crate::frame::Frame;
use crate::{CollisionMesh, Contact, ContactSource, Feature};

/// With [`ResponseOptions::exact_contact`](crate::ResponseOptions::exact_contact), a static
/// contact further than this from the call's frame origin (local eSpace units) re-centres the
/// frame on the exact contact centre, so the skin push-back and the next iterations are worked
/// at f32's finest steps, not 1,000 radii away where they are ~6e-5 (a long move into a
/// three-plane corner ended 1.6e-4 deep).
const REBASE_ES: f32 = 1.0;

/// The first contact as the response uses it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Placed {
    pub contact: Contact,
    /// The slide plane's normal, local eSpace and world.
    pub n_es: Vec3,
    pub n: Vec3,
    /// The centre touching the contact, local eSpace (of the frame after any re-centring).
    pub center_es: Vec3,
}

/// The stage: the slide normal and the touching centre of `first`.
#[inline]
pub(super) fn place_contact(
    call: &Call<'_>,
    s: &mut SlideState,
    scratch: &mut Scratch,
    first: Contact,
) -> Placed {
    let (n_es, n) = match call.settings.response.internal_edge_filter {
        true => face_normal_on_internal_edge(call.world.mesh, &s.frame, &first, &mut scratch.near)
            .unwrap_or((first.normal_es, first.normal)),
        false => (first.normal_es, first.normal),
    };
    let kept = call.settings.conventions.embedded_kept;
    let center_es = match first.source {
        ContactSource::Static => first.time.touching_center(s.from, s.v, n_es, kept),
        // Already carried into the object's current pose by detection.
        ContactSource::Dynamic { .. } => s.frame.local_es(first.center),
    };
    let center_es =
        match call.settings.response.exact_contact && first.source == ContactSource::Static {
            true => exact_center(call, s, scratch, center_es),
            false => center_es,
        };
    Placed {
        contact: first,
        n_es,
        n,
        center_es,
    }
}

/// `center_es` corrected to exactly one unit from the contacts' triangles; a far one
/// re-centres the call's frame on it (see [`REBASE_ES`]) and is then the new origin.
fn exact_center(
    call: &Call<'_>,
    s: &mut SlideState,
    scratch: &mut Scratch,
    center_es: Vec3,
) -> Vec3 {
    let at = s.frame.local_to_world(center_es);
    let exact = exact_contact_center(call.world.mesh, &s.frame, at, &s.contacts);
    let local = s.frame.local_es(exact);
    if local.length() > REBASE_ES {
        s.frame = s.frame.rebased(exact);
        s.from -= local;
        s.to -= local;
        s.planes.shift(local);
        scratch.cache.frame_moved();
        Vec3::ZERO
    } else {
        local
    }
}

/// The contact centre (world) moved out to exactly one eSpace unit from each static triangle
/// among `contacts` that it is closer to than that (`ResponseOptions::exact_contact`).
/// Along the line from the triangle's closest point, so that point stays the closest. Worked in
/// eSpace about the triangle's first vertex: the call's own frame is centred on the start, and
/// 1,000 radii away its f32 steps are ~1e-4 eSpace, as coarse as the error being removed.
pub(super) fn exact_contact_center(
    mesh: &CollisionMesh,
    frame: &Frame,
    center: Vec3,
    contacts: &[Contact],
) -> Vec3 {
    let space = &frame.space;
    let mut c = center;
    // Two passes: a second triangle of the contacts can move the centre towards the first.
    for _ in 0..2 {
        for contact in contacts
            .iter()
            .filter(|k| k.source == ContactSource::Static)
        {
            if contact.triangle as usize >= mesh.triangle_count() {
                continue;
            }
            let tri = mesh.triangle(contact.triangle).vertices;
            let origin = tri[0];
            let tri_es = tri.map(|p| space.vector_to_es(p - origin));
            let c_es = space.vector_to_es(c - origin);
            let p = crate::distance::closest_point_on_triangle(c_es, tri_es);
            let d = (c_es - p).length();
            if d < 1.0 {
                let out = if d > 1e-6 {
                    p + (c_es - p) / d
                } else {
                    c_es + contact.normal_es * (1.0 - d)
                };
                c = origin + space.vector_to_world(out);
            }
        }
    }
    c
}

/// For the internal-edge filter: when `contact` is a static edge contact on a seam inside a
/// flat surface, the triangle's face normal turned to the contact's side, in local eSpace and
/// in world (the slide plane to use instead of the edge's round normal).
fn face_normal_on_internal_edge(
    mesh: &CollisionMesh,
    frame: &Frame,
    contact: &Contact,
    near: &mut Vec<u32>,
) -> Option<(Vec3, Vec3)> {
    let (ContactSource::Static, Feature::Edge(edge)) = (contact.source, contact.feature) else {
        return None;
    };
    crate::internal_edge::internal_neighbour(mesh, contact.triangle, edge, near)?;
    let face = mesh.get_triangle(contact.triangle)?.normal;
    let face = if face.dot(contact.normal) < 0.0 {
        -face
    } else {
        face
    };
    let face_es = frame.space.normal_to_es(face).try_normalize()?;
    Some((
        face_es,
        frame.space.normal_to_world(face_es).try_normalize()?,
    ))
}

#[cfg(test)]
mod internal_edge_tests {
    use super::*;
    use crate::{CollisionMesh, ContactTime, Ellipsoid};

    /// Two triangles sharing the edge x = 0 (corners (0,0,±1)), the second folded by `fold_deg`.
    fn floor(fold_deg: f32) -> CollisionMesh {
        let v = Vec3::new;
        let (s, c) = fold_deg.to_radians().sin_cos();
        CollisionMesh::from_triangles(&[
            [v(0.0, 0.0, -1.0), v(-2.0, 0.0, 0.0), v(0.0, 0.0, 1.0)],
            [
                v(0.0, 0.0, 1.0),
                v(2.0 * c, 2.0 * s, 0.0),
                v(0.0, 0.0, -1.0),
            ],
        ])
        .unwrap()
    }

    /// A contact of a unit sphere on `feature` of triangle 0, its round normal tilted 30° off
    /// the face towards +x.
    fn contact(feature: Feature) -> Contact {
        let n = Vec3::new(0.5, 0.866_025_4, 0.0);
        Contact {
            triangle: 0,
            feature,
            time: ContactTime::Toi(0.5),
            center: n,
            point: Vec3::ZERO,
            normal: n,
            center_es: n,
            point_es: Vec3::ZERO,
            normal_es: n,
            source: ContactSource::Static,
        }
    }

    #[test]
    fn a_seam_in_a_flat_floor_slides_on_the_face() {
        let frame = Frame::new(&Ellipsoid::sphere(Vec3::ZERO, 1.0).unwrap());
        let mut near = Vec::new();
        // Edge 2 of triangle 0 runs from (0,0,1) to (0,0,-1): the shared one.
        let (n_es, n) = face_normal_on_internal_edge(
            &floor(0.5),
            &frame,
            &contact(Feature::Edge(2)),
            &mut near,
        )
        .expect("an internal edge");
        assert!((n - Vec3::Y).length() < 1e-6 && (n_es - Vec3::Y).length() < 1e-6);
        // An outer edge, a real fold and a face contact keep their own normal.
        let outer = contact(Feature::Edge(0));
        assert_eq!(
            face_normal_on_internal_edge(&floor(0.5), &frame, &outer, &mut near),
            None
        );
        let fold = contact(Feature::Edge(2));
        assert_eq!(
            face_normal_on_internal_edge(&floor(20.0), &frame, &fold, &mut near),
            None
        );
        let face = contact(Feature::Face);
        assert_eq!(
            face_normal_on_internal_edge(&floor(0.0), &frame, &face, &mut near),
            None
        );
    }
}
