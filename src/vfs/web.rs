//! The browser's answers to [`super`]'s calls: built-in assets, the user's files in memory, and
//! the page's local storage. Single-threaded (wasm32 without threads), hence `thread_local!`.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use super::path::{LOCAL_STORAGE_DIR, normalize};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
}

/// Written here, a file becomes a download of that name.
pub const DOWNLOAD_DIR: &str = "download";

/// Hands `bytes` to the browser as a download named `name`.
fn download(name: &str, bytes: &[u8]) -> io::Result<()> {
    use wasm_bindgen::JsCast;
    let fail = |what: &str| io::Error::other(format!("the download failed: {what}"));
    let array = js_sys::Uint8Array::from(bytes);
    let parts = js_sys::Array::of1(&array);
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts).map_err(|_| fail("blob"))?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| fail("url"))?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| fail("no document"))?;
    let a: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|_| fail("anchor"))?
        .dyn_into()
        .map_err(|_| fail("anchor"))?;
    a.set_href(&url);
    a.set_download(name);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// The folder the user's picked, dropped and fetched files appear in.
pub const USER_DIR: &str = "user";

/// At most this many bytes of user files are kept; the oldest go first.
const USER_BYTES_LIMIT: usize = 512 << 20;

#[derive(Default)]
struct UserFiles {
    /// normalised path → bytes, with the order they came in.
    files: BTreeMap<String, (u64, Rc<[u8]>)>,
    next: u64,
    bytes: usize,
}

thread_local! {
    static USER: RefCell<UserFiles> = RefCell::default();
}

fn not_found(path: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::NotFound,
        format!(
            "{} is not in the page (open it with File ▸ Open or drop it)",
            path.display()
        ),
    )
}

/// Keeps `bytes` as `user/<rel>` and returns that path (a `rel` whose `..` would leave `user/`
/// is kept as `user/<its file name>`).
pub fn add_user_file(rel: &Path, bytes: Vec<u8>) -> PathBuf {
    let mut key = normalize(&Path::new(USER_DIR).join(rel));
    if !key.starts_with("user/") {
        let name = rel
            .file_name()
            .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
        key = format!("{USER_DIR}/{name}");
    }
    USER.with_borrow_mut(|u| {
        if let Some((_, old)) = u.files.remove(&key) {
            u.bytes -= old.len();
        }
        while u.bytes + bytes.len() > USER_BYTES_LIMIT && !u.files.is_empty() {
            let oldest = u
                .files
                .iter()
                .min_by_key(|(_, (n, _))| *n)
                .map(|(k, _)| k.clone());
            if let Some(k) = oldest
                && let Some((_, b)) = u.files.remove(&k)
            {
                u.bytes -= b.len();
            }
        }
        u.bytes += bytes.len();
        let n = u.next;
        u.next += 1;
        u.files.insert(key.clone(), (n, bytes.into()));
    });
    PathBuf::from(key)
}

/// Every user file, by its path (what a worker of the page needs to read the same files).
pub fn user_files() -> Vec<(String, Rc<[u8]>)> {
    USER.with_borrow(|u| {
        (u.files.iter())
            .map(|(k, (_, b))| (k.clone(), b.clone()))
            .collect()
    })
}

/// Keeps `bytes` at the user file path `key` (as [`user_files`] named it in the page), within
/// the same limit.
pub fn put_user_file(key: &str, bytes: Vec<u8>) {
    let rel = key
        .strip_prefix(USER_DIR)
        .unwrap_or(key)
        .trim_start_matches('/');
    add_user_file(Path::new(rel), bytes);
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn storage_key(key: &str) -> Option<&str> {
    key.strip_prefix(LOCAL_STORAGE_DIR)?.strip_prefix('/')
}

pub fn read(path: &Path) -> io::Result<Vec<u8>> {
    let key = normalize(path);
    if let Some(k) = storage_key(&key) {
        let value = storage()
            .ok_or_else(|| io::Error::other("the page has no local storage"))?
            .get_item(k)
            .map_err(|_| io::Error::other("local storage refused the read"))?;
        return value.map(String::into_bytes).ok_or_else(|| not_found(path));
    }
    if let Some(b) = USER.with_borrow(|u| u.files.get(&key).map(|(_, b)| b.clone())) {
        return Ok(b.to_vec());
    }
    embedded::EMBEDDED
        .iter()
        .find(|(p, _)| *p == key)
        .map(|(_, b)| b.to_vec())
        .ok_or_else(|| not_found(path))
}

pub fn file_len(path: &Path) -> io::Result<u64> {
    let key = normalize(path);
    if storage_key(&key).is_some() {
        return read(path).map(|b| b.len() as u64);
    }
    if let Some(n) = USER.with_borrow(|u| u.files.get(&key).map(|(_, b)| b.len())) {
        return Ok(n as u64);
    }
    if let Some((_, b)) = embedded::EMBEDDED.iter().find(|(p, _)| *p == key) {
        return Ok(b.len() as u64);
    }
    if !list_files(path)?.is_empty() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    Err(not_found(path))
}

pub fn list_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let prefix = format!("{}/", normalize(dir));
    let direct = |p: &str| {
        p.strip_prefix(&prefix)
            .is_some_and(|rest| !rest.contains('/'))
    };
    let mut out: Vec<PathBuf> = embedded::EMBEDDED
        .iter()
        .map(|(p, _)| *p)
        .filter(|p| direct(p))
        .map(PathBuf::from)
        .collect();
    USER.with_borrow(|u| out.extend(u.files.keys().filter(|p| direct(p)).map(PathBuf::from)));
    Ok(out)
}

pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let key = normalize(path);
    if let Some(name) = key
        .strip_prefix(DOWNLOAD_DIR)
        .and_then(|k| k.strip_prefix('/'))
    {
        return download(name, bytes);
    }
    let Some(k) = storage_key(&key) else {
        return Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "the browser page cannot write files (only its settings, to local storage)",
        ));
    };
    let text =
        std::str::from_utf8(bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    storage()
        .ok_or_else(|| io::Error::other("the page has no local storage"))?
        .set_item(k, text)
        .map_err(|_| io::Error::other("local storage refused the write (full?)"))
}
