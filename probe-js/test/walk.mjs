// The headless Babylon.js "game" of babylon_walk.mjs, for Node and for a browser page alike
// (tests/web/babylon_stream.html): the walk of tests/ports/babylon/record.mjs (same spawn points,
// walkers and RNG, so the moves are the same), recorded by nothing but the adapter's one line,
// attachSlidescope(scene, sink). The caller brings Babylon (the @babylonjs/core namespace: Node
// imports it from tests/ports/node_modules, the page bundles it with esbuild), the level's triangles
// (tests/ports/common/level_mesh.mjs's readLevel) and the sink ({ file } in Node, { url } for a
// WebSocket in a page).
//
//   const { rec, respawns } = await babylonWalk(BABYLON, level, opts, { file: "run.slidelog" });
//
// opts: { movers, seconds, seed, render, oneSided, leftHanded, mirror } (babylon_walk.mjs's
// options). Every number a walker feeds Babylon is an f32 (Math.fround), so the recording is the
// same bytes wherever IEEE-754 doubles are (the page's test compares it with Node's file).

import { levelBounds } from "../../tests/ports/common/level_mesh.mjs";
import { rng, spawnPoints } from "../../tests/ports/common/spawn.mjs";
import { attachSlidescope } from "../babylon.js";

// ---------------------------------------------------------------- constants (record.mjs)

const DT = 1 / 60;
const SPEED = 4.0; // m/s
const GRAVITY = 9.81; // m/s^2
const JUMP_SPEED = 5.0; // m/s
const MAX_FALL = 30.0; // m/s
const f = Math.fround;
const RADII = [f(0.4), f(0.9), f(0.4)];



// ---------------------------------------------------------------- the game

/** Walks `opts.movers` walkers over `level` for `opts.seconds` at 60 Hz in a Babylon scene, every
 * moveWithCollisions recorded to `sink` (null: not recorded); returns the adapter's handle
 * (detached: END written), the respawn count, the moves and the walk's time (ms, the frames
 * loop only). */
export async function babylonWalk(B, level, opts, sink) {
    const { Scene } = B;
    const defaultMaterial = Scene.DefaultMaterialFactory;
    if (opts.oneSided) Scene.DefaultMaterialFactory = Scene._OriginalDefaultMaterialFactory;
    try {
        return await walkScene(B, level, opts, sink);
    } finally {
        Scene.DefaultMaterialFactory = defaultMaterial;
    }
}

async function walkScene(B, level, opts, sink) {
    const { NullEngine, Scene, Mesh, VertexData, Vector3, Material, FreeCamera } = B;
    const engine = new NullEngine();
    const scene = new Scene(engine);
    if (!opts.leftHanded) scene.useRightHandedSystem = true;
    scene.collisionsEnabled = true;

    const levelMesh = new Mesh("level", scene);
    {
        const vd = new VertexData();
        vd.positions = level.positions;
        vd.indices = level.indices;
        vd.applyToMesh(levelMesh);
    }
    // As Babylon's glTF loader does in a right-handed scene; no material: the default one (two-sided).
    if (!opts.leftHanded) levelMesh.sideOrientation = Material.CounterClockWiseSideOrientation;
    if (opts.mirror) levelMesh.scaling = new Vector3(1, 1, -1); // glTFLoader: rootNode.scale = [1, 1, -1]
    levelMesh.checkCollisions = true;

    if (opts.render) {
        new FreeCamera("camera", new Vector3(0, 5, -10), scene);
        scene.useConstantAnimationDeltaTime = true;
    }

    const random = rng(opts.seed);
    const spawns = spawnPoints(level, opts.movers, random, RADII).map((s) => (opts.mirror ? [s[0], s[1], -s[2]] : s));
    const walkers = spawns.map((s, id) => {
        const mesh = new Mesh(`walker${id}`, scene);
        mesh.ellipsoid = new Vector3(RADII[0], RADII[1], RADII[2]);
        mesh.ellipsoidOffset = new Vector3(0, 0, 0);
        mesh.position = new Vector3(s[0], s[1], s[2]);
        return { id, mesh, spawn: s, vy: 0, wish: [0, 0], nextTurn: 0, grounded: false };
    });

    // the recording: one line (none with a null sink: the adapter's cost is measured against it)
    const rec = sink === null ? null : attachSlidescope(scene, {
        ...sink,
        movers: (mesh) => mesh.name.startsWith("walker"),
        frames: opts.render ? "render" : "manual",
    });

    // the walk (record.mjs)
    const frames = Math.round(opts.seconds / DT);
    const fallLimit = levelBounds(level).min[1] - 5;
    let respawns = 0;
    const began = performance.now();
    for (let frame = 0; frame < frames; frame++) {
        if (opts.render) scene.render();
        else rec?.frame(f(DT), frame * DT);
        for (const w of walkers) {
            if (stepWalker(w, frame, random, Vector3, fallLimit)) respawns++;
        }
    }
    const walkMs = performance.now() - began;
    await rec?.detach();
    return { rec, respawns, walkMs, moves: frames * walkers.length };
}

/** One walker's frame (record.mjs): turn now and then, fall, moveWithCollisions, land or bump
 * the head, respawn below the level. Returns whether it respawned. */
function stepWalker(w, frame, random, Vector3, fallLimit) {
    if (frame >= w.nextTurn) {
        const a = random() * 2 * Math.PI;
        w.wish = [Math.cos(a), Math.sin(a)];
        if (random() < 0.1) w.wish = [0, 0];
        w.nextTurn = frame + 45 + Math.floor(random() * 31);
        if (w.grounded && random() < 0.25) w.vy = JUMP_SPEED;
    }
    w.vy = Math.max(w.vy - GRAVITY * DT, -MAX_FALL);
    const disp = [f(w.wish[0] * SPEED * DT), f(w.vy * DT), f(w.wish[1] * SPEED * DT)];
    const p = w.mesh.position;
    p.set(f(p.x), f(p.y), f(p.z)); // f32 inputs: Babylon computes with exactly the recorded numbers
    w.mesh.computeWorldMatrix(true);
    const before = w.mesh.getAbsolutePosition().clone();

    w.mesh.moveWithCollisions(new Vector3(disp[0], disp[1], disp[2]));

    w.mesh.computeWorldMatrix(true);
    const after = w.mesh.getAbsolutePosition();
    const moved = [after.x - before.x, after.y - before.y, after.z - before.z];
    const landed = disp[1] < 0 && moved[1] > disp[1] + 1e-4;
    w.grounded = landed;
    if (landed) w.vy = 0;
    else if (w.vy > 0 && moved[1] < disp[1] - 1e-4) w.vy = 0;
    if (!(after.y < fallLimit)) return false;
    w.mesh.position.set(w.spawn[0], w.spawn[1], w.spawn[2]);
    w.vy = 0;
    return true;
}
