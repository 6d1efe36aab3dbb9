// The page's explainer thread (src/probe/why_worker.rs): the page's own wasm, instantiated in a
// Web Worker from the compiled module the page hands over with its first request. Its entry sees
// no window and checks the probe file the page sends, as `probe-check` does, posting back each
// flagged move's reason. Requests that arrive while the wasm starts wait in `slidescopeQueued`,
// which the wasm answers first.
import init from "./slidescope-web.js";

self.slidescopeQueued = [];
self.onmessage = (e) => {
  self.slidescopeQueued.push(e.data);
  if (self.slidescopeQueued.length > 1) return;
  init({ module_or_path: e.data.module }).catch((err) =>
    self.postMessage(JSON.stringify({ Err: `the explainer's worker stopped: ${err}` })));
};
