//! The window's life: winit's events (`ApplicationHandler`), opening and re-opening the GPU, the
//! egui state, and ending the app on a fatal error.

use std::sync::Arc;
use web_time::Instant;

use winit::application::ApplicationHandler;
use winit::event::{DeviceEvent, DeviceId, ElementState, MouseButton, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow};
use winit::keyboard::PhysicalKey;
use winit::window::{Window, WindowId};

use gfx::Gfx;

#[cfg(target_arch = "wasm32")]
use super::web;
use super::{App, gfx};

impl App {
    pub(super) fn recreate_gfx(&mut self, event_loop: &ActiveEventLoop) {
        self.shell.gfx = None;
        // The page cannot block on a new device: it asks for a reload instead.
        #[cfg(target_arch = "wasm32")]
        {
            self.fail(
                "the GPU device was lost: reload the page".into(),
                event_loop,
            );
        }
        #[cfg(not(target_arch = "wasm32"))]
        self.recreate_gfx_blocking(event_loop);
    }

    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn recreate_gfx_blocking(&mut self, event_loop: &ActiveEventLoop) {
        let Some(window) = self.shell.window.clone() else {
            return;
        };
        match Gfx::new(window) {
            Ok(mut g) => {
                g.renderer.set_level(&g.gpu.device, &self.world.geometry);
                self.upload_dynamic(&mut g.renderer);
                self.shell.replace_gfx(g);
                self.say("GPU device was lost and has been recreated".into(), true);
            }
            Err(e) => {
                self.fatal = Some(e.to_string());
                event_loop.exit();
            }
        }
    }

    /// The window attributes: sized from the settings on the desktop; in the browser the page's
    /// canvas (appended to the page, sized by its style sheet).
    pub(super) fn window_attributes(&self) -> winit::window::WindowAttributes {
        let attrs =
            Window::default_attributes().with_title(format!("slidescope — {}", self.world.name));
        #[cfg(target_arch = "wasm32")]
        return web::window_attributes(attrs);
        #[cfg(not(target_arch = "wasm32"))]
        {
            let [w, h] = self.settings.window_size;
            attrs
                .with_inner_size(winit::dpi::LogicalSize::new(f64::from(w), f64::from(h)))
                .with_min_inner_size(winit::dpi::LogicalSize::new(640.0, 400.0))
        }
    }

    /// Ends the app with `error` (in the browser: shown on the page).
    pub(super) fn fail(&mut self, error: String, event_loop: &ActiveEventLoop) {
        #[cfg(target_arch = "wasm32")]
        web::show_status(&error, true);
        self.fatal = Some(error);
        event_loop.exit();
    }

    /// The window's GPU is open (or failed to open): set up drawing and egui.
    pub(super) fn gfx_ready(
        &mut self,
        window: Arc<Window>,
        gfx: Result<Gfx, crate::render::RenderError>,
        event_loop: &ActiveEventLoop,
    ) {
        let mut g = match gfx {
            Ok(g) => g,
            Err(e) => {
                self.fail(e.to_string(), event_loop);
                return;
            }
        };
        // The page's canvas may have been laid out (and resized) while the GPU opened.
        let size = window.inner_size();
        g.resize(size.width, size.height);
        g.renderer.set_level(&g.gpu.device, &self.world.geometry);
        self.upload_dynamic(&mut g.renderer);
        self.shell.open(window, g);
        self.timing.last_frame = Instant::now();
    }
}

/// egui's input state for `window`, textures limited to what `gfx`'s device takes.
pub(super) fn egui_state(ctx: &egui::Context, window: &Window, gfx: &Gfx) -> egui_winit::State {
    egui_winit::State::new(
        ctx.clone(),
        egui::ViewportId::ROOT,
        window,
        Some(window.scale_factor() as f32),
        window.theme(),
        Some(gfx.gpu.device.limits().max_texture_dimension_2d as usize),
    )
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.shell.window.is_some() {
            return;
        }
        let window = match event_loop.create_window(self.window_attributes()) {
            Ok(w) => Arc::new(w),
            Err(e) => {
                self.fail(format!("cannot create a window: {e}"), event_loop);
                return;
            }
        };
        #[cfg(not(target_arch = "wasm32"))]
        {
            let gfx = Gfx::new(window.clone());
            self.gfx_ready(window, gfx, event_loop);
        }
        // The page's GPU comes later (`web::take_gfx` hands it over in `about_to_wait`).
        #[cfg(target_arch = "wasm32")]
        web::open_gfx(window);
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        let consumed = match (&self.shell.window, self.shell.egui_state.as_mut()) {
            (Some(w), Some(state)) if !self.input.captured => {
                state.on_window_event(w, &event).consumed
            }
            _ => false,
        };
        match event {
            WindowEvent::CloseRequested => {
                self.save_settings();
                event_loop.exit();
            }
            WindowEvent::Resized(size) => {
                if let Some(g) = &mut self.shell.gfx {
                    g.resize(size.width, size.height);
                }
            }
            WindowEvent::DroppedFile(path) => self.open_any(&path),
            WindowEvent::Focused(false) => {
                self.input.keys.clear();
                self.set_capture(false);
            }
            WindowEvent::KeyboardInput { event, .. } => {
                let PhysicalKey::Code(code) = event.physical_key else {
                    return;
                };
                let pressed = event.state == ElementState::Pressed;
                // Releases always reach us so no key stays stuck.
                if !pressed || !consumed || self.input.captured {
                    if pressed && event.repeat {
                        return;
                    }
                    let typing = self.shell.egui_ctx.egui_wants_keyboard_input();
                    if !pressed || !typing || self.input.captured {
                        self.on_key(code, pressed, event_loop);
                    }
                }
            }
            WindowEvent::MouseInput {
                state: ElementState::Pressed,
                button: MouseButton::Left,
                ..
            } if self.input.captured => {}
            WindowEvent::RedrawRequested => self.redraw(event_loop),
            _ => {}
        }
    }

    fn device_event(&mut self, _event_loop: &ActiveEventLoop, _id: DeviceId, event: DeviceEvent) {
        if let DeviceEvent::MouseMotion { delta } = event
            && self.input.captured
        {
            self.rig.rotate(
                delta.0 as f32,
                delta.1 as f32,
                self.settings.mouse_sensitivity,
            );
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        #[cfg(target_arch = "wasm32")]
        self.web_events(event_loop);
        let Some(w) = &self.shell.window else {
            return;
        };
        if w.is_minimized() == Some(true) {
            event_loop.set_control_flow(ControlFlow::Wait);
        } else {
            event_loop.set_control_flow(RUNNING);
            w.request_redraw();
        }
    }

    fn exiting(&mut self, _event_loop: &ActiveEventLoop) {
        self.save_settings();
        self.write_frame_stats();
    }
}

/// The loop while the window shows: the desktop polls; a page waits, and the redraw it asks
/// for each turn wakes it once an animation frame (polling, winit schedules and aborts a
/// browser task every turn: the page's thread never idles, and a game in the next tab loses
/// frames to it).
// perf: a 60-walker game beside: 30.6 fps polling, 51.0 waiting; docs/measurements.md, live tab
#[cfg(not(target_arch = "wasm32"))]
const RUNNING: ControlFlow = ControlFlow::Poll;
#[cfg(target_arch = "wasm32")]
const RUNNING: ControlFlow = ControlFlow::Wait;

impl super::Shell {
    /// The window opened with its GPU surface: egui starts on it.
    fn open(&mut self, window: Arc<Window>, g: Gfx) {
        self.egui_state = Some(egui_state(&self.egui_ctx, &window, &g));
        self.gfx = Some(g);
        self.window = Some(window);
    }

    /// A GPU device recreated after the last was lost: egui starts afresh on it (its font
    /// texture lived on the old device).
    #[cfg(not(target_arch = "wasm32"))]
    fn replace_gfx(&mut self, g: Gfx) {
        if let Some(state) = self.egui_state.as_mut() {
            state.set_max_texture_side(g.gpu.device.limits().max_texture_dimension_2d as usize);
        }
        self.egui_ctx = super::dark_context();
        if let Some(w) = &self.window {
            self.egui_state = Some(egui_state(&self.egui_ctx, w, &g));
        }
        self.gfx = Some(g);
    }
}
