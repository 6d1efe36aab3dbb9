//! Where the orbit camera stands when a scenario, an Issues scene or a lesson opens: on the
//! open side of the contact, with nothing of the level between the eye and the ellipsoid
//! (*Issues ▸ 16* once opened looking at the back of its corner's two walls).

use glam::Vec3;

use crate::collision::{CollisionMesh, raycast};
use crate::sim::FrameRecord;
use crate::view::camera_rig::{CameraRig, selection_sphere};

/// Yaws tried, evenly round the target.
const YAW_STEPS: usize = 24;
/// Pitches tried (radians, negative looks down): from a shallow look to a steep one.
const PITCHES: [f32; 4] = [-0.2, -0.45, -0.7, -0.95];
/// How much the preferred view counts against the contacts' open side.
const PREFERRED_WEIGHT: f32 = 0.5;

/// An orbit camera's direction and distance.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OrbitView {
    pub yaw: f32,
    pub pitch: f32,
    pub distance: f32,
}

/// Unit vector from the orbit target to the eye for `yaw` and `pitch` (the rig's convention:
/// the camera looks along `(−sin yaw · cos pitch, sin pitch, −cos yaw · cos pitch)`).
fn eye_direction(yaw: f32, pitch: f32) -> Vec3 {
    let (sy, cy) = yaw.sin_cos();
    let (sp, cp) = pitch.sin_cos();
    Vec3::new(sy * cp, -sp, cy * cp)
}

/// The fraction of the way from each of `from` to `eye` that is clear of `mesh` (both sides
/// of every triangle), the smallest. Each line is cast twice, the second to a point 5 cm off
/// the eye: the ray test is not watertight, and a ray exactly along the seam of two triangles
/// (a box seen along its face's diagonal) can pass between them.
fn clear_fraction(mesh: &CollisionMesh, from: [Vec3; 2], eye: Vec3) -> f32 {
    let side = (eye - from[0]).cross(Vec3::Y).normalize_or_zero() * 0.05;
    let lines = from.into_iter().flat_map(|p| [(p, eye), (p, eye + side)]);
    lines
        .map(|(p, to)| {
            let d = to - p;
            let len = d.length();
            match raycast(mesh, p, d, len) {
                Ok(Some(hit)) if len > 0.0 => hit.distance / len,
                _ => 1.0,
            }
        })
        .fold(1.0, f32::min)
}

/// The view of `target` from `distance` that sees both it and `subject` (the ellipsoid's
/// centre) with nothing of `mesh` between: among yaws every 15° and four downward pitches,
/// the clear one closest to the contacts' open side (`normals`, world, from the surfaces
/// towards the centre) and, less, to `preferred`. With no clear view at that distance, the
/// one that sees furthest, pulled in to just before what blocks it.
pub fn open_side_view(
    mesh: &CollisionMesh,
    target: Vec3,
    subject: Vec3,
    distance: f32,
    normals: &[Vec3],
    preferred: OrbitView,
) -> OrbitView {
    let open = normals.iter().copied().sum::<Vec3>().normalize_or_zero();
    let wanted = eye_direction(preferred.yaw, preferred.pitch);
    let mut best: Option<(bool, f32, OrbitView)> = None;
    for k in 0..YAW_STEPS {
        let yaw = preferred.yaw + k as f32 * std::f32::consts::TAU / YAW_STEPS as f32;
        for pitch in PITCHES {
            let dir = eye_direction(yaw, pitch);
            let clear = clear_fraction(mesh, [target, subject], target + dir * distance);
            let score = dir.dot(open) + PREFERRED_WEIGHT * dir.dot(wanted);
            // Clear views first; among blocked ones the view that sees furthest.
            let key = (clear >= 1.0, if clear >= 1.0 { score } else { clear });
            let view = OrbitView {
                yaw: yaw.rem_euclid(std::f32::consts::TAU),
                pitch,
                distance: if clear >= 1.0 {
                    distance
                } else {
                    (distance * clear * 0.9).max(0.5)
                },
            };
            if best.is_none_or(|(c, s, _)| (key.0, key.1) > (c, s)) {
                best = Some((key.0, key.1, view));
            }
        }
    }
    best.map_or(preferred, |(_, _, v)| v)
}

/// Frames `record` at iteration `iteration` as an opened scenario shows it: centred on the
/// iteration's first contact (or its sweep), looked at from the open side of its contacts,
/// preferring a view 60° to the side of the motion.
pub fn frame_opened(
    rig: &mut CameraRig,
    mesh: &CollisionMesh,
    record: &FrameRecord,
    iteration: usize,
) {
    let velocity = record.call.requested_move;
    let flat = Vec3::new(velocity.x, 0.0, velocity.z);
    if flat.length_squared() > 1e-12 {
        rig.yaw = (-flat.x).atan2(-flat.z) + 1.0;
        rig.pitch = -0.35;
    }
    let it = record.trace.iterations.get(iteration);
    let radii = record.call.ellipsoid.map_or(Vec3::ONE, |e| e.radii);
    let (center, radius) = selection_sphere(None, it, record.after.center, radii.max_element());
    rig.focus = None;
    rig.frame_on(center, radius);
    let subject = it.map_or(record.after.center, |it| it.start_center);
    let normals: Vec<Vec3> = it.map_or_else(Vec::new, |it| {
        it.contacts.iter().map(|c| c.normal).collect()
    });
    let preferred = OrbitView {
        yaw: rig.yaw,
        pitch: rig.pitch,
        // `frame_on` set the framing distance for the selection.
        distance: rig.orbit_distance,
    };
    let view = open_side_view(
        mesh,
        center,
        subject,
        preferred.distance,
        &normals,
        preferred,
    );
    rig.yaw = view.yaw;
    rig.pitch = view.pitch;
    rig.orbit_distance = view.distance;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::geometry::box_triangles;

    #[test]
    fn the_view_goes_round_a_wall_to_the_side_the_contact_faces() {
        // A wall at z ∈ [-0.2, 0] facing +z; the ellipsoid touches it from +z.
        let mesh = CollisionMesh::from_triangles(&box_triangles(
            Vec3::new(-5.0, 0.0, -0.2),
            Vec3::new(5.0, 3.0, 0.0),
        ))
        .unwrap();
        let subject = Vec3::new(0.0, 1.0, 0.5);
        let target = Vec3::new(0.0, 1.0, 0.25);
        // Preferred: looking from behind the wall (eye at -z: yaw = π looks towards +z).
        let behind = OrbitView {
            yaw: std::f32::consts::PI,
            pitch: -0.2,
            distance: 4.0,
        };
        let v = open_side_view(&mesh, target, subject, 4.0, &[Vec3::Z], behind);
        let eye = target + eye_direction(v.yaw, v.pitch) * v.distance;
        assert!(eye.z > 0.0, "the eye stays in front of the wall: {eye}");
        assert_eq!(v.distance, 4.0);
        assert!(clear_fraction(&mesh, [target, subject], eye) >= 1.0);
    }

    #[test]
    fn with_no_clear_view_the_camera_is_pulled_in() {
        // The subject inside a closed box: every view is blocked at the walls.
        let mesh =
            CollisionMesh::from_triangles(&box_triangles(Vec3::splat(-1.0), Vec3::splat(1.0)))
                .unwrap();
        let start = OrbitView {
            yaw: 0.0,
            pitch: -0.2,
            distance: 10.0,
        };
        let v = open_side_view(&mesh, Vec3::ZERO, Vec3::ZERO, 10.0, &[], start);
        assert!(v.distance < 1.5, "{v:?}");
    }
}
