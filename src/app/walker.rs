//! TEMPORARY player controller, to be replaced by `src/sim/` (branch `sim`) when it lands in
//! main. It drives the ellipsoid the way seed 001 12.2.3/12.15 describes so the app can be
//! walked today: desired velocity from input, gravity added into the velocity, every move
//! through `collide_and_slide`, the integration velocity carried to the next step, grounded
//! from the contact extents, friction on the ground, air control in the air, fixed 60 Hz steps
//! with the drawn position interpolated between the last two.

use glam::{Mat3, Vec3};
use serde::{Deserialize, Serialize};

use crate::collision::{
    CollisionMesh, ContactTime, Ellipsoid, Scratch, SlideResult, SlideSettings, Trace,
    collide_and_slide_with, sweep,
};

/// Fixed simulation step, seconds.
pub const STEP_SECS: f32 = 1.0 / 60.0;
/// Most steps run per rendered frame (a long stall does not spiral).
const MAX_STEPS_PER_FRAME: u32 = 8;

/// Tunables of the controller (editable in the settings panel, persisted).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct WalkSettings {
    /// Standing ellipsoid radii, metres.
    pub radii: Vec3,
    /// Crouched height as a fraction of the standing vertical radius.
    pub crouch_ratio: f32,
    /// Metres per second.
    pub walk_speed: f32,
    pub run_speed: f32,
    pub fly_speed: f32,
    /// Take-off vertical speed, m/s.
    pub jump_speed: f32,
    /// m/s².
    pub gravity: f32,
    /// How fast the horizontal velocity reaches the desired one on the ground (1/s).
    pub ground_friction: f32,
    /// The same in the air (1/s).
    pub air_control: f32,
    pub slide: SlideSettings,
}

impl Default for WalkSettings {
    fn default() -> Self {
        Self {
            radii: Vec3::new(0.35, 0.9, 0.35),
            crouch_ratio: 0.55,
            walk_speed: 4.0,
            run_speed: 8.0,
            fly_speed: 8.0,
            jump_speed: 5.0,
            gravity: 15.0,
            ground_friction: 12.0,
            air_control: 2.0,
            slide: SlideSettings::default(),
        }
    }
}

/// One frame of player input.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct MoveInput {
    /// -1..1 (S..W).
    pub forward: f32,
    /// -1..1 (A..D).
    pub right: f32,
    /// -1..1 (down..up), noclip only.
    pub up: f32,
    pub jump: bool,
    pub run: bool,
    pub crouch: bool,
    /// Heading, radians (0 looks down -Z, positive turns right).
    pub yaw: f32,
    /// Pitch, radians (noclip flies where it looks).
    pub pitch: f32,
}

/// The walking ellipsoid.
pub struct Walker {
    pub center: Vec3,
    prev_center: Vec3,
    /// m/s.
    pub velocity: Vec3,
    pub grounded: bool,
    pub crouched: bool,
    pub noclip: bool,
    /// The last step's trace, requested displacement and result.
    pub trace: Trace,
    pub requested: Vec3,
    pub last: Option<SlideResult>,
    pub last_error: Option<String>,
    /// Steps run during the last `update`.
    pub steps_last_frame: u32,
    accumulator: f32,
    scratch: Scratch,
}

impl Walker {
    /// A walker standing with its feet at `feet`.
    pub fn new(feet: Vec3, settings: &WalkSettings) -> Self {
        let center = feet + Vec3::Y * (settings.radii.y + 0.02);
        Self {
            center,
            prev_center: center,
            velocity: Vec3::ZERO,
            grounded: false,
            crouched: false,
            noclip: false,
            trace: Trace::default(),
            requested: Vec3::ZERO,
            last: None,
            last_error: None,
            steps_last_frame: 0,
            accumulator: 0.0,
            scratch: Scratch::default(),
        }
    }

    pub fn teleport(&mut self, feet: Vec3, settings: &WalkSettings) {
        let keep = (self.noclip, self.crouched);
        *self = Self::new(feet, settings);
        (self.noclip, self.crouched) = keep;
        if self.crouched {
            self.center = feet + Vec3::Y * (self.radii(settings).y + 0.02);
            self.prev_center = self.center;
        }
    }

    /// Current radii (crouching shrinks the vertical one).
    pub fn radii(&self, settings: &WalkSettings) -> Vec3 {
        let r = sane_radii(settings.radii);
        if self.crouched {
            Vec3::new(r.x, r.y * settings.crouch_ratio.clamp(0.2, 1.0), r.z)
        } else {
            r
        }
    }

    /// The centre to draw: between the last two steps by the leftover fraction of a step.
    pub fn render_center(&self) -> Vec3 {
        self.prev_center
            .lerp(self.center, (self.accumulator / STEP_SECS).clamp(0.0, 1.0))
    }

    /// Advances the simulation by `dt_secs` of wall time in fixed steps.
    pub fn update(
        &mut self,
        mesh: &CollisionMesh,
        input: &MoveInput,
        dt_secs: f32,
        settings: &WalkSettings,
    ) {
        self.accumulator += dt_secs.clamp(0.0, 0.25);
        self.steps_last_frame = 0;
        while self.accumulator >= STEP_SECS && self.steps_last_frame < MAX_STEPS_PER_FRAME {
            self.prev_center = self.center;
            self.step(mesh, input, settings);
            self.accumulator -= STEP_SECS;
            self.steps_last_frame += 1;
        }
        self.accumulator = self.accumulator.min(STEP_SECS);
    }

    /// One fixed step.
    pub fn step(&mut self, mesh: &CollisionMesh, input: &MoveInput, settings: &WalkSettings) {
        let dt = STEP_SECS;
        let (sy, cy) = input.yaw.sin_cos();
        let forward = Vec3::new(sy, 0.0, -cy);
        let right = Vec3::new(cy, 0.0, sy);
        if self.noclip {
            let (sp, cp) = input.pitch.sin_cos();
            let look = Vec3::new(sy * cp, sp, -cy * cp);
            let wish = look * input.forward + right * input.right + Vec3::Y * input.up;
            let speed = if input.run { 2.0 } else { 1.0 } * settings.fly_speed;
            self.velocity = wish.clamp_length_max(1.0) * speed;
            self.center += self.velocity * dt;
            self.grounded = false;
            self.trace.clear();
            self.last = None;
            return;
        }
        self.set_crouch(mesh, input.crouch, settings);
        let wish = (forward * input.forward + right * input.right).clamp_length_max(1.0);
        let speed = if input.run {
            settings.run_speed
        } else {
            settings.walk_speed
        };
        let target = wish * speed;
        let rate = if self.grounded {
            settings.ground_friction
        } else {
            settings.air_control
        };
        let k = (rate * dt).clamp(0.0, 1.0);
        let horizontal = Vec3::new(self.velocity.x, 0.0, self.velocity.z);
        let horizontal = horizontal + (target - horizontal) * k;
        let mut vy = self.velocity.y - settings.gravity * dt;
        if self.grounded && input.jump {
            vy = settings.jump_speed;
        }
        self.velocity = Vec3::new(horizontal.x, vy, horizontal.z);
        let displacement = self.velocity * dt;
        self.requested = displacement;
        let radii = self.radii(settings);
        let Ok(ellipsoid) = Ellipsoid::new(self.center, radii) else {
            self.last_error = Some(format!("bad ellipsoid radii {radii}"));
            return;
        };
        match collide_and_slide_with(
            mesh,
            &ellipsoid,
            displacement,
            &settings.slide,
            &mut self.scratch,
            Some(&mut self.trace),
        ) {
            Ok(r) => {
                self.center = r.position;
                self.velocity = r.integration_velocity / dt;
                self.grounded = r.extents.is_some_and(|e| e.min.y <= -radii.y * 0.85);
                if self.grounded && self.velocity.y < 0.0 {
                    self.velocity.y = 0.0;
                }
                self.last = Some(r);
                self.last_error = None;
            }
            Err(e) => self.last_error = Some(e.to_string()),
        }
    }

    /// Crouches at once; stands up only when the standing ellipsoid fits (a sweep upwards by
    /// the height difference finds nothing).
    fn set_crouch(&mut self, mesh: &CollisionMesh, crouch: bool, settings: &WalkSettings) {
        if crouch == self.crouched {
            return;
        }
        let stand = sane_radii(settings.radii);
        let low = Vec3::new(
            stand.x,
            stand.y * settings.crouch_ratio.clamp(0.2, 1.0),
            stand.z,
        );
        let dy = stand.y - low.y;
        if crouch {
            self.crouched = true;
            self.center.y -= dy;
            self.prev_center.y -= dy;
            return;
        }
        let Ok(e) = Ellipsoid::new(self.center, low) else {
            return;
        };
        let blocked = match sweep(mesh, &e, Vec3::Y * (2.0 * dy), &settings.slide) {
            Ok(hit) => hit.is_some(),
            Err(_) => true,
        };
        if !blocked {
            self.crouched = false;
            self.center.y += dy;
            self.prev_center.y += dy;
        }
    }

    /// The ground point and normal under the walker within `reach` metres, for the marker.
    pub fn ground_probe(
        &self,
        mesh: &CollisionMesh,
        settings: &WalkSettings,
        reach: f32,
    ) -> Option<(Vec3, Vec3)> {
        let e = Ellipsoid::new(self.render_center(), self.radii(settings)).ok()?;
        let hit = sweep(mesh, &e, Vec3::NEG_Y * reach, &settings.slide).ok()??;
        let c = hit.contacts.first()?;
        match hit.time {
            ContactTime::Toi(_) | ContactTime::Embedded { .. } => Some((c.point, c.normal)),
        }
    }

    pub fn axes() -> Mat3 {
        Mat3::IDENTITY
    }
}

/// Radii the core accepts (finite, ≥ 1 cm).
pub fn sane_radii(r: Vec3) -> Vec3 {
    let f = |v: f32| {
        if v.is_finite() {
            v.clamp(0.01, 50.0)
        } else {
            0.5
        }
    };
    Vec3::new(f(r.x), f(r.y), f(r.z))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::geometry::floor_triangles;

    fn floor() -> CollisionMesh {
        CollisionMesh::from_triangles(&floor_triangles([-50.0, -50.0], [50.0, 50.0], 0.0)).unwrap()
    }

    #[test]
    fn walker_lands_on_the_floor_and_walks_forward() {
        let mesh = floor();
        let s = WalkSettings::default();
        let mut w = Walker::new(Vec3::new(0.0, 1.0, 0.0), &s);
        let idle = MoveInput::default();
        for _ in 0..120 {
            w.step(&mesh, &idle, &s);
        }
        assert!(w.grounded);
        assert!((w.center.y - s.radii.y).abs() < 0.02, "{}", w.center);
        let walk = MoveInput {
            forward: 1.0,
            ..Default::default()
        };
        for _ in 0..60 {
            w.step(&mesh, &walk, &s);
        }
        assert!(w.center.z < -2.5, "walked {}", w.center);
        assert!(w.grounded);
    }

    #[test]
    fn result_does_not_depend_on_frame_rate() {
        let mesh = floor();
        let s = WalkSettings::default();
        let input = MoveInput {
            forward: 1.0,
            right: 0.5,
            ..Default::default()
        };
        let run = |dt: f32| {
            let mut w = Walker::new(Vec3::new(0.0, 0.5, 0.0), &s);
            let mut t = 0.0;
            while t < 1.0 - 1e-4 {
                w.update(&mesh, &input, dt, &s);
                t += dt;
            }
            w.center
        };
        let a = run(1.0 / 30.0);
        let b = run(1.0 / 120.0);
        assert!((a - b).length() < 0.15, "{a} vs {b}");
    }
}
