//! The browser build's entry: `web/build` compiles this for wasm32 and wasm-bindgen calls
//! `main` when the page loads (see `slidescope::app::web`). On the desktop it only says so.

#[cfg(target_arch = "wasm32")]
fn main() {
    slidescope::app::web::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    eprintln!("slidescope-web is the browser build: run `web/build` (see the README)");
    std::process::ExitCode::from(2)
}
