//! File dialogs on both platforms. The desktop shows rfd's native dialogs and gets the path at
//! once. The browser's file picker (rfd's `AsyncFileDialog`) answers later: [`pick`] returns
//! `None` there and the picked file arrives later as a user file, taken by the page's loop
//! ([`take_picked`]) and opened with `App::open_picked`; a save becomes a download (`download/NAME`, see
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
        pick_later(purpose, rfd::AsyncFileDialog::new().add_filter(name, exts));
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
thread_local! {
    /// The browser's picks not yet taken by the page's loop, in order.
    static PICKED: std::cell::RefCell<Vec<(Purpose, PathBuf)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Shows the browser's file picker; the file is kept as a user file and queued for
/// [`take_picked`].
#[cfg(target_arch = "wasm32")]
fn pick_later(purpose: Purpose, dialog: rfd::AsyncFileDialog) {
    wasm_bindgen_futures::spawn_local(async move {
        if let Some(file) = dialog.pick_file().await {
            let name = file.file_name();
            let bytes = file.read().await;
            let path = crate::vfs::add_user_file(std::path::Path::new(&name), bytes);
            PICKED.with_borrow_mut(|v| v.push((purpose, path)));
        }
    });
}

/// The files picked in the browser since the last call, in the order they arrived.
#[cfg(target_arch = "wasm32")]
pub fn take_picked() -> Vec<(Purpose, PathBuf)> {
    PICKED.with_borrow_mut(std::mem::take)
}
