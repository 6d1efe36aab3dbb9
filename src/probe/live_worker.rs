//! The browser page's worker for a followed game tab: the page's wasm started by
//! `why-worker.js`, as for a file's reasons (`why_worker.rs`), handed every piece of the game's
//! stream (its [`Mirror`] reads them for the levels) and asked, one move at a time, for the
//! evidence of the move at the cursor (`live_evidence.rs`). The page keeps one ask in flight
//! (`app/tab_why.rs`): while the cursor runs ahead (following a live game) the worker searches
//! the newest move asked, not every one the cursor passed.
//!
//! It also re-solves every move of the stream, once the page sent its configuration, and
//! hands back what the page's history keeps of each (`judged.rs`): the page files the moves
//! unsolved and re-solves only the one it shows (`app/tab_solve.rs`).
//!
//! Messages, page → worker: `{ module, live: "begin" }` first (the page's compiled module, as
//! a file check hands it), then `{ live: "begin" | "bytes" | "end" | "lost", bytes, why }`,
//! `{ live: "config", config }` and `{ live: "ask", id, ask }` (MessagePack); worker → page:
//! `{ live: id, answer }` and `{ live: "judged", begun, judged }` (the moves re-solved since
//! the last, of the stream that began `begun` streams in: a batch of an older stream is
//! dropped).

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use js_sys::{Object, Reflect, Uint8Array};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, ErrorEvent, MessageEvent, Worker};

use super::judged::Judged;
use super::live_evidence::{
    Answer, Ask, Mirror, Searcher, decode_answer, decode_ask, encode_answer,
};
use super::push_feed::TabPart;
use super::shadow::ShadowConfig;
use super::why_worker::{SCRIPT, field, js_error, spawn};

/// The page's side: the worker and the ask in flight.
pub struct LiveSearch {
    worker: Worker,
    inbox: Rc<RefCell<Inbox>>,
    next_id: u64,
    in_flight: Option<u64>,
    /// Streams begun (the worker counts its own alike).
    begun: u64,
    _handlers: [Closure<dyn FnMut(JsValue)>; 2],
}

#[derive(Default)]
struct Inbox {
    answers: VecDeque<(u64, Answer)>,
    /// Batches of re-solved moves, with the stream they belong to.
    judged: VecDeque<(u64, Vec<Judged>)>,
    failed: Option<String>,
}

impl LiveSearch {
    /// Starts the worker (its wasm loads while the game's first pieces are posted).
    pub fn start() -> Result<Self, String> {
        let inbox = Rc::new(RefCell::new(Inbox::default()));
        let handlers = [on_answer(&inbox), on_error(&inbox)];
        let worker = spawn(&handlers)?;
        let search = Self {
            worker,
            inbox,
            next_id: 0,
            in_flight: None,
            // The first message, which hands the worker its module, begins a stream too.
            begun: 1,
            _handlers: handlers,
        };
        let first = message("begin");
        let _ = Reflect::set(&first, &"module".into(), &wasm_bindgen::module());
        search.worker.post_message(&first).map_err(js_error)?;
        Ok(search)
    }
}

impl Searcher for LiveSearch {
    /// The followed stream's next piece, for the worker's mirror.
    fn part(&mut self, part: &TabPart<'_>) {
        let m = match part {
            TabPart::Begin => {
                self.begun += 1;
                message("begin")
            }
            TabPart::Bytes(b) => {
                let m = message("bytes");
                let _ = Reflect::set(&m, &"bytes".into(), &Uint8Array::from(*b));
                m
            }
            TabPart::End => message("end"),
            TabPart::Lost(why) => {
                let m = message("lost");
                let _ = Reflect::set(&m, &"why".into(), &why.as_str().into());
                m
            }
        };
        if let Err(e) = self.worker.post_message(&m) {
            self.inbox.borrow_mut().failed.get_or_insert(js_error(e));
        }
    }

    /// An ask is in flight (the page asks again once it is answered).
    fn busy(&self) -> bool {
        self.in_flight.is_some()
    }

    /// Asks for `ask`'s evidence; its id, which its answer carries.
    fn ask(&mut self, ask: &Ask) -> Result<u64, String> {
        let bytes = super::live_evidence::encode_ask(ask)?;
        let (id, m) = (self.next_id, message("ask"));
        self.next_id += 1;
        let _ = Reflect::set(&m, &"id".into(), &(id as f64).into());
        let _ = Reflect::set(&m, &"ask".into(), &Uint8Array::from(&bytes[..]));
        if let Err(e) = self.worker.post_message(&m) {
            let failed = js_error(e);
            self.inbox.borrow_mut().failed.get_or_insert(failed.clone());
            return Err(failed);
        }
        self.in_flight = Some(id);
        Ok(id)
    }

    /// The answers that arrived since the last call, by their asks' ids.
    fn take(&mut self) -> Vec<(u64, Answer)> {
        let answers: Vec<_> = self.inbox.borrow_mut().answers.drain(..).collect();
        if answers.iter().any(|(id, _)| self.in_flight == Some(*id)) {
            self.in_flight = None;
        }
        answers
    }

    /// Why the worker stopped, if it did.
    fn failure(&self) -> Option<String> {
        self.inbox.borrow().failed.clone()
    }

    /// The worker re-solves the moves it reads from now on with `config`.
    fn config(&mut self, config: &ShadowConfig) {
        let m = message("config");
        let bytes = rmp_serde::to_vec_named(config).unwrap_or_default();
        let _ = Reflect::set(&m, &"config".into(), &Uint8Array::from(&bytes[..]));
        if let Err(e) = self.worker.post_message(&m) {
            self.inbox.borrow_mut().failed.get_or_insert(js_error(e));
        }
    }

    /// The moves the worker re-solved since the last call, of the stream now followed.
    fn judged(&mut self) -> Vec<Judged> {
        let batches: Vec<_> = self.inbox.borrow_mut().judged.drain(..).collect();
        (batches.into_iter())
            .filter(|(begun, _)| *begun == self.begun)
            .flat_map(|(_, b)| b)
            .collect()
    }
}

impl Drop for LiveSearch {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.set_onmessageerror(None);
        self.worker.terminate();
    }
}

fn message(kind: &str) -> Object {
    let m = Object::new();
    let _ = Reflect::set(&m, &"live".into(), &kind.into());
    m
}

fn on_answer(inbox: &Rc<RefCell<Inbox>>) -> Closure<dyn FnMut(JsValue)> {
    let inbox = inbox.clone();
    Closure::new(move |e: JsValue| {
        let data = e.unchecked_into::<MessageEvent>().data();
        let mut inbox = inbox.borrow_mut();
        if let Ok(b) = field(&data, "judged").dyn_into::<Uint8Array>() {
            let begun = field(&data, "begun").as_f64().unwrap_or(-1.0) as u64;
            match super::judged::decode(&b.to_vec()) {
                Ok(batch) => inbox.judged.push_back((begun, batch)),
                Err(e) => drop(inbox.failed.get_or_insert(e)),
            }
            return;
        }
        let id = field(&data, "live").as_f64();
        let bytes = field(&data, "answer").dyn_into::<Uint8Array>().ok();
        match (id, bytes) {
            (Some(id), Some(b)) => inbox
                .answers
                .push_back((id as u64, decode_answer(&b.to_vec()))),
            // A file check's failure text (`why-worker.js` when the wasm did not start).
            _ => drop(
                inbox
                    .failed
                    .get_or_insert("the worker answered something else".into()),
            ),
        }
    })
}

fn on_error(inbox: &Rc<RefCell<Inbox>>) -> Closure<dyn FnMut(JsValue)> {
    let inbox = inbox.clone();
    Closure::new(move |e: JsValue| {
        let what = (e.dyn_ref::<ErrorEvent>())
            .map(|e| e.message())
            .filter(|m| !m.is_empty())
            .unwrap_or_else(|| format!("{SCRIPT} stopped, or a message could not be read"));
        inbox.borrow_mut().failed.get_or_insert(what);
    })
}

thread_local! {
    static MIRROR: RefCell<Mirror> = RefCell::new(Mirror::default());
    /// Streams begun, as the page counts them.
    static BEGUN: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// The worker's side: one message of a followed game's (`kind`, its `data`).
pub fn serve(kind: &str, data: &JsValue) {
    MIRROR.with_borrow_mut(|mirror| {
        serve_one(mirror, kind, data);
        post_judged(mirror);
    });
}

fn serve_one(mirror: &mut Mirror, kind: &str, data: &JsValue) {
    let bytes = || {
        field(data, "bytes")
            .dyn_into::<Uint8Array>()
            .map(|b| b.to_vec())
    };
    match kind {
        "begin" => {
            BEGUN.set(BEGUN.get() + 1);
            mirror.part(TabPart::Begin)
        }
        "config" => {
            let config = field(data, "config").dyn_into::<Uint8Array>().ok();
            let config = config.and_then(|b| rmp_serde::from_slice(&b.to_vec()).ok());
            if let Some(config) = config {
                mirror.set_config(config);
            }
        }
        "bytes" => match bytes() {
            Ok(b) => mirror.part(TabPart::Bytes(&b)),
            Err(_) => mirror.part(TabPart::Lost("a piece that is not bytes".into())),
        },
        "end" => mirror.part(TabPart::End),
        "lost" => mirror.part(TabPart::Lost(
            field(data, "why").as_string().unwrap_or_default(),
        )),
        "ask" => {
            let ask = field(data, "ask").dyn_into::<Uint8Array>();
            let ask = ask.map_err(|_| "the ask is not bytes".to_string());
            let answer = ask.and_then(|b| decode_ask(&b.to_vec()));
            let answer = answer.and_then(|a: Ask| mirror.answer(&a));
            let reply = message("");
            let _ = Reflect::set(&reply, &"live".into(), &field(data, "id"));
            let bytes = Uint8Array::from(&encode_answer(&answer)[..]);
            let _ = Reflect::set(&reply, &"answer".into(), &bytes);
            let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
            let _ = scope.post_message(&reply);
        }
        _ => {}
    }
}

/// Moves a message of re-solved moves holds at most (a replayed stream's are many).
const JUDGED_BATCH: usize = 4096;

/// Posts the moves re-solved since the last post, if any, in batches.
fn post_judged(mirror: &mut Mirror) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    for batch in mirror.take_judged().chunks(JUDGED_BATCH) {
        let m = message("judged");
        let _ = Reflect::set(&m, &"begun".into(), &(BEGUN.get() as f64).into());
        let bytes = Uint8Array::from(&super::judged::encode(batch)[..]);
        let _ = Reflect::set(&m, &"judged".into(), &bytes);
        let _ = scope.post_message(&m);
    }
}
