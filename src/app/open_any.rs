//! Opening any file the app understands — a dropped file, `slidescope open FILE`, or a path
//! on the command line: what it is comes from its first bytes (a probe file's magic, a JSON
//! file's `format` field), then its extension (levels).

use std::path::Path;

use super::App;
use crate::level::scenario::SCENARIO_FORMAT;
use crate::sim::RECORDING_FORMAT;

/// What a file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// `.glb`, `.gltf`, `.obj`.
    Level,
    Scenario,
    /// A debugger recording (Ctrl+S).
    Recording,
    /// A game's probe file (`.slidelog`).
    Probe,
}

/// Reads at most this much of a JSON file to find its `format` field.
const SNIFF_BYTES: u64 = 4096;

/// What `path` holds, or why it is not something the app opens.
pub fn file_kind(path: &Path) -> Result<FileKind, String> {
    let head =
        crate::vfs::read_head(path, SNIFF_BYTES).map_err(|e| format!("{}: {e}", path.display()))?;
    if head.starts_with(&slidescope_probe::format::MAGIC) {
        return Ok(FileKind::Probe);
    }
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "glb" | "gltf" | "obj" => Ok(FileKind::Level),
        "slidelog" => Ok(FileKind::Probe),
        "json" => {
            // The format field comes first in every file slidescope writes.
            let text = String::from_utf8_lossy(&head);
            if text.contains(&format!("\"{SCENARIO_FORMAT}\"")) {
                Ok(FileKind::Scenario)
            } else if text.contains(&format!("\"{RECORDING_FORMAT}\"")) {
                Ok(FileKind::Recording)
            } else {
                Err(format!(
                    "{}: a JSON file that is neither a scenario nor a recording",
                    path.display()
                ))
            }
        }
        _ if head.starts_with(b"glTF") => Ok(FileKind::Level),
        _ => Err(format!(
            "{}: not a level (.glb/.gltf/.obj), scenario, recording or probe file",
            path.display()
        )),
    }
}

impl App {
    /// Opens `path` as whatever it is.
    pub(super) fn open_any(&mut self, path: &Path) {
        match file_kind(path) {
            Ok(FileKind::Level) => self.open(path),
            Ok(FileKind::Scenario) => {
                self.open_scenario(path);
            }
            Ok(FileKind::Recording) => self.load_recording_from(path),
            Ok(FileKind::Probe) => self.open_probe_file(path),
            Err(e) => self.say(e, true),
        }
    }
}
