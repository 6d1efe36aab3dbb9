//! The debugger's files: saving and loading recordings, and exporting the frame at the
//! cursor as a scenario file (asked for by the debugger's [`Effect`](super::debugger::Effect)s).

use std::path::Path;

use super::App;
use crate::level::query::Geometry;
use crate::level::scenario::Scenario;
use crate::sim::TimelineCommand;

impl App {
    pub(super) fn save_recording_dialog(&mut self) {
        self.set_capture(false);
        self.sim.command(TimelineCommand::Pause);
        let Some(path) = super::dialog::save(super::dialog::Purpose::Recording, "recording.json")
        else {
            return;
        };
        self.save_recording_to(&path);
    }

    pub(super) fn save_recording_to(&mut self, path: &Path) {
        let level = self
            .world
            .path
            .as_ref()
            .map_or_else(|| self.world.name.clone(), |p| p.display().to_string());
        if let Err(e) = self.sim.save_recording(path, &level) {
            return self.say(format!("recording not saved: {e}"), true);
        }
        let n = self.sim.history().len();
        self.say(format!("saved {n} frames to {}", path.display()), false);
    }

    pub(super) fn load_recording_dialog(&mut self) {
        self.set_capture(false);
        let Some(path) = super::dialog::pick(super::dialog::Purpose::Recording) else {
            return;
        };
        self.load_recording_from(&path);
    }

    pub(super) fn load_recording_from(&mut self, path: &Path) {
        if let Err(e) = self.sim.load_recording(path) {
            return self.say(format!("recording not loaded (nothing changed): {e}"), true);
        }
        self.debugger.forget_rerun();
        self.rest_movers_at_last_record();
        let n = self.sim.history().len();
        let at = path.display();
        self.say(
            format!("loaded {n} frames from {at} (paused at the first)"),
            false,
        );
    }

    /// The geometry of the current level for a file written into `dir`: the level file (by a
    /// path relative to `dir` when there is one, pinned by its content hash), else the
    /// collision mesh's triangles inline.
    fn level_geometry(&self, dir: &Path) -> Result<Geometry, String> {
        match &self.world.path {
            Some(p) => {
                let abs = std::path::absolute(p).unwrap_or_else(|_| p.clone());
                let stored = std::path::absolute(dir)
                    .ok()
                    .and_then(|d| relative_path(&d, &abs))
                    .unwrap_or_else(|| abs.clone());
                crate::level::scenario::pinned_level(stored, &abs).map_err(|e| e.to_string())
            }
            None => Ok(Geometry::Triangles {
                triangles: (0..self.world.collision.triangle_count() as u32)
                    .filter_map(|i| self.world.collision.get_triangle(i))
                    .map(|t| t.vertices)
                    .collect(),
            }),
        }
    }

    /// The frame at the cursor as a scenario to be written into `dir`: its exact call, with
    /// the recorded result as the expectation (bit-identical trace). `slidescope run` replays it.
    pub(super) fn cursor_scenario(&self, dir: &Path) -> Result<Scenario, String> {
        let (rec, _) = self.sim.cursor_frame().ok_or("no frame at the cursor")?;
        let call = rec.recorded_call().ok_or(format!(
            "frame {} made no collision query (noclip, or the core refused the move)",
            rec.frame
        ))?;
        let level = self
            .world
            .path
            .as_ref()
            .and_then(|p| p.file_stem())
            .map_or("triangles".into(), |s| s.to_string_lossy().into_owned());
        Ok(Scenario::from_frame(
            format!("{level}_frame_{}", rec.frame),
            format!(
                "Frame {} exported from the slidescope debugger: {} iteration(s), ended by {:?}. \
                 Expected: the recorded result, bit for bit.",
                rec.frame,
                call.trace.iterations.len(),
                call.result.end
            ),
            self.level_geometry(dir)?,
            call,
        ))
    }

    pub(super) fn export_frame_dialog(&mut self) {
        self.set_capture(false);
        let frame = self.sim.cursor().map_or(0, |c| c.frame);
        let name = format!("frame-{frame}.scenario.json");
        let Some(path) = super::dialog::save(super::dialog::Purpose::Scenario, &name) else {
            return;
        };
        match self.export_frame_to(&path) {
            Ok(()) => self.say(
                format!(
                    "frame {frame} exported to {} (check it: slidescope run {})",
                    path.display(),
                    path.display()
                ),
                false,
            ),
            Err(e) => self.say(format!("nothing exported: {e}"), true),
        }
    }

    /// Writes the frame at the cursor as a scenario file at `path` (atomically).
    pub(super) fn export_frame_to(&self, path: &Path) -> Result<(), String> {
        let dir = path.parent().unwrap_or(Path::new("."));
        let scenario = self.cursor_scenario(dir)?;
        let text = scenario.to_json().map_err(|e| e.to_string())?;
        crate::vfs::write_atomic(path, text.as_bytes()).map_err(|e| e.to_string())
    }
}

/// `to` as a path relative to the folder `from` (both absolute), or `None` when they share no
/// root (other drive).
fn relative_path(from: &Path, to: &Path) -> Option<std::path::PathBuf> {
    use std::path::Component;
    let (f, t): (Vec<Component>, Vec<Component>) =
        (from.components().collect(), to.components().collect());
    if f.first() != t.first() {
        return None;
    }
    let common = f.iter().zip(&t).take_while(|(a, b)| a == b).count();
    let mut out = std::path::PathBuf::new();
    for _ in common..f.len() {
        out.push("..");
    }
    for c in &t[common..] {
        out.push(c.as_os_str());
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_climb_to_the_common_folder() {
        let rel = |a: &str, b: &str| relative_path(Path::new(a), Path::new(b));
        assert_eq!(
            rel("/w/repo/tests/scenarios", "/w/repo/assets/teaching.glb"),
            Some("../../assets/teaching.glb".into())
        );
        assert_eq!(rel("/w/a", "/w/a/l.glb"), Some("l.glb".into()));
        assert_eq!(rel("/", "/x/l.glb"), Some("x/l.glb".into()));
    }
}
