// slidescope-probe for JavaScript: records a game's collide-and-slide moves as a slidescope
// probe file (docs/probe-format.md, version 1.1). Byte for byte what the Rust crate
// `slidescope-probe` (RecordingProbe) and the C header `slidescope_probe.h` write for the same
// calls. Plain ESM, no dependencies, no build step; loads in Node and in browsers.

/** Magic, version 1.1. */
const MAGIC = [0x53, 0x4c, 0x50, 0x52, 0x4f, 0x42, 0x45, 0x00]; // "SLPROBE\0"
export const VERSION_MAJOR = 1;
export const VERSION_MINOR = 1;

/** Record kinds. */
export const KIND = Object.freeze({
    MESH: 1,
    USE_MESH: 2,
    LEVEL_FILE: 3,
    FRAME: 4,
    MOVE: 5,
    OBJECT_MESH: 6,
    OBJECT_POSES: 7,
    END: 8,
    CONVENTIONS: 9,
});

/** MOVE flags. */
export const HAS_RESULT = 1 << 0;
export const HAS_SKIN = 1 << 1;
export const HAS_MAX_ITERATIONS = 1 << 2;

/** Contact cases. */
export const CASE_UNKNOWN = 0;
export const CASE_FACE = 1;
export const CASE_EDGE = 2;
export const CASE_VERTEX = 3;

/** The triangle index meaning "unknown". */
export const NO_TRIANGLE = 0xffffffff;

/** Bits of the MISSING convention: fields the engine does not have and sends as placeholders. */
// begin constants: generated from crates/slidescope-conventions/src/table.rs (SLIDESCOPE_BLESS=1 cargo test -p slidescope-conventions rewrites it)
export const MISSING_INTEGRATION_VELOCITY = 1 << 0;
export const MISSING_ITERATIONS = 1 << 1;
export const MISSING_CONTACT_T = 1 << 2;
export const MISSING_CONTACT_CENTER = 1 << 3;
export const MISSING_CONTACT_NORMAL = 1 << 4;
export const MISSING_CONTACT_TRIANGLE = 1 << 5;
// end constants

const MOVE_FIXED_BYTES = 136;
const CONTACT_BYTES = 52;
const FRAME_BYTES = 20;
const OBJECT_POSE_BYTES = 60;
/** A buffer is handed to the sink when it reaches this size... */
const FLUSH_BYTES = 64 * 1024;
/** ...or at a frame marker when this long (ms) has passed since the last hand-over. */
const FLUSH_INTERVAL_MS = 8;

const CASES = { face: CASE_FACE, edge: CASE_EDGE, vertex: CASE_VERTEX };

// ---------------------------------------------------------------- FNV-1a 64

/**
 * 64-bit FNV-1a of `bytes` as a BigInt (h = 0xcbf29ce484222325; per byte h = (h ^ b) *
 * 0x100000001b3, wrapping). Computed on two 32-bit halves (exact, and ~100x faster than a BigInt
 * per byte on a large mesh); `test/scripted.mjs` checks it against the plain BigInt loop.
 */
export function fnv1a64(bytes) {
    let lo = 0x84222325, hi = 0xcbf29ce4;
    for (let i = 0; i < bytes.length; i++) {
        lo = (lo ^ bytes[i]) >>> 0;
        // (hi * 2^32 + lo) * (2^40 + 0x1b3) mod 2^64 = lo * 0x1b3 + (hi * 0x1b3 + (lo << 8)) * 2^32
        const loMul = lo * 0x1b3; // < 2^41: exact
        const carry = Math.floor(loMul / 0x100000000);
        hi = (Math.imul(hi, 0x1b3) + ((lo << 8) >>> 0) + carry) >>> 0;
        lo = loMul >>> 0;
    }
    return (BigInt(hi) << 32n) | BigInt(lo);
}

// ---------------------------------------------------------------- the encoder

/** A growable little-endian byte buffer. */
class Buf {
    constructor(capacity) {
        this.bytes = new Uint8Array(capacity);
        this.view = new DataView(this.bytes.buffer);
        this.len = 0;
    }
    reserve(more) {
        const need = this.len + more;
        if (need <= this.bytes.length) return;
        let cap = this.bytes.length * 2;
        while (cap < need) cap *= 2;
        const b = new Uint8Array(cap);
        b.set(this.bytes.subarray(0, this.len));
        this.bytes = b;
        this.view = new DataView(b.buffer);
    }
    u16(v) {
        this.view.setUint16(this.len, v, true);
        this.len += 2;
    }
    u32(v) {
        this.view.setUint32(this.len, v >>> 0, true);
        this.len += 4;
    }
    u64(v) {
        this.view.setBigUint64(this.len, BigInt.asUintN(64, BigInt(v)), true);
        this.len += 8;
    }
    f32(v) {
        this.view.setFloat32(this.len, v, true); // rounds to the nearest f32, as `as f32`
        this.len += 4;
    }
    f64(v) {
        this.view.setFloat64(this.len, v, true);
        this.len += 8;
    }
    vec3(v, what) {
        if (!v || v.length !== 3) throw new TypeError(`slidescope-probe: ${what} must be 3 numbers`);
        this.f32(v[0]);
        this.f32(v[1]);
        this.f32(v[2]);
    }
    u32At(at, v) {
        this.view.setUint32(at, v >>> 0, true);
    }
    /** Starts a record of `kind` whose payload is `len` bytes (reserved). */
    record(kind, len) {
        this.reserve(8 + len);
        this.u32(kind);
        this.u32(len);
    }
}

/** Flat xyz numbers from a Float32Array, a flat number array or an array of [x, y, z]. */
function flat(a, what) {
    if (a == null) throw new TypeError(`slidescope-probe: ${what} missing`);
    if (a.length > 0 && typeof a[0] === "object" && a[0] !== null) {
        const out = [];
        for (const t of a) out.push(t[0], t[1], t[2]);
        return out;
    }
    if (a.length % 3 !== 0) throw new RangeError(`slidescope-probe: ${what} length ${a.length} is not a multiple of 3`);
    return a;
}

function bool(v) {
    return v ? 1 : 0;
}

function f32Bits(v) {
    const dv = new DataView(new ArrayBuffer(4));
    dv.setFloat32(0, v, true);
    return dv.getUint32(0, true);
}

/** The declared entries of a conventions object as [key, value] pairs, in key order. */
export function conventionEntries(c = {}) {
    const e = [];
    const add = (key, v, map) => {
        if (v === undefined || v === null) return;
        e.push([key, map(v) >>> 0]);
    };
    const oneOf = (names, what) => (v) => {
        const i = typeof v === "number" ? v : names.indexOf(v);
        if (!(i >= 0 && i < names.length)) throw new RangeError(`slidescope-probe: ${what} must be one of ${names.join(", ")} (got ${v})`);
        return i;
    };
// begin entries: generated from crates/slidescope-conventions/src/table.rs (SLIDESCOPE_BLESS=1 cargo test -p slidescope-conventions rewrites it)
    add(1, c.paddingAlongVelocity, bool);
    add(2, c.shortMotionDropped, bool);
    add(3, c.minMotionEs, f32Bits);
    add(4, c.minMotionM, f32Bits);
    add(5, c.deadZoneM, f32Bits);
    add(6, c.keepLastOnLimit, bool);
    add(7, c.sidedness, oneOf(["two_sided", "behind_ignored", "leaving_ignored"], "sidedness"));
    add(8, c.impulseFilter, bool);
    add(9, c.upAxis, oneOf(["+y", "+z", "-y", "-z", "+x", "-x"], "upAxis"));
    add(10, c.leftHanded, bool);
    add(11, c.clockwiseFront, bool);
    add(12, c.missing, (v) => v);
    add(13, c.rootsAfterStartOnly, bool);
    add(14, c.projection, oneOf(["slide_plane", "linahan", "contact_point", "clip"], "projection"));
    add(15, c.moveScale, f32Bits);
    add(16, c.floorStopDeg, f32Bits);
    add(17, c.embeddedKept, bool);
    add(18, c.freeMovesPadded, bool);
    add(19, c.skinInMetres, bool);
    add(20, c.worldResponse, bool);
    add(21, c.normalFromStart, bool);
    add(22, c.embeddedPlaneSkipped, bool);
    add(23, c.fauerbyF32, bool);
    add(24, c.stepBackEs, f32Bits);
// end entries
    return e;
}

/** MESH (object undefined) or OBJECT_MESH; returns the hash. */
function encodeMesh(b, object, positions, indices) {
    const p = flat(positions, "positions");
    const ix = flat(indices, "indices");
    const vc = p.length / 3;
    const tc = ix.length / 3;
    const len = (object === undefined ? 0 : 4) + 16 + vc * 12 + tc * 12;
    const start = b.len;
    b.record(object === undefined ? KIND.MESH : KIND.OBJECT_MESH, len);
    if (object !== undefined) b.u32(object);
    const hashAt = b.len;
    b.u64(0n);
    b.u32(vc);
    b.u32(tc);
    for (let i = 0; i < p.length; i++) b.f32(p[i]);
    for (let i = 0; i < ix.length; i++) b.u32(ix[i]);
    const hash = fnv1a64(b.bytes.subarray(hashAt + 8, b.len));
    b.view.setBigUint64(hashAt, hash, true);
    if (b.len - start - 8 !== len) throw new Error("slidescope-probe: mesh record size");
    return hash;
}

function encodeMove(b, m, contacts) {
    if (!m || typeof m !== "object") throw new TypeError("slidescope-probe: logMove needs a move object");
    const n = contacts ? contacts.length : 0;
    let flags = 0;
    const r = m.result;
    if (r) flags |= HAS_RESULT;
    if (m.skinEs !== undefined && m.skinEs !== null) flags |= HAS_SKIN;
    if (m.maxIterations !== undefined && m.maxIterations !== null) flags |= HAS_MAX_ITERATIONS;
    // One way to say which sides collide: the SIDEDNESS convention (flag bit 3 is only read,
    // from files of earlier writers).
    if (m.oneSided) throw new TypeError('slidescope-probe: move.oneSided is gone: declare setConventions({ sidedness: "behind_ignored" }) (or "leaving_ignored", "two_sided")');
    b.record(KIND.MOVE, MOVE_FIXED_BYTES + n * CONTACT_BYTES);
    b.u32(m.mover);
    b.u32(flags);
    b.vec3(m.radii, "move.radii");
    if (m.axes) {
        if (m.axes.length !== 3) throw new TypeError("slidescope-probe: move.axes must be three columns");
        b.vec3(m.axes[0], "move.axes[0]");
        b.vec3(m.axes[1], "move.axes[1]");
        b.vec3(m.axes[2], "move.axes[2]");
    } else {
        b.f32(1); b.f32(0); b.f32(0);
        b.f32(0); b.f32(1); b.f32(0);
        b.f32(0); b.f32(0); b.f32(1);
    }
    b.vec3(m.start, "move.start");
    b.vec3(m.velocity, "move.velocity");
    b.f32(flags & HAS_SKIN ? m.skinEs : 0);
    b.u32(flags & HAS_MAX_ITERATIONS ? m.maxIterations : 0);
    if (r) {
        b.vec3(r.end, "move.result.end");
        b.vec3(r.integrationVelocity, "move.result.integrationVelocity");
        b.u32(r.iterations);
    } else {
        for (let i = 0; i < 6; i++) b.f32(0);
        b.u32(0);
    }
    b.u32(0); b.u32(0); b.u32(0); b.u32(0); // reserved
    b.u32(n);
    for (let i = 0; i < n; i++) {
        const c = contacts[i];
        b.u32(c.iteration);
        const cs = c.case;
        b.u32(cs === undefined || cs === null ? CASE_UNKNOWN : typeof cs === "number" ? cs : CASES[cs] ?? CASE_UNKNOWN);
        b.f32(c.t);
        b.vec3(c.center, "contact.center");
        b.vec3(c.point, "contact.point");
        b.vec3(c.normal, "contact.normal");
        b.u32(c.triangle === undefined || c.triangle === null ? NO_TRIANGLE : c.triangle);
    }
}

const utf8 = new TextEncoder();

// ---------------------------------------------------------------- sinks

/** Node's fs, synchronously when this Node has process.getBuiltinModule (20.16+), else null. */
function nodeFsSync() {
    const p = globalThis.process;
    return p && typeof p.getBuiltinModule === "function" ? p.getBuiltinModule("node:fs") : null;
}

function fileSink(path) {
    const fs = nodeFsSync();
    if (fs) {
        const fd = fs.openSync(path, "w");
        return {
            write(bytes) {
                let off = 0;
                while (off < bytes.length) off += fs.writeSync(fd, bytes, off, bytes.length - off);
            },
            close() {
                fs.closeSync(fd);
            },
        };
    }
    // Older Node: node:fs imported lazily (a browser never gets here: it has no file to write);
    // writes queue until the file is open.
    let closed = false;
    const done = import("node:fs").then(async ({ promises }) => {
        const fh = await promises.open(path, "w");
        return fh;
    });
    let chain = done;
    return {
        write(bytes) {
            chain = chain.then(async (fh) => {
                await fh.write(bytes);
                return fh;
            });
        },
        close() {
            if (closed) return chain.then(() => undefined);
            closed = true;
            return chain.then((fh) => fh.close());
        },
    };
}

function blobSink() {
    const chunks = [];
    return {
        chunks,
        write(bytes) {
            chunks.push(bytes);
        },
        close() {},
    };
}

/**
 * Binary WebSocket messages, one per hand-over, queued until the socket opens. slidescope
 * takes the WebSocket on its probe port (`slidescope listen` prints the URL with its token;
 * `--allow-origin` allows a page's origin).
 */
function webSocketSink(url, onError) {
    const WS = globalThis.WebSocket;
    if (typeof WS !== "function") throw new Error("slidescope-probe: no global WebSocket here (Node 22+ or a browser has one)");
    const ws = new WS(url);
    ws.binaryType = "arraybuffer";
    let queue = [];
    let wantClose = false;
    let failed = false;
    const opened = new Promise((resolve) => {
        ws.addEventListener("open", () => {
            for (const b of queue) ws.send(b);
            queue = null;
            if (wantClose) ws.close();
            resolve();
        });
        ws.addEventListener("error", () => {
            if (!failed) onError(`probe connection ${url} failed`);
            failed = true;
            resolve();
        });
    });
    ws.addEventListener("message", (ev) => {
        if (typeof ev.data === "string" && ev.data.startsWith("slidescope: refused")) {
            failed = true;
            onError(ev.data.trim());
            ws.close();
        }
    });
    return {
        write(bytes) {
            if (failed) throw new Error(`connection ${url} is gone`);
            if (queue) queue.push(bytes);
            else ws.send(bytes);
        },
        close() {
            wantClose = true;
            if (!queue) ws.close();
            return opened.then(() => new Promise((resolve) => {
                if (ws.readyState === 3) return resolve();
                ws.addEventListener("close", () => resolve());
            }));
        },
    };
}

/** The protocol of a game tab streaming to a slidescope page (`docs/probe.md`, "A game's tab"). */
export const TAB_PROTOCOL = "slidescope-tab/1";
/**
 * Bytes a game tab keeps so that a slidescope page opened (or reloaded) later gets its stream:
 * what the page holds unread at most (its replay arrives at once).
 */
const TAB_KEEP_BYTES = 128 * 1024 * 1024;

/**
 * Posts the stream on the BroadcastChannel `slidescope:<channel>` of this origin, where the
 * slidescope page opened at `index.html#live=<channel>` reads it: `begin` (a new stream, this
 * page's load), `bytes` (each hand-over) and `end`. Every hand-over is kept (up to `keepBytes`)
 * and posted again from the start when a page says `hello`, so either tab may reload; a page
 * answers each `begin` with `following` and the stream's id. A BroadcastChannel reaches only
 * pages of the same origin. `flush()` runs before the `end` a closing page posts.
 */
function tabSink(channel, keepBytes, onError, flush) {
    const BC = globalThis.BroadcastChannel;
    if (typeof BC !== "function") throw new Error("slidescope-probe: no BroadcastChannel here (a browser has one)");
    const bc = new BC(`slidescope:${channel}`);
    const stream = Date.now() * 1024 + Math.floor(Math.random() * 1024);
    const kept = [];
    let keptBytes = 0;
    let closed = false;
    let answers = 0;
    let full = false;
    const heard = [];
    const post = (kind, bytes) => bc.postMessage(bytes ? { protocol: TAB_PROTOCOL, kind, stream, bytes } : { protocol: TAB_PROTOCOL, kind, stream });
    const replay = () => {
        post("begin");
        for (const b of kept) post("bytes", b);
        // What did not fit is not sent as if it followed: the page's stream ends there.
        if (full) post("end");
    };
    bc.onmessage = (e) => {
        const d = e.data;
        if (closed || !d || d.protocol !== TAB_PROTOCOL) return;
        if (d.kind === "hello") replay();
        else if (d.kind !== "following" || d.stream !== stream) return;
        answers++;
        for (const h of heard.splice(0)) h();
    };
    const leaving = () => {
        if (closed) return;
        flush();
        post("end");
    };
    // A page restored from the back-forward cache streams again, from its start.
    const back = (e) => {
        if (e.persisted && !closed) replay();
    };
    globalThis.addEventListener?.("pagehide", leaving);
    globalThis.addEventListener?.("pageshow", back);
    post("begin");
    return {
        write(bytes) {
            if (closed) throw new Error("the tab's channel is closed");
            if (!full && keptBytes + bytes.length <= keepBytes) {
                kept.push(bytes);
                keptBytes += bytes.length;
            } else if (!full) {
                full = true;
                onError(`kept the first ${keptBytes} bytes: a slidescope page that opens or reloads from now on gets the stream up to there only`);
            }
            post("bytes", bytes);
        },
        close() {
            if (!closed) post("end");
            closed = true;
            globalThis.removeEventListener?.("pagehide", leaving);
            globalThis.removeEventListener?.("pageshow", back);
            bc.close();
        },
        /** Answers from pages so far (`hello`s and `following`s of this stream). */
        get answers() {
            return answers;
        },
        /** Resolves when a page answers (at once if one has). */
        heard() {
            return answers > 0 ? Promise.resolve() : new Promise((r) => heard.push(r));
        },
    };
}

// ---------------------------------------------------------------- the probe

/** Records a game's moves into one sink: a file, a Blob, a WebSocket, or your own. */
export class Probe {
    /**
     * @param sink `{ write(bytes: Uint8Array), close() }`; `write` gets each full buffer (a
     *   fresh copy, ending at a record boundary); `close` may return a Promise.
     */
    constructor(sink) {
        if (!sink || typeof sink.write !== "function") throw new TypeError("slidescope-probe: a sink needs write(bytes) and close()");
        this._sink = sink;
        this._buf = new Buf(FLUSH_BYTES * 2);
        this._sentMeshes = new Set();
        this._lastFlush = Date.now();
        this._closed = false;
        this._closing = null;
        /** What went wrong with the sink (one line each); after an error it is dropped. */
        this.errors = [];
        const b = this._buf;
        for (const x of MAGIC) b.bytes[b.len++] = x;
        b.u16(VERSION_MAJOR);
        b.u16(VERSION_MINOR);
        b.u32(0);
    }

    /** A new file at `path` (Node; replaced if it exists). */
    static toFile(path) {
        return new Probe(fileSink(path));
    }

    /** Collects the bytes in memory: `.bytes()` / `.blob()` (browser downloads, tests). */
    static toBlob() {
        const sink = blobSink();
        const p = new Probe(sink);
        p._blobSink = sink;
        return p;
    }

    /** Streams binary messages to a WebSocket server (browsers, Node 22+); queued until open. */
    static toWebSocket(url) {
        let p = null;
        const sink = webSocketSink(url, (line) => {
            if (p) p._drop(line);
        });
        p = new Probe(sink);
        return p;
    }

    /**
     * Streams to slidescope pages of this origin following `#live=<channel>` (a browser's
     * BroadcastChannel); keeps up to `keepBytes` (128 MiB) for a page that opens later.
     * `.tab.heard()` resolves when a page asks for the stream.
     */
    static toTab(channel = "game", { keepBytes = TAB_KEEP_BYTES } = {}) {
        if (!/^[A-Za-z0-9._-]{1,64}$/.test(channel)) throw new RangeError(`slidescope-probe: a tab channel is 1 to 64 letters, digits, '.', '_' or '-' (got ${channel})`);
        let p = null;
        const sink = tabSink(channel, keepBytes, (line) => p && p.errors.push(line), () => p && p.flush());
        p = new Probe(sink);
        p.tab = { channel, heard: () => sink.heard(), get answers() { return sink.answers; } };
        return p;
    }

    _drop(line) {
        this.errors.push(line);
        this._sink = null;
    }

    _handOver() {
        const b = this._buf;
        if (b.len === 0) return;
        const bytes = b.bytes.slice(0, b.len);
        b.len = 0;
        this._lastFlush = Date.now();
        if (!this._sink) return;
        try {
            this._sink.write(bytes);
        } catch (e) {
            this._drop(`probe sink dropped: ${e && e.message ? e.message : e}`);
        }
    }

    _maybeHandOver() {
        if (this._buf.len >= FLUSH_BYTES) this._handOver();
    }

    _check() {
        if (this._closed) throw new Error("slidescope-probe: the probe is closed");
    }

    /**
     * The static level as triangles (world, m): `positions` flat xyz (Float32Array or numbers),
     * `indices` flat, 3 a triangle, counter-clockwise from the front (or as declared with
     * setConventions leftHanded / clockwiseFront). Sent once per distinct mesh (FNV-1a 64 of its
     * bytes), then as USE_MESH. Returns the hash (BigInt).
     */
    setLevelMesh(positions, indices) {
        this._check();
        const b = this._buf;
        const start = b.len;
        const hash = encodeMesh(b, undefined, positions, indices);
        if (this._sentMeshes.has(hash)) {
            b.len = start;
            b.record(KIND.USE_MESH, 8);
            b.u64(hash);
        } else {
            this._sentMeshes.add(hash);
        }
        this._maybeHandOver();
        return hash;
    }

    /** The static level is a file slidescope can open, pinned by the FNV-1a 64 (BigInt) of its bytes. */
    setLevelFile(path, hash) {
        this._check();
        const p = utf8.encode(path);
        const b = this._buf;
        b.record(KIND.LEVEL_FILE, 12 + p.length);
        b.u64(hash);
        b.u32(p.length);
        b.bytes.set(p, b.len);
        b.len += p.length;
        this._maybeHandOver();
    }

    /**
     * What the game's collide-and-slide does where implementations differ (format 1.1): every
     * field optional (undefined = undeclared); see index.d.ts `Conventions`.
     */
    setConventions(conventions) {
        this._check();
        const e = conventionEntries(conventions);
        const b = this._buf;
        b.record(KIND.CONVENTIONS, 4 + e.length * 8);
        b.u32(e.length);
        for (const [k, v] of e) {
            b.u32(k);
            b.u32(v);
        }
        this._maybeHandOver();
    }

    /** A moving object's triangles in model space. */
    setObjectMesh(object, positions, indices) {
        this._check();
        encodeMesh(this._buf, object >>> 0, positions, indices);
        this._maybeHandOver();
    }

    /**
     * Where the moving objects are for the moves that follow: `[{ object, previous: { rotation:
     * [x, y, z, w], translation: [3] }, current: {...} }]`.
     */
    objectPoses(poses) {
        this._check();
        const b = this._buf;
        b.record(KIND.OBJECT_POSES, 4 + poses.length * OBJECT_POSE_BYTES);
        b.u32(poses.length);
        for (const p of poses) {
            b.u32(p.object);
            for (const pose of [p.previous, p.current]) {
                const r = pose.rotation;
                b.f32(r[0]); b.f32(r[1]); b.f32(r[2]); b.f32(r[3]);
                b.vec3(pose.translation, "pose.translation");
            }
        }
        this._maybeHandOver();
    }

    /** A game frame begins: frame number (number or BigInt), clock (s, f64), step (s, f32). */
    frame(frame, timeSecs, dtSecs) {
        this._check();
        const b = this._buf;
        b.record(KIND.FRAME, FRAME_BYTES);
        b.u64(frame);
        b.f64(timeSecs);
        b.f32(dtSecs);
        if (b.len >= FLUSH_BYTES || Date.now() - this._lastFlush >= FLUSH_INTERVAL_MS) this._handOver();
    }

    /** One collide-and-slide call, with the contacts its iterations responded to. */
    logMove(move, contacts = []) {
        this._check();
        encodeMove(this._buf, move, contacts);
        this._maybeHandOver();
    }

    /** Hands everything logged so far to the sink. */
    flush() {
        if (!this._closed) this._handOver();
    }

    /** Writes END, hands everything over and closes the sink; resolves when it is closed. */
    close() {
        if (this._closing) return this._closing;
        const b = this._buf;
        b.record(KIND.END, 0);
        this._handOver();
        this._closed = true;
        let r;
        try {
            r = this._sink ? this._sink.close() : undefined;
        } catch (e) {
            this.errors.push(`probe sink close failed: ${e && e.message ? e.message : e}`);
        }
        this._closing = Promise.resolve(r).catch((e) => {
            this.errors.push(`probe sink close failed: ${e && e.message ? e.message : e}`);
        });
        return this._closing;
    }

    /** toBlob(): the bytes so far (everything logged is handed over first), as one Uint8Array. */
    bytes() {
        if (!this._blobSink) throw new Error("slidescope-probe: bytes() is for Probe.toBlob()");
        this.flush();
        const chunks = this._blobSink.chunks;
        let n = 0;
        for (const c of chunks) n += c.length;
        const out = new Uint8Array(n);
        let o = 0;
        for (const c of chunks) {
            out.set(c, o);
            o += c.length;
        }
        return out;
    }

    /** toBlob(): the bytes so far as a Blob (application/octet-stream). */
    blob() {
        if (!this._blobSink) throw new Error("slidescope-probe: blob() is for Probe.toBlob()");
        this.flush();
        return new Blob(this._blobSink.chunks, { type: "application/octet-stream" });
    }
}
