//! The upward-only depenetration detector: a move that starts inside a wall and
//! ends lifted out of it upwards, not pushed out sideways. Controllers that resolve every
//! overlap by stepping up climb walls and pop onto ledges this way; the core pushes along the
//! contact normal, so on the walker this fires only if that breaks. Meant for a game's moves
//! (through the probe) as much as the walker's.

use glam::Vec3;
use serde::{Deserialize, Serialize};

use super::frame_view::StepView;
use super::skin_violation::any_overlap;
use crate::collision::{CollisionMesh, Ellipsoid, Scratch};

/// What the start overlaps must lean more than this from the horizontal (a wall, not ground).
pub const WALL_MIN_TILT_DEG: f32 = 45.0;

/// A start inside a wall resolved by rising.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct UpwardPush {
    /// The wall triangle the start was deepest in, and how deep (eSpace).
    pub triangle: u32,
    pub depth_es: f32,
    /// How far the move rose beyond what it asked for (m), and how far it moved out along the
    /// wall's horizontal normal (m).
    pub rise_m: f32,
    pub out_m: f32,
}

impl UpwardPush {
    /// One line for the timeline.
    pub fn reason(&self) -> String {
        format!(
            "upward-only depenetration: started {:.2e} eSpace inside wall triangle {}, left it \
             {:.0} mm up and {:.0} mm out",
            self.depth_es,
            self.triangle,
            self.rise_m * 1e3,
            self.out_m * 1e3
        )
    }
}

/// The walker's step: from where the move started to where the core put its end.
pub fn find(s: &StepView<'_>, _: &mut Scratch) -> Option<UpwardPush> {
    let (e, r) = (s.step.ellipsoid.as_ref()?, s.step.outcome.slide()?);
    upward_only_depenetration(s.world.mesh, e, s.step.requested_move, r.position)
}

/// `ellipsoid` (at the move's start) moved by `asked` (m, world) ended at `end`: was a start
/// inside a wall resolved by rising rather than by leaving the wall?
pub fn upward_only_depenetration(
    mesh: &CollisionMesh,
    ellipsoid: &Ellipsoid,
    asked: Vec3,
    end: Vec3,
) -> Option<UpwardPush> {
    let inside = any_overlap(mesh, ellipsoid, ellipsoid.center)?;
    let normal = mesh.get_triangle(inside.triangle)?.normal;
    let tilt_deg = normal.y.abs().clamp(0.0, 1.0).acos().to_degrees();
    if tilt_deg < WALL_MIN_TILT_DEG {
        return None;
    }
    // The wall's horizontal normal, turned to the side the centre is on.
    let side = Vec3::new(normal.x, 0.0, normal.z).normalize_or_zero();
    let toward = ellipsoid.center - mesh.get_triangle(inside.triangle)?.vertices[0];
    let side = if side.dot(toward) < 0.0 { -side } else { side };
    let correction = end - ellipsoid.center - asked;
    let (rise_m, out_m) = (correction.y, correction.dot(side));
    // Depth in metres along the wall's normal, roughly: what a sideways push would take.
    let depth_m = inside.depth_es * ellipsoid.radii.min_element();
    (rise_m > depth_m.max(1e-3) && out_m < 0.25 * rise_m).then_some(UpwardPush {
        triangle: inside.triangle,
        depth_es: inside.depth_es,
        rise_m,
        out_m,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A wall x = 0 facing +x (4 m wide, 4 m tall) and a floor y = 0.
    fn level() -> CollisionMesh {
        let v = Vec3::new;
        CollisionMesh::from_triangles(&[
            [v(0.0, 0.0, -2.0), v(0.0, 4.0, -2.0), v(0.0, 4.0, 2.0)],
            [v(0.0, 0.0, -2.0), v(0.0, 4.0, 2.0), v(0.0, 0.0, 2.0)],
            [v(-4.0, 0.0, -4.0), v(-4.0, 0.0, 4.0), v(4.0, 0.0, 4.0)],
            [v(-4.0, 0.0, -4.0), v(4.0, 0.0, 4.0), v(4.0, 0.0, -4.0)],
        ])
        .unwrap()
    }

    fn sphere_at(x: f32, y: f32) -> Ellipsoid {
        Ellipsoid::new(Vec3::new(x, y, 0.0), Vec3::splat(0.5)).unwrap()
    }

    #[test]
    fn a_start_inside_the_wall_lifted_out_is_reported() {
        // 0.1 m (0.2 eSpace) inside the wall, 2 m up; the game lifts it 0.6 m.
        let e = sphere_at(0.4, 2.0);
        let up =
            upward_only_depenetration(&level(), &e, Vec3::ZERO, Vec3::new(0.4, 2.6, 0.0)).unwrap();
        assert!(up.triangle < 2, "a wall triangle, got {}", up.triangle);
        assert!((up.depth_es - 0.2).abs() < 1e-4, "{}", up.depth_es);
        assert!((up.rise_m - 0.6).abs() < 1e-5 && up.out_m.abs() < 1e-5);
        assert!(
            up.reason().starts_with(
                "upward-only depenetration: started 2.00e-1 eSpace inside wall triangle"
            )
        );
    }

    #[test]
    fn pushed_out_sideways_or_off_the_floor_is_not() {
        let e = sphere_at(0.4, 2.0);
        // Out along the wall's normal (what the core does).
        assert_eq!(
            upward_only_depenetration(&level(), &e, Vec3::ZERO, Vec3::new(0.5011, 2.0, 0.0)),
            None
        );
        // Rising as asked (a jump) is not a correction.
        let asked = Vec3::new(0.0, 0.6, 0.0);
        assert_eq!(
            upward_only_depenetration(&level(), &e, asked, Vec3::new(0.4, 2.6, 0.0)),
            None
        );
        // Inside the floor and lifted: that is what a floor's normal says.
        let low = sphere_at(2.0, 0.4);
        assert_eq!(
            upward_only_depenetration(&level(), &low, Vec3::ZERO, Vec3::new(2.0, 0.5011, 0.0)),
            None
        );
        // Clear of everything: nothing to resolve.
        let free = sphere_at(2.0, 2.0);
        assert_eq!(
            upward_only_depenetration(&level(), &free, Vec3::ZERO, Vec3::new(2.0, 2.6, 0.0)),
            None
        );
    }
}
