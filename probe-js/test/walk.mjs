// The headless Babylon.js "game" of babylon_walk.mjs, for Node and for a browser page alike
// (tests/web/babylon_stream.html): the walk of tests/ports/babylon/record.mjs (same spawn points,
// walkers and RNG, so the moves are the same), recorded by nothing but the adapter's one line,
// attachSlidescope(scene, sink). The caller brings Babylon (the @babylonjs/core namespace: Node
// imports it from tests/ports/node_modules, a page through an import map), the level's triangles
// (tests/ports/common/level_mesh.mjs's readLevel) and the sink ({ file } in Node, { url } for a
// WebSocket in a page).
//
//   const { rec, respawns } = await babylonWalk(BABYLON, level, opts, { file: "run.slidelog" });
//
// opts: { movers, seconds, seed, render, oneSided, leftHanded, mirror } (babylon_walk.mjs's
// options). Every number a walker feeds Babylon is an f32 (Math.fround), so the recording is the
// same bytes wherever IEEE-754 doubles are (the page's test compares it with Node's file).

import { levelBounds } from "../../tests/ports/common/level_mesh.mjs";
import { attachSlidescope } from "../babylon.js";

// ---------------------------------------------------------------- constants (record.mjs)

const DT = 1 / 60;
const SPEED = 4.0; // m/s
const GRAVITY = 9.81; // m/s^2
const JUMP_SPEED = 5.0; // m/s
const MAX_FALL = 30.0; // m/s
const f = Math.fround;
const RADII = [f(0.4), f(0.9), f(0.4)];

function rng(seed) {
    let s = seed >>> 0;
    return () => {
        s = (s + 0x6d2b79f5) >>> 0;
        let t = s;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

// ---------------------------------------------------------------- spawn points (record.mjs)

/** Spawn points for `n` walkers on `level` (record.mjs's rule): on a walkable floor, clear of
 * walls and ceilings, 2 m apart, at least 1.1 eSpace from every triangle. */
function spawnPoints(level, n, random) {
    const bounds = levelBounds(level);
    const P = level.positions, I = level.indices;
    const triCount = I.length / 3;


    function tri(t) {
        const a = I[3 * t] * 3, b = I[3 * t + 1] * 3, c = I[3 * t + 2] * 3;
        return [[P[a], P[a + 1], P[a + 2]], [P[b], P[b + 1], P[b + 2]], [P[c], P[c + 1], P[c + 2]]];
    }
    const sub = (u, v) => [u[0] - v[0], u[1] - v[1], u[2] - v[2]];
    const dot = (u, v) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
    const cross = (u, v) => [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
    const len = (u) => Math.sqrt(dot(u, u));

    function ray(o, d) {
        let best = null;
        for (let t = 0; t < triCount; t++) {
            const [a, b, c] = tri(t);
            const e1 = sub(b, a), e2 = sub(c, a);
            const n = cross(e1, e2);
            if (len(n) === 0) continue;
            const p = cross(d, e2);
            const det = dot(e1, p);
            if (Math.abs(det) < 1e-12) continue;
            const s = sub(o, a);
            const u = dot(s, p) / det;
            if (u < 0 || u > 1) continue;
            const q = cross(s, e1);
            const v = dot(d, q) / det;
            if (v < 0 || u + v > 1) continue;
            const dist = dot(e2, q) / det;
            if (dist <= 1e-6) continue;
            if (!best || dist < best.dist) best = { dist, facing: dot(n, d) < 0, ny: n[1] / len(n) };
        }
        return best;
    }

    function distSqPointTriangle(p, a, b, c) {
        const ab = sub(b, a), ac = sub(c, a), ap = sub(p, a);
        const d1 = dot(ab, ap), d2 = dot(ac, ap);
        const at = (q) => dot(sub(p, q), sub(p, q));
        if (d1 <= 0 && d2 <= 0) return at(a);
        const bp = sub(p, b), d3 = dot(ab, bp), d4 = dot(ac, bp);
        if (d3 >= 0 && d4 <= d3) return at(b);
        const vc = d1 * d4 - d3 * d2;
        if (vc <= 0 && d1 >= 0 && d3 <= 0) { const v = d1 / (d1 - d3); return at([a[0] + v * ab[0], a[1] + v * ab[1], a[2] + v * ab[2]]); }
        const cp = sub(p, c), d5 = dot(ab, cp), d6 = dot(ac, cp);
        if (d6 >= 0 && d5 <= d6) return at(c);
        const vb = d5 * d2 - d1 * d6;
        if (vb <= 0 && d2 >= 0 && d6 <= 0) { const w = d2 / (d2 - d6); return at([a[0] + w * ac[0], a[1] + w * ac[1], a[2] + w * ac[2]]); }
        const va = d3 * d6 - d5 * d4;
        if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
            const w = (d4 - d3) / (d4 - d3 + (d5 - d6));
            return at([b[0] + w * (c[0] - b[0]), b[1] + w * (c[1] - b[1]), b[2] + w * (c[2] - b[2])]);
        }
        const denom = 1 / (va + vb + vc), v = vb * denom, w = vc * denom;
        return at([a[0] + ab[0] * v + ac[0] * w, a[1] + ab[1] * v + ac[1] * w, a[2] + ab[2] * v + ac[2] * w]);
    }

    function clearanceEs(center) {
        const toEs = (v) => [v[0] / RADII[0], v[1] / RADII[1], v[2] / RADII[2]];
        const c = toEs(center);
        let best = Infinity;
        for (let t = 0; t < triCount; t++) {
            const [a, b, cc] = tri(t).map(toEs);
            const d = distSqPointTriangle(c, a, b, cc);
            if (d < best) best = d;
        }
        return Math.sqrt(best);
    }

    function pick() {
        const out = [];
        const around = [[0, 1, 0], [1, 0, 0], [-1, 0, 0], [0, 0, 1], [0, 0, -1]];
        for (let attempt = 0; out.length < n && attempt < 20000; attempt++) {
            const x = bounds.min[0] + random() * (bounds.max[0] - bounds.min[0]);
            const z = bounds.min[2] + random() * (bounds.max[2] - bounds.min[2]);
            const y = bounds.min[1] + random() * (bounds.max[1] - bounds.min[1]) + 1.0;
            const down = ray([x, y, z], [0, -1, 0]);
            if (!down || !down.facing || down.ny < 0.7 || down.dist > 30) continue;
            const floorY = y - down.dist;
            const center = [x, floorY + RADII[1] + 0.3, z];
            const hits = around.map((d) => ray(center, d));
            if (hits.some((h) => h && !h.facing)) continue;
            if (hits[0] && hits[0].dist < RADII[1] + 0.2) continue;
            if (out.some((q) => Math.hypot(q[0] - x, q[2] - z) < 2)) continue;
            if (clearanceEs(center) < 1.1) continue;
            out.push(center.map(f));
        }
        if (out.length < n) throw new Error(`found only ${out.length} of ${n} spawn points`);
        return out;
    }

    return pick();
}

// ---------------------------------------------------------------- the game

/** Walks `opts.movers` walkers over `level` for `opts.seconds` at 60 Hz in a Babylon scene, every
 * moveWithCollisions recorded to `sink` (null: not recorded); returns the adapter's handle
 * (detached: END written), the respawn count, the moves and the walk's time (ms, the frames
 * loop only). */
export async function babylonWalk(B, level, opts, sink) {
    const { NullEngine, Scene, Mesh, VertexData, Vector3, Material, FreeCamera } = B;
    if (opts.oneSided) Scene.DefaultMaterialFactory = Scene._OriginalDefaultMaterialFactory;
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
    const spawns = spawnPoints(level, opts.movers, random).map((s) => (opts.mirror ? [s[0], s[1], -s[2]] : s));
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
