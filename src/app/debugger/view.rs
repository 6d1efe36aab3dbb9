//! What the debugger's panels show (the timeline, the inspector, the help overlay): read from
//! the debugger's state, the sim's history and the world, changing nothing.

use super::Debugger;
use crate::collision::solvers::side_by_side::SideBySide;
use crate::scene::minkowski_shapes::MinkowskiRay;
use crate::scene::world_triangles;
use crate::sim::Sim;
use crate::ui::debugger::{DebugView, HistoryMemory, TriangleInfo};
use crate::ui::game::ProbeStatusView;
use crate::view::World;

impl Debugger {
    /// Everything the debugger panels show this frame; `probe` is the probe session's part.
    pub fn view(&self, sim: &Sim, world: &World, probe: ProbeStatusView) -> DebugView {
        let h = sim.history();
        DebugView {
            paused: sim.is_paused(),
            frames: {
                let (a, b) = h.summaries();
                [a, b].concat()
            },
            cursor: sim.cursor(),
            record: sim.cursor_frame().map(|(r, _)| r.clone()),
            memory: HistoryMemory {
                used_bytes: h.used_bytes(),
                budget_bytes: h.budget_bytes(),
                bytes_per_frame: h.bytes_per_frame(),
                evicted: h.evicted(),
            },
            toggles: self.toggles,
            minkowski: self.minkowski,
            triangle: self
                .level_triangle_info(sim, world)
                .or_else(|| self.object_triangle_info(sim, world)),
            rerun: self.rerun.as_ref().map(|(_, v)| v.clone()),
            show_help: self.show_help,
            all_solvers: self.all_solvers,
            solvers: self.solver_rows(sim).map(<[SideBySide]>::to_vec),
            object_names: world
                .movers
                .scene()
                .objects()
                .iter()
                .map(|o| o.name.clone())
                .collect(),
            probe,
        }
    }

    /// The "all solvers" rows for the cursor's iteration, while the overlay is on.
    pub(super) fn solver_rows(&self, sim: &Sim) -> Option<&[SideBySide]> {
        let (rec, i) = sim.cursor_frame()?;
        match &self.solvers {
            Some((key, Some(rows))) if self.all_solvers && *key == (rec.frame, i) => Some(rows),
            _ => None,
        }
    }

    /// The inspector's view of the selected level triangle, with the quadratic of the part
    /// the cursor's iteration touched on it (solved by the core, lesson 6).
    fn level_triangle_info(&self, sim: &Sim, world: &World) -> Option<TriangleInfo> {
        let i = self.triangle?;
        let t = world.collision.get_triangle(i)?;
        let quadratic = sim.cursor_frame().and_then(|(rec, it)| {
            let e = rec.call.ellipsoid?;
            let it = rec.trace.iterations.get(it as usize)?;
            MinkowskiRay::of_iteration(it, i, t.vertices, &e.space()).roots
        });
        Some(TriangleInfo {
            index: i,
            vertices: t.vertices,
            normal: t.normal,
            source: world.triangle_source(i),
            quadratic,
            object: None,
        })
    }

    /// The inspector's view of the selected moving-object triangle at the cursor's frame:
    /// corners at the current pose, and the quadratic of the part the iteration's extended
    /// sweep touched on it (against the previous pose).
    fn object_triangle_info(&self, sim: &Sim, world: &World) -> Option<TriangleInfo> {
        let (object, i) = self.object_triangle?;
        let (rec, it) = sim.cursor_frame()?;
        let (previous, current) = world_triangles::object_triangle_at(
            world.collision_world(),
            &rec.dynamics.objects,
            object,
            i,
        )?;
        let quadratic = rec.call.ellipsoid.and_then(|e| {
            let it = rec.trace.iterations.get(it as usize)?;
            MinkowskiRay::of_object_iteration(it, object, i, previous, &e.space())?.roots
        });
        let (o, _, pose) = world.object_poses(object, &rec.dynamics.objects)?;
        // The mesh's own (model-space) normal, turned by the pose.
        let normal = pose.transform_vector(o.mesh().get_triangle(i)?.normal);
        let name = &o.name;
        Some(TriangleInfo {
            index: i,
            vertices: current,
            normal,
            source: format!(
                "moving object {name} (object {}), triangle {i} of its own mesh",
                object.0
            ),
            quadratic,
            object: Some(object),
        })
    }
}
