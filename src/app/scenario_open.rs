//! "Open scenario…" in the app (problem capture and replay): a scenario file loaded
//! by [`load_scenario`] (`view::opened_scenario`, a pure function of the file) replaces the
//! app's world and history only when everything loaded (a bad file loses nothing already open).

use std::path::Path;

use crate::view::{OpenedScenario, load_scenario};

impl super::App {
    /// Opens a scenario file into the debugger; on failure shows the error and keeps
    /// everything as it was. Returns whether it opened.
    pub(super) fn open_scenario(&mut self, path: &Path) -> bool {
        match load_scenario(path) {
            Ok(opened) => {
                self.show_scenario(opened);
                true
            }
            Err(e) => {
                self.say(format!("scenario not opened (nothing changed): {e}"), true);
                false
            }
        }
    }

    /// Swaps in the scenario's world and its one-frame history, paused at iteration 0, the
    /// camera beside the motion.
    pub(super) fn show_scenario(&mut self, opened: OpenedScenario) {
        let OpenedScenario {
            path,
            scenario,
            world,
            record,
            failures,
        } = opened;
        let iterations = record.trace.iterations.len();
        self.set_world(world);
        self.debugger.reset();
        self.sim.open_recording(crate::sim::Recording::new(
            path.display().to_string(),
            vec![record],
        ));
        // Framed on the call's first contact (or its sweep), from the open side.
        if let Some((rec, _)) = self.sim.cursor_frame() {
            crate::view::open_side::frame_opened(&mut self.rig, &self.world.collision, rec, 0);
        }
        let verdict = if failures.is_empty() {
            String::new()
        } else {
            format!(
                "; {} expectation(s) failed: {}",
                failures.len(),
                failures.join("; ")
            )
        };
        self.say(
            format!(
                "opened scenario {} ({iterations} iterations, paused at the first){verdict}",
                scenario.name
            ),
            !failures.is_empty(),
        );
    }

    /// "Open scenario…": a file dialog, then [`App::open_scenario`].
    pub(super) fn open_scenario_dialog(&mut self) {
        self.set_capture(false);
        if let Some(p) = super::dialog::pick(super::dialog::Purpose::Scenario) {
            self.open_scenario(&p);
        }
    }
}
