//! The page following a game's tab (`index.html#live=CHANNEL`): the game's page, on the same
//! origin, posts its probe stream on the `BroadcastChannel` `slidescope:CHANNEL`
//! (`probe-js/index.js`, `Probe.toTab`), and the page hands each piece to the probe session's
//! [`PushFeed`](crate::probe::push_feed::PushFeed). A browser delivers a `BroadcastChannel`'s
//! messages only between pages of one origin, so nothing from another origin arrives; a message
//! that is not this protocol's is ignored.
//!
//! The protocol (`docs/probe.md`, "A game's tab"): every message is an object with
//! `protocol: "slidescope-tab/1"`, a `kind` and, from the game, the `stream` it belongs to.
//! The game posts `begin` (its stream from the header on), `bytes` (`bytes`: a `Uint8Array`
//! ending at a record boundary) and `end`; the page posts `hello` when it opens, and the game
//! answers with its stream from the start, so either tab may reload; the page answers every
//! `begin` with `following` and its `stream`, so a reloaded game opens no second page. The
//! newest `begin` wins: a second game tab takes the page over.

use std::cell::RefCell;

use js_sys::{Object, Reflect, Uint8Array};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{BroadcastChannel, MessageEvent};

use crate::probe::push_feed::{BACKLOG_LIMIT, TabPart};

/// The protocol's name, on every message both ways.
const PROTOCOL: &str = "slidescope-tab/1";
/// Channel names are this prefix and the link's channel.
const PREFIX: &str = "slidescope:";

/// One message from the game's tab.
enum FromGame {
    Begin(f64),
    Bytes(f64, Vec<u8>),
    End(f64),
}

/// The open channel and the stream the page follows.
struct TabLink {
    channel: BroadcastChannel,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    stream: Option<f64>,
}

thread_local! {
    static LINK: RefCell<Option<TabLink>> = const { RefCell::new(None) };
    static INBOX: RefCell<Inbox> = RefCell::new(Inbox::default());
}

/// What arrived since the app last looked (it looks once a frame: not at all while the page is
/// hidden), bounded: bytes past [`BACKLOG_LIMIT`] are dropped, and the stream then ends with
/// why.
#[derive(Default)]
struct Inbox {
    messages: Vec<FromGame>,
    bytes: usize,
    overflowed: bool,
}

/// Opens the channel `name` (replacing one open before) and asks a game on it for its stream.
pub(super) fn follow(name: &str) -> Result<(), String> {
    let channel = BroadcastChannel::new(&format!("{PREFIX}{name}"))
        .map_err(|e| format!("cannot open the channel {name}: {e:?}"))?;
    let answer = channel.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let Some(m) = parse(&e.data()) else {
            return;
        };
        // Answered here, not on the app's next turn (a background tab's loop is throttled):
        // a game that just loaded learns a page follows it, and opens none.
        if let FromGame::Begin(id) = m {
            post(&answer, "following", Some(id));
        }
        INBOX.with_borrow_mut(|inbox| inbox.take(m));
    });
    channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    post(&channel, "hello", None);
    INBOX.with_borrow_mut(|inbox| *inbox = Inbox::default());
    LINK.with_borrow_mut(|l| {
        *l = Some(TabLink {
            channel,
            _on_message: on_message,
            stream: None,
        })
    });
    Ok(())
}

/// Hands what the followed game sent since the last call to `to`, in order.
pub(super) fn drain(mut to: impl FnMut(TabPart<'_>)) {
    let inbox = INBOX.with_borrow_mut(std::mem::take);
    LINK.with_borrow_mut(|link| {
        let Some(link) = link else {
            return;
        };
        for m in inbox.messages {
            match m {
                FromGame::Begin(id) => {
                    link.stream = Some(id);
                    to(TabPart::Begin);
                }
                FromGame::Bytes(id, b) if link.stream == Some(id) => to(TabPart::Bytes(&b)),
                FromGame::End(id) if link.stream == Some(id) => {
                    link.stream = None;
                    to(TabPart::End);
                }
                FromGame::Bytes(..) | FromGame::End(_) => {}
            }
        }
        if inbox.overflowed && link.stream.take().is_some() {
            to(TabPart::Lost(format!(
                "more than {} MiB arrived while the page did not look (hidden, or busy): reload \
                 this page for the game's stream from its start",
                BACKLOG_LIMIT >> 20
            )));
        }
    });
}

impl Inbox {
    /// Keeps `m` unless it is bytes past the limit (a `begin` starts the count afresh).
    fn take(&mut self, m: FromGame) {
        match &m {
            FromGame::Begin(_) => *self = Self::default(),
            FromGame::Bytes(_, b) if self.overflowed || self.bytes + b.len() > BACKLOG_LIMIT => {
                self.overflowed = true;
                return;
            }
            FromGame::Bytes(_, b) => self.bytes += b.len(),
            FromGame::End(_) => {}
        }
        self.messages.push(m);
    }
}

/// Closes the channel (the app follows no game tab any more): a game that loads later opens
/// a page of its own.
pub(super) fn stop() {
    LINK.with_borrow_mut(|l| *l = None);
    INBOX.with_borrow_mut(|inbox| *inbox = Inbox::default());
}

impl Drop for TabLink {
    fn drop(&mut self) {
        self.channel.set_onmessage(None);
        self.channel.close();
    }
}

fn post(channel: &BroadcastChannel, kind: &str, stream: Option<f64>) {
    let o = Object::new();
    let _ = Reflect::set(&o, &"protocol".into(), &PROTOCOL.into());
    let _ = Reflect::set(&o, &"kind".into(), &kind.into());
    if let Some(id) = stream {
        let _ = Reflect::set(&o, &"stream".into(), &id.into());
    }
    let _ = channel.post_message(&o);
}

/// A game's message, or `None` for anything else on the channel.
fn parse(data: &JsValue) -> Option<FromGame> {
    let get = |k: &str| Reflect::get(data, &k.into()).ok();
    if get("protocol")?.as_string()? != PROTOCOL {
        return None;
    }
    let stream = get("stream")?.as_f64().filter(|s| s.is_finite())?;
    match get("kind")?.as_string()?.as_str() {
        "begin" => Some(FromGame::Begin(stream)),
        "end" => Some(FromGame::End(stream)),
        "bytes" => {
            let bytes = get("bytes")?.dyn_into::<Uint8Array>().ok()?;
            Some(FromGame::Bytes(stream, bytes.to_vec()))
        }
        _ => None,
    }
}
