// A fixed script of probe calls, written with Probe.toFile:
//
//   node probe-js/test/scripted.mjs OUT.slidelog
//
// tests/suite/probe_js.rs makes the same calls with the Rust RecordingProbe and asserts that
// the two files are byte-identical. Every record kind and every optional field is exercised:
// conventions (booleans, floats, enums, missing bits; then an empty declaration), a 4-triangle
// level mesh, the same mesh again (USE_MESH), a level file, an object mesh and poses, frames
// with a u64 frame number above 2^32, moves with and without results, skin, max iterations,
// a rotated ellipsoid, contacts of every case and one without a triangle, END.
//
// The same calls also go through Probe.toBlob(), which must hold the same bytes, and the
// probe's FNV-1a 64 is checked against the plain BigInt loop of docs/probe-format.md.
// Exits 1 on a mismatch.

import fs from "node:fs";
import path from "node:path";
import {
    Probe,
    fnv1a64,
    MISSING_INTEGRATION_VELOCITY,
    MISSING_CONTACT_T,
} from "../index.js";

const out = process.argv[2];
if (!out || process.argv.length !== 3) {
    console.error("usage: node scripted.mjs OUT.slidelog");
    process.exit(2);
}

/** The script; `p` is a Probe. Numbers are the literals tests/suite/probe_js.rs uses as f32. */
function script(p) {
    p.setConventions({
        paddingAlongVelocity: false,
        shortMotionDropped: true,
        minMotionEs: 0.01,
        deadZoneM: 0.001,
        keepLastOnLimit: true,
        sidedness: "leaving_ignored",
        impulseFilter: false,
        upAxis: "+y",
        leftHanded: false,
        clockwiseFront: true,
        missing: MISSING_INTEGRATION_VELOCITY | MISSING_CONTACT_T,
        rootsAfterStartOnly: true,
    });
    // A floor (two triangles, y = 0) and a wall (two triangles, x = 2), clockwise fronts
    // (as declared) seen from the room, x in [-2, 2].
    const positions = new Float32Array([
        -2, 0, -2, //
        2, 0, -2,
        2, 0, 2,
        -2, 0, 2,
        2, 0.1, -2,
        2, 0.1, 2,
        2, 3.3, 2,
        2, 3.3, -2,
    ]);
    const indices = new Uint32Array([0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7]);
    p.setLevelMesh(positions, indices);
    p.setLevelMesh(Array.from(positions), Array.from(indices)); // same bytes: USE_MESH

    p.frame(0, 0, 1 / 60);
    // No result, no settings, identity axes.
    p.logMove({ mover: 0, radii: [0.4, 0.9, 0.4], start: [0, 0.901, 0], velocity: [0.05, -0, 0] });

    p.frame(1, 1 / 60, 1 / 60);
    // A result, skin and iteration limit, contacts of every case and one without a triangle.
    p.logMove(
        {
            mover: 3,
            radii: [0.5, 1, 0.5],
            start: [1.25, 1.0625, -0.3],
            velocity: [0.9, -0.163, 0.1],
            skinEs: 0.01,
            maxIterations: 3,
            result: {
                end: [1.49, 1.01, -0.21],
                integrationVelocity: [0.24, -0.0525, 0.09],
                iterations: 3,
            },
        },
        [
            { iteration: 0, case: "face", t: 0.25, center: [1.475, 1.0, -0.275], point: [1.475, 0, -0.275], normal: [0, 1, 0], triangle: 0 },
            { iteration: 1, case: "edge", t: 0.5, center: [1.5, 1.0, -0.25], point: [2, 0.1, -0.25], normal: [-0.8, 0.6, 0], triangle: 2 },
            { iteration: 2, case: "vertex", t: 0.75, center: [1.49, 1.01, -0.21], point: [2, 0.1, 2], normal: [-0.6, 0.8, 0], triangle: 3 },
            { iteration: 2, t: 1e-7, center: [1.49, 1.01, -0.21], point: [1.49, 0.01, -0.21], normal: [0, 1, 0] },
        ],
    );
    // A result with no contact and no settings.
    p.logMove({
        mover: 4294967295,
        radii: [0.3, 0.3, 0.3],
        start: [-1.5, 0.3, 1.5],
        velocity: [0, 0, 0],
        result: { end: [-1.5, 0.3, 1.5], integrationVelocity: [0, 0, 0], iterations: 1 },
    });

    // A level file, then the mesh again (the moves that follow use it), a moving object.
    p.setLevelFile("levels/room.glb", 0x0123456789abcdefn);
    p.setLevelMesh(positions, indices);
    p.setObjectMesh(7, [0, 0, 0, 1, 0, 0, 0, 0, 1], [0, 1, 2]);
    p.objectPoses([
        {
            object: 7,
            previous: { rotation: [0, 0, 0, 1], translation: [-1, 0.5, -1] },
            current: { rotation: [0, 0.38268343, 0, 0.9238795], translation: [-1, 0.55, -1] },
        },
    ]);

    p.frame(2n ** 40n + 5n, 0.5, 0.02);
    // A rotated ellipsoid (30 degrees about y), culling back faces, iterations 2, one contact.
    p.logMove(
        {
            mover: 9,
            radii: [0.4, 0.9, 0.25],
            axes: [
                [0.8660254, 0, -0.5],
                [0, 1, 0],
                [0.5, 0, 0.8660254],
            ],
            start: [-0.75, 0.95, 0.125],
            velocity: [0.03125, -0.08, 0],
            skinEs: 0.001,
            maxIterations: 30,
            result: { end: [-0.71875, 0.9001, 0.125], integrationVelocity: [0.03125, 0, 0], iterations: 2 },
        },
        [{ iteration: 0, case: "face", t: 0.625, center: [-0.73046875, 0.9, 0.125], point: [-0.73046875, 0, 0.125], normal: [0, 1, 0], triangle: 1 }],
    );
    // An empty declaration replaces the first one.
    p.setConventions({});
    p.logMove({ mover: 1, radii: [0.4, 0.9, 0.4], start: [0, 0.95, 0], velocity: [0, -0.1, 0], maxIterations: 10000 });
}

// 1. The file (the bytes tests/suite/probe_js.rs compares).
fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
const probe = Probe.toFile(out);
script(probe);
await probe.close();
if (probe.errors.length) {
    console.error(`scripted.mjs: ${probe.errors.join("; ")}`);
    process.exit(1);
}
const file = new Uint8Array(fs.readFileSync(out));

// 2. The same calls into a Blob sink: the same bytes.
const inMemory = Probe.toBlob();
script(inMemory);
await inMemory.close();
const bytes = inMemory.bytes();
const blob = new Uint8Array(await inMemory.blob().arrayBuffer());
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
let ok = true;
if (!same(bytes, file) || !same(blob, file)) {
    console.error("scripted.mjs: Probe.toBlob() holds other bytes than Probe.toFile()");
    ok = false;
}

// Sidedness has one way in: the SIDEDNESS convention; a move's oneSided is refused, saying so.
try {
    Probe.toBlob().logMove({ mover: 0, radii: [1, 1, 1], start: [0, 0, 0], velocity: [0, 0, 0], oneSided: true });
    console.error("scripted.mjs: a move with oneSided was accepted");
    ok = false;
} catch (e) {
    if (!(e instanceof TypeError) || !/SIDEDNESS|sidedness/.test(e.message)) {
        console.error(`scripted.mjs: oneSided refused with ${e}`);
        ok = false;
    }
}

// 3. FNV-1a 64 against the plain BigInt loop and the published test vectors.
function fnvBigInt(b) {
    let h = 0xcbf29ce484222325n;
    for (const x of b) h = ((h ^ BigInt(x)) * 0x100000001b3n) & 0xffffffffffffffffn;
    return h;
}
const enc = new TextEncoder();
for (const [s, want] of [["", 0xcbf29ce484222325n], ["a", 0xaf63dc4c8601ec8cn], ["foobar", 0x85944171f73967e8n]]) {
    if (fnv1a64(enc.encode(s)) !== want || fnvBigInt(enc.encode(s)) !== want) {
        console.error(`scripted.mjs: fnv1a64(${JSON.stringify(s)}) is wrong`);
        ok = false;
    }
}
{
    const random = new Uint8Array(4099);
    let s = 12345;
    for (let i = 0; i < random.length; i++) {
        s = (Math.imul(s, 1103515245) + 12345) >>> 0;
        random[i] = s >>> 24;
    }
    for (const b of [random, file]) {
        if (fnv1a64(b) !== fnvBigInt(b)) {
            console.error("scripted.mjs: fnv1a64 differs from the BigInt loop");
            ok = false;
        }
    }
}
// 4. Probe.toTab: the same calls posted on a BroadcastChannel (Node has one, as browsers do)
// as a slidescope page reads them: `begin`, the bytes in hand-overs, `end`; a page's `hello`
// gets the stream again from its start, and another channel hears nothing.
{
    const { TAB_PROTOCOL } = await import("../index.js");
    const page = new BroadcastChannel("slidescope:scripted");
    const other = new BroadcastChannel("slidescope:elsewhere");
    const got = [];
    let stray = 0;
    const ended = new Promise((done) => {
        page.onmessage = (e) => {
            got.push(e.data);
            if (e.data.kind === "end") done();
        };
    });
    other.onmessage = () => stray++;
    const tab = Probe.toTab("scripted");
    // The page asks while the game is recording: the game answers with everything so far.
    script(tab);
    page.postMessage({ protocol: TAB_PROTOCOL, kind: "hello" });
    await tab.tab.heard();
    await tab.close();
    await Promise.race([ended, new Promise((r) => setTimeout(r, 60000))]);
    const streams = [];
    for (const m of got) {
        if (m.protocol !== TAB_PROTOCOL) continue;
        if (m.kind === "begin") streams.push([]);
        else if (m.kind === "bytes") streams[streams.length - 1].push(m.bytes);
    }
    const joined = (parts) => {
        const b = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
        let o = 0;
        for (const p of parts) b.set(p, o), (o += p.length);
        return b;
    };
    const last = got[got.length - 1];
    const kinds = got.map((m) => m.kind).join(" ");
    if (streams.length !== 2 || !same(joined(streams[1]), file) || last?.kind !== "end"
        || !got.every((m) => m.stream === got[0].stream) || stray !== 0 || tab.tab.answers !== 1) {
        console.error(`scripted.mjs: the tab stream is not the file's bytes: ${kinds}; `
            + `${streams.map((s) => joined(s).length).join(", ")} bytes per stream, ${file.length} in the file, ${stray} stray`);
        ok = false;
    }
    page.close();
    other.close();
    // A game that kept less than it sent replays what it kept and ends the replay there (the
    // page never reads a stream with a gap in it), and says so in probe.errors.
    const small = Probe.toTab("small", { keepBytes: 64 });
    const watcher = new BroadcastChannel("slidescope:small");
    const seen = [];
    const replayed = new Promise((done) => {
        watcher.onmessage = (e) => {
            seen.push(e.data.kind);
            if (seen.includes("end")) done();
        };
    });
    script(small);
    small.flush();
    watcher.postMessage({ protocol: TAB_PROTOCOL, kind: "hello" });
    await Promise.race([replayed, new Promise((r) => setTimeout(r, 60000))]);
    const after = seen.slice(seen.lastIndexOf("begin")).join(" ");
    if (after !== "begin end" || !small.errors.some((l) => /kept the first 0 bytes/.test(l))) {
        console.error(`scripted.mjs: a full tab replay is ${JSON.stringify(after)}; errors ${JSON.stringify(small.errors)}`);
        ok = false;
    }
    await small.close();
    watcher.close();
}
console.log(`${out}: ${file.length} bytes${ok ? "" : " (MISMATCH)"}`);
process.exit(ok ? 0 : 1);
