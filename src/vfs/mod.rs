//! Files by path on every platform, so each loader keeps one code path (DESIGN.md "one code
//! path"): it names a path and gets bytes.
//!
//! - The desktop reads and writes the disk (`std::fs`, nothing added).
//! - The browser has no file system (`web.rs`); there the same paths are answered from the
//!   assets built into the page (`build.rs`: the teaching level, the lessons and their scenes,
//!   the Issues scenes), from the files the user picked or dropped or a link fetched (kept in
//!   memory under `user/`, bounded), and `local-storage/KEY` is the page's local storage.

use std::io;
use std::path::{Path, PathBuf};

mod path;
#[cfg(target_arch = "wasm32")]
mod web;

pub use path::{LOCAL_STORAGE_DIR, normalize};
#[cfg(target_arch = "wasm32")]
pub use web::{DOWNLOAD_DIR, USER_DIR, add_user_file, put_user_file, user_files};

/// The whole file.
pub fn read(path: &Path) -> io::Result<Vec<u8>> {
    #[cfg(target_arch = "wasm32")]
    return web::read(path);
    #[cfg(not(target_arch = "wasm32"))]
    std::fs::read(path)
}

/// The whole file as UTF-8.
pub fn read_to_string(path: &Path) -> io::Result<String> {
    String::from_utf8(read(path)?).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

/// At most the first `max` bytes of the file (to tell what it is).
pub fn read_head(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    #[cfg(target_arch = "wasm32")]
    {
        let mut bytes = web::read(path)?;
        bytes.truncate(usize::try_from(max).unwrap_or(usize::MAX));
        Ok(bytes)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::io::Read;
        let mut head = Vec::new();
        std::fs::File::open(path)?
            .take(max)
            .read_to_end(&mut head)?;
        Ok(head)
    }
}

/// The file as a reader (a probe file can be larger than memory on the desktop).
pub fn open(path: &Path) -> io::Result<Box<dyn io::Read + Send>> {
    #[cfg(target_arch = "wasm32")]
    return Ok(Box::new(io::Cursor::new(web::read(path)?)));
    #[cfg(not(target_arch = "wasm32"))]
    Ok(Box::new(std::fs::File::open(path)?))
}

/// The size of a regular file (an error for a folder), without reading it.
pub fn file_len(path: &Path) -> io::Result<u64> {
    #[cfg(target_arch = "wasm32")]
    return web::file_len(path);
    #[cfg(not(target_arch = "wasm32"))]
    {
        let meta = std::fs::metadata(path)?;
        if meta.is_file() {
            Ok(meta.len())
        } else {
            Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "not a regular file",
            ))
        }
    }
}

/// The regular files directly inside `dir`, sorted by path.
pub fn list_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    #[cfg(target_arch = "wasm32")]
    let mut files = web::list_files(dir)?;
    #[cfg(not(target_arch = "wasm32"))]
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    Ok(files)
}

/// Writes the whole file so that a crash never leaves half of it at `path`: a sibling temporary
/// file is written, flushed and renamed over `path` (its folder must exist). In the browser,
/// `download/NAME` hands the bytes to the browser as a download.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    #[cfg(target_arch = "wasm32")]
    return web::write(path, bytes);
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::io::Write as _;
        let name = path
            .file_name()
            .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
        let tmp = path.with_file_name(format!(".{name}.tmp-{}", std::process::id()));
        let result = std::fs::File::create(&tmp)
            .and_then(|mut f| f.write_all(bytes).and_then(|()| f.sync_all()))
            .and_then(|()| std::fs::rename(&tmp, path));
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result
    }
}

/// Writes the whole file, creating its folder (in the browser: only `local-storage/KEY`).
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    #[cfg(target_arch = "wasm32")]
    return web::write(path, bytes);
    #[cfg(not(target_arch = "wasm32"))]
    {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(path, bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_applies_dots() {
        let n = |s: &str| normalize(Path::new(s));
        assert_eq!(
            n("assets/lessons/scenes/../../teaching.glb"),
            "assets/teaching.glb"
        );
        assert_eq!(
            n("./assets/issues/01-ramps.json"),
            "assets/issues/01-ramps.json"
        );
        assert_eq!(n("../x/../y"), "../y");
        assert_eq!(n("user/a.glb"), "user/a.glb");
    }

    #[test]
    fn desktop_reads_and_lists_the_disk() {
        let files = list_files(Path::new("assets/lessons")).unwrap();
        assert_eq!(files.len(), 13, "{files:?}");
        assert!(files.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(
            file_len(Path::new("assets/teaching.glb")).unwrap(),
            read(Path::new("assets/teaching.glb")).unwrap().len() as u64
        );
        assert!(file_len(Path::new("assets/lessons")).is_err());
    }
}
