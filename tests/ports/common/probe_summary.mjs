// Reads a probe file the way docs/probe-format.md says and prints what it holds; an independent
// check of the port writers (slidescope's reader is `slidescope probe-check`).
//
//   node probe_summary.mjs FILE.slidelog [--mover ID [--from N] [--count N]]
//
// Checks: the header, every record's length against its kind's fixed part, MESH hashes
// (FNV-1a 64), contact counts, that the file ends exactly at a record boundary after an END.
// With --mover, prints that mover's moves and contacts (world units) from its N-th move on.

import fs from "node:fs";
import { fnv1a64 } from "./level_mesh.mjs";

const args = process.argv.slice(2);
const file = args[0];
const opt = (name, dflt) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args[i + 1]) : dflt;
};
const mover = opt("--mover", null), from = opt("--from", 0), count = opt("--count", 20);
if (!file) {
    console.error("usage: node probe_summary.mjs FILE.slidelog [--mover ID [--from N] [--count N]]");
    process.exit(2);
}
const b = fs.readFileSync(file);
const fail = (msg) => {
    console.error(`${file}: ${msg}`);
    process.exit(1);
};
if (b.length < 16 || b.toString("latin1", 0, 8) !== "SLPROBE\0") fail("not a probe file");
const major = b.readUInt16LE(8), minor = b.readUInt16LE(10);
if (major !== 1) fail(`major version ${major}`);
const names = { 1: "MESH", 2: "USE_MESH", 3: "LEVEL_FILE", 4: "FRAME", 5: "MOVE", 6: "OBJECT_MESH", 7: "OBJECT_POSES", 8: "END", 9: "CONVENTIONS" };
const fixed = { 1: 16, 2: 8, 3: 12, 4: 20, 5: 136, 6: 20, 7: 4, 8: 0, 9: 4 };
const kinds = {};
let o = 16, ended = false, frame = 0, moves = 0, contacts = 0, flagsSeen = new Set(), shown = 0, nth = 0;
const byCase = [0, 0, 0, 0], iters = {};
const v3 = (p) => [b.readFloatLE(p), b.readFloatLE(p + 4), b.readFloatLE(p + 8)];
const fmt = (v) => v.map((x) => x.toFixed(4)).join(", ");
while (o < b.length) {
    if (ended) fail(`bytes after END at ${o}`);
    if (o + 8 > b.length) fail(`truncated record header at byte ${o}`);
    const kind = b.readUInt32LE(o), len = b.readUInt32LE(o + 4), p = o + 8;
    if (p + len > b.length) fail(`record at byte ${o} claims ${len} bytes, ${b.length - p} left`);
    if (fixed[kind] !== undefined && len < fixed[kind]) fail(`${names[kind]} at byte ${o}: ${len} < ${fixed[kind]} bytes`);
    kinds[names[kind] ?? `kind ${kind}`] = (kinds[names[kind] ?? `kind ${kind}`] ?? 0) + 1;
    if (kind === 1) {
        const vc = b.readUInt32LE(p + 8), tc = b.readUInt32LE(p + 12);
        if (len !== 16 + 12 * vc + 12 * tc) fail(`MESH at byte ${o}: length ${len} for ${vc} vertices, ${tc} triangles`);
        const h = fnv1a64(b.subarray(p + 8, p + len));
        if (h !== b.readBigUInt64LE(p)) fail(`MESH at byte ${o}: hash mismatch`);
        for (let i = 0; i < 3 * tc; i++) if (b.readUInt32LE(p + 16 + 12 * vc + 4 * i) >= vc) fail(`MESH index out of range`);
        console.log(`MESH ${vc} vertices, ${tc} triangles, fnv1a64 ${h.toString(16).padStart(16, "0")}`);
    } else if (kind === 4) {
        frame = Number(b.readBigUInt64LE(p));
    } else if (kind === 5) {
        const cc = b.readUInt32LE(p + 132);
        if (len !== 136 + 52 * cc) fail(`MOVE at byte ${o}: length ${len} for ${cc} contacts`);
        moves++;
        contacts += cc;
        flagsSeen.add(b.readUInt32LE(p + 4));
        const it = b.readUInt32LE(p + 112);
        iters[it] = (iters[it] ?? 0) + 1;
        for (let i = 0; i < cc; i++) byCase[Math.min(b.readUInt32LE(p + 136 + 52 * i + 4), 4) % 4]++;
        if (mover !== null && b.readUInt32LE(p) === mover && nth++ >= from && shown < count) {
            shown++;
            console.log(`frame ${frame} mover ${mover}: start (${fmt(v3(p + 56))}) velocity (${fmt(v3(p + 68))}) end (${fmt(v3(p + 88))}) iterations ${it}`);
            for (let i = 0; i < cc; i++) {
                const q = p + 136 + 52 * i;
                const tri = b.readUInt32LE(q + 48);
                console.log(`  iteration ${b.readUInt32LE(q)} case ${b.readUInt32LE(q + 4)} t ${b.readFloatLE(q + 8).toFixed(5)} centre (${fmt(v3(q + 12))}) point (${fmt(v3(q + 24))}) normal (${fmt(v3(q + 36))}) triangle ${tri === 0xffffffff ? "-" : tri}`);
            }
        }
    } else if (kind === 8) {
        ended = true;
    }
    o = p + len;
}
console.log(`version ${major}.${minor}, ${b.length} bytes, records ${JSON.stringify(kinds)}${ended ? "" : ", no END"}`);
console.log(`moves ${moves}, contacts ${contacts} (unknown ${byCase[0]}, face ${byCase[1]}, edge ${byCase[2]}, vertex ${byCase[3]}), iterations per move ${JSON.stringify(iters)}, flags ${[...flagsSeen].map((x) => "0x" + x.toString(16)).join(" ")}`);
