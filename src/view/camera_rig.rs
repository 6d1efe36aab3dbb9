//! The three cameras: first person (captured cursor), third-person orbit around the ellipsoid
//! (pulled in front of walls by a sphere sweep through the core) and free fly.

use glam::Vec3;
use serde::{Deserialize, Serialize};

use crate::collision::{
    CollisionMesh, ContactTime, Ellipsoid, IterationTrace, SlideSettings, sweep,
};
use crate::render::Camera;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CameraMode {
    FirstPerson,
    Orbit,
    Fly,
}

impl CameraMode {
    pub const ALL: [CameraMode; 3] = [CameraMode::FirstPerson, CameraMode::Orbit, CameraMode::Fly];

    pub fn label(self) -> &'static str {
        match self {
            CameraMode::FirstPerson => "First person",
            CameraMode::Orbit => "Orbit",
            CameraMode::Fly => "Free fly",
        }
    }

    /// Whether the mode looks with a captured cursor.
    pub fn captures_cursor(self) -> bool {
        !matches!(self, CameraMode::Orbit)
    }
}

/// Radius of the sphere swept from the orbit target to the eye (metres).
const PULL_IN_RADIUS: f32 = 0.15;

pub struct CameraRig {
    pub mode: CameraMode,
    /// Radians, counter-clockwise about +Y (the sim's convention: forward is
    /// `(-sin yaw, 0, -cos yaw)`); 0 looks down -Z.
    pub yaw: f32,
    /// Radians, positive looks up.
    pub pitch: f32,
    pub orbit_distance: f32,
    /// Free-fly eye position.
    pub fly_eye: Vec3,
    pub fov_deg: f32,
    /// True when the orbit camera was pulled in front of a wall last frame.
    pub pulled_in: bool,
    /// Where the orbit camera looks instead of the ellipsoid (framed selection, clicked
    /// point), until the walk resumes.
    pub focus: Option<Vec3>,
    /// A framing move under way: (target it started from, distance it started from,
    /// progress 0..1).
    glide: Option<(Vec3, f32, f32)>,
    /// The orbit target of the last frame (where a glide starts).
    last_target: Vec3,
}

/// What framing shows, as a sphere (centre, radius; world): the selected triangle with the
/// iteration's first contact, else that contact and the ellipsoid touching there (`reach`: its
/// largest radius), else the iteration's whole sweep, else `fallback` (the ellipsoid's centre).
pub fn selection_sphere(
    triangle: Option<[Vec3; 3]>,
    iteration: Option<&IterationTrace>,
    fallback: Vec3,
    reach: f32,
) -> (Vec3, f32) {
    let mut pts: Vec<Vec3> = triangle.map_or_else(Vec::new, |t| t.to_vec());
    let mut grow = 0.0;
    match iteration {
        Some(it) if !it.contacts.is_empty() => {
            let c = &it.contacts[0];
            if pts.is_empty() {
                // The contact and the ellipsoid touching there.
                pts.push(c.center);
                grow = reach;
            }
            pts.push(c.point);
        }
        Some(it) if pts.is_empty() => {
            pts.extend([it.start_center, it.start_center + it.velocity]);
            grow = reach;
        }
        _ => {}
    }
    if pts.is_empty() {
        pts.push(fallback);
        grow = reach;
    }
    let (lo, hi) = pts
        .iter()
        .fold((pts[0], pts[0]), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
    ((lo + hi) * 0.5, (hi - lo).length() * 0.5 + grow)
}

/// Seconds a framing move takes.
pub const GLIDE_SECS: f32 = 0.35;

/// The orbit distance that shows a sphere of `radius` whole in a view of vertical field of
/// view `fov_deg` (with a margin), clamped to the zoom range.
pub fn framing_distance(radius: f32, fov_deg: f32) -> f32 {
    let half = (fov_deg.clamp(20.0, 120.0).to_radians() * 0.5).tan();
    (radius.max(0.05) * 1.6 / half).clamp(0.5, 100.0)
}

impl CameraRig {
    pub fn new(mode: CameraMode, orbit_distance: f32, fov_deg: f32) -> Self {
        Self {
            mode,
            yaw: 0.0,
            pitch: -0.35,
            orbit_distance,
            fly_eye: Vec3::new(0.0, 3.0, 6.0),
            fov_deg,
            pulled_in: false,
            focus: None,
            glide: None,
            last_target: Vec3::ZERO,
        }
    }

    /// Frames a sphere (centre, radius) with a short animated move of the orbit camera.
    pub fn frame_on(&mut self, center: Vec3, radius: f32) {
        self.glide = Some((self.last_target, self.orbit_distance, 0.0));
        self.focus = Some(center);
        self.orbit_distance = framing_distance(radius, self.fov_deg);
        if self.mode == CameraMode::FirstPerson {
            self.mode = CameraMode::Orbit;
        }
    }

    /// Re-centres the orbit on `point` (a clicked point), keeping the distance.
    pub fn recenter(&mut self, point: Vec3) {
        self.glide = Some((self.last_target, self.orbit_distance, 0.0));
        self.focus = Some(point);
    }

    /// Back to following the ellipsoid.
    pub fn release_focus(&mut self) {
        if self.focus.take().is_some() {
            self.glide = Some((self.last_target, self.orbit_distance, 0.0));
        }
    }

    /// Advances a framing move by `dt` seconds.
    pub fn advance(&mut self, dt: f32) {
        if let Some((_, _, t)) = &mut self.glide {
            *t += dt.max(0.0) / GLIDE_SECS;
            if *t >= 1.0 {
                self.glide = None;
            }
        }
    }

    /// Unit look direction from yaw and pitch.
    pub fn look_dir(&self) -> Vec3 {
        let (sy, cy) = self.yaw.sin_cos();
        let (sp, cp) = self.pitch.sin_cos();
        Vec3::new(-sy * cp, sp, -cy * cp)
    }

    /// Turns to look from `feet` towards `look` (level, keeping a slight downward pitch).
    pub fn face(&mut self, feet: Vec3, look: Option<Vec3>) {
        let Some(look) = look else {
            return;
        };
        let d = look - feet;
        if d.x.is_finite() && d.z.is_finite() && d.x * d.x + d.z * d.z > 1e-8 {
            self.yaw = (-d.x).atan2(-d.z).rem_euclid(std::f32::consts::TAU);
        }
    }

    /// Mouse look / orbit drag by a pixel delta.
    pub fn rotate(&mut self, dx: f32, dy: f32, sensitivity: f32) {
        if !(dx.is_finite() && dy.is_finite()) {
            return;
        }
        self.yaw = (self.yaw - dx * sensitivity).rem_euclid(std::f32::consts::TAU);
        self.pitch = (self.pitch - dy * sensitivity).clamp(-1.55, 1.55);
    }

    /// Wheel zoom (orbit).
    pub fn zoom(&mut self, steps: f32) {
        if steps.is_finite() {
            self.orbit_distance = (self.orbit_distance * 0.9f32.powf(steps)).clamp(0.5, 100.0);
        }
    }

    /// The camera for this frame. `center`/`radii`: the drawn ellipsoid.
    pub fn camera(&mut self, mesh: &CollisionMesh, center: Vec3, radii: Vec3) -> Camera {
        let dir = self.look_dir();
        let mut cam = match self.mode {
            CameraMode::FirstPerson => {
                let eye = center + Vec3::Y * (radii.y * 0.8);
                Camera::look_at(eye, eye + dir)
            }
            CameraMode::Orbit => {
                let mut target = self.focus.unwrap_or(center + Vec3::Y * (radii.y * 0.3));
                let mut distance = self.orbit_distance;
                if let Some((from, from_distance, t)) = self.glide {
                    // Smoothstep from where the camera was.
                    let s = t * t * (3.0 - 2.0 * t);
                    target = from.lerp(target, s);
                    distance = from_distance + (distance - from_distance) * s;
                }
                self.last_target = target;
                let wanted = -dir * distance;
                // A framed point usually lies on a surface, where the pull-in sphere would
                // start embedded: framing looks from the full distance.
                let t = if self.focus.is_some() {
                    1.0
                } else {
                    pull_in(mesh, target, wanted)
                };
                self.pulled_in = t < 1.0;
                let eye = target + wanted * t;
                Camera::look_at(eye, target)
            }
            CameraMode::Fly => Camera::look_at(self.fly_eye, self.fly_eye + dir),
        };
        cam.fov_y_rad = self.fov_deg.clamp(20.0, 120.0).to_radians();
        if self.mode == CameraMode::FirstPerson {
            // The eye is inside the ellipsoid: clip its shell away.
            cam.near = (radii.max_element() * 1.05).max(0.05);
        }
        cam
    }
}

/// Fraction of `offset` a small sphere can travel from `target` before touching the level
/// (1 when clear), minus a margin, so the eye stays in front of walls.
pub fn pull_in(mesh: &CollisionMesh, target: Vec3, offset: Vec3) -> f32 {
    let len = offset.length();
    if len.is_nan() || len <= 1e-4 {
        return 1.0;
    }
    let Ok(probe) = Ellipsoid::sphere(target, PULL_IN_RADIUS) else {
        return 1.0;
    };
    match sweep(mesh, &probe, offset, &SlideSettings::default()) {
        Ok(Some(hit)) => match hit.time {
            ContactTime::Toi(t) => (t - 0.05 / len).clamp(0.0, 1.0),
            ContactTime::Embedded { .. } => 0.0,
        },
        _ => 1.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::geometry::box_triangles;

    #[test]
    fn framing_glides_to_the_selection_and_shows_it_whole() {
        let mesh = CollisionMesh::from_triangles(&box_triangles(
            Vec3::new(-20.0, -1.0, -20.0),
            Vec3::new(20.0, 0.0, 20.0),
        ))
        .unwrap();
        let (center, radii) = (Vec3::new(0.0, 0.9, 0.0), Vec3::new(0.4, 0.9, 0.4));
        let mut rig = CameraRig::new(CameraMode::Orbit, 4.0, 70.0);
        let before = rig.camera(&mesh, center, radii);
        let point = Vec3::new(5.0, 0.0, 3.0);
        rig.frame_on(point, 2.0);
        // Half-way the camera is between the old target and the new one.
        rig.advance(GLIDE_SECS * 0.5);
        let mid = rig.camera(&mesh, center, radii);
        assert!(
            (mid.target - (before.target + point) * 0.5).length() < 0.05,
            "{mid:?}"
        );
        rig.advance(GLIDE_SECS);
        let done = rig.camera(&mesh, center, radii);
        assert!((done.target - point).length() < 1e-5);
        // The 2 m sphere fits the vertical field of view.
        let dist = (done.eye - done.target).length();
        let half = (70f32.to_radians() * 0.5).tan();
        assert!(2.0 / dist < half, "{dist}");
        rig.release_focus();
        rig.advance(GLIDE_SECS * 2.0);
        let back = rig.camera(&mesh, center, radii);
        assert!((back.target - before.target).length() < 1e-5);
    }

    #[test]
    fn the_selection_sphere_covers_the_triangle_and_contact_or_the_sweep() {
        let tri = [Vec3::ZERO, Vec3::X * 2.0, Vec3::Z * 2.0];
        let (c, r) = selection_sphere(Some(tri), None, Vec3::splat(9.0), 0.5);
        assert!((c - Vec3::new(1.0, 0.0, 1.0)).length() < 1e-6 && (r - 2f32.sqrt()).abs() < 1e-5);
        let sweep = IterationTrace {
            start_center: Vec3::new(0.0, 1.0, 0.0),
            velocity: Vec3::new(4.0, 0.0, 0.0),
            ..Default::default()
        };
        let (c, r) = selection_sphere(None, Some(&sweep), Vec3::ZERO, 0.9);
        assert!((c - Vec3::new(2.0, 1.0, 0.0)).length() < 1e-6 && (r - 2.9).abs() < 1e-5);
        let (c, r) = selection_sphere(None, None, Vec3::splat(3.0), 0.9);
        assert_eq!((c, r), (Vec3::splat(3.0), 0.9));
    }

    #[test]
    fn facing_a_look_point_matches_the_sim_forward() {
        let mut rig = CameraRig::new(CameraMode::Orbit, 4.0, 70.0);
        rig.pitch = 0.0;
        rig.face(Vec3::ZERO, Some(Vec3::new(3.0, 0.0, 0.0)));
        assert!(
            (rig.look_dir() - Vec3::X).length() < 1e-5,
            "{}",
            rig.look_dir()
        );
        let input = crate::sim::PlayerInput {
            forward: 1.0,
            yaw_rad: rig.yaw,
            ..Default::default()
        };
        assert!((input.wish_direction() - Vec3::X).length() < 1e-5);
    }

    #[test]
    fn orbit_camera_is_pulled_in_front_of_a_wall() {
        // A wall 2 m behind the target along +Z.
        let wall = box_triangles(Vec3::new(-5.0, -5.0, 2.0), Vec3::new(5.0, 5.0, 2.5));
        let mesh = CollisionMesh::from_triangles(&wall).unwrap();
        let t = pull_in(&mesh, Vec3::ZERO, Vec3::new(0.0, 0.0, 6.0));
        let eye_z = 6.0 * t;
        assert!(
            eye_z < 2.0 - PULL_IN_RADIUS + 0.01 && eye_z > 1.5,
            "eye at z = {eye_z}"
        );
        assert_eq!(pull_in(&mesh, Vec3::ZERO, Vec3::new(0.0, 0.0, -6.0)), 1.0);
    }
}
