// The debugger in a Babylon.js developer's tab (.ci/web-test, after browser.mjs): a fresh
// Babylon.js project (tests/web/babylon-project: @babylonjs/core from its lock file, the packed
// slidescope-probe tarball installed into it, the game's one line attachSlidescope(scene,
// { viewer: "tab" })) served by a static server, then by Vite's dev server. Headless Chromium
// opens the game; the game opens the debugger tab itself (or, where the browser blocks that,
// the test clicks the button the game shows, as a user would). The test reads the debugger's
// #state: moves received as the game makes them, every move once the game stops, a convention
// the adapter does not declare switched on and every move judged again, a diverging move's why
// after paging to it, its minimal scenario exported (a download), and a step; then reloads the
// debugger tab (the game replays its stream) and the game tab (a fresh stream). A screenshot
// of each tab goes to $SHOTS_DIR. With TAB_TEST_BRIEF set it skips the inspector's part (the
// switch, the why, the export and the step).
//
//   GAME_URL=http://127.0.0.1:PORT/index.html SHOTS_DIR=DIR [TAB_TEST_BRIEF=1] node tab.mjs
//
// Every wait is on the page's own change (#state, the game's title) with a limit that holds
// on a loaded machine. Exits 1 on a failure.

import { launch } from "./launch.mjs";
import { press as pressWidget } from "./widgets.mjs";

const gameUrl = process.env.GAME_URL;
if (!gameUrl) throw new Error("GAME_URL is not set");
const shots = process.env.SHOTS_DIR || ".";
const LIMIT = Number(process.env.WEB_TEST_STEP_LIMIT_MS || 300000);
const FRAMES = Number(process.env.GAME_FRAMES || 120);
const fail = (msg) => { console.error("FAIL: " + msg); process.exitCode = 1; };

const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
context.setDefaultTimeout(LIMIT);
const errors = [];
const real = (text) => !text.includes("Using exceptions for control flow");
context.on("page", (p) => {
  p.on("console", (m) => m.type() === "error" && real(m.text()) && errors.push(m.text()));
  p.on("pageerror", (e) => real(String(e)) && errors.push(String(e)));
});

/** The debugger's #state once `pred` holds for it (re-read at each change the app makes). */
const stateWhen = async (p, pred, what, ms = LIMIT) => {
  const handle = await p.waitForFunction((src) => {
    const s = document.getElementById("state")?.textContent ?? "";
    return new Function("s", `return (${src})(s)`)(s) ? s : false;
  }, pred.toString(), { timeout: ms, polling: 100 }).catch(async (e) => {
    const s = await p.locator("#state").textContent().catch(() => "");
    throw new Error(`waiting for ${what}: ${e.message.split("\n")[0]}; #state = ${JSON.stringify(s)}`);
  });
  return handle.jsonValue();
};
/** Animation frames per second of page `p` over `ms` (the app draws one in each). */
const frameRate = (p, ms) => p.evaluate((ms) => new Promise((done) => {
  let n = 0;
  const t = performance.now();
  const tick = () => (performance.now() - t < ms ? (n++, requestAnimationFrame(tick)) : done(n * 1000 / (performance.now() - t)));
  requestAnimationFrame(tick);
}), ms);

// 1. The game opens; it opens the debugger tab.
const t0 = Date.now();
const game = await context.newPage();
const popup = context.waitForEvent("page", { timeout: LIMIT });
await game.goto(`${gameUrl}?frames=${FRAMES}`);
const button = game.getByRole("button", { name: /Open slidescope/ });
const clicked = button.click({ timeout: LIMIT }).then(() => "clicked its button", () => null);
const viewer = await popup;
const how = (await Promise.race([clicked, new Promise((r) => setTimeout(() => r(null), 100))])) ?? "opened by the game";
console.log(`debugger tab ${how}: ${viewer.url()}`);
if (!/\/node_modules\/slidescope-probe\/viewer\/index\.html#live=a-babylon-game$/.test(viewer.url())) {
  fail(`the debugger tab is not the package's page: ${viewer.url()}`);
}

// 2. Moves arrive while the game walks; then every move the game made.
const live = await stateWhen(viewer, (s) => /game tab: streaming/.test(s) && /probe: [1-9]\d* moves/.test(s),
  "the first moves in the debugger tab");
console.log(`first moves in the debugger tab ${Date.now() - t0} ms after the game's page opened: ${JSON.stringify(live.split("\n").find((l) => l.startsWith("probe:")))}`);
const streamingFps = await frameRate(viewer, 3000);
const gameFps = await frameRate(game, 3000);
await game.waitForFunction(() => /^walked/.test(document.title), null, { timeout: LIMIT, polling: 250 });
const made = Number((await game.title()).match(/walked (\d+)/)[1]);
if (!(made >= FRAMES)) fail(`the game made ${made} moves in ${FRAMES} frames`);
await stateWhen(viewer, new Function("s", `return /probe: ${made} moves/.test(s)`), `all ${made} moves`);
// The moves are re-solved in the page's worker (src/app/tab_solve.rs): the verdicts are in
// once none waits for it.
const all = await stateWhen(viewer, (s) => /^worker: re-solves the moves, 0 waiting$/m.test(s),
  "the worker's re-solve of every move").catch((e) => (fail(`${e.message}: the page did not re-solve in its worker`), ""));
const diverging = Number((all.match(/(\d+) diverge/) || [])[1]);
console.log(`debugger tab: ${all.split("\n").find((l) => l.startsWith("probe:"))} (the game made ${made})`);
const idleFps = await frameRate(viewer, 3000);
console.log(`frame rates: debugger ${streamingFps.toFixed(1)} fps while the game streams, ${idleFps.toFixed(1)} idle; game ${gameFps.toFixed(1)} fps`);

// Under a second server (Vite's dev server) the test skips steps 3 and 4 (the inspector's
// work, the same whatever serves the page) and keeps the reloads, which load both pages again.
const brief = Boolean(process.env.TAB_TEST_BRIEF);
const divergeOf = (s) => Number((s.match(/(\d+) diverge/) || [])[1]);
let now = NaN;
if (!brief) {
// 3. A convention switched in the inspector, as a user does: each widget clicked where the
// page's list of the canvas's widgets (#widgets) says it is, scrolled to first (widgets.mjs);
// then "Re-solve all" judges every move again. The adapter declares Babylon's rules, so no move of its game
// should diverge as declared; one the game does not have (the padding in metres, where Babylon
// pads 0.01 eSpace), switched on, makes the reference part from it on the moves it pads.
const press = (re, what) => pressWidget(viewer, re, what).catch((e) => (fail(e.message), null));
if (await press(/"conventions \(the defaults\)"/, "conventions block")) {
  const boxLine = await press(/CheckBox "padding in metres"/, "switch for the padding in metres");
  if (boxLine && /" on/.test(boxLine)) fail(`the padding in metres, which the adapter does not declare, was on (now clicked off): ${boxLine}`);
  else if (boxLine) {
    const on = await viewer.waitForFunction(() => /CheckBox "padding in metres" on/.test(document.getElementById("widgets")?.textContent ?? ""), null, { timeout: LIMIT, polling: 100 }).then(() => true, () => false);
    if (!on) fail(`clicking ${boxLine} did not switch it on`);
    await press(/Button "Re-solve all"/, "Re-solve all button");
    const judged = await stateWhen(viewer, new Function("s", `return /probe: ${made} moves, \\d+ diverge/.test(s) && !/ ${diverging} diverge/.test(s)`),
      "the moves judged again with the switch on").catch((e) => (fail(e.message), ""));
    now = divergeOf(judged);
    if (!(now > diverging)) fail(`with the padding in metres, ${now} moves diverge (${diverging} as declared): the switch changed no verdict`);
    else console.log(`the switch "padding in metres" clicked on, then Re-solve all: ${diverging} -> ${now} moves diverge`);
  }
}

// 4. A diverging move, paged to, and its why; then a step.
await viewer.locator("canvas").focus();
await viewer.keyboard.press("Home");
let why = "";
for (let k = 0; k < 400 && now > 0 && !why; k++) {
  const before = await viewer.locator("#state").textContent();
  await viewer.keyboard.press("PageDown");
  const after = await stateWhen(viewer, new Function("s", `return s !== ${JSON.stringify(before)}`),
    "PageDown to move the cursor", 30000).catch(() => before);
  if (after === before) break;
  why = after.split("\n").filter((l) => l.startsWith("why:")).join("\n");
}
// The move's search runs in the page's worker (src/probe/live_worker.rs): the why waits for it.
const searching = (w) => w.includes("searching in the page's worker");
const waited = searching(why);
if (waited) {
  const answered = await stateWhen(viewer, (s) => /^why:/m.test(s) && !/searching in the page's worker/.test(s),
    "the worker's answer for the move at the cursor").catch((e) => (fail(e.message), ""));
  why = answered.split("\n").filter((l) => l.startsWith("why:")).join("\n");
}
if (Number.isNaN(now)) fail("no convention was switched, so no move was judged again to explain");
else if (!(now > 0)) fail("no move of the game diverges from the reference: nothing to explain");
else if (!why) fail("paging through the markers reached no move with a why");
else if (/note: searched on the page's thread/.test(why)) fail(`the worker did not answer:\n  ${why}`);
else console.log(`a diverging move's why${waited ? " (searched in the page's worker; 'searching' shown meanwhile)" : ""}:\n  ${why.split("\n").join("\n  ")}`);
// Ctrl+Shift+E on that move: its minimal scenario (the level cropped to the triangles of both
// solves) becomes a download.
const [minimal] = await Promise.all([
  viewer.waitForEvent("download", { timeout: LIMIT }),
  viewer.keyboard.press("Control+Shift+KeyE"),
]);
const scenario = JSON.parse(await new Promise((done, bad) => {
  minimal.createReadStream().then((st) => {
    const parts = [];
    st.on("data", (c) => parts.push(c)).on("end", () => done(Buffer.concat(parts).toString())).on("error", bad);
  }, bad);
}));
// The game's level has 110 triangles (a Ctrl+E frame export would hold them all, as frame-N).
const kept = (scenario.triangles || []).length;
if (scenario.format !== "slidescope-scenario" || !(kept > 0 && kept < 110) || !/^game_frame_\d+_move_\d+\./.test(minimal.suggestedFilename())) {
  fail(`the minimal export is not a cropped scenario: ${minimal.suggestedFilename()}, format ${scenario.format}, ${kept} triangles`);
} else {
  console.log(`Ctrl+Shift+E downloaded ${minimal.suggestedFilename()}: ${kept} triangles, start ${JSON.stringify(scenario.start)}`);
}
const atWhy = await viewer.locator("#state").textContent();
await viewer.keyboard.press("Period");
const stepped = await stateWhen(viewer, new Function("s", `return s !== ${JSON.stringify(atWhy)}`), "'.' to step a frame");
const frameOf = (s) => Number((s.match(/frame (\d+) iteration/) || [])[1]);
if (!(frameOf(stepped) > frameOf(atWhy))) fail(`'.' did not step: ${frameOf(atWhy)} -> ${frameOf(stepped)}`);
else console.log(`'.' stepped frame ${frameOf(atWhy)} -> ${frameOf(stepped)}`);
} // the inspector's part, skipped when brief
await viewer.screenshot({ path: `${shots}/tab-debugger.png` });
await game.screenshot({ path: `${shots}/tab-game.png` });

// 5. The debugger tab reloads: the game replays its stream from the start.
await viewer.reload();
const judgedAll = (n) => new Function("s", `return /probe: ${n} moves/.test(s) && /^worker: re-solves the moves, 0 waiting$/m.test(s)`);
const replayed = await stateWhen(viewer, judgedAll(made), "the replay after the debugger's reload, re-solved in its worker");
console.log(`debugger reloaded: ${replayed.split("\n").find((l) => l.startsWith("probe:"))}`);
// The switch stays on (the page's settings): the worker judges the replay as "Re-solve all" did.
if (!brief && divergeOf(replayed) !== now) fail(`after the reload ${divergeOf(replayed)} moves diverge, ${now} before it`);

// 6. The game tab reloads: the debugger starts a fresh history from the new stream.
await game.goto(`${gameUrl}?frames=30`);
await game.waitForFunction(() => /^walked/.test(document.title), null, { timeout: LIMIT, polling: 250 });
const again = Number((await game.title()).match(/walked (\d+)/)[1]);
const fresh = await stateWhen(viewer, judgedAll(again), "the reloaded game's stream, re-solved in the worker");
console.log(`game reloaded: ${fresh.split("\n").find((l) => l.startsWith("probe:"))}`);
if (context.pages().length !== 2) fail(`the game's reload opened another debugger tab: ${context.pages().length} tabs`);
// The open page answered the reloaded game's stream (so the game opened no page of its own).
const answers = await game.evaluate(() => window.slidescope.probe.tab.answers);
if (!(answers >= 1)) fail(`the debugger did not answer the reloaded game's stream (${answers} answers)`);

if (errors.length) fail(`console errors:\n  ${errors.join("\n  ")}`);
await browser.close();
if (!process.exitCode) console.log(brief ? "tab test (without the inspector's part): ok" : "tab test: ok");
