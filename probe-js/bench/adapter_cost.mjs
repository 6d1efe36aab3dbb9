// What the Babylon adapter adds to moveWithCollisions (issue 25), in Node:
//
//   node probe-js/bench/adapter_cost.mjs [LEVEL.glb] [--rounds N]
//
// The walk of probe-js/test/walk.mjs (8 walkers, 10 s at 60 Hz: 4,800 moves; the Quake-derived
// level by default) timed over its frames loop only: without the adapter, with
// attachSlidescope(scene, { file }), and with the adapter writing to a sink that keeps nothing
// (the probe's encoding alone, what a page's Blob or WebSocket costs before the browser takes
// the bytes). Each variant runs in a Node process of its own (a game attaches once: V8's view
// of Babylon's code then is the game's), one walk to warm up and one timed, the variants
// interleaved over N rounds (5). Prints each variant's best and median ns per move and the cost
// the adapter adds per move (best against best). Needs tests/ports/node_modules
// (.ci/ports-install).

import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
let rounds = 5;
let variant = null;
let levelPath = "assets/levels/librequake_lavaducts/lavaducts.glb";
for (let i = 0; i < args.length; i++) {
    if (args[i] === "--rounds") rounds = Number(args[++i]);
    else if (args[i] === "--variant") variant = args[++i];
    else levelPath = args[i];
}
const VARIANTS = ["no adapter", "adapter, file", "adapter, bytes dropped"];

if (variant !== null) {
    // One variant in this process: a walk to warm up, then the timed one; prints ns per move.
    const BABYLON = await import("../../tests/ports/node_modules/@babylonjs/core/index.js");
    const { readLevel } = await import("../../tests/ports/common/level_mesh.mjs");
    const { babylonWalk } = await import("../test/walk.mjs");
    const { Probe } = await import("../index.js");
    BABYLON.Logger.LogLevels = BABYLON.Logger.NoneLogLevel;
    const level = await readLevel(levelPath);
    const opts = { movers: 8, seconds: 10, seed: 1, render: false, oneSided: false, leftHanded: false, mirror: false };
    const file = path.join(os.tmpdir(), `slidescope-adapter-cost-${process.pid}.slidelog`);
    const sink = () =>
        variant === "no adapter" ? null
        : variant === "adapter, file" ? { file }
        : { probe: new Probe({ write() {}, close() {} }) };
    let run;
    for (let k = 0; k < 2; k++) {
        const s = sink();
        run = await babylonWalk(BABYLON, level, opts, s);
        if (s?.probe) await s.probe.close();
    }
    console.log(JSON.stringify({ nsPerMove: (run.walkMs * 1e6) / run.moves, moves: run.moves, babylon: BABYLON.AbstractEngine.Version }));
    process.exit(0);
}

const self = fileURLToPath(import.meta.url);
const samples = Object.fromEntries(VARIANTS.map((k) => [k, []]));
let info = null;
for (let r = 0; r < rounds; r++) {
    for (const v of VARIANTS) {
        const out = execFileSync(process.execPath, [self, levelPath, "--variant", v], { encoding: "utf8" });
        info = JSON.parse(out.trim().split("\n").pop());
        samples[v].push(info.nsPerMove);
    }
}
const best = (v) => Math.min(...v);
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
console.log(`${path.basename(levelPath)}: ${info.moves} moves a walk, ${rounds} rounds, a process per variant and round, Node ${process.version}, Babylon.js ${info.babylon}`);
const base = best(samples["no adapter"]);
for (const [name, v] of Object.entries(samples)) {
    const added = name === "no adapter" ? "" : `, adds ${(best(v) - base).toFixed(0)} ns (${(((best(v) - base) / base) * 100).toFixed(1)} %)`;
    console.log(`${name.padEnd(24)} best ${best(v).toFixed(0)} ns/move, median ${median(v).toFixed(0)} ns/move${added}`);
}
