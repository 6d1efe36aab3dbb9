// Where the port harnesses' walkers start, shared by tests/ports/babylon/record.mjs and the
// adapter's walk (probe-js/test/walk.mjs, in Node and in a page), so both draw the same moves:
// a seeded RNG (mulberry32) and spawn points found by rays from random points of the level.

import { levelBounds } from "./level_mesh.mjs";

const f = Math.fround;

/** A seeded RNG (mulberry32): numbers in [0, 1). */
export function rng(seed) {
    let s = seed >>> 0;
    return () => {
        s = (s + 0x6d2b79f5) >>> 0;
        let t = s;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

/** Spawn points for `n` walkers of ellipsoid radii `RADII` (f32) on `level`: on a walkable floor, clear of
 * walls and ceilings, 2 m apart, at least 1.1 eSpace from every triangle. */
export function spawnPoints(level, n, random, RADII) {
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
