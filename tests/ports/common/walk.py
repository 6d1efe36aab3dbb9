"""walk.py -- what the Python recorders share: the level from a MESH-only probe file, a uniform
grid over its triangles, a seeded RNG (mulberry32, as tests/ports/common/spawn.mjs) and spawn
points on upward floors clear of the level (Ericson, Real-Time Collision Detection 5.1.5)."""
import math
import struct
import sys


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def read_mesh(path):
    """The MESH record's bytes and its triangles (three (x, y, z) tuples each)."""
    data = open(path, "rb").read()
    if data[:8] != b"SLPROBE\0":
        sys.exit(f"{path}: not a probe file")
    at = 16
    while at + 8 <= len(data):
        kind, length = struct.unpack_from("<II", data, at)
        if at + 8 + length > len(data):
            sys.exit(f"{path}: truncated record")
        if kind == 1:
            if length < 16:
                sys.exit(f"{path}: bad MESH record")
            record = data[at : at + 8 + length]
            vc, tc = struct.unpack_from("<II", data, at + 16)
            if 24 + 12 * vc + 12 * tc > 8 + length:
                sys.exit(f"{path}: MESH record shorter than its counts")
            p = at + 24
            verts = [struct.unpack_from("<fff", data, p + 12 * v) for v in range(vc)]
            p += 12 * vc
            tris = []
            for t in range(tc):
                idx = struct.unpack_from("<III", data, p + 12 * t)
                if max(idx) >= vc:
                    sys.exit(f"{path}: index out of range")
                tris.append(tuple(verts[k] for k in idx))
            return record, tris
        at += 8 + length
    sys.exit(f"{path}: no MESH record")


class Grid:
    """Triangles by the 2 m cells their bounds overlap."""

    def __init__(self, tris, cell=2.0):
        self.cell = cell
        self.boxes = []
        self.cells = {}
        for t, tri in enumerate(tris):
            lo = [min(v[k] for v in tri) for k in range(3)]
            hi = [max(v[k] for v in tri) for k in range(3)]
            self.boxes.append((lo, hi))
            for key in self.keys(lo, hi):
                self.cells.setdefault(key, []).append(t)

    def keys(self, lo, hi):
        c = self.cell
        for ix in range(math.floor(lo[0] / c), math.floor(hi[0] / c) + 1):
            for iy in range(math.floor(lo[1] / c), math.floor(hi[1] / c) + 1):
                for iz in range(math.floor(lo[2] / c), math.floor(hi[2] / c) + 1):
                    yield (ix, iy, iz)

    def near(self, lo, hi):
        """Every triangle whose bounds meet [lo, hi], ascending."""
        found = set()
        for key in self.keys(lo, hi):
            for t in self.cells.get(key, ()):
                blo, bhi = self.boxes[t]
                if all(blo[k] <= hi[k] and bhi[k] >= lo[k] for k in range(3)):
                    found.add(t)
        return sorted(found)


class Rng:
    def __init__(self, seed):
        self.s = seed & 0xFFFFFFFF

    def __call__(self):
        self.s = (self.s + 0x6D2B79F5) & 0xFFFFFFFF
        t = self.s
        t = ((t ^ (t >> 15)) * (t | 1)) & 0xFFFFFFFF
        t ^= (t + (((t ^ (t >> 7)) * (t | 61)) & 0xFFFFFFFF)) & 0xFFFFFFFF
        return ((t ^ (t >> 14)) & 0xFFFFFFFF) / 4294967296.0


def sub(u, v):
    return (u[0] - v[0], u[1] - v[1], u[2] - v[2])


def dot(u, v):
    return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]


def cross(u, v):
    return (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])


def dist_sq_point_triangle(p, a, b, c):
    ab, ac, ap = sub(b, a), sub(c, a), sub(p, a)

    def at(q):
        d = sub(p, q)
        return dot(d, d)

    d1, d2 = dot(ab, ap), dot(ac, ap)
    if d1 <= 0 and d2 <= 0:
        return at(a)
    bp = sub(p, b)
    d3, d4 = dot(ab, bp), dot(ac, bp)
    if d3 >= 0 and d4 <= d3:
        return at(b)
    vc = d1 * d4 - d3 * d2
    if vc <= 0 and d1 >= 0 and d3 <= 0:
        v = d1 / (d1 - d3)
        return at(tuple(a[k] + v * ab[k] for k in range(3)))
    cp = sub(p, c)
    d5, d6 = dot(ab, cp), dot(ac, cp)
    if d6 >= 0 and d5 <= d6:
        return at(c)
    vb = d5 * d2 - d1 * d6
    if vb <= 0 and d2 >= 0 and d6 <= 0:
        w = d2 / (d2 - d6)
        return at(tuple(a[k] + w * ac[k] for k in range(3)))
    va = d3 * d6 - d5 * d4
    if va <= 0 and d4 - d3 >= 0 and d5 - d6 >= 0:
        w = (d4 - d3) / ((d4 - d3) + (d5 - d6))
        return at(tuple(b[k] + w * (c[k] - b[k]) for k in range(3)))
    denom = 1 / (va + vb + vc)
    v, w = vb * denom, vc * denom
    return at(tuple(a[k] + ab[k] * v + ac[k] * w for k in range(3)))


class Spawner:
    """Random points on upward floors (normal.y > 0.8), the ellipsoid lifted 1.15 radii and
    clear of every triangle by 1.1 eSpace; `indoor`: under a downward-facing triangle too."""

    def __init__(self, tris, grid, radii, rng, indoor):
        self.tris, self.grid, self.radii, self.rng, self.indoor = tris, grid, radii, rng, indoor
        self.floors = []
        for t, (a, b, c) in enumerate(tris):
            n = cross(sub(b, a), sub(c, a))
            ln = math.sqrt(dot(n, n))
            if ln > 1e-4 and n[1] / ln > 0.8:
                self.floors.append(t)
        if not self.floors:
            sys.exit("the level has no floor")

    def clear(self, p):
        r = self.radii
        es = lambda q: (q[0] / r[0], q[1] / r[1], q[2] / r[2])  # noqa: E731
        pe = es(p)
        for t in self.grid.near([p[k] - 2 for k in range(3)], [p[k] + 2 for k in range(3)]):
            a, b, c = self.tris[t]
            if dist_sq_point_triangle(pe, es(a), es(b), es(c)) < 1.1 * 1.1:
                return False
        return True

    def ceiling_above(self, p):
        """A downward-facing triangle straight above p (Moller-Trumbore)."""
        d = (0.0, 1.0, 0.0)
        for a, b, c in self.tris:
            e1, e2 = sub(b, a), sub(c, a)
            if cross(e1, e2)[1] >= 0:
                continue
            q = cross(d, e2)
            det = dot(e1, q)
            if abs(det) <= 1e-12:
                continue
            s = sub(p, a)
            u = dot(s, q) / det
            if u < 0 or u > 1:
                continue
            r = cross(s, e1)
            v = dot(d, r) / det
            if v >= 0 and u + v <= 1 and dot(e2, r) / det > 1e-6:
                return True
        return False

    def __call__(self):
        for _ in range(5000):
            a, b, c = self.tris[self.floors[int(self.rng() * len(self.floors))]]
            u, v = self.rng(), self.rng()
            if u + v > 1:
                u, v = 1 - u, 1 - v
            p = [a[k] + u * (b[k] - a[k]) + v * (c[k] - a[k]) for k in range(3)]
            p[1] += self.radii[1] * 1.15
            if self.clear(p) and (not self.indoor or self.ceiling_above(p)):
                return (f32(p[0]), f32(p[1]), f32(p[2]))
        sys.exit("no clear spawn point")
