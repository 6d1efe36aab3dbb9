// Records a game tab's probe stream to a file, as the slidescope page would receive it: opens
// a page of the game's origin that follows the channel, opens the game, and once the game's
// title says "walked", asks for the stream (`hello`) and writes the replay's bytes.
//
//   GAME_URL=http://127.0.0.1:PORT/index.html node capture_tab.mjs FRAMES OUT.slidelog
//
// Made tests/data/ports/babylon_fresh_scene.slidelog from tests/web/babylon-project (see
// tests/ports/README.md). Run from beside playwright-core and launch.mjs (target/web-test-node).
import fs from "node:fs";
import { launch } from "./launch.mjs";

const [frames, out] = process.argv.slice(2);
const game = process.env.GAME_URL;
if (!game || !out) throw new Error("usage: GAME_URL=… node capture_tab.mjs FRAMES OUT.slidelog");
const origin = new URL(game).origin;
const browser = await launch();
const context = await browser.newContext({ viewport: { width: 640, height: 360 } });
// A page of the origin that answers the game's stream as the debugger does, so the game
// opens no debugger tab.
const follower = await context.newPage();
await follower.goto(`${origin}/package.json`);
await follower.evaluate(() => {
  window.bc = new BroadcastChannel("slidescope:a-babylon-game");
  window.got = [];
  window.bc.onmessage = (e) => {
    window.got.push(e.data);
    if (e.data.kind === "begin") window.bc.postMessage({ protocol: "slidescope-tab/1", kind: "following", stream: e.data.stream });
  };
});
const page = await context.newPage();
await page.goto(`${game}?frames=${frames}`);
await page.waitForFunction(() => /^walked/.test(document.title), null, { timeout: 900000, polling: 500 });
// The replay: everything after the last `begin`, once the game has answered (its replay is
// posted at once, in one task: 2 s is ample).
const b64 = await follower.evaluate(async () => {
  window.got = [];
  window.bc.postMessage({ protocol: "slidescope-tab/1", kind: "hello" });
  await new Promise((r) => setTimeout(r, 2000));
  const from = window.got.map((m) => m.kind).lastIndexOf("begin");
  const parts = window.got.slice(from).filter((m) => m.kind === "bytes").map((m) => m.bytes);
  let s = "";
  for (const p of parts) for (let i = 0; i < p.length; i++) s += String.fromCharCode(p[i]);
  return btoa(s);
});
fs.writeFileSync(out, Buffer.from(b64, "base64"));
console.log(`${out}: ${await page.title()}`);
await browser.close();
