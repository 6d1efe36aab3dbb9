//! The debugger in the 3D view: the paused scene at the cursor, what the frame key frames,
//! and the triangle a pick ray selects.

use glam::Vec3;

use super::{Debugger, player_radii};
use crate::collision::{raycast, raycast_objects};
use crate::render::DebugScene;
use crate::scene::{PausedComparisons, PausedOptions, paused_scene};
use crate::sim::Sim;
use crate::view::camera_rig::selection_sphere;
use crate::view::{ViewToggles, World};

impl Debugger {
    /// The paused view at the cursor; `None` when live or when nothing is recorded.
    pub fn scene(&self, sim: &Sim, world: &World, view: &ViewToggles) -> Option<DebugScene> {
        if !sim.is_paused() {
            return None;
        }
        let (rec, i) = sim.cursor_frame()?;
        let options = PausedOptions {
            triangle: self.triangle,
            object_triangle: self.object_triangle,
            highlight_contact: view.highlight_triangle,
            draw: self.toggles.draw,
            minkowski: self.minkowski,
            radii: player_radii(sim),
            arrow_scale: view.arrow_scale,
        };
        let rerun = self.rerun.as_ref().map(|(_, rv)| rv);
        let comparisons = PausedComparisons {
            rerun: rerun.and_then(|rv| rv.result.as_ref().ok().map(|(t, _, end)| (t, *end))),
            later: rerun
                .and_then(|rv| rv.later.as_ref())
                .map(|l| (&l.recorded_path[..], &l.resimulated_path[..])),
            solvers: self.solver_rows(sim),
        };
        let world = world.collision_world();
        Some(paused_scene(rec, i as usize, world, &options, &comparisons))
    }

    /// What the frame key (Z) frames, as a sphere (centre, radius; world): the selected
    /// triangle with the cursor iteration's contact, else the contact with the ellipsoid
    /// around it, else the iteration's whole sweep, else the ellipsoid.
    pub fn selection_sphere(&self, sim: &Sim, world: &World) -> Option<(Vec3, f32)> {
        let (rec, i) = sim.cursor_frame()?;
        let reach = rec
            .call
            .ellipsoid
            .map_or(player_radii(sim), |e| e.radii)
            .max_element();
        let triangle = self
            .triangle
            .and_then(|t| world.collision.get_triangle(t))
            .map(|t| t.vertices);
        Some(selection_sphere(
            triangle,
            rec.trace.iterations.get(i as usize),
            rec.after.center,
            reach,
        ))
    }

    /// Selects the triangle hit first by the world ray (`origin`, `dir`, up to `far`): the
    /// level's, or a moving object's at the poses recorded for the cursor's frame (where they
    /// are drawn).
    pub fn pick(&mut self, sim: &Sim, world: &World, origin: Vec3, dir: Vec3, far: f32) {
        let poses = sim
            .cursor_frame()
            .map_or(&[][..], |(rec, _)| rec.dynamics.objects.as_slice());
        let level = raycast(&world.collision, origin, dir, far);
        let objects = raycast_objects(world.movers.scene(), poses, origin, dir, far);
        match (level, objects) {
            (Ok(level), Ok(object)) => {
                let object = object.filter(|(_, o)| level.is_none_or(|l| o.distance < l.distance));
                self.object_triangle = object.map(|(id, hit)| (id, hit.triangle));
                self.triangle = level.filter(|_| object.is_none()).map(|h| h.triangle);
            }
            (Err(e), _) | (_, Err(e)) => log::warn!("pick: {e}"),
        }
    }
}
