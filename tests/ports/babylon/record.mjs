// Records Babylon.js's own collide-and-slide (Mesh.moveWithCollisions) as a slidescope probe file.
//
//   node record.mjs LEVEL.glb OUT.slidelog [--movers N] [--seconds S] [--seed K]
//                   [--two-sided] [--one-sided] [--left-handed] [--conventions]
//
// A NullEngine scene holds one Mesh built from the level's flattened triangles (positions and
// indices exactly as tests/ports/common/level_mesh.mjs reads them: glTF's right-handed numbers,
// counter-clockwise fronts), checkCollisions = true. The scene is set up the way Babylon's own
// glTF loader sets up glTF data in a right-handed scene (@babylonjs/loaders glTFLoader
// _loadMeshPrimitiveAsync: `babylonMesh.sideOrientation = useRightHandedSystem ?
// CounterClockWiseSideOrientation : ClockWiseSideOrientation`): scene.useRightHandedSystem = true
// and level.sideOrientation = CounterClockWise, so Babylon's collision planes face the file's
// fronts (see CONVENTIONS.md (e); --left-handed shows what happens otherwise).
// N walkers (ellipsoid 0.4 x 0.9 x 0.4 m, ellipsoidOffset 0) start on floors found by rays from
// seeded random points,
// walk at 4 m/s in a wish direction that changes about every second, fall under gravity
// (velocity.y -= 9.81 dt, reset when the move ended higher than asked) and sometimes jump,
// dt = 1/60, each frame calling walker.moveWithCollisions(displacement).
//
// Every call becomes a probe MOVE record (docs/probe-format.md): the inputs Babylon got, Babylon's
// padding (skin_es = 0.01, along the contact normal in eSpace) and retry limit (3), ONE_SIDED
// when Babylon culls (only when the level's submesh has no material at all, see CONVENTIONS.md),
// Babylon's end centre, and one contact per iteration read from Babylon's Collider by wrapping
// Collider.prototype._initialize / _testTriangle / _getResponse at run time (Babylon's code runs
// unchanged). Output is a pure function of the arguments.
//
// Options:
//   --movers N      walkers (default 8)
//   --seconds S     simulated seconds (default 10)
//   --seed K        RNG seed (default 1)
//   --two-sided     give the level a StandardMaterial with backFaceCulling = false (changes
//                   nothing for collisions: any material, the default one included, already
//                   turns Babylon's culling off)
//   --one-sided     no material and no default material (Scene.DefaultMaterialFactory restored
//                   to the original, as in a tree-shaken app that never imports StandardMaterial):
//                   the only configuration in which Babylon culls triangles for collisions
//   --left-handed   Babylon's default scene (left-handed, mesh.sideOrientation left as Babylon
//                   sets it) with the right-handed numbers put in unchanged, as a game that
//                   builds its level mesh from glTF arrays by hand would: Babylon then reads
//                   each triangle as (c, b, a), so every collision plane faces out of the
//                   file's back side, and walkers sink through floors and walk through walls.
//   --conventions   write format 1.1 with a CONVENTIONS record (kind 9: u32 count, then u32 key,
//                   u32 value pairs; keys as in crates/slidescope-probe/src/format.rs
//                   `convention`) declaring Babylon's conventions (CONVENTIONS.md). Without it
//                   the file is format 1.0, as docs/probe-format.md specifies.

import fs from "node:fs";
import path from "node:path";
import { NullEngine, Scene, Mesh, VertexData, Vector3, StandardMaterial, Material, AbstractEngine } from "@babylonjs/core";
import { Collider } from "@babylonjs/core/Collisions/collider.js";
import { readLevel, levelBounds, meshRecord } from "../common/level_mesh.mjs";
import { rng, spawnPoints } from "../common/spawn.mjs";

// ---------------------------------------------------------------- arguments

function usage(msg) {
    if (msg) console.error(`record.mjs: ${msg}`);
    console.error("usage: node record.mjs LEVEL.glb OUT.slidelog [--movers N] [--seconds S] [--seed K] [--two-sided] [--one-sided] [--left-handed] [--conventions]");
    process.exit(2);
}

const args = process.argv.slice(2);
const opts = { movers: 8, seconds: 10, seed: 1, twoSided: false, oneSided: false, leftHanded: false, conventions: false };
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
    else if (a === "--two-sided") opts.twoSided = true;
    else if (a === "--one-sided") opts.oneSided = true;
    else if (a === "--left-handed") opts.leftHanded = true;
    else if (a === "--conventions") opts.conventions = true;
    else if (a.startsWith("--")) usage(`unknown option ${a}`);
    else positional.push(a);
}
if (positional.length !== 2) usage();
if (opts.twoSided && opts.oneSided) usage("--two-sided and --one-sided exclude each other");
const [levelPath, outPath] = positional;

// ---------------------------------------------------------------- constants

const DT = 1 / 60;
const SPEED = 4.0; // m/s
const GRAVITY = 9.81; // m/s^2
const JUMP_SPEED = 5.0; // m/s
const MAX_FALL = 30.0; // m/s
// f32 values, so what Babylon computes with is exactly what the probe file holds.
const f = Math.fround;
const RADII = [f(0.4), f(0.9), f(0.4)];

// probe flags
const HAS_RESULT = 1, HAS_SKIN = 2, HAS_MAX_ITERATIONS = 4, ONE_SIDED = 8;
const CASE_FACE = 1, CASE_EDGE = 2, CASE_VERTEX = 3;
const NO_TRIANGLE = 0xffffffff;

// ---------------------------------------------------------------- seeded RNG (mulberry32)


// ---------------------------------------------------------------- level and spawn points

const level = await readLevel(levelPath);
const bounds = levelBounds(level);
const triCount = level.indices.length / 3;
const len = (u) => Math.sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);


// ---------------------------------------------------------------- Babylon scene

if (opts.oneSided) {
    // No default material: SubMesh.getMaterial() returns null, _collideForSubMesh passes
    // hasMaterial = false and Collider._testTriangle culls with isFrontFacingTo.
    Scene.DefaultMaterialFactory = Scene._OriginalDefaultMaterialFactory;
}
const engine = new NullEngine();
const scene = new Scene(engine);
if (!opts.leftHanded) scene.useRightHandedSystem = true;
scene.collisionsEnabled = true;

const levelMesh = new Mesh("level", scene);
{
    const vd = new VertexData();
    vd.positions = level.positions; // Float32Array, unchanged
    vd.indices = level.indices; // Uint32Array, unchanged
    vd.applyToMesh(levelMesh);
}
if (!opts.leftHanded) levelMesh.sideOrientation = Material.CounterClockWiseSideOrientation;
if (opts.twoSided) {
    const mat = new StandardMaterial("level", scene);
    mat.backFaceCulling = false;
    levelMesh.material = mat;
}
levelMesh.checkCollisions = true;
levelMesh.computeWorldMatrix(true);
levelMesh.refreshBoundingInfo();

const levelSub = levelMesh.subMeshes[0];
if (levelMesh.subMeshes.length !== 1 || levelSub.indexStart !== 0 || levelSub.verticesStart !== 0) {
    throw new Error("expected one submesh covering the whole level");
}
// What Babylon's _collideForSubMesh passes (abstractMesh.pure.js): hasMaterial and invertTriangles.
const hasMaterial = !!levelSub.getMaterial();
const invertTriangles = levelMesh._shouldConvertRHS();
const culls = !hasMaterial;

const closeDistance = AbstractEngine.CollisionsEpsilon * 10.0; // collisionCoordinator.pure.js _collideWithWorld

// ---------------------------------------------------------------- wrapping Babylon's Collider

// The move being recorded (null between calls): its iteration count and contacts.
let rec = null;

const origInitialize = Collider.prototype._initialize;
Collider.prototype._initialize = function (source, dir, e) {
    origInitialize.call(this, source, dir, e);
    if (rec) {
        rec.iterations++;
        rec.best = null; // the triangle that set the nearest contact of this detection
    }
};

const origTestTriangle = Collider.prototype._testTriangle;
Collider.prototype._testTriangle = function (faceIndex, trianglePlaneArray, p1, p2, p3, hasMat, hostMesh) {
    if (!rec) return origTestTriangle.call(this, faceIndex, trianglePlaneArray, p1, p2, p3, hasMat, hostMesh);
    const foundBefore = this.collisionFound;
    const nearestBefore = this._nearestDistanceSquared;
    this._planeIntersectionPoint.x = NaN; // tells whether the face test ran (not embedded in the plane)
    origTestTriangle.call(this, faceIndex, trianglePlaneArray, p1, p2, p3, hasMat, hostMesh);
    if (this.collisionFound && (!foundBefore || this._nearestDistanceSquared !== nearestBefore)) {
        // This triangle set the nearest contact; which part of it (collider.js _testTriangle):
        // the face test copies _planeIntersectionPoint, a vertex test copies p1/p2/p3, an edge
        // test writes p + edge * f.
        const ip = this.intersectionPoint;
        const eq = (q) => q.x === ip.x && q.y === ip.y && q.z === ip.z;
        let kind;
        if (!Number.isNaN(this._planeIntersectionPoint.x) && eq(this._planeIntersectionPoint)) kind = CASE_FACE;
        else if (eq(p1) || eq(p2) || eq(p3)) kind = CASE_VERTEX;
        else kind = CASE_EDGE;
        // faceIndex is the triangle's first index in the index buffer (indexStart = 0)
        rec.best = { triangle: faceIndex / 3, kind };
    }
};

const origGetResponse = Collider.prototype._getResponse;
Collider.prototype._getResponse = function (pos, vel, slideOnCollide) {
    if (!rec) return origGetResponse.call(this, pos, vel, slideOnCollide);
    // The touching centre exactly as _getResponse computes it: basePoint + vel * (nearest / |vel|).
    const s = this._nearestDistance / vel.length();
    const center = [pos.x + vel.x * s, pos.y + vel.y * s, pos.z + vel.z * s];
    const point = [this.intersectionPoint.x, this.intersectionPoint.y, this.intersectionPoint.z];
    const t = this._nearestDistance / Math.sqrt(this._velocitySquaredLength);
    const iteration = rec.iterations - 1;
    const best = rec.best;
    origGetResponse.call(this, pos, vel, slideOnCollide);
    const n = this._slidePlaneNormal; // eSpace, unit
    const r = this._radius;
    const nw = [n.x / r.x, n.y / r.y, n.z / r.z];
    const nl = len(nw);
    rec.contacts.push({
        iteration,
        kind: best ? best.kind : 0,
        t,
        center: [center[0] * r.x, center[1] * r.y, center[2] * r.z],
        point: [point[0] * r.x, point[1] * r.y, point[2] * r.z],
        normal: [nw[0] / nl, nw[1] / nl, nw[2] / nl],
        triangle: best ? best.triangle : NO_TRIANGLE,
    });
    // _collideWithWorld stops next when what is left is no longer than closeDistance (not written)
    rec.shortAfter = vel.length() <= closeDistance;
};

// ---------------------------------------------------------------- probe records

const chunks = [];
{
    const h = Buffer.alloc(16);
    Buffer.from("SLPROBE\0", "latin1").copy(h, 0);
    h.writeUInt16LE(1, 8);
    h.writeUInt16LE(opts.conventions ? 1 : 0, 10);
    h.writeUInt32LE(0, 12);
    chunks.push(h);
}
if (opts.conventions) {
    const bits = (x) => { const b = Buffer.alloc(4); b.writeFloatLE(x); return b.readUInt32LE(); };
    const entries = [
        [1, 0], // PADDING: along the contact normal (collider.js _getResponse)
        [2, 1], // SHORT_MOTION: a leftover <= closeDistance after a response is dropped
        [3, bits(closeDistance)], // MIN_MOTION_ES: 0.01 (Babylon tests <=)
        [5, bits(AbstractEngine.CollisionsEpsilon)], // DEAD_ZONE_M: 0.001 (_onCollisionPositionChange)
        [6, 1], // ITERATION_LIMIT: keep the last centre, no fallback
        [7, culls ? 2 : 0], // SIDEDNESS: two-sided, or a triangle the motion leaves is ignored
        [8, 0], // IMPULSE_FILTER: none
        [9, 0], // UP_AXIS: +Y (glTF)
        [10, 0], // HANDEDNESS: the recorded numbers are glTF's right-handed ones
        [11, invertTriangles ? 0 : 1], // FRONT_WINDING: the side Babylon's plane normals face
        [12, 1], // MISSING: INTEGRATION_VELOCITY (Babylon has none; end - start is sent)
    ];
    const b = Buffer.alloc(8 + 4 + 8 * entries.length);
    b.writeUInt32LE(9, 0);
    b.writeUInt32LE(4 + 8 * entries.length, 4);
    b.writeUInt32LE(entries.length, 8);
    entries.forEach(([k, v], i) => { b.writeUInt32LE(k, 12 + 8 * i); b.writeUInt32LE(v >>> 0, 16 + 8 * i); });
    chunks.push(b);
}
chunks.push(meshRecord(level));

function frameRecord(frame, time, dt) {
    const b = Buffer.alloc(8 + 20);
    b.writeUInt32LE(4, 0);
    b.writeUInt32LE(20, 4);
    b.writeBigUInt64LE(BigInt(frame), 8);
    b.writeDoubleLE(time, 16);
    b.writeFloatLE(dt, 24);
    return b;
}

function moveRecord(m) {
    const payload = 136 + 52 * m.contacts.length;
    const b = Buffer.alloc(8 + payload);
    b.writeUInt32LE(5, 0);
    b.writeUInt32LE(payload, 4);
    let o = 8;
    const u32 = (v) => { b.writeUInt32LE(v >>> 0, o); o += 4; };
    const f32 = (v) => { b.writeFloatLE(v, o); o += 4; };
    const vec = (v) => { f32(v[0]); f32(v[1]); f32(v[2]); };
    u32(m.mover);
    u32(m.flags);
    vec(RADII);
    vec([1, 0, 0]); vec([0, 1, 0]); vec([0, 0, 1]);
    vec(m.start);
    vec(m.velocity);
    f32(m.skin);
    u32(m.maxIterations);
    vec(m.end);
    vec(m.integration);
    u32(m.iterations);
    u32(0); u32(0); u32(0); u32(0);
    u32(m.contacts.length);
    for (const c of m.contacts) {
        u32(c.iteration);
        u32(c.kind);
        f32(c.t);
        vec(c.center);
        vec(c.point);
        vec(c.normal);
        u32(c.triangle);
    }
    if (o !== b.length) throw new Error("MOVE record size");
    return b;
}

// ---------------------------------------------------------------- walkers

const random = rng(opts.seed);
const spawns = spawnPoints(level, opts.movers, random, RADII);
const walkers = spawns.map((s, id) => {
    const mesh = new Mesh(`walker${id}`, scene);
    mesh.ellipsoid = new Vector3(RADII[0], RADII[1], RADII[2]);
    mesh.ellipsoidOffset = new Vector3(0, 0, 0);
    mesh.position = new Vector3(s[0], s[1], s[2]);
    return { id, mesh, spawn: s, vy: 0, wish: [0, 0], nextTurn: 0, grounded: false, respawns: 0 };
});

const frames = Math.round(opts.seconds / DT);
const stats = { moves: 0, contacts: 0, iterations: 0, deadZone: 0, retryOut: 0, shortStop: 0, respawns: 0, byCase: [0, 0, 0, 0] };
const fallLimit = bounds.min[1] - 5;

for (let frame = 0; frame < frames; frame++) {
    const time = frame * DT;
    chunks.push(frameRecord(frame, time, f(DT)));
    for (const w of walkers) {
        if (frame >= w.nextTurn) {
            const a = random() * 2 * Math.PI;
            w.wish = [Math.cos(a), Math.sin(a)];
            if (random() < 0.1) w.wish = [0, 0]; // stand still for a while
            w.nextTurn = frame + 45 + Math.floor(random() * 31); // 0.75 to 1.25 s
            if (w.grounded && random() < 0.25) w.vy = JUMP_SPEED;
        }
        w.vy = Math.max(w.vy - GRAVITY * DT, -MAX_FALL);
        const disp = [f(w.wish[0] * SPEED * DT), f(w.vy * DT), f(w.wish[1] * SPEED * DT)];
        // the walker's centre as f32 (Babylon then computes with exactly the recorded start)
        const p = w.mesh.position;
        p.set(f(p.x), f(p.y), f(p.z));
        w.mesh.computeWorldMatrix(true); // what scene.render() does each frame before game code
        const abs = w.mesh.getAbsolutePosition();
        const start = [abs.x + w.mesh.ellipsoidOffset.x, abs.y + w.mesh.ellipsoidOffset.y, abs.z + w.mesh.ellipsoidOffset.z];

        rec = { iterations: 0, contacts: [], best: null, shortAfter: false };
        w.mesh.moveWithCollisions(new Vector3(disp[0], disp[1], disp[2]));
        const r = rec;
        rec = null;

        w.mesh.computeWorldMatrix(true);
        const after = w.mesh.getAbsolutePosition();
        const end = [after.x + w.mesh.ellipsoidOffset.x, after.y + w.mesh.ellipsoidOffset.y, after.z + w.mesh.ellipsoidOffset.z];
        const moved = [end[0] - start[0], end[1] - start[1], end[2] - start[2]];
        if (moved[0] === 0 && moved[1] === 0 && moved[2] === 0 && disp.some((v) => v !== 0)) stats.deadZone++;
        const lastHit = r.contacts.length > 0 && r.contacts[r.contacts.length - 1].iteration === r.iterations - 1;
        if (lastHit && r.shortAfter) stats.shortStop++;
        else if (lastHit && r.iterations >= w.mesh.collisionRetryCount) stats.retryOut++;
        chunks.push(moveRecord({
            mover: w.id,
            flags: HAS_RESULT | HAS_SKIN | HAS_MAX_ITERATIONS | (culls ? ONE_SIDED : 0),
            start,
            velocity: disp,
            skin: closeDistance,
            maxIterations: w.mesh.collisionRetryCount,
            end,
            integration: moved, // Babylon keeps no velocity of its own: the game's next step starts from where it ended
            iterations: r.iterations,
            contacts: r.contacts,
        }));
        stats.moves++;
        stats.contacts += r.contacts.length;
        stats.iterations += r.iterations;
        for (const c of r.contacts) stats.byCase[c.kind]++;

        // game logic after the move: grounded when the move ended higher than asked (the floor held it up)
        const landed = disp[1] < 0 && moved[1] > disp[1] + 1e-4;
        w.grounded = landed;
        if (landed) w.vy = 0;
        else if (w.vy > 0 && moved[1] < disp[1] - 1e-4) w.vy = 0; // head hit a ceiling
        if (after.y < fallLimit) {
            // fell out of the level: back to the spawn point (a teleport, not a move)
            w.mesh.position.set(w.spawn[0], w.spawn[1], w.spawn[2]);
            w.vy = 0;
            w.respawns++;
            stats.respawns++;
        }
    }
}
{
    const e = Buffer.alloc(8);
    e.writeUInt32LE(8, 0);
    chunks.push(e);
}
fs.mkdirSync(path.dirname(path.resolve(outPath)), { recursive: true });
const out = Buffer.concat(chunks);
fs.writeFileSync(outPath, out);

const rel = (p) => path.relative(process.cwd(), p) || p;
console.log(`${rel(outPath)}: ${out.length} bytes, level ${path.basename(levelPath)} (${level.positions.length / 3} vertices, ${triCount} triangles)`);
console.log(`Babylon.js ${AbstractEngine.Version}; level hasMaterial=${hasMaterial} invertTriangles=${invertTriangles} -> ${culls ? "culls (ONE_SIDED)" : "two-sided"}; rightHanded=${scene.useRightHandedSystem}`);
console.log(`moves ${stats.moves}, iterations ${stats.iterations}, contacts ${stats.contacts} (face ${stats.byCase[1]}, edge ${stats.byCase[2]}, vertex ${stats.byCase[3]}, unknown ${stats.byCase[0]}), ended on a short leftover (<= ${closeDistance} eSpace, dropped) ${stats.shortStop}, ended at the retry limit (${walkers[0].mesh.collisionRetryCount}) with motion left ${stats.retryOut}, left in place by the ${AbstractEngine.CollisionsEpsilon} m dead zone ${stats.deadZone}, respawns ${stats.respawns}`);
