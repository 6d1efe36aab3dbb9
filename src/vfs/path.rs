//! Path keys shared by the desktop and the browser answers of [`super`].

use std::path::{Component, Path};

/// Where the settings live in the browser: the page's local storage, key `settings.json`.
pub const LOCAL_STORAGE_DIR: &str = "local-storage";

/// `path` with `.` dropped and `..` applied, `/`-separated, no leading `./` (the key of a
/// browser file). A `..` above the start is kept, so it matches nothing built in.
pub fn normalize(path: &Path) -> String {
    let mut parts: Vec<String> = Vec::new();
    for c in path.components() {
        match c {
            Component::CurDir | Component::RootDir | Component::Prefix(_) => {}
            Component::ParentDir => {
                if parts.last().is_some_and(|p| p != "..") {
                    parts.pop();
                } else {
                    parts.push("..".into());
                }
            }
            Component::Normal(s) => parts.push(s.to_string_lossy().into_owned()),
        }
    }
    parts.join("/")
}
