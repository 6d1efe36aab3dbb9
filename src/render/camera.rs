//! A perspective camera (right-handed, +Y up, depth 0..1).

use glam::{Mat4, Vec2, Vec3};

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Camera {
    /// Eye position, world metres.
    pub eye: Vec3,
    /// Point looked at, world metres.
    pub target: Vec3,
    /// Vertical field of view, radians.
    pub fov_y_rad: f32,
    /// Near and far clip distances, metres.
    pub near: f32,
    pub far: f32,
}

impl Camera {
    pub fn look_at(eye: Vec3, target: Vec3) -> Self {
        Self {
            eye,
            target,
            fov_y_rad: 70f32.to_radians(),
            near: 0.03,
            far: 2000.0,
        }
    }

    /// Unit view direction (`-Z` if eye and target coincide or are not finite).
    pub fn forward(&self) -> Vec3 {
        (self.target - self.eye)
            .try_normalize()
            .unwrap_or(Vec3::NEG_Z)
    }

    /// World → clip for a viewport of `aspect` = width / height.
    pub fn view_proj(&self, aspect: f32) -> Mat4 {
        let fwd = self.forward();
        // Looking straight up or down: pick another up vector.
        let up = if fwd.cross(Vec3::Y).length_squared() < 1e-8 {
            Vec3::Z
        } else {
            Vec3::Y
        };
        let eye = if self.eye.is_finite() {
            self.eye
        } else {
            Vec3::ZERO
        };
        let view = Mat4::look_to_rh(eye, fwd, up);
        let aspect = if aspect.is_finite() && aspect > 0.0 {
            aspect
        } else {
            1.0
        };
        let fov = self.fov_y_rad.clamp(0.1, 3.0);
        let near = self.near.max(1e-4);
        let far = self.far.max(near * 2.0);
        Mat4::perspective_rh(fov, aspect, near, far) * view
    }

    /// Pixel coordinates (origin top-left) of world point `p` in a `width`×`height` frame;
    /// `None` behind the camera.
    pub fn project(&self, p: Vec3, width: u32, height: u32) -> Option<Vec2> {
        let clip = self.view_proj(width as f32 / height.max(1) as f32) * p.extend(1.0);
        if clip.w <= 1e-6 {
            return None;
        }
        let ndc = clip.truncate() / clip.w;
        Some(Vec2::new(
            (ndc.x * 0.5 + 0.5) * width as f32,
            (0.5 - ndc.y * 0.5) * height as f32,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn target_projects_to_frame_centre() {
        let cam = Camera::look_at(Vec3::new(3.0, 2.0, 5.0), Vec3::new(0.0, 0.5, 0.0));
        let p = cam.project(cam.target, 640, 480).unwrap();
        assert!((p - Vec2::new(320.0, 240.0)).length() < 1e-2, "{p}");
    }

    #[test]
    fn looking_straight_down_is_finite() {
        let cam = Camera::look_at(Vec3::new(0.0, 10.0, 0.0), Vec3::ZERO);
        assert!(cam.view_proj(1.5).is_finite());
    }
}
