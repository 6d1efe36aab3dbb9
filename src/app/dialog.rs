//! File dialogs on both platforms. The desktop shows rfd's native dialogs and gets the path at
//! once. The browser's file picker (rfd's `AsyncFileDialog`) answers later: [`pick`] returns
//! `None` there and the picked file arrives as a user file through the page's events, then
//! opens with [`App::open_picked`]; a save becomes a download (`download/NAME`, see
//! [`crate::vfs::write_atomic`]).

use std::path::PathBuf;

/// What a picked file is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Level,
    Scenario,
    Recording,
    Probe,
}

impl Purpose {
    /// The dialog's filter: its name and extensions.
    pub fn filter(self) -> (&'static str, &'static [&'static str]) {
        match self {
            Self::Level => ("levels", &["glb", "gltf", "obj"]),
            Self::Scenario => ("slidescope scenario", &["json"]),
            Self::Recording => ("slidescope recording", &["json"]),
            Self::Probe => ("slidescope probe file", &["slidelog"]),
        }
    }
}

/// A file to open for `purpose`: its path now on the desktop, `None` in the browser (the pick
/// arrives later) or when the user cancelled.
pub fn pick(purpose: Purpose) -> Option<PathBuf> {
    let (name, exts) = purpose.filter();
    #[cfg(target_arch = "wasm32")]
    {
        super::web::pick_file(purpose, rfd::AsyncFileDialog::new().add_filter(name, exts));
        None
    }
    #[cfg(not(target_arch = "wasm32"))]
    rfd::FileDialog::new().add_filter(name, exts).pick_file()
}

/// Where to save a file of `purpose` offered as `file_name`; in the browser a download.
pub fn save(purpose: Purpose, file_name: &str) -> Option<PathBuf> {
    #[cfg(target_arch = "wasm32")]
    {
        let _ = purpose;
        Some(std::path::Path::new(super::web::DOWNLOAD_DIR).join(file_name))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let (name, exts) = purpose.filter();
        rfd::FileDialog::new()
            .add_filter(name, exts)
            .set_file_name(file_name)
            .save_file()
    }
}

#[cfg(target_arch = "wasm32")]
impl super::App {
    /// Opens a picked file as what it was picked for.
    pub(super) fn open_picked(&mut self, purpose: Purpose, path: &std::path::Path) {
        match purpose {
            Purpose::Level => self.open(path),
            Purpose::Scenario => {
                self.open_scenario(path);
            }
            Purpose::Recording => self.load_recording_from(path),
            Purpose::Probe => self.open_probe_file(path),
        }
    }
}
