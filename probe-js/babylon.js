// slidescope-probe/babylon: records every AbstractMesh.moveWithCollisions call of a Babylon.js
// scene as a slidescope probe MOVE, with Babylon's own result and one contact per iteration.
//
//   import { attachSlidescope } from "slidescope-probe/babylon";
//   const rec = attachSlidescope(scene, { file: "run.slidelog" });   // or { url } / { probe }
//   ... the game runs; each scene.render() starts a probe FRAME ...
//   await rec.detach();                                               // END, file closed
//
// It does not import Babylon: everything comes from the scene it is given. Tested with
// @babylonjs/core 9.35.0; another major version throws at attach time (its collision internals,
// which this wraps, may differ). How Babylon collides, quoted from its source:
// tests/ports/babylon/CONVENTIONS.md in the slidescope repository.
//
// What it wraps, on this scene only (detach() restores it):
// - scene.collisionCoordinator.getNewPosition, the call moveWithCollisions makes with the mesh as
//   `excludedMesh` (cameras pass null and are not recorded): start = the world centre Babylon
//   uses (absolute position + ellipsoidOffset), velocity = the displacement, radii =
//   mesh.ellipsoid, max iterations = mesh.collisionRetryCount, end = start + how far the call
//   moved mesh.position (Babylon's final centre, or the start inside its 1 mm dead zone). The
//   adapter never recomputes a mover's world matrix: like Babylon, it takes the start from the
//   world matrix as the game last computed it (scene.render() does, or computeWorldMatrix).
// - Collider.prototype's _initialize, _testTriangle and _getResponse from a scene's first
//   recorded move (the last detach restores them), acting only inside a recorded getNewPosition call and only
//   for its collider: _initialize counts the detections, _testTriangle notes the triangle (and
//   face / edge / vertex) that set the nearest contact, _getResponse the touching centre,
//   point, t and slide normal, converted to world. Every other collider passes straight on.

import {
    Probe,
    MISSING_INTEGRATION_VELOCITY,
    CASE_FACE,
    CASE_EDGE,
    CASE_VERTEX,
    NO_TRIANGLE,
} from "./index.js";

/** The Babylon.js major version the adapter is tested with (9.35.0). */
export const TESTED_BABYLON_MAJOR = 9;
export const TESTED_BABYLON_VERSION = "9.35.0";


// ---------------------------------------------------------------- the Collider hooks

// The move being recorded: { collider, rec: { iterations, contacts, best }, triangleNumber },
// set by the coordinator's wrapper around one getNewPosition call (synchronous, as Babylon's
// default coordinator is; a nested call saves and restores it). Null otherwise.
let recording = null;

// Collider.prototype's _initialize, _testTriangle and _getResponse, patched from an attached
// scene's first recorded move (counted per prototype, restored by the last detach); a call on
// any collider but the one being recorded goes straight through. Neither the collider
// instances nor their shapes change: with own-property hooks on each instance the adapter added
// 169 µs a move in Node on an 11k-triangle level, on the prototype 130 µs (best of 3 rounds,
// probe-js/bench/adapter_cost.mjs --rounds 3).
// The hook functions are made once per prototype and kept (`made`), so a game that attaches
// and detaches again shows V8 the same two functions at Babylon's call sites, not a new one
// each time.
const hooked = new Map();
const made = new WeakMap();

function hookCollider(proto) {
    const h = hooked.get(proto);
    if (h) {
        h.users++;
        return;
    }
    const names = ["_initialize", "_testTriangle", "_getResponse"];
    const saved = names.map((k) => ({ k, own: Object.prototype.hasOwnProperty.call(proto, k), f: proto[k] }));
    hooked.set(proto, { saved, users: 1 });
    let hooks = made.get(proto);
    if (!hooks || hooks.originals.some((f, i) => f !== saved[i].f)) {
        hooks = makeHooks(...saved.map((x) => x.f));
        made.set(proto, hooks);
    }
    proto._initialize = hooks._initialize;
    proto._testTriangle = hooks._testTriangle;
    proto._getResponse = hooks._getResponse;
}

function makeHooks(init, test, respond) {
    const hooks = { originals: [init, test, respond] };
    hooks._initialize = function (source, dir, e) {
        init.call(this, source, dir, e);
        if (recording === null || recording.collider !== this) return;
        recording.rec.iterations++;
        recording.rec.best = null;
    };
    hooks._testTriangle = function (faceIndex, planes, p1, p2, p3, hasMaterial, hostMesh) {
        if (recording === null || recording.collider !== this) return test.call(this, faceIndex, planes, p1, p2, p3, hasMaterial, hostMesh);
        return noteNearest(this, test, faceIndex, planes, p1, p2, p3, hasMaterial, hostMesh);
    };
    hooks._getResponse = function (pos, vel, slideOnCollide) {
        if (recording === null || recording.collider !== this) return respond.call(this, pos, vel, slideOnCollide);
        return noteContact(this, respond, pos, vel, slideOnCollide);
    };
    return hooks;
}

function unhookCollider(proto) {
    const h = hooked.get(proto);
    if (!h || --h.users > 0) return;
    hooked.delete(proto);
    for (const { k, own, f } of h.saved) {
        if (own) proto[k] = f;
        else delete proto[k];
    }
}

/** Babylon's _testTriangle, noting the triangle (and face / edge / vertex) that set the nearest contact. */
function noteNearest(collider, test, faceIndex, planes, p1, p2, p3, hasMaterial, hostMesh) {
    const foundBefore = collider.collisionFound;
    const nearestBefore = collider._nearestDistanceSquared;
    collider._planeIntersectionPoint.x = NaN; // tells whether the face test ran
    const out = test.call(collider, faceIndex, planes, p1, p2, p3, hasMaterial, hostMesh);
    if (collider.collisionFound && (!foundBefore || collider._nearestDistanceSquared !== nearestBefore)) {
        // Which part: the face test copies _planeIntersectionPoint, a vertex test copies
        // p1/p2/p3, an edge test p + e * f.
        const ip = collider.intersectionPoint;
        const eq = (q) => q.x === ip.x && q.y === ip.y && q.z === ip.z;
        let kind;
        if (!Number.isNaN(collider._planeIntersectionPoint.x) && eq(collider._planeIntersectionPoint)) kind = CASE_FACE;
        else if (eq(p1) || eq(p2) || eq(p3)) kind = CASE_VERTEX;
        else kind = CASE_EDGE;
        recording.rec.best = { triangle: recording.triangleNumber(hostMesh, faceIndex), kind };
    }
    return out;
}

/** Babylon's _getResponse, noting the contact: touching centre, point, t and slide normal, in world. */
function noteContact(collider, respond, pos, vel, slideOnCollide) {
    const r = recording.rec;
    // The touching centre exactly as _getResponse computes it: basePoint + vel * (nearest / |vel|).
    const s = collider._nearestDistance / vel.length();
    const center = [pos.x + vel.x * s, pos.y + vel.y * s, pos.z + vel.z * s];
    const ip = collider.intersectionPoint;
    const point = [ip.x, ip.y, ip.z];
    const t = collider._nearestDistance / Math.sqrt(collider._velocitySquaredLength);
    const iteration = r.iterations - 1;
    const best = r.best;
    const out = respond.call(collider, pos, vel, slideOnCollide);
    const rad = collider._radius;
    let n;
    if (slideOnCollide === false) {
        const d = [center[0] - point[0], center[1] - point[1], center[2] - point[2]];
        const l = Math.hypot(d[0], d[1], d[2]) || 1;
        n = [d[0] / l, d[1] / l, d[2] / l];
    } else {
        const sp = collider._slidePlaneNormal; // eSpace, unit
        n = [sp.x, sp.y, sp.z];
    }
    const nw = [n[0] / rad.x, n[1] / rad.y, n[2] / rad.z];
    const nl = Math.hypot(nw[0], nw[1], nw[2]) || 1;
    r.contacts.push({
        iteration,
        case: best ? best.kind : 0,
        t,
        center: [center[0] * rad.x, center[1] * rad.y, center[2] * rad.z],
        point: [point[0] * rad.x, point[1] * rad.y, point[2] * rad.z],
        normal: [nw[0] / nl, nw[1] / nl, nw[2] / nl],
        triangle: best ? best.triangle : NO_TRIANGLE,
    });
    return out;
}
const MESH_TRIANGLE_STRIP = 7; // Material.TriangleStripDrawMode

/** The Babylon version of the scene's engine ("9.35.0"), or null. */
export function babylonVersion(scene) {
    const E = scene?.getEngine?.()?.constructor;
    const v = E?.Version;
    return typeof v === "string" ? v : null;
}

function checkVersion(scene, allowUntested) {
    const v = babylonVersion(scene);
    const major = v ? Number(/^(\d+)\./.exec(v)?.[1]) : NaN;
    if (major === TESTED_BABYLON_MAJOR || allowUntested) return v;
    throw new Error(
        `slidescope-probe/babylon: this scene runs Babylon.js ${v ?? "(unknown version)"}; the adapter is tested with ` +
            `${TESTED_BABYLON_VERSION} and wraps collision internals (DefaultCollisionCoordinator.getNewPosition, ` +
            `Collider._initialize/_testTriangle/_getResponse) that another major version may have changed, so it ` +
            `does not record (pass allowUntestedVersion: true to try anyway, at your own risk)`,
    );
}

/**
 * The static level Babylon collides with, as one triangle soup in world space: every mesh the
 * `select` predicate takes (default: checkCollisions and enabled), each submesh's triangles in
 * index order (triangle strips are skipped), positions through the mesh's world matrix (f64,
 * rounded once to f32 when written). Babylon's collision plane of indices (a, b, c) faces
 * (b - a) x (c - a) when mesh._shouldConvertRHS() (a right-handed scene and a counter-clockwise
 * mesh), else the opposite side (collider.js _collide passes (c, b, a)); the soup keeps the
 * majority's indices and writes the others (a, c, b), so one declared winding holds for all.
 */
export function levelSoup(scene, select = (m) => m.checkCollisions && m.isEnabled()) {
    const meshes = scene.meshes.filter((m) => select(m));
    // First pass: which winding the majority has, and sidedness.
    let positive = 0, negative = 0, withMaterial = 0, withoutMaterial = 0, strips = 0;
    const parts = [];
    for (const mesh of meshes) {
        const pos = mesh.getVerticesData?.("position");
        const subs = mesh.subMeshes;
        if (!pos || !subs || subs.length === 0) continue;
        const idx = mesh.getIndices?.() ?? null;
        const front = typeof mesh._shouldConvertRHS === "function" ? !!mesh._shouldConvertRHS() : false;
        const ranges = [];
        for (const sub of subs) {
            const mat = sub.getMaterial();
            if (mat && mat.fillMode === MESH_TRIANGLE_STRIP) {
                strips++;
                continue;
            }
            const indexed = !!(idx && idx.length);
            const count = indexed ? Math.floor(sub.indexCount / 3) : Math.floor(sub.verticesCount / 3);
            if (count === 0) continue;
            ranges.push({ sub, indexed, count, hasMaterial: !!mat });
            if (front) positive += count;
            else negative += count;
            if (mat) withMaterial += count;
            else withoutMaterial += count;
        }
        if (ranges.length) parts.push({ mesh, pos, idx, front, ranges });
    }
    const frontPositive = positive > negative;
    const positions = [];
    const indices = [];
    /** mesh -> [{ from, to, first }]: faceIndex in [from, to) is triangle first + (faceIndex - from) / 3 */
    const triangleOf = new Map();
    let triangles = 0;
    for (const { mesh, pos, idx, front, ranges } of parts) {
        mesh.computeWorldMatrix(true);
        const m = mesh.getWorldMatrix().m;
        const base = positions.length / 3;
        for (let i = 0; i + 2 < pos.length; i += 3) {
            const x = pos[i], y = pos[i + 1], z = pos[i + 2];
            const w = x * m[3] + y * m[7] + z * m[11] + m[15];
            positions.push(
                (x * m[0] + y * m[4] + z * m[8] + m[12]) / w,
                (x * m[1] + y * m[5] + z * m[9] + m[13]) / w,
                (x * m[2] + y * m[6] + z * m[10] + m[14]) / w,
            );
        }
        const swap = front !== frontPositive;
        const list = [];
        for (const r of ranges) {
            const s = r.sub;
            const from = r.indexed ? s.indexStart : 0; // non-indexed: faceIndex counts from the submesh's first vertex
            list.push({ from, to: from + r.count * 3, first: triangles });
            for (let t = 0; t < r.count; t++) {
                let a, b, c;
                if (r.indexed) {
                    const k = s.indexStart + 3 * t;
                    a = idx[k]; b = idx[k + 1]; c = idx[k + 2];
                } else {
                    a = s.verticesStart + 3 * t; b = a + 1; c = a + 2;
                }
                if (swap) indices.push(base + a, base + c, base + b);
                else indices.push(base + a, base + b, base + c);
            }
            triangles += r.count;
        }
        triangleOf.set(mesh, list);
    }
    return {
        positions: Float32Array.from(positions),
        indices: Uint32Array.from(indices),
        triangleOf,
        frontPositive,
        meshes: parts.length,
        triangles,
        withMaterial,
        withoutMaterial,
        mixedWinding: positive > 0 && negative > 0,
        skippedStrips: strips,
    };
}

/** Babylon's conventions for a level soup (CONVENTIONS.md (a)-(g)). */
function babylonConventions(scene, soup, collisionsEpsilon) {
    const leftHanded = !scene.useRightHandedSystem;
    // The front the soup's numbers have is (b - a) x (c - a) when frontPositive; slidescope flips
    // a triangle when leftHanded != clockwiseFront, so clockwiseFront = leftHanded xor !frontPositive.
    const clockwiseFront = leftHanded !== !soup.frontPositive;
    const culls = soup.withoutMaterial > soup.withMaterial;
    return {
        paddingAlongVelocity: false, // collider.js _getResponse: 0.01 eSpace along centre - point
        shortMotionDropped: true, // collisionCoordinator _collideWithWorld: a leftover <= closeDistance is dropped
        minMotionEs: collisionsEpsilon * 10, // closeDistance, the padding
        deadZoneM: collisionsEpsilon, // _onCollisionPositionChange: a call moving <= epsilon stays put
        keepLastOnLimit: true, // collisionRetryCount detections, the last padded centre kept
        sidedness: culls ? "leaving_ignored" : "two_sided", // culled only without any material (isFrontFacingTo)
        impulseFilter: false,
        upAxis: "+y",
        leftHanded,
        clockwiseFront,
        missing: MISSING_INTEGRATION_VELOCITY, // moveWithCollisions keeps no velocity: end - start is sent
        rootsAfterStartOnly: true, // collider.js GetLowestRoot: roots in (0, t) only
        embeddedKept: true, // collider.js: a contact at t = 0 leaves the centre (no depenetration)
        // collider.js _testTriangle: normalDotVelocity == 0 with |distance| < 1 skips the face
        // and tests its edges and vertices (slidescope's threshold is |n . v| < 1e-6 eSpace)
        embeddedPlaneSkipped: true,
    };
}

/** The debugger page this package carries, beside this module. */
const VIEWER_PAGE = "./viewer/index.html";
/** How long a game waits for an open slidescope page to answer before it opens one. */
const VIEWER_ANSWER_MS = 500;

/**
 * The debugger page for `probe` (a Probe.toTab): `viewerUrl`, or the page this package carries
 * beside this module (viewer/index.html), with the channel's #live= link. Opened in a new tab
 * unless a page already follows the channel; where the browser blocks the tab (no click led
 * to it), a button in the game's page opens it. Returns the link.
 */
function openViewerTab(probe, viewerUrl) {
    // A variable, not a literal: bundlers rewrite `new URL("literal", import.meta.url)` into an
    // asset of its own and would ship the page without its wasm.
    const beside = VIEWER_PAGE;
    const base = viewerUrl ?? new URL(beside, import.meta.url).href;
    const url = `${String(base).split("#")[0]}#live=${probe.tab.channel}`;
    const doc = globalThis.document;
    if (typeof globalThis.open !== "function" || !doc) return url;
    const target = `slidescope:${probe.tab.channel}`;
    const waited = new Promise((r) => setTimeout(() => r(false), VIEWER_ANSWER_MS));
    Promise.race([probe.tab.heard().then(() => true), waited]).then((answered) => {
        if (answered) return;
        const tab = globalThis.open(url, target);
        if (tab) return;
        const b = doc.createElement("button");
        b.textContent = "Open slidescope ↗";
        b.title = `the collision debugger for this page's moves: ${url}`;
        b.style.cssText = "position:fixed;top:8px;right:8px;z-index:2147483647;font:14px sans-serif;padding:6px 10px";
        b.onclick = () => {
            globalThis.open(url, target);
            b.remove();
        };
        (doc.body ?? doc.documentElement).appendChild(b);
    });
    console.info(`slidescope: this page's moves stream to ${url}`);
    return url;
}

/**
 * Records the scene's moveWithCollisions calls. Options: `viewer: "tab"` (the debugger in a new
 * tab of this origin, streamed live; `channel` names it, `viewerUrl` overrides where this
 * package's viewer/index.html is served), `probe` (a Probe you own), or `file` (a path, Node) /
 * `url` (a WebSocket) for a probe the adapter opens and detach() closes;
 * `movers(mesh)`: which meshes' moves to record (default all); `level(mesh)`: which meshes make
 * the static level (default checkCollisions and enabled, at attach time; refreshLevel() takes
 * them again); `frames`: "render" (default: a FRAME at the start of every scene.render(), from
 * onBeforeAnimationsObservable) or "manual" (you call handle.frame(dt, time?)).
 */
export function attachSlidescope(scene, options = {}) {
    if (!scene || typeof scene.getEngine !== "function") throw new TypeError("slidescope-probe/babylon: attachSlidescope needs a Babylon.js Scene");
    const version = checkVersion(scene, options.allowUntestedVersion);
    const Engine = scene.getEngine().constructor;
    const warnings = [];
    // Babylon reads AbstractEngine.CollisionsEpsilon at every call: so does the adapter.
    const liveEpsilon = () => (typeof Engine.CollisionsEpsilon === "number" ? Engine.CollisionsEpsilon : 0.001);
    if (typeof Engine.CollisionsEpsilon !== "number") warnings.push("AbstractEngine.CollisionsEpsilon not found: 0.001 assumed");

    let coordinator;
    try {
        coordinator = scene.collisionCoordinator;
    } catch (e) {
        coordinator = null;
    }
    if (!coordinator || typeof coordinator.getNewPosition !== "function" || typeof coordinator.createCollider !== "function") {
        throw new Error("slidescope-probe/babylon: the scene has no collision coordinator (import @babylonjs/core's collisions, or enable scene.collisionsEnabled)");
    }
    {
        const probeCollider = coordinator.createCollider();
        for (const k of ["_initialize", "_testTriangle", "_getResponse", "_collide"]) {
            if (typeof probeCollider[k] !== "function") throw new Error(`slidescope-probe/babylon: Babylon.js ${version}'s Collider has no ${k}: not recording`);
        }
        if (probeCollider.constructor && probeCollider.constructor.DoubleSidedCheck) {
            warnings.push("Collider.DoubleSidedCheck is on: Babylon also skips triangles with n . v > 0.0001 on every mesh, which no convention declares");
        }
    }

    let probe = options.probe;
    const owned = !probe;
    let viewer = null;
    if (probe && options.viewer) throw new TypeError('slidescope-probe/babylon: { viewer } opens a probe of its own: give it without { probe }');
    if (!probe) {
        if (options.file) probe = Probe.toFile(options.file);
        else if (options.url) probe = Probe.toWebSocket(options.url);
        else if (options.viewer === "tab") {
            probe = Probe.toTab(options.channel ?? "game");
            viewer = openViewerTab(probe, options.viewerUrl);
        } else throw new TypeError('slidescope-probe/babylon: give { viewer: "tab" }, { probe }, { file } or { url }');
    }
    const movers = options.movers ?? (() => true);
    const levelSelect = options.level ?? ((m) => m.checkCollisions && m.isEnabled());

    const stats = { moves: 0, contacts: 0, iterations: 0 };
    let soup = null;
    let conventions = null;
    let conventionsKey = "";

    function refreshLevel() {
        soup = levelSoup(scene, levelSelect);
        const c = babylonConventions(scene, soup, liveEpsilon());
        const key = JSON.stringify(c);
        // Sent before the mesh: its winding keys apply to that mesh.
        if (key !== conventionsKey) {
            probe.setConventions(c);
            conventions = c;
            conventionsKey = key;
        }
        if (soup.withMaterial > 0 && soup.withoutMaterial > 0) {
            warnings.push(`the level mixes submeshes with a material (${soup.withMaterial} triangles, two-sided) and without (${soup.withoutMaterial}, culled): declared ${c.sidedness}`);
        }
        if (soup.mixedWinding) warnings.push("level meshes differ in sideOrientation: the minority's triangles are written (a, c, b)");
        if (soup.skippedStrips) warnings.push(`${soup.skippedStrips} triangle-strip submeshes left out of the level`);
        probe.setLevelMesh(soup.positions, soup.indices);
        return soup;
    }
    refreshLevel();

    function triangleNumber(host, faceIndex) {
        const list = soup.triangleOf.get(host);
        if (!list) return NO_TRIANGLE;
        for (const r of list) {
            if (faceIndex >= r.from && faceIndex < r.to) return r.first + (faceIndex - r.from) / 3;
        }
        return NO_TRIANGLE;
    }

    // ------------------------------------------------------------ the colliders

    const hookedProtos = [];
    function hook(collider) {
        const proto = Object.getPrototypeOf(collider);
        if (hookedProtos.includes(proto)) return;
        hookCollider(proto);
        hookedProtos.push(proto);
    }

    // ------------------------------------------------------------ the coordinator

    const hadOwn = Object.prototype.hasOwnProperty.call(coordinator, "getNewPosition");
    const original = coordinator.getNewPosition;
    let active = true;
    coordinator.getNewPosition = function (position, displacement, collider, maximumRetry, excludedMesh, onNewPosition, collisionIndex, slideOnCollide) {
        if (!active || !excludedMesh || !movers(excludedMesh)) return original.apply(this, arguments);
        hook(collider);
        const start = [position.x, position.y, position.z];
        const velocity = [displacement.x, displacement.y, displacement.z];
        const radii = [collider._radius.x, collider._radius.y, collider._radius.z];
        // The mesh's local position before and after: Babylon moves it by (final - start) unless
        // that is within the dead zone. Read, not recomputed: forcing the world matrix here
        // would change what the game's next call in this frame sees.
        const local = excludedMesh.position;
        const before = [local.x, local.y, local.z];
        const outer = recording;
        const rec = { iterations: 0, contacts: [], best: null };
        recording = { collider, rec, triangleNumber };
        let ret;
        try {
            ret = original.apply(this, arguments);
        } finally {
            recording = outer;
        }
        const after = excludedMesh.position;
        const end = [start[0] + (after.x - before[0]), start[1] + (after.y - before[1]), start[2] + (after.z - before[2])];
        probe.logMove(
            {
                mover: excludedMesh.uniqueId,
                radii,
                start,
                velocity,
                skinEs: liveEpsilon() * 10, // collisionCoordinator _collideWithWorld: closeDistance
                maxIterations: maximumRetry,
                result: {
                    end,
                    // Babylon keeps no velocity: the game's next step starts where this one ended
                    // (of the f32 numbers the file holds)
                    integrationVelocity: [0, 1, 2].map((k) => Math.fround(end[k]) - Math.fround(start[k])),
                    iterations: rec.iterations,
                },
            },
            rec.contacts,
        );
        stats.moves++;
        stats.contacts += rec.contacts.length;
        stats.iterations += rec.iterations;
        return ret;
    };

    // ------------------------------------------------------------ frames

    let frameNumber = 0;
    let time = 0;
    function frame(dtSecs = 0, timeSecs) {
        time = timeSecs ?? time + dtSecs;
        probe.frame(frameNumber++, time, dtSecs);
    }
    const framesMode = options.frames ?? "render";
    if (framesMode !== "render" && framesMode !== "manual") throw new RangeError(`slidescope-probe/babylon: frames must be "render" or "manual" (got ${framesMode})`);
    let observer = null;
    if (framesMode === "render") {
        // The earliest point of Scene.render(): before animations, physics, cameras and
        // onBeforeRenderObservable, so every move a render makes follows its FRAME. dt as the
        // scene's animate() takes it (16 ms with useConstantAnimationDeltaTime).
        observer = scene.onBeforeAnimationsObservable.add(
            () => {
                const ms = scene.useConstantAnimationDeltaTime ? 16 : scene.getEngine().getDeltaTime();
                frame(ms / 1000);
            },
            undefined,
            true,
        );
    }

    let detached = null;
    function detach() {
        if (detached) return detached;
        active = false;
        if (hadOwn) coordinator.getNewPosition = original;
        else delete coordinator.getNewPosition;
        for (const proto of hookedProtos) unhookCollider(proto);
        hookedProtos.length = 0;
        if (observer) scene.onBeforeAnimationsObservable.remove(observer);
        if (owned) detached = probe.close();
        else {
            probe.flush();
            detached = Promise.resolve();
        }
        return detached;
    }

    return {
        probe,
        /** viewer "tab": the debugger page's address (its #live= link). */
        viewerUrl: viewer,
        /** Babylon's version, as the engine says. */
        version,
        /** What was declared (CONVENTIONS). */
        get conventions() {
            return conventions;
        },
        /** The level sent: { positions, indices, meshes, triangles, ... }. */
        get level() {
            return soup;
        },
        stats,
        warnings,
        frame,
        refreshLevel,
        detach,
    };
}
