// The page's explainer thread (src/probe/why_worker.rs): the page's own wasm started in a Web
// Worker, whose entry sees no window and checks the probe file the page hands it, as
// `probe-check` does, posting back each flagged move's reason. A request that arrives while the
// wasm loads waits in `slidescopeQueued`, which the wasm answers first.
import init from "./slidescope-web.js";

self.slidescopeQueued = [];
self.onmessage = (e) => self.slidescopeQueued.push(e.data);
init().catch((e) => self.postMessage(JSON.stringify({ Err: `the explainer's worker could not start: ${e}` })));
