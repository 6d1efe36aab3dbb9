//! The guided path: every `*.json` lesson file of a folder, in file-name order (`01-…`,
//! `02-…`). A broken file stays in the list with its error, so the menu shows what is wrong
//! and the other lessons still open.

use std::path::{Path, PathBuf};

use super::{Lesson, LessonError};

/// Where the app looks for lessons (relative to the working directory, like the teaching
/// level).
pub const LESSONS_DIR: &str = "assets/lessons";

/// One lesson file of the path.
#[derive(Debug)]
pub struct CatalogEntry {
    pub path: PathBuf,
    pub lesson: Result<Lesson, LessonError>,
}

impl CatalogEntry {
    /// The menu label: the lesson's title, or the file name and its error.
    pub fn label(&self) -> String {
        match &self.lesson {
            Ok(l) => l.title.clone(),
            Err(_) => self.path.file_name().map_or_else(
                || self.path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            ),
        }
    }
}

/// The lessons of one folder.
#[derive(Debug, Default)]
pub struct Catalog {
    pub folder: PathBuf,
    pub entries: Vec<CatalogEntry>,
    /// Why the folder itself could not be read.
    pub error: Option<String>,
}

impl Catalog {
    /// Reads every lesson file of `folder` (only the lesson files; scenes load on open).
    pub fn read(folder: &Path) -> Self {
        let mut out = Catalog {
            folder: folder.to_owned(),
            ..Default::default()
        };
        let files: Vec<PathBuf> = match crate::vfs::list_files(folder) {
            Ok(files) => files
                .into_iter()
                .filter(|p| p.extension().is_some_and(|e| e == "json"))
                .collect(),
            Err(e) => {
                out.error = Some(format!("{}: {e}", folder.display()));
                return out;
            }
        };
        out.entries = files
            .into_iter()
            .map(|path| CatalogEntry {
                lesson: Lesson::read(&path),
                path,
            })
            .collect();
        if out.entries.is_empty() {
            out.error = Some(format!("{}: no lesson files (*.json)", folder.display()));
        }
        out
    }
}
