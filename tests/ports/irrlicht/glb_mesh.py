#!/usr/bin/env python3
"""glb_mesh.py LEVEL.glb OUT.mesh.slidelog -- flatten a GLB's triangle meshes into a MESH-only probe file.

Same flattening as tests/ports/common/level_mesh.mjs: the default scene (or the first), nodes
depth-first in file order (roots, then each node's children in order), positions times the node's
world matrix in f64 and rounded once to f32, indices (a, c, b) under a world matrix with a
negative determinant; triangle-list primitives only; nothing else altered. Output: the 16-byte
probe header, one MESH record (kind 1: u64 FNV-1a 64 of the payload after the hash, u32
vertex_count, u32 triangle_count, positions f32x3, indices u32x3), END. Python standard library only.
"""
import json
import math
import struct
import sys

COMP = {5120: ("b", 1), 5121: ("B", 1), 5122: ("h", 2), 5123: ("H", 2), 5125: ("I", 4), 5126: ("f", 4)}
NORM = {5120: 127.0, 5121: 255.0, 5122: 32767.0, 5123: 65535.0}


def fnv1a64(data):
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def read_glb(path):
    data = open(path, "rb").read()
    magic, version, length = struct.unpack_from("<III", data, 0)
    if magic != 0x46546C67 or version != 2:
        raise SystemExit(f"{path}: not a glTF 2.0 binary")
    at, doc, binc = 12, None, b""
    while at < length:
        clen, ctype = struct.unpack_from("<II", data, at)
        chunk = data[at + 8 : at + 8 + clen]
        if ctype == 0x4E4F534A:
            doc = json.loads(chunk.decode("utf-8"))
        elif ctype == 0x004E4942:
            binc = chunk
        at += 8 + clen
    return doc, binc


def accessor(doc, binc, index):
    acc = doc["accessors"][index]
    if "sparse" in acc:
        raise SystemExit("sparse accessors are not supported")
    fmt, size = COMP[acc["componentType"]]
    ncomp = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4}[acc["type"]]
    count = acc["count"]
    if "bufferView" not in acc:
        return [[0.0] * ncomp for _ in range(count)]
    bv = doc["bufferViews"][acc["bufferView"]]
    if bv.get("buffer", 0) != 0:
        raise SystemExit("only the GLB's own buffer is supported")
    base = bv.get("byteOffset", 0) + acc.get("byteOffset", 0)
    stride = bv.get("byteStride", size * ncomp)
    out = []
    norm = acc.get("normalized", False)
    for i in range(count):
        vals = list(struct.unpack_from("<" + fmt * ncomp, binc, base + i * stride))
        if norm and acc["componentType"] in NORM:
            vals = [max(v / NORM[acc["componentType"]], -1.0) for v in vals]
        out.append(vals)
    return out


def mul4(a, b):  # column-major
    o = [0.0] * 16
    for c in range(4):
        for r in range(4):
            o[c * 4 + r] = sum(a[k * 4 + r] * b[c * 4 + k] for k in range(4))
    return o


def local_matrix(node):
    if "matrix" in node:
        return [float(v) for v in node["matrix"]]
    t = node.get("translation", [0, 0, 0])
    x, y, z, w = node.get("rotation", [0, 0, 0, 1])
    s = node.get("scale", [1, 1, 1])
    # gl-matrix fromRotationTranslationScale
    x2, y2, z2 = x + x, y + y, z + z
    xx, xy, xz = x * x2, x * y2, x * z2
    yy, yz, zz = y * y2, y * z2, z * z2
    wx, wy, wz = w * x2, w * y2, w * z2
    return [
        (1 - (yy + zz)) * s[0], (xy + wz) * s[0], (xz - wy) * s[0], 0.0,
        (xy - wz) * s[1], (1 - (xx + zz)) * s[1], (yz + wx) * s[1], 0.0,
        (xz + wy) * s[2], (yz - wx) * s[2], (1 - (xx + yy)) * s[2], 0.0,
        float(t[0]), float(t[1]), float(t[2]), 1.0,
    ]


def det3(m):
    return (m[0] * (m[5] * m[10] - m[9] * m[6]) - m[4] * (m[1] * m[10] - m[9] * m[2])
            + m[8] * (m[1] * m[6] - m[5] * m[2]))


def main():
    if len(sys.argv) != 3:
        raise SystemExit("usage: glb_mesh.py LEVEL.glb OUT.mesh.slidelog")
    doc, binc = read_glb(sys.argv[1])
    scenes = doc.get("scenes", [])
    scene = scenes[doc.get("scene", 0)] if scenes else None
    if scene is None:
        raise SystemExit("no scene")
    ident = [1.0, 0, 0, 0, 0, 1.0, 0, 0, 0, 0, 1.0, 0, 0, 0, 0, 1.0]
    pos, idx = [], []
    stack = [(n, ident) for n in reversed(scene.get("nodes", []))]
    while stack:
        ni, parent = stack.pop()
        node = doc["nodes"][ni]
        world = mul4(parent, local_matrix(node))
        if "mesh" in node:
            flip = det3(world) < 0
            for prim in doc["meshes"][node["mesh"]]["primitives"]:
                if prim.get("mode", 4) != 4:
                    continue
                p = accessor(doc, binc, prim["attributes"]["POSITION"])
                base = len(pos) // 3
                for x, y, z in p:
                    pos += [world[0] * x + world[4] * y + world[8] * z + world[12],
                            world[1] * x + world[5] * y + world[9] * z + world[13],
                            world[2] * x + world[6] * y + world[10] * z + world[14]]
                n = len(p)
                ind = [v[0] for v in accessor(doc, binc, prim["indices"])] if "indices" in prim else list(range(n))
                for t in range(0, len(ind) - 2, 3):
                    a, b, c = ind[t], ind[t + 1], ind[t + 2]
                    if a >= n or b >= n or c >= n:
                        continue
                    idx += [base + a, base + c, base + b] if flip else [base + a, base + b, base + c]
        for c in reversed(node.get("children", [])):
            stack.append((c, world))
    vc, tc = len(pos) // 3, len(idx) // 3
    after = struct.pack("<II", vc, tc) + struct.pack(f"<{len(pos)}f", *pos) + struct.pack(f"<{len(idx)}I", *idx)
    payload = struct.pack("<Q", fnv1a64(after)) + after
    out = b"SLPROBE\0" + struct.pack("<HHI", 1, 0, 0) + struct.pack("<II", 1, len(payload)) + payload
    out += struct.pack("<II", 8, 0)
    open(sys.argv[2], "wb").write(out)
    print(f"{sys.argv[2]}: {vc} vertices, {tc} triangles, hash {fnv1a64(after):016x}")


if __name__ == "__main__":
    main()
