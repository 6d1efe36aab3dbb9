//! Settings that persist between runs (window size, camera, walking tunables, toggles, recent
//! files) as JSON in the platform's config folder. A missing file gives the defaults; a corrupt
//! one is ignored with a warning, never fatal.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::collision::SlideSettings;
use crate::sim::PlayerParams;
use crate::ui::layout::Layout;
use crate::view::{CameraMode, ViewToggles};

/// Most recent files remembered.
pub const MAX_RECENT: usize = 8;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Logical window size (points).
    pub window_size: [f32; 2],
    pub camera_mode: CameraMode,
    pub orbit_distance: f32,
    pub fov_deg: f32,
    pub mouse_sensitivity: f32,
    /// Player controller parameters (radii, speeds, gravity, …).
    pub params: PlayerParams,
    /// Collide-and-slide settings.
    pub slide: SlideSettings,
    pub view: ViewToggles,
    pub recent: Vec<PathBuf>,
    /// The workbench's tiles.
    #[serde(deserialize_with = "Layout::deserialize_or_default")]
    pub layout: Layout,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            window_size: [1280.0, 720.0],
            camera_mode: CameraMode::Orbit,
            orbit_distance: 4.0,
            fov_deg: 70.0,
            mouse_sensitivity: 0.0025,
            params: PlayerParams::default(),
            slide: SlideSettings::default(),
            view: ViewToggles::default(),
            recent: Vec::new(),
            layout: Layout::default(),
        }
    }
}

impl Settings {
    /// `<config dir>/settings.json`, `None` when the platform has no home/config folder.
    pub fn default_path() -> Option<PathBuf> {
        #[cfg(target_arch = "wasm32")]
        return Some(Path::new(crate::vfs::LOCAL_STORAGE_DIR).join("settings.json"));
        #[cfg(not(target_arch = "wasm32"))]
        directories::ProjectDirs::from("", "", "slidescope")
            .map(|d| d.config_dir().join("settings.json"))
    }

    /// Reads `path`; returns the defaults and a warning when it is unreadable or corrupt.
    pub fn load(path: &Path) -> (Self, Option<String>) {
        let text = match crate::vfs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (Self::default(), None),
            Err(e) => {
                return (
                    Self::default(),
                    Some(format!(
                        "settings {} unreadable, using defaults: {e}",
                        path.display()
                    )),
                );
            }
        };
        match serde_json::from_str::<Self>(&text) {
            Ok(s) => (s.sanitized(), None),
            Err(e) => (
                Self::default(),
                Some(format!("settings {} corrupt, ignored: {e}", path.display())),
            ),
        }
    }

    /// Writes `path` (creating its folder).
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = serde_json::to_string_pretty(self).map_err(|e| e.to_string())?;
        crate::vfs::write(path, text.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Puts `path` first in the recent list.
    pub fn push_recent(&mut self, path: &Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(MAX_RECENT);
    }

    /// Clamps values a hand-edited file could make unusable.
    pub fn sanitized(mut self) -> Self {
        let finite_or = |v: f32, d: f32| if v.is_finite() { v } else { d };
        self.window_size = [
            finite_or(self.window_size[0], 1280.0).clamp(320.0, 8192.0),
            finite_or(self.window_size[1], 720.0).clamp(240.0, 8192.0),
        ];
        self.orbit_distance = finite_or(self.orbit_distance, 4.0).clamp(0.5, 100.0);
        self.fov_deg = finite_or(self.fov_deg, 70.0).clamp(20.0, 120.0);
        self.mouse_sensitivity = finite_or(self.mouse_sensitivity, 0.0025).clamp(0.0002, 0.02);
        self.params = self.params.sanitized();
        if self.slide.validate().is_err() {
            self.slide = SlideSettings::default();
        }
        self.recent.truncate(MAX_RECENT);
        self.layout = self.layout.sanitized();
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tmp(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("slidescope-settings-{}-{name}", std::process::id()))
    }

    #[test]
    fn corrupt_settings_file_is_ignored_with_a_warning() {
        let p = tmp("corrupt.json");
        std::fs::write(&p, "{ not json").unwrap();
        let (s, warning) = Settings::load(&p);
        assert_eq!(s, Settings::default());
        assert!(warning.unwrap().contains("corrupt"));
        let _ = std::fs::remove_file(p);
    }

    #[test]
    fn settings_round_trip_and_missing_file_is_silent() {
        let p = tmp("round.json");
        let mut s = Settings::default();
        s.view.wireframe = true;
        s.push_recent(Path::new("/levels/a.glb"));
        s.save(&p).unwrap();
        assert_eq!(Settings::load(&p), (s, None));
        let _ = std::fs::remove_file(&p);
        assert_eq!(Settings::load(&p).1, None);
    }
}
