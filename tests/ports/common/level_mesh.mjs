// Level loading and probe MESH records, shared by the port recorders (tests/ports/*/record.mjs).
//
// readLevel(path, io = new NodeIO()): reads a .glb/.gltf with @gltf-transform/core (a page passes
// a WebIO and a URL) and flattens every triangle-mode
// primitive of the default scene (or the first) into one world-space triangle soup:
//   { positions: Float32Array (x, y, z per vertex, world metres, glTF's right-handed +Y-up axes
//     unchanged), indices: Uint32Array (3 per triangle, counter-clockwise seen from the front),
//     stats }.
// Nodes are walked depth-first in file order (scene roots, then each node's children in order),
// the same order as slidescope's glTF loader. Positions are transformed by the node's world
// matrix in f64 and rounded once to f32. A world matrix with a negative determinant mirrors the
// triangles, so their indices are written (a, c, b) to stay counter-clockwise from the front
// (glTF 2.0, 3.7.4 "the determinant of the node's global transform defines the winding order").
// Non-triangle-list primitives (points, lines, strips, fans) are skipped and counted; triangles
// with an out-of-range index are dropped and counted. Nothing else is altered: zero-area
// triangles, duplicate vertices and the file's winding are kept as they are.
//
// meshRecord(level): the probe MESH record (kind 1) for that soup, bytes exactly as
// docs/probe-format.md says (u32 kind, u32 length, u64 FNV-1a 64 of the payload after the hash,
// u32 vertex_count, u32 triangle_count, positions, indices; little-endian).

import { NodeIO } from "@gltf-transform/core";

const TRIANGLES = 4;

function mul4(a, b) {
    // column-major 4x4 (glTF / gl-matrix layout): out = a * b
    const o = new Array(16);
    for (let c = 0; c < 4; c++) {
        for (let r = 0; r < 4; r++) {
            let s = 0;
            for (let k = 0; k < 4; k++) s += a[k * 4 + r] * b[c * 4 + k];
            o[c * 4 + r] = s;
        }
    }
    return o;
}

function det3(m) {
    // determinant of the upper-left 3x3 of a column-major 4x4
    return (
        m[0] * (m[5] * m[10] - m[9] * m[6]) -
        m[4] * (m[1] * m[10] - m[9] * m[2]) +
        m[8] * (m[1] * m[6] - m[5] * m[2])
    );
}

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

export async function readLevel(path, io = new NodeIO()) {
    const doc = await io.read(path);
    const root = doc.getRoot();
    const scene = root.getDefaultScene() ?? root.listScenes()[0];
    if (!scene) throw new Error(`${path}: no scene`);
    const pos = [];
    const idx = [];
    const stats = { nodes: 0, meshNodes: 0, primitives: 0, skippedNonTriangle: 0, droppedTriangles: 0, mirroredNodes: 0 };
    // explicit stack, depth-first pre-order, children in file order
    const stack = scene.listChildren().slice().reverse().map((n) => [n, IDENTITY]);
    while (stack.length) {
        const [node, parent] = stack.pop();
        stats.nodes++;
        const world = mul4(parent, node.getMatrix());
        const mesh = node.getMesh();
        if (mesh) {
            stats.meshNodes++;
            const flip = det3(world) < 0;
            if (flip) stats.mirroredNodes++;
            for (const prim of mesh.listPrimitives()) {
                if (prim.getMode() !== TRIANGLES) {
                    stats.skippedNonTriangle++;
                    continue;
                }
                const posAcc = prim.getAttribute("POSITION");
                if (!posAcc) throw new Error(`${path}: mesh ${mesh.getName()} has a primitive without POSITION`);
                stats.primitives++;
                const base = pos.length / 3;
                const n = posAcc.getCount();
                const v = [0, 0, 0];
                for (let i = 0; i < n; i++) {
                    posAcc.getElement(i, v); // dequantised (normalized accessors) by gltf-transform
                    const [x, y, z] = v;
                    pos.push(
                        world[0] * x + world[4] * y + world[8] * z + world[12],
                        world[1] * x + world[5] * y + world[9] * z + world[13],
                        world[2] * x + world[6] * y + world[10] * z + world[14],
                    );
                }
                const ia = prim.getIndices();
                const count = ia ? ia.getCount() : n;
                const at = ia ? (k) => ia.getScalar(k) : (k) => k;
                for (let t = 0; t + 2 < count; t += 3) {
                    const a = at(t), b = at(t + 1), c = at(t + 2);
                    if (a >= n || b >= n || c >= n) {
                        stats.droppedTriangles++;
                        continue;
                    }
                    if (flip) idx.push(base + a, base + c, base + b);
                    else idx.push(base + a, base + b, base + c);
                }
            }
        }
        const children = node.listChildren();
        for (let i = children.length - 1; i >= 0; i--) stack.push([children[i], world]);
    }
    return { positions: Float32Array.from(pos), indices: Uint32Array.from(idx), stats };
}

/** Axis-aligned bounds of a level: { min: [x,y,z], max: [x,y,z] }. */
export function levelBounds(level) {
    const p = level.positions;
    const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < p.length; i += 3) {
        for (let k = 0; k < 3; k++) {
            if (p[i + k] < min[k]) min[k] = p[i + k];
            if (p[i + k] > max[k]) max[k] = p[i + k];
        }
    }
    return { min, max };
}

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK64 = 0xffffffffffffffffn;

/** 64-bit FNV-1a of a byte range, as a BigInt. */
export function fnv1a64(bytes) {
    // Two 32-bit halves instead of BigInt per byte: h * prime mod 2^64 with prime = 2^40 + 0x1b3.
    let lo = 0x84222325 >>> 0, hi = 0xcbf29ce4 >>> 0;
    for (let i = 0; i < bytes.length; i++) {
        lo = (lo ^ bytes[i]) >>> 0;
        // (hi*2^32 + lo) * (2^40 + 0x1b3) mod 2^64
        //   = lo*0x1b3 + (hi*0x1b3 + (lo << 8)) * 2^32   (lo*2^40 = (lo<<8)*2^32)
        const loMul = lo * 0x1b3; // < 2^41, exact in f64
        const newLo = loMul % 0x100000000;
        const carry = Math.floor(loMul / 0x100000000);
        const newHi = (Math.imul(hi, 0x1b3) + ((lo << 8) >>> 0) + carry) >>> 0;
        lo = newLo >>> 0;
        hi = newHi;
    }
    return (BigInt(hi) << 32n) | BigInt(lo);
}

/** Reference FNV-1a 64 with BigInt (slow; used by the self-test). */
export function fnv1a64Slow(bytes) {
    let h = FNV_OFFSET;
    for (const b of bytes) h = ((h ^ BigInt(b)) * FNV_PRIME) & MASK64;
    return h;
}

/** The complete MESH record (kind 1): 8-byte record header + payload. */
export function meshRecord(level) {
    const vc = level.positions.length / 3;
    const tc = level.indices.length / 3;
    const afterHash = 8 + vc * 12 + tc * 12;
    const payload = 8 + afterHash;
    const buf = Buffer.alloc(8 + payload);
    buf.writeUInt32LE(1, 0);
    buf.writeUInt32LE(payload, 4);
    let o = 16; // kind, length, hash (filled last)
    buf.writeUInt32LE(vc, o); o += 4;
    buf.writeUInt32LE(tc, o); o += 4;
    for (let i = 0; i < level.positions.length; i++, o += 4) buf.writeFloatLE(level.positions[i], o);
    for (let i = 0; i < level.indices.length; i++, o += 4) buf.writeUInt32LE(level.indices[i], o);
    const hash = fnv1a64(buf.subarray(16));
    buf.writeBigUInt64LE(hash, 8);
    return buf;
}
