// Frame rates of the live tab (docs/measurements.md): the Babylon.js project of the browser
// test (tests/web/babylon-project, installed and built by .ci/web-test into
// target/babylon-project) with W walkers, each making one move a frame:
//   gameWithout      the game without the probe (?probe=0);
//   gameWith         the game streaming to a page that follows the channel and draws nothing;
//   viewerIdle       the debugger page open, no game;
//   viewerBesideGame the debugger beside the game drawing without the probe (no moves), the
//                    game in a window of its own; gameBesideViewer the game meanwhile;
//   viewerStreaming  the debugger while the game streams W moves a frame (re-solved in the
//                    page's worker, the move at the cursor on the page's thread; with
//                    TAB_FPS_SEARCH=page every move on the page's thread); movesPerSec and
//                    movesPerViewerFrame the moves it received meanwhile, a second and a frame
//                    of its own;
//   gameWithViewer   the game meanwhile (two windows sharing the machine's cores);
//   viewerSearching  the debugger while the game streams and its moves diverge: a switch the
//                    adapter does not declare ("padding in metres", where Babylon pads 0.01
//                    eSpace) clicked on over the declared conventions, so the move at the
//                    cursor, which follows the newest, is searched for what reconciles it each
//                    time it changes: in the page's worker (src/probe/live_worker.rs), or with
//                    TAB_FPS_SEARCH=page on the page's thread (the worker's script refused:
//                    the page then re-solves every move too); searchingDiverge the share of moves diverging
//                    meanwhile, searchingLongestGapMs the longest wait between two of its
//                    frames, searchingFrames how many of them showed a why, "searching", or
//                    the line saying the search ran on the page's thread, searchingWhy the why
//                    it showed last.
//   mainThread       for each of the debugger's figures, the time its page's own thread was
//                    busy per frame of its own (all tasks / script and wasm), what a real GPU's
//                    frame (16.7 ms at 60 Hz) must hold, SwiftShader's drawing being elsewhere.
// Each is animation frames over 8 s (the game's beside the debugger over 4 s) at 1280 x 720 in
// headless Chromium (SwiftShader), of a page that is in front in its window (as a user looks at
// it): a page behind another gets about one frame a second from the compositor, whatever it
// does (8.3 fps alone, 1.6 fps behind an empty page).
//
//   GAME_ORIGIN=http://127.0.0.1:PORT [TAB_FPS_SEARCH=page] node tab_fps.mjs [W=60]
// (from target/web-test-node, beside playwright-core and launch.mjs, which .ci/web-test copies)
import { launch } from "./launch.mjs";
import { press } from "./widgets.mjs";
const base = process.env.GAME_ORIGIN;
if (!base) throw new Error("GAME_ORIGIN is not set");
const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
if (process.env.TAB_FPS_SEARCH === "page") await context.route(/why-worker\.js/, (r) => r.abort());
// Frames over `ms`: [frames a second, frames counted].
const frames = (p, ms) => p.evaluate((ms) => new Promise((done) => { let n = 0; const t = performance.now(); const tick = () => (performance.now() - t < ms ? (n++, requestAnimationFrame(tick)) : done([n * 1000 / (performance.now() - t), n])); requestAnimationFrame(tick); }), ms);
// The page's own thread, which no GPU speeds up: Chromium's TaskDuration (every task the
// renderer's main thread ran) and ScriptDuration (JavaScript and wasm) over the same frames.
// One session a page, enabled once (enabling again starts the counts again).
const busy = {};
const sessions = new Map();
const mainThread = async (p) => {
  if (!sessions.has(p)) {
    const cdp = await p.context().newCDPSession(p);
    await cdp.send("Performance.enable");
    sessions.set(p, cdp);
  }
  const { metrics } = await sessions.get(p).send("Performance.getMetrics");
  return Object.fromEntries(metrics.map((x) => [x.name, x.value]));
};
const rate = async (p, ms, name) => {
  const before = name ? await mainThread(p) : null;
  const [fps, n] = await frames(p, ms);
  if (name) {
    const after = await mainThread(p);
    busy[name] = { taskMsPerFrame: (after.TaskDuration - before.TaskDuration) * 1000 / n, scriptMsPerFrame: (after.ScriptDuration - before.ScriptDuration) * 1000 / n };
  }
  return fps;
};
const W = process.argv[2] || 60;
const out = {};
// A: the game without the probe, alone.
let g = await context.newPage();
await g.goto(`${base}/index.html?walkers=${W}&frames=100000&probe=0`);
await new Promise((r) => setTimeout(r, 3000));
out.gameWithout = await rate(g, 8000);
await g.close();
// B: the game with the probe, a follower stub instead of the debugger (no second renderer).
const stub = await context.newPage();
await stub.goto(`${base}/package.json`);
await stub.evaluate(() => { const bc = new BroadcastChannel("slidescope:a-babylon-game"); bc.onmessage = (e) => { if (e.data.kind === "begin") bc.postMessage({ protocol: "slidescope-tab/1", kind: "following", stream: e.data.stream }); }; window.bc = bc; });
g = await context.newPage();
await g.goto(`${base}/index.html?walkers=${W}&frames=100000`);
await new Promise((r) => setTimeout(r, 3000));
out.gameWith = await rate(g, 8000);
await g.close();
await stub.close();
// C: the debugger idle, then beside the game in a window of its own (a popup, as a user puts
// the two side by side: a page behind another in one window gets about one frame a second
// from the compositor, whatever it does: 8.3 fps alone, 1.6 fps behind an empty page).
const v = await context.newPage();
await v.goto(`${base}/node_modules/slidescope-probe/viewer/index.html#live=a-babylon-game`);
await v.waitForFunction(() => /level: /.test(document.getElementById("state")?.textContent ?? ""), null, { timeout: 120000, polling: 200 });
await new Promise((r) => setTimeout(r, 2000));
out.viewerIdle = await rate(v, 8000, "viewerIdle");
const beside = async (query) => {
  const [page] = await Promise.all([
    context.waitForEvent("page"),
    v.evaluate((u) => { window.open(u, "_blank", "popup,width=1280,height=720"); }, `${base}/index.html?walkers=${W}&frames=100000${query}`),
  ]);
  await page.waitForLoadState();
  return page;
};
const moves = async () => Number(((await v.locator("#state").textContent()).match(/probe: (\d+) moves/) ?? [0, 0])[1]);
// The same game drawing beside it without the probe: what sharing the machine costs.
g = await beside("&probe=0");
await new Promise((r) => setTimeout(r, 3000));
out.viewerBesideGame = await rate(v, 8000, "viewerBesideGame");
out.gameBesideViewer = await rate(g, 4000);
await g.close();
// The game streaming: the moves the debugger received per frame of its own while measured.
g = await beside("");
await v.waitForFunction(() => /probe: [1-9]\d* moves/.test(document.getElementById("state")?.textContent ?? ""), null, { timeout: 120000, polling: 200 });
await new Promise((r) => setTimeout(r, 2000));
const [m0, t0] = [await moves(), performance.now()];
out.viewerStreaming = await rate(v, 8000, "viewerStreaming");
out.movesPerSec = ((await moves()) - m0) * 1000 / (performance.now() - t0);
out.movesPerViewerFrame = out.movesPerSec / out.viewerStreaming;
out.gameWithViewer = await rate(g, 4000);
// D: the game's moves diverging: the game closed, the switch clicked while the debugger is
// still (its inspector does not move under the pointer), then the game streaming again.
await g.close();
const counts = async () => (await v.locator("#state").textContent()).match(/probe: (\d+) moves, (\d+) diverge/).slice(1).map(Number);
await press(v, /"conventions \(the defaults\)"/, "conventions block");
await press(v, /CheckBox "padding in metres"/, "switch for the padding in metres");
await v.waitForFunction(() => /CheckBox "padding in metres" on/.test(document.getElementById("widgets")?.textContent ?? ""), null, { timeout: 120000, polling: 100 });
g = await beside("");
await v.waitForFunction(() => Number((document.getElementById("state")?.textContent ?? "").match(/(\d+) diverge/)?.[1]) > 0, null, { timeout: 300000, polling: 200 });
await new Promise((r) => setTimeout(r, 3000));
const [n0, d0] = await counts();
await v.evaluate(() => {
  // Each frame: the longest wait since the last, and what the inspector's why was.
  const gaps = { last: performance.now(), max: 0, run: true, why: 0, searching: 0, here: 0 };
  const tick = (t) => {
    gaps.max = Math.max(gaps.max, t - gaps.last);
    gaps.last = t;
    const s = document.getElementById("state")?.textContent ?? "";
    if (/searching in the page's worker/.test(s)) gaps.searching++;
    else if (/^why: /m.test(s)) gaps.why++;
    if (/note: searched on the page's thread/.test(s)) gaps.here++;
    if (gaps.run) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  window.fpsGaps = gaps;
});
out.viewerSearching = await rate(v, 8000, "viewerSearching");
const gaps = await v.evaluate(() => { window.fpsGaps.run = false; return window.fpsGaps; });
out.searchingLongestGapMs = gaps.max;
// Frames whose why was the search's answer / "searching in the page's worker" / searched on
// the page's thread (the worker refused).
out.searchingFrames = { why: gaps.why, searching: gaps.searching, onPageThread: gaps.here };
const [n1, d1] = await counts();
await g.close();
out.searchingDiverge = (d1 - d0) / Math.max(1, n1 - n0);
out.searchingWhy = (await v.locator("#state").textContent()).split("\n").filter((l) => l.startsWith("why:")).join(" | ");
out.state = (await v.locator("#state").textContent()).split("\n").find((l) => l.startsWith("probe:"));
// Whether the worker re-solved the moves, and how many still waited for it at the end.
out.worker = (await v.locator("#state").textContent()).split("\n").find((l) => l.startsWith("worker:")) ?? "none: re-solved on the page's thread";
out.mainThread = busy;
console.log(JSON.stringify(out));
await browser.close();
