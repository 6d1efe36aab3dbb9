//! The app opening an Issues scene: its scenario paused at its interesting frame with the
//! report window, and the bug's walk beside the fix's (the debugger's switches set to the fix).

use super::App;
use crate::issues::scenes;

impl App {
    /// Opens scene `n`'s scenario paused at its interesting frame and shows its report.
    pub(super) fn open_issue(&mut self, n: u8) {
        let Some(path) = self.issues.scenario_path(n) else {
            return;
        };
        if self.open_scenario(&path) {
            self.issues.open = Some(n);
            self.issues.verdicts = verdicts(n);
        }
    }
}

impl App {
    /// The open scene's run (the one it opens on) walked at 60 Hz with the seed's walker and
    /// response into the timeline, paused at its first frame, and the debugger's switches set
    /// to the fix: the recorded path is the bug's, the re-simulated one the fix's, drawn
    /// together (the "what if" re-run); switching the slide rule back shows the bug alone.
    pub(super) fn walk_issue_bug_and_fix(&mut self) {
        use crate::issues::Variant;
        use crate::issues::score::{NOMINAL_HZ, run_frames};
        use crate::ui::debugger::DebugCommand;
        let Some(scene) = self.issues.open.and_then(scene) else {
            return;
        };
        let Some(run) = scene.runs.get(scene.focus.0).or(scene.runs.first()) else {
            return;
        };
        let frames = run_frames(&self.world.collision, run, Variant::Seed, NOMINAL_HZ);
        // Framed on the scene's moment (where the bug shows), the cursor at the run's start.
        let focus = (scene.focus.1 * NOMINAL_HZ).round() as u64;
        if let Some(rec) = frames.iter().find(|r| r.frame == focus) {
            crate::view::open_side::frame_opened(&mut self.rig, &self.world.collision, rec, 0);
        }
        let name = format!("{} · {} · seed", scene.stem(), run.label);
        self.sim
            .open_recording(crate::sim::Recording::new(name, frames));
        self.apply_debug(DebugCommand::SetToggles(fix_toggles(&self.settings.slide)));
        self.say(
            format!(
                "scene {}, run \"{}\": the seed's walk recorded (white), the fix re-simulated \
                 beside it (violet); the Debugger's slide rule 'seed' shows the bug alone",
                scene.number, run.label
            ),
            false,
        );
    }
}

/// Scene `n`, if there is one.
fn scene(n: u8) -> Option<crate::issues::IssueScene> {
    scenes::all().into_iter().find(|s| s.number == n)
}

/// The debugger's switches for the fix (the scorecard's `fix` column) on top of
/// `slide`: its response and climb limit, and the snap walker for the re-simulated walk.
fn fix_toggles(slide: &crate::collision::SlideSettings) -> crate::ui::debugger::CaseToggles {
    use crate::issues::Variant;
    let fix = Variant::Fix.settings(slide);
    crate::ui::debugger::CaseToggles {
        response: fix.response.rule,
        max_climb_deg: fix.response.max_climb_deg,
        max_step_m: fix.response.max_step_m,
        walker: Variant::Fix.params().walker,
        ..Default::default()
    }
}

/// Scene `n` run now at 60 Hz with the seed's walker, the fix and rapier's controller:
/// `label: verdict` lines (a few tens of milliseconds in a release build, when the window
/// opens). Not in the browser: there it would hold the page's only thread for seconds on the
/// scenes with many runs, and the page carries no rapier.
#[cfg(target_arch = "wasm32")]
fn verdicts(_: u8) -> Vec<String> {
    Vec::new()
}

#[cfg(not(target_arch = "wasm32"))]
fn verdicts(n: u8) -> Vec<String> {
    use crate::issues::score::{NOMINAL_HZ, verdict_line};
    use crate::issues::{Variant, scene_level, score_scene};
    let Some(scene) = scene(n) else {
        return Vec::new();
    };
    let level = match scene_level::load(&scene) {
        Ok(l) => l,
        Err(e) => return vec![format!("not run: {e}")],
    };
    [Variant::Seed, Variant::Fix, Variant::Rapier]
        .into_iter()
        .map(|v| {
            let score = score_scene(&scene, &level, v, NOMINAL_HZ);
            format!("{}: {}", v.label(), verdict_line(&score))
        })
        .collect()
}
