//! The scenes, one file each, in the suite's order. Every file's first comment says the
//! geometry, the motion and the public report it rebuilds.

pub mod s01_ramps;
pub mod s02_wedged_ramps;
pub mod s03_pillar_wall;
pub mod s04_funnels;
pub mod s05_bumps;
pub mod s06_stairs_zigzag;
pub mod s07_shallow_wall;
pub mod s08_fall_into_wall;
pub mod s09_ramp_internal_edges;
pub mod s10_seam_floor;
pub mod s11_slope_transition;
pub mod s12_jump_cube_edge;
pub mod s13_box_seam;
pub mod s14_two_box_ramp;
pub mod s15_tiled_ceiling;
pub mod s16_wide_corner;
pub mod s17_wall_slide_angles;
pub mod s18_rampbug;
pub mod s19_standing_on_slope;
pub mod s20_floor_pits;
pub mod s21_steep_valley;
pub mod s22_box_floor_run;
pub mod s23_square_corner;
pub mod s24_mesh_wall;
pub mod s25_shallow_wall_speed;
pub mod s26_stop_on_slope;
pub mod s27_grounded_wall_slide;
pub mod s28_wall_trim;
pub mod s29_tilted_wall_slope;
pub mod s30_steep_face_slide;

/// What a scene file needs.
mod prelude {
    pub use glam::DVec3;

    pub use crate::issues::issue_scene::{Ground, IssueScene, Report, Run, Segment};
    pub use crate::issues::scene_check::Check;
    pub use crate::issues::shapes::{board, floor_quad, long_wall, slope_with_plateau};
    pub use crate::issues::variant::Variant;
    pub use crate::level::teaching::{Face, MaterialId, Part, SPAWN_LIFT_M};

    /// Feet on the floor (y = 0) at `(x, z)`, lifted by the spawn lift.
    pub fn feet(x: f64, z: f64) -> DVec3 {
        DVec3::new(x, SPAWN_LIFT_M, z)
    }

    /// The view yaw (degrees) that walks towards `dir` (horizontal).
    pub fn yaw_towards(dir: DVec3) -> f64 {
        (-dir.x).atan2(-dir.z).to_degrees()
    }

    /// Walking for 3 s from `start` at `deg` into a wall along x facing +Z (`long_wall`), with
    /// the wall-slide checks: progress (free walking covers ~11.6 m in 3 s, friction ramps the
    /// speed up; along the wall the slide keeps cos² of it), never stuck, no jitter.
    pub fn wall_slide_run(deg: f64, start: DVec3) -> Run {
        let dir = DVec3::new(deg.to_radians().cos(), 0.0, -deg.to_radians().sin());
        let min = (10.5 * deg.to_radians().cos().powi(2)) as f32;
        Run::new(format!("{deg:.0}°"), start, yaw_towards(dir))
            .script([Segment::walk(3.0)])
            .checks([
                Check::Progress { min_m: min },
                Check::NotStuck { max_frames: 0 },
                Check::NoJitter { max_m: 0.001 },
            ])
    }
}

use super::issue_scene::IssueScene;

/// Every scene, numbered 1..=30.
pub fn all() -> Vec<IssueScene> {
    vec![
        s01_ramps::scene(),
        s02_wedged_ramps::scene(),
        s03_pillar_wall::scene(),
        s04_funnels::scene(),
        s05_bumps::scene(),
        s06_stairs_zigzag::scene(),
        s07_shallow_wall::scene(),
        s08_fall_into_wall::scene(),
        s09_ramp_internal_edges::scene(),
        s10_seam_floor::scene(),
        s11_slope_transition::scene(),
        s12_jump_cube_edge::scene(),
        s13_box_seam::scene(),
        s14_two_box_ramp::scene(),
        s15_tiled_ceiling::scene(),
        s16_wide_corner::scene(),
        s17_wall_slide_angles::scene(),
        s18_rampbug::scene(),
        s19_standing_on_slope::scene(),
        s20_floor_pits::scene(),
        s21_steep_valley::scene(),
        s22_box_floor_run::scene(),
        s23_square_corner::scene(),
        s24_mesh_wall::scene(),
        s25_shallow_wall_speed::scene(),
        s26_stop_on_slope::scene(),
        s27_grounded_wall_slide::scene(),
        s28_wall_trim::scene(),
        s29_tilted_wall_slope::scene(),
        s30_steep_face_slide::scene(),
    ]
}
