//! What the panels need to know of the platform they run on.

/// The browser build: no Quit, no probe listener (see `app::web`).
pub const IN_BROWSER: bool = cfg!(target_arch = "wasm32");
