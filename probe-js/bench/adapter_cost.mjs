// What the Babylon adapter adds to moveWithCollisions (issue 25), in Node:
//
//   node probe-js/bench/adapter_cost.mjs [LEVEL.glb] [--rounds N]
//
// The walk of probe-js/test/walk.mjs (8 walkers, 10 s at 60 Hz: 4,800 moves on the
// Quake-derived level by default) timed over its frames loop only, in interleaved rounds:
// without the adapter, with attachSlidescope(scene, { file }) and with the adapter writing to a
// sink that keeps nothing (the probe's encoding alone, as a page's Blob or WebSocket costs
// before the browser takes the bytes). Prints each variant's best and median ns per move and
// the cost added per move (best against best). Needs tests/ports/node_modules
// (.ci/ports-install).

import os from "node:os";
import path from "node:path";
import * as BABYLON from "../../tests/ports/node_modules/@babylonjs/core/index.js";
import { readLevel } from "../../tests/ports/common/level_mesh.mjs";
import { babylonWalk } from "../test/walk.mjs";
import { Probe } from "../index.js";

const args = process.argv.slice(2);
let rounds = 5;
let levelPath = "../shared/levels/librequake_lavaducts/lavaducts.glb";
for (let i = 0; i < args.length; i++) {
    if (args[i] === "--rounds") rounds = Number(args[++i]);
    else levelPath = args[i];
}
BABYLON.Logger.LogLevels = BABYLON.Logger.NoneLogLevel;
const level = await readLevel(levelPath);
const opts = { movers: 8, seconds: 10, seed: 1, render: false, oneSided: false, leftHanded: false, mirror: false };
const file = path.join(os.tmpdir(), "slidescope-adapter-cost.slidelog");

const variants = {
    "no adapter": () => null,
    "adapter, file": () => ({ file }),
    "adapter, bytes dropped": () => ({ probe: new Probe({ write() {}, close() {} }) }),
};
const samples = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
let moves = 0;
for (let r = 0; r < rounds + 1; r++) {
    for (const [name, sink] of Object.entries(variants)) {
        const s = sink();
        const run = await babylonWalk(BABYLON, level, opts, s);
        if (s?.probe) await s.probe.close();
        moves = run.moves;
        if (r > 0) samples[name].push((run.walkMs * 1e6) / run.moves); // round 0 warms the JIT
    }
}
const best = (v) => Math.min(...v);
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
console.log(`${path.basename(levelPath)}: ${moves} moves a walk, ${rounds} rounds (after one to warm up), Node ${process.version}, Babylon.js ${BABYLON.AbstractEngine.Version}`);
const base = best(samples["no adapter"]);
for (const [name, v] of Object.entries(samples)) {
    const added = name === "no adapter" ? "" : `, adds ${(best(v) - base).toFixed(0)} ns (${(((best(v) - base) / base) * 100).toFixed(1)} %)`;
    console.log(`${name.padEnd(24)} best ${best(v).toFixed(0)} ns/move, median ${median(v).toFixed(0)} ns/move${added}`);
}
