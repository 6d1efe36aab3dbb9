//! The browser build (wasm32 only): the same [`App`] in a page. [`start`] is the page's entry
//! (`src/bin/slidescope-web.rs`). What the page does differently, and only that, lives here:
//! the GPU opens asynchronously ([`open_gfx`]); file picks, drops, link fetches and the GPU
//! arrive as [`WebEvent`]s drained once per loop turn ([`App::web_events`]); settings persist
//! to local storage (`vfs`); saves become downloads; the probe's listener is desktop-only, and
//! a game's tab on the same origin streams to the page instead (`tab`).

mod page;
mod tab;

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::platform::web::{EventLoopExtWebSys, WindowAttributesExtWebSys, WindowExtWebSys};
use winit::window::{Window, WindowAttributes};

use super::App;
use super::dialog::Purpose;
use super::gfx::Gfx;
use super::link::{self, Link};
use crate::render::RenderError;
use crate::ui::lessons::TeachCommand;

pub use page::show_status;

/// Saved files become downloads named after their file name (see `vfs::write_atomic`).
pub use crate::vfs::DOWNLOAD_DIR;
/// Where a linked scenario and its level are kept (deep enough for a level named `../../x`).
const LINK_DIR: &str = "link/1/2/3/4";
/// Settings are written to local storage this often (a page has no reliable "closing" hook).
const SAVE_EVERY_SECS: f32 = 2.0;

/// What the page hands the app between loop turns.
enum WebEvent {
    Gfx(Arc<Window>, Box<Result<Gfx, RenderError>>),
    Dropped(Vec<PathBuf>),
    Link(Result<Option<Link>, String>),
    Fetched(Result<PathBuf, String>),
    /// A linked probe recording, fetched into the page's files.
    FetchedProbe(Result<PathBuf, String>),
}

thread_local! {
    static EVENTS: RefCell<Vec<WebEvent>> = const { RefCell::new(Vec::new()) };
    static LAST_SAVE: RefCell<Option<web_time::Instant>> = const { RefCell::new(None) };
    static LAST_STATE: RefCell<String> = const { RefCell::new(String::new()) };
    static LAST_WIDGETS: RefCell<String> = const { RefCell::new(String::new()) };
}

/// The frame's widgets into the page's list (`#widgets`), when they changed.
pub fn show_widgets(update: &egui::accesskit::TreeUpdate) {
    let text = crate::ui::widget_list::widget_list(update);
    if LAST_WIDGETS.with_borrow(|s| *s != text) {
        page::show_widgets(&text);
        LAST_WIDGETS.with_borrow_mut(|s| *s = text);
    }
}

fn push(e: WebEvent) {
    EVENTS.with_borrow_mut(|v| v.push(e));
}

/// The page's entry: panics and logs to the console, the app on the page's canvas, the link in
/// the address applied. Started in a worker (no window), it serves the page's explainer
/// instead (`probe::why_worker`).
pub fn start() {
    console_error_panic_hook::set_once();
    let _ = console_log::init_with_level(log::Level::Warn);
    if web_sys::window().is_none() {
        crate::probe::file_whys::serve_worker();
        return;
    }
    let event_loop = match EventLoop::new() {
        Ok(l) => l,
        Err(e) => {
            show_status(&format!("cannot start: {e}"), true);
            return;
        }
    };
    event_loop.set_control_flow(ControlFlow::Poll);
    let app = App::new(None);
    page::listen(
        |paths| push(WebEvent::Dropped(paths)),
        |hash| push(WebEvent::Link(link::parse(&hash))),
    );
    push(WebEvent::Link(link::parse(&page::hash())));
    event_loop.spawn_app(app);
}

/// The window is a canvas appended to the page, sized by the page's style sheet, taking keys.
pub fn window_attributes(attrs: WindowAttributes) -> WindowAttributes {
    attrs
        .with_append(true)
        .with_focusable(true)
        .with_prevent_default(true)
}

/// Opens the GPU for `window`; the result arrives as [`WebEvent::Gfx`].
pub fn open_gfx(window: Arc<Window>) {
    wasm_bindgen_futures::spawn_local(async move {
        let gfx = Gfx::open(window.clone()).await;
        push(WebEvent::Gfx(window, Box::new(gfx)));
    });
}

impl App {
    /// Takes what the page handed over since the last loop turn.
    pub(super) fn web_events(&mut self, event_loop: &ActiveEventLoop) {
        if self.probe.follows_tab() {
            tab::drain(|part| self.probe.tab_stream(part));
        } else {
            tab::stop();
        }
        for (purpose, path) in super::dialog::take_picked() {
            self.open_picked(purpose, &path);
        }
        let events = EVENTS.with_borrow_mut(std::mem::take);
        for e in events {
            match e {
                WebEvent::Gfx(window, gfx) => {
                    let ok = gfx.is_ok();
                    self.gfx_ready(window.clone(), *gfx, event_loop);
                    if ok {
                        show_status("", false);
                        if let Some(c) = window.canvas() {
                            let _ = c.focus();
                        }
                    }
                }
                WebEvent::Dropped(paths) => {
                    for p in paths {
                        self.open_any(&p);
                    }
                }
                WebEvent::Link(Ok(None)) => {}
                WebEvent::Link(Ok(Some(l))) => self.follow_link(l),
                WebEvent::Link(Err(e))
                | WebEvent::Fetched(Err(e))
                | WebEvent::FetchedProbe(Err(e)) => self.say(e, true),
                WebEvent::FetchedProbe(Ok(path)) => self.open_any(&path),
                WebEvent::Fetched(Ok(path)) => {
                    self.open_scenario(&path);
                }
            }
        }
        let state = self.state_text();
        if LAST_STATE.with_borrow(|s| *s != state) {
            page::show_state(&state);
            LAST_STATE.with_borrow_mut(|s| *s = state);
        }
        let due = LAST_SAVE
            .with_borrow(|t| t.is_none_or(|t| t.elapsed().as_secs_f32() > SAVE_EVERY_SECS));
        if due && self.shell.gfx.is_some() {
            self.save_settings();
            LAST_SAVE.with_borrow_mut(|t| *t = Some(web_time::Instant::now()));
        }
    }

    /// What the canvas shows, as text for the page (`#state`: screen readers cannot read a
    /// canvas; the browser test reads it too): the lesson, the cursor, its first contact.
    fn state_text(&self) -> String {
        let lesson = self
            .teach
            .lesson
            .as_ref()
            .map_or("none", |(_, s)| s.lesson.title.as_str());
        let mut text = format!("level: {}\nlesson: {lesson}\n", self.world.name);
        let probe = self.probe.view();
        if probe.active {
            text += &format!(
                "probe: {} moves, {} diverge\n",
                probe.moves, probe.diverging
            );
            if let Some(crate::ui::game::ProbeSource::Tab { streaming, .. }) = probe.source {
                let how = if streaming { "streaming" } else { "waiting" };
                text += &format!("game tab: {how}\n");
            }
            if let Some(n) = probe.in_worker {
                text += &format!("worker: re-solves the moves, {n} waiting\n");
            }
            for line in &probe.why {
                let line = line.strip_prefix("why: ").unwrap_or(line);
                text += &format!("why: {line}\n");
            }
        }
        if let Some((rec, it)) = self.sim.cursor_frame() {
            let its = &rec.trace.iterations;
            text += &format!(
                "frame {} iteration {} of {}{}\n",
                rec.frame,
                it + 1,
                its.len(),
                if self.sim.is_paused() {
                    " (paused)"
                } else {
                    ""
                }
            );
            if let Some(g) = &rec.game {
                text += &format!("game move {}\n", g.index);
            }
            if let Some(c) = its.get(it as usize).and_then(|i| i.contacts.first()) {
                let n = c.normal;
                text += &format!(
                    "contact: {:?} of triangle {}, normal ({:.3}, {:.3}, {:.3})\n",
                    c.feature.kind(),
                    c.triangle,
                    n.x,
                    n.y,
                    n.z
                );
            }
        }
        text
    }

    fn follow_link(&mut self, l: Link) {
        match l {
            Link::Lesson(i) => {
                let count = self.teach.catalog.entries.len();
                if i < count {
                    self.apply_teach(TeachCommand::Open(i));
                } else {
                    self.say(
                        format!("link: there are {count} lessons, not {}", i + 1),
                        true,
                    );
                }
            }
            // A scenario inside the page opens at once; any other address is fetched first.
            Link::Scenario(url) if crate::vfs::file_len(Path::new(&url)).is_ok() => {
                self.open_scenario(Path::new(&url));
            }
            Link::Scenario(url) => {
                self.say(format!("fetching {url}…"), false);
                wasm_bindgen_futures::spawn_local(async move {
                    push(WebEvent::Fetched(fetch_scenario(&url).await));
                });
            }
            Link::Probe(url) if crate::vfs::file_len(Path::new(&url)).is_ok() => {
                self.open_any(Path::new(&url));
            }
            Link::Live(channel) => match tab::follow(&channel) {
                Ok(()) => self.follow_game_tab(&channel),
                Err(e) => self.say(e, true),
            },
            Link::Probe(url) => {
                self.say(format!("fetching {url}…"), false);
                wasm_bindgen_futures::spawn_local(async move {
                    push(WebEvent::FetchedProbe(fetch_probe(&url).await));
                });
            }
        }
    }
}

/// Fetches a linked probe recording into the page's files; returns its path there (a level
/// it names by file is not fetched: recordings for links carry their mesh).
async fn fetch_probe(url: &str) -> Result<PathBuf, String> {
    let bytes = page::fetch(url).await?;
    let name = url
        .rsplit('/')
        .next()
        .filter(|n| !n.is_empty())
        .unwrap_or("run.slidelog");
    Ok(crate::vfs::add_user_file(
        &Path::new(LINK_DIR).join(name),
        bytes,
    ))
}

/// Fetches a linked scenario and the level it names (relative to the scenario's address) into
/// the page's files; returns the scenario's path there.
async fn fetch_scenario(url: &str) -> Result<PathBuf, String> {
    let bytes = page::fetch(url).await?;
    let level: String = serde_json::from_slice::<serde_json::Value>(&bytes)
        .ok()
        .and_then(|v| v.get("level")?.as_str().map(str::to_owned))
        .ok_or_else(|| format!("{url}: not a slidescope scenario (no \"level\")"))?;
    let name = url
        .rsplit('/')
        .next()
        .filter(|n| !n.is_empty())
        .unwrap_or("scenario.json");
    let dir = Path::new(LINK_DIR);
    let scenario = crate::vfs::add_user_file(&dir.join(name), bytes);
    let level_path = Path::new(crate::vfs::USER_DIR).join(dir).join(&level);
    if crate::vfs::file_len(&level_path).is_err() {
        let level_url = page::resolve(&level, url)?;
        let level_bytes = page::fetch(&level_url).await?;
        crate::vfs::add_user_file(&dir.join(&level), level_bytes);
    }
    Ok(scenario)
}

impl App {
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
