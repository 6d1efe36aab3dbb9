// A Babylon.js "game" in a page (the browser test, tests/web/browser.mjs, part 11): the walk of
// probe-js/test/walk.mjs, the same as babylon_walk.mjs runs in Node, recorded by the adapter's
// one line with { url } and streamed over a WebSocket to `slidescope listen`. .ci/web-test
// bundles this module with @babylonjs/core and gltf-transform (tests/ports/node_modules) into
// one file with esbuild, so the page loads one script rather than Babylon's modules file by file.
// ?ws=URL (slidescope's address with its token) &level=URL &seconds=S &movers=N &seed=K.
// When the walk ends the page's title becomes "sent N" (moves) or "failed: why": the test
// waits for that.
import * as BABYLON from "@babylonjs/core";
import { WebIO } from "@gltf-transform/core";
import { readLevel } from "../ports/common/level_mesh.mjs";
import { babylonWalk } from "../../probe-js/test/walk.mjs";

const q = new URLSearchParams(location.search);
const num = (k, d) => (q.has(k) ? Number(q.get(k)) : d);
const opts = {
  movers: num("movers", 8), seconds: num("seconds", 10), seed: num("seed", 1),
  render: false, oneSided: false, leftHanded: false, mirror: false,
};
const finish = (title) => { document.title = title; };
try {
  const level = await readLevel(q.get("level"), new WebIO());
  const { rec } = await babylonWalk(BABYLON, level, opts, { url: q.get("ws") });
  finish(rec.probe.errors.length ? `failed: ${rec.probe.errors.join("; ")}` : `sent ${rec.stats.moves}`);
} catch (e) {
  finish(`failed: ${e && e.message ? e.message : e}`);
}
