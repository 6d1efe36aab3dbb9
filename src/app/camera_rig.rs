//! The three cameras: first person (captured cursor), third-person orbit around the ellipsoid
//! (pulled in front of walls by a sphere sweep through the core) and free fly.

use glam::Vec3;
use serde::{Deserialize, Serialize};

use crate::collision::{CollisionMesh, ContactTime, Ellipsoid, SlideSettings, sweep};
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
                let target = center + Vec3::Y * (radii.y * 0.3);
                let wanted = -dir * self.orbit_distance;
                let t = pull_in(mesh, target, wanted);
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
