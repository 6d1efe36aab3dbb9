//! The page around the canvas (web-sys): the status line, drag-and-drop onto the page, the
//! address's fragment, and fetching a URL.

use std::path::{Path, PathBuf};

use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use wasm_bindgen_futures::JsFuture;

/// A fetched or dropped file larger than this is refused (the page keeps files in memory).
const MAX_FILE_BYTES: u32 = 256 << 20;

/// Extensions of files that come with a level (buffers, textures): kept, not opened.
const RESOURCE_EXTS: &[&str] = &["bin", "png", "jpg", "jpeg", "ktx2", "mtl"];

/// Shows `text` in the page's status line (`#status`), or hides it when empty.
pub fn show_status(text: &str, error: bool) {
    let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("status"))
    else {
        if error {
            log::error!("{text}");
        }
        return;
    };
    el.set_text_content(Some(text));
    let _ = el.set_attribute("class", if error { "error" } else { "" });
    let _ = el.set_attribute("style", if text.is_empty() { "display:none" } else { "" });
}

/// Writes `text` into the page's `#state` element (visually hidden, read by screen readers).
pub fn show_state(text: &str) {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("state"))
    {
        el.set_text_content(Some(text));
    }
}

/// Writes `text` into the page's `#widgets` element (visually hidden: the canvas's clickable
/// widgets and where they are, `ui::widget_list`).
pub fn show_widgets(text: &str) {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("widgets"))
    {
        el.set_text_content(Some(text));
    }
}

/// The address's fragment (`#lesson=5`), empty when none.
pub fn hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// `rel` resolved against `base` as the browser does for links.
pub fn resolve(rel: &str, base: &str) -> Result<String, String> {
    let page = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    let base =
        web_sys::Url::new_with_base(base, &page).map_err(|_| format!("bad address {base}"))?;
    web_sys::Url::new_with_base(rel, &base.href())
        .map(|u| u.href())
        .map_err(|_| format!("bad address {rel}"))
}

/// The bytes at `url` (within [`MAX_FILE_BYTES`]).
pub async fn fetch(url: &str) -> Result<Vec<u8>, String> {
    let err = |what: &str| format!("{url}: {what}");
    let window = web_sys::window().ok_or_else(|| err("no window"))?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|_| err("cannot fetch"))?
        .dyn_into()
        .map_err(|_| err("not a response"))?;
    if !response.ok() {
        return Err(err(&format!("HTTP {}", response.status())));
    }
    let buffer = JsFuture::from(response.array_buffer().map_err(|_| err("no body"))?)
        .await
        .map_err(|_| err("body not read"))?;
    array_bytes(&buffer).ok_or_else(|| err("larger than the page keeps"))
}

fn array_bytes(buffer: &wasm_bindgen::JsValue) -> Option<Vec<u8>> {
    let array = js_sys::Uint8Array::new(buffer);
    (array.length() <= MAX_FILE_BYTES).then(|| array.to_vec())
}

/// Calls `dropped` with the page paths of the files dropped on the page (all of a drop kept
/// together in one folder so a `.gltf` finds its `.bin`; only what can be opened is listed),
/// and `hash_changed` with the new fragment when the address's fragment changes.
pub fn listen(dropped: impl Fn(Vec<PathBuf>) + 'static, hash_changed: impl Fn(String) + 'static) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let over =
        Closure::<dyn Fn(web_sys::DragEvent)>::new(|e: web_sys::DragEvent| e.prevent_default());
    let dropped = std::rc::Rc::new(dropped);
    let drops = std::cell::Cell::new(0u32);
    let on_drop = Closure::<dyn Fn(web_sys::DragEvent)>::new(move |e: web_sys::DragEvent| {
        e.prevent_default();
        let Some(files) = e.data_transfer().and_then(|d| d.files()) else {
            return;
        };
        let files: Vec<web_sys::File> = (0..files.length()).filter_map(|i| files.get(i)).collect();
        drops.set(drops.get() + 1);
        let folder = format!("drop/{}", drops.get());
        let dropped = dropped.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let mut open = Vec::new();
            for f in files {
                let name = f.name();
                let Ok(buffer) = JsFuture::from(f.array_buffer()).await else {
                    show_status(&format!("{name}: could not be read"), true);
                    continue;
                };
                let Some(bytes) = array_bytes(&buffer) else {
                    show_status(&format!("{name}: larger than the page keeps"), true);
                    continue;
                };
                let path = crate::vfs::add_user_file(&Path::new(&folder).join(&name), bytes);
                let ext = path
                    .extension()
                    .map(|e| e.to_string_lossy().to_ascii_lowercase())
                    .unwrap_or_default();
                if !RESOURCE_EXTS.contains(&ext.as_str()) {
                    open.push(path);
                }
            }
            dropped(open);
        });
    });
    let on_hash = Closure::<dyn Fn()>::new(move || hash_changed(hash()));
    let _ = window.add_event_listener_with_callback("dragover", over.as_ref().unchecked_ref());
    let _ = window.add_event_listener_with_callback("drop", on_drop.as_ref().unchecked_ref());
    let _ = window.add_event_listener_with_callback("hashchange", on_hash.as_ref().unchecked_ref());
    // The page lives as long as the app: the handlers are never removed.
    over.forget();
    on_drop.forget();
    on_hash.forget();
}
