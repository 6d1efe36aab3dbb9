// A headless Babylon.js "game" recorded through slidescope-probe/babylon's attachSlidescope:
//
//   node probe-js/test/babylon_walk.mjs LEVEL.glb OUT.slidelog [--movers N] [--seconds S] [--seed K]
//                                       [--render] [--one-sided] [--left-handed | --left-handed-raw]
//
// The walk (walk.mjs, shared with the browser page tests/web/babylon_stream.html) is
// tests/ports/babylon/record.mjs's (same level loading, spawn points, walkers and RNG, so the
// moves are the same), but nothing here writes a record: the adapter records every
// moveWithCollisions call, its contacts, the level (every checkCollisions mesh) and Babylon's
// conventions. Uses @babylonjs/core and @gltf-transform/core from tests/ports/node_modules
// (install with `cd tests/ports && npm ci`): the adapter itself imports neither.
//
//   --render        frames from scene.render() (the adapter's default "render" mode, with
//                   scene.useConstantAnimationDeltaTime: 16 ms a frame) instead of
//                   handle.frame(1/60, frame/60) ("manual" mode)
//   --one-sided     no default material (Scene.DefaultMaterialFactory restored, as in a
//                   tree-shaken app): the only set-up in which Babylon culls (a triangle the motion
//                   leaves is skipped); the adapter declares leaving_ignored, and the winding
//                   it declares decides which triangles the re-solve culls
//   --left-handed   Babylon's default left-handed scene set up as its glTF loader does it: the
//                   level mesh mirrored by its node (scaling.z = -1, so the adapter's world
//                   transform is exercised) and the spawn points mirrored too; the adapter
//                   declares leftHanded with counter-clockwise fronts
//   --left-handed-raw  the left-handed scene with the glTF numbers put in unchanged (record.mjs
//                   --left-handed): every Babylon collision plane faces out of the file's back
//                   side and walkers are pushed into floors (Babylon's bug, CONVENTIONS.md (f))

import path from "node:path";
import * as BABYLON from "../../tests/ports/node_modules/@babylonjs/core/index.js";
import { readLevel } from "../../tests/ports/common/level_mesh.mjs";
import { babylonWalk } from "./walk.mjs";

// ---------------------------------------------------------------- arguments

function usage(msg) {
    if (msg) console.error(`babylon_walk.mjs: ${msg}`);
    console.error("usage: node babylon_walk.mjs LEVEL.glb OUT.slidelog [--movers N] [--seconds S] [--seed K] [--render] [--one-sided] [--left-handed | --left-handed-raw]");
    process.exit(2);
}
const args = process.argv.slice(2);
const opts = { movers: 8, seconds: 10, seed: 1, render: false, oneSided: false, leftHanded: false, mirror: false };
const positional = [];
for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const num = () => {
        const v = Number(args[++i]);
        if (!Number.isFinite(v)) usage(`${a} needs a number`);
        return v;
    };
    if (a === "--movers") opts.movers = num();
    else if (a === "--seconds") opts.seconds = num();
    else if (a === "--seed") opts.seed = num();
    else if (a === "--render") opts.render = true;
    else if (a === "--one-sided") opts.oneSided = true;
    else if (a === "--left-handed") opts.leftHanded = opts.mirror = true;
    else if (a === "--left-handed-raw") opts.leftHanded = true;
    else if (a.startsWith("--")) usage(`unknown option ${a}`);
    else positional.push(a);
}
if (positional.length !== 2) usage();
const [levelPath, outPath] = positional;

const f = Math.fround;
const level = await readLevel(levelPath);
const { rec, respawns } = await babylonWalk(BABYLON, level, opts, { file: outPath });
if (rec.probe.errors.length) {
    console.error(`babylon_walk.mjs: ${rec.probe.errors.join("; ")}`);
    process.exit(1);
}

const rel = (p) => path.relative(process.cwd(), p) || p;
const c = rec.conventions;
console.log(`${rel(path.resolve(outPath))}: Babylon.js ${rec.version} (AbstractEngine ${BABYLON.AbstractEngine.Version}), level ${path.basename(levelPath)}: ${rec.level.meshes} mesh(es), ${rec.level.triangles} triangles`);
console.log(`declared: sidedness ${c.sidedness}, leftHanded ${c.leftHanded}, clockwiseFront ${c.clockwiseFront}, skin/min motion ${f(c.minMotionEs)} eSpace, dead zone ${c.deadZoneM} m`);
console.log(`moves ${rec.stats.moves}, iterations ${rec.stats.iterations}, contacts ${rec.stats.contacts}, respawns ${respawns}, frames ${opts.render ? "scene.render()" : "handle.frame()"}`);
for (const w of rec.warnings) console.log(`warning: ${w}`);
