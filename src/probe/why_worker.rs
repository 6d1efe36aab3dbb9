//! The browser page's explainer thread: a probe file's whole check ([`super::file_whys`]) run in
//! a Web Worker, so the page keeps drawing while the file's flagged moves are explained, as the
//! desktop's check runs on a thread of its own. The worker is the page's own wasm started again
//! by `why-worker.js` (`assets/web/`, beside `index.html`); its entry sees no window and serves
//! here. It is handed the page's files (the probe file and the level it names) and the options,
//! checks the file as `probe-check` does, and posts back each flagged move's reason as JSON.
//! A check the page no longer wants is cancelled by ending its worker.
//!
//! A followed game tab has a worker of its own ([`LiveSearch`]): it mirrors the stream,
//! re-solves every move and hands back what the page's history keeps of it (`judged.rs`; the
//! page re-solves only the move it shows), and searches the move at the cursor
//! (`live_evidence.rs`), one ask at a time, so neither the stream's re-solve nor a search of
//! up to 10 ms a move takes a frame of the page's while it follows a game.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::probe_file_check::CheckOptions;
use crate::collision::SlideSettings;
use crate::sim::ShadowTolerance;

/// Each flagged move's reason as the inspector shows it (`Why::lines`), by its index in the
/// file, or why there are none.
pub type Whys = Result<BTreeMap<u64, Vec<String>>, String>;

/// The worker's script, beside the page's `index.html`.
pub const SCRIPT: &str = "why-worker.js";

/// What the page asks of the worker besides the files: the file and the options its reasons
/// depend on.
#[derive(Serialize, Deserialize)]
struct Request {
    path: PathBuf,
    settings: SlideSettings,
    tolerance: ShadowTolerance,
}

/// The request's text for checking `path` with `options`.
pub fn encode_request(path: &Path, options: &CheckOptions) -> String {
    let request = Request {
        path: path.to_path_buf(),
        settings: options.settings,
        tolerance: options.tolerance,
    };
    serde_json::to_string(&request).unwrap_or_default()
}

/// The file and options a request names (the check's other options are the file check's own).
pub fn decode_request(text: &str) -> Result<(PathBuf, CheckOptions), String> {
    let r: Request = serde_json::from_str(text).map_err(|e| format!("the page's request: {e}"))?;
    let options = CheckOptions {
        settings: r.settings,
        tolerance: r.tolerance,
        ..CheckOptions::default()
    };
    Ok((r.path, options))
}

/// The worker's answer as text.
pub fn encode_reply(whys: &Whys) -> String {
    serde_json::to_string(whys).unwrap_or_else(|e| {
        let failed: Whys = Err(format!("the reasons could not be written: {e}"));
        serde_json::to_string(&failed).unwrap_or_default()
    })
}

/// The reasons in the worker's answer.
pub fn decode_reply(text: &str) -> Whys {
    serde_json::from_str::<Whys>(text)
        .map_err(|e| format!("the explainer's answer could not be read: {e}"))?
}

#[cfg(target_arch = "wasm32")]
pub use web::{Live, Pending, field, js_error, serve, spawn};

#[cfg(target_arch = "wasm32")]
mod web {
    use std::cell::RefCell;
    use std::path::{Path, PathBuf};
    use std::rc::Rc;

    use js_sys::{Array, Uint8Array};
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use web_sys::{DedicatedWorkerGlobalScope, ErrorEvent, MessageEvent, Worker};

    use super::super::probe_file_check::CheckOptions;
    use super::{SCRIPT, Whys, decode_reply, decode_request, encode_reply, encode_request};

    /// Messages the worker received while its wasm loaded (`why-worker.js` keeps them here).
    const QUEUED: &str = "slidescopeQueued";

    pub fn js_error(e: JsValue) -> String {
        let text = e.as_string().or_else(|| {
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        });
        format!(
            "the explainer's worker: {}",
            text.unwrap_or_else(|| format!("{e:?}"))
        )
    }

    /// A module worker running [`SCRIPT`], its messages to `handlers[0]` and its errors (and
    /// messages it could not read) to `handlers[1]`.
    pub fn spawn(handlers: &[Closure<dyn FnMut(JsValue)>; 2]) -> Result<Worker, String> {
        let kind = web_sys::WorkerOptions::new();
        kind.set_type(web_sys::WorkerType::Module);
        let worker = Worker::new_with_options(SCRIPT, &kind).map_err(js_error)?;
        worker.set_onmessage(Some(handlers[0].as_ref().unchecked_ref()));
        worker.set_onerror(Some(handlers[1].as_ref().unchecked_ref()));
        worker.set_onmessageerror(Some(handlers[1].as_ref().unchecked_ref()));
        Ok(worker)
    }

    /// A check running in a worker; dropping it ends the worker.
    pub struct Pending {
        worker: Worker,
        reply: Rc<RefCell<Option<Whys>>>,
        _handlers: [Closure<dyn FnMut(JsValue)>; 2],
    }

    impl Pending {
        /// Starts a worker on `path` with `options`, handing it the page's compiled module and
        /// every file the page holds.
        pub fn start(path: &Path, options: &CheckOptions) -> Result<Self, String> {
            let reply = Rc::new(RefCell::new(None));
            let handlers = [on_message(&reply), on_error(&reply)];
            let worker = spawn(&handlers)?;
            // Dropped on an error below: the worker ends.
            let pending = Self {
                worker,
                reply,
                _handlers: handlers,
            };
            let (message, transfer) = message(path, options);
            (pending.worker)
                .post_message_with_transfer(&message, &transfer)
                .map_err(js_error)?;
            Ok(pending)
        }

        /// The reasons, once the worker answered (or failed).
        pub fn take(&self) -> Option<Whys> {
            self.reply.borrow_mut().take()
        }
    }

    impl Drop for Pending {
        fn drop(&mut self) {
            self.worker.set_onmessage(None);
            self.worker.set_onerror(None);
            self.worker.set_onmessageerror(None);
            self.worker.terminate();
        }
    }

    /// The request (`{ module, request: [text, path, bytes, …] }`) and the buffers it hands
    /// over: the worker instantiates the page's compiled module instead of fetching and
    /// compiling the wasm again.
    fn message(path: &Path, options: &CheckOptions) -> (js_sys::Object, Array) {
        let (request, transfer) = (Array::new(), Array::new());
        request.push(&encode_request(path, options).into());
        for (key, bytes) in crate::vfs::user_files() {
            let array = Uint8Array::from(&bytes[..]);
            request.push(&key.into());
            request.push(&array);
            transfer.push(&array.buffer());
        }
        let message = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&message, &"module".into(), &wasm_bindgen::module());
        let _ = js_sys::Reflect::set(&message, &"request".into(), &request);
        (message, transfer)
    }

    fn on_message(reply: &Rc<RefCell<Option<Whys>>>) -> Closure<dyn FnMut(JsValue)> {
        let reply = reply.clone();
        Closure::new(move |e: JsValue| {
            let text = e.unchecked_into::<MessageEvent>().data().as_string();
            let whys = text.map_or_else(
                || Err("the explainer's worker answered something other than text".into()),
                |t| decode_reply(&t),
            );
            *reply.borrow_mut() = Some(whys);
        })
    }

    /// A worker that could not load (its script or the wasm missing) or stopped, or a message
    /// that could not be read.
    fn on_error(reply: &Rc<RefCell<Option<Whys>>>) -> Closure<dyn FnMut(JsValue)> {
        let reply = reply.clone();
        Closure::new(move |e: JsValue| {
            let what = (e.dyn_ref::<ErrorEvent>())
                .map(|e| e.message())
                .filter(|m| !m.is_empty())
                .unwrap_or_else(|| format!("{SCRIPT} stopped, or a message could not be read"));
            let failed = Err(format!("the explainer's worker failed: {what}"));
            reply.borrow_mut().get_or_insert(failed);
        })
    }

    /// What the worker runs on a request: the file's check.
    type Check = fn(&Path, &CheckOptions) -> Whys;
    /// What it runs on a followed game's message (`{ live: kind, … }`): its kind and data.
    pub type Live = fn(&str, &JsValue);

    /// The worker's entry: answers with `check` (or `live`) the requests queued while the
    /// wasm loaded (their messages' data), then each one that arrives.
    pub fn serve(check: Check, live: Live) {
        let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        let queued = js_sys::Reflect::get(&scope, &QUEUED.into()).ok();
        // The queue is answered here: its buffers go with it.
        let _ = js_sys::Reflect::set(&scope, &QUEUED.into(), &JsValue::UNDEFINED);
        let handler = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
            answer(&e.unchecked_into::<MessageEvent>().data(), check, live);
        });
        scope.set_onmessage(Some(handler.as_ref().unchecked_ref()));
        handler.forget();
        let queued = queued.and_then(|q| q.dyn_into::<Array>().ok());
        for data in queued.iter().flat_map(Array::iter) {
            answer(&data, check, live);
        }
    }

    fn answer(data: &JsValue, check: Check, live: Live) {
        if let Some(kind) = field(data, "live").as_string() {
            return live(&kind, data);
        }
        let whys = request(data).and_then(|(path, options)| check(&path, &options));
        let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        let _ = scope.post_message(&encode_reply(&whys).into());
    }

    /// `data.name` (undefined where there is none).
    pub fn field(data: &JsValue, name: &str) -> JsValue {
        js_sys::Reflect::get(data, &name.into()).unwrap_or_default()
    }

    /// The request's files kept; its file and options.
    fn request(data: &JsValue) -> Result<(PathBuf, CheckOptions), String> {
        let parts = js_sys::Reflect::get(data, &"request".into()).unwrap_or_default();
        let parts = (parts.dyn_ref::<Array>()).ok_or("the page's request is not a list")?;
        let request = parts
            .get(0)
            .as_string()
            .ok_or("the page's request has no text")?;
        let (path, options) = decode_request(&request)?;
        for i in (1..parts.length()).step_by(2) {
            let key = parts.get(i).as_string();
            let bytes = parts.get(i + 1).dyn_into::<Uint8Array>().ok();
            let (Some(key), Some(bytes)) = (key, bytes) else {
                return Err(format!("the page's request: part {i} is not a file"));
            };
            crate::vfs::put_user_file(&key, bytes.to_vec());
        }
        Ok((path, options))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::conventions::Padding;

    /// What the worker checks with is what the page asked: the settings (conventions
    /// included) and the tolerance cross unchanged.
    #[test]
    fn a_request_crosses_to_the_worker_unchanged() {
        let mut options = CheckOptions::default();
        options.settings.tuning.skin_es = 3.25e-4;
        options.settings.tuning.max_iterations = 7;
        options.settings.conventions.padding = Padding::Velocity;
        options.settings.conventions.dead_zone_m = 2.5e-3;
        options.settings.debug.cases.edge = false;
        options.tolerance.position_m = 1.5e-3;
        let path = Path::new("user/link/1/2/3/4/run.slidelog");
        let (back, decoded) = decode_request(&encode_request(path, &options)).unwrap();
        assert_eq!(back, path);
        assert_eq!(decoded.settings, options.settings);
        assert_eq!(decoded.tolerance, options.tolerance);
        assert!(decoded.explain);
        assert!(decode_request("{\"path\": 1}").is_err());
    }

    #[test]
    fn an_answer_reads_back_as_written() {
        let whys: Whys = Ok(BTreeMap::from([
            (3, vec!["why: a bug — started inside the level".into()]),
            (u64::MAX, vec!["why: unexplained".into(), "or: x".into()]),
        ]));
        assert_eq!(decode_reply(&encode_reply(&whys)), whys);
        let failed: Whys = Err("cut short".into());
        assert_eq!(decode_reply(&encode_reply(&failed)), failed);
        let garbage = decode_reply("{\"Ok\": {\"x\": []}}").unwrap_err();
        assert!(garbage.contains("could not be read"), "{garbage}");
    }
}
