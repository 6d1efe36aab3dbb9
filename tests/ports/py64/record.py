#!/usr/bin/env python3
"""record.py -- walk py64's player (braydenoneal/py64, a Python game with a port of Fauerby 2003)
on a level and write every `Collider.slide_and_collide` call as a slidescope probe file
(docs/probe-format.md). py64's source is not in this repository: pass the folder that holds its
`py64/` package (README.md says where from). Needs PyGLM from PyPI.

    python3 record.py PY64_DIR LEVEL.mesh.slidelog OUT.slidelog [--movers N] [--seconds S]
                      [--seed K] [--indoor]

LEVEL.mesh.slidelog is a MESH-only probe file (tests/ports/irrlicht/glb_mesh.py); its MESH
record is copied byte for byte into OUT, so contacts use its triangle numbering.

py64 is driven as its own `Game.move_player` drives it: py64's `Player` (its movement flags,
`jump`, `process_jump_vector`, `get_direction`), then two calls a frame, the walk and a constant
fall of 0.2 a frame with `gravity=True`, each in ellipsoid space (position and velocity divided
by `player.scale`). Only the player's size is set for these levels (0.4 x 0.9 x 0.4 m, py64's
own is 0.5 x 1.5 x 0.5 in a forest scaled 42). The collider's face list is set before each call
to the faces near the move (the broad phase a game with a large level adds; py64's forest is
small enough to test every face). Contacts are observed by wrapping `Face.get_intersect` and
the collider's recursive `slide_and_collide`, without changing what they compute.
"""
import math
import struct
import sys


def parse_args(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    opts = {"movers": 8, "seconds": 8.0, "seed": 1, "indoor": False}
    i = 4
    while i < len(argv):
        a = argv[i]
        if a == "--indoor":
            opts["indoor"] = True
            i += 1
        elif a in ("--movers", "--seconds", "--seed"):
            opts[a[2:]] = float(argv[i + 1]) if a == "--seconds" else int(argv[i + 1])
            i += 2
        else:
            sys.exit(f"unknown argument {a}")
    return argv[1], argv[2], argv[3], opts


PY64, MESH_IN, OUT, OPTS = parse_args(sys.argv)
sys.path.insert(0, PY64)
from pyglm import glm  # noqa: E402
from pyglm.glm import vec3  # noqa: E402

from py64.game.collision import collision as py64_collision  # noqa: E402
from py64.game.collision.collider.collider import Collider  # noqa: E402
from py64.game.player.player import Player  # noqa: E402


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


# ---- the level: the MESH record of a MESH-only probe file --------------------------------------
def read_mesh(path):
    data = open(path, "rb").read()
    if data[:8] != b"SLPROBE\0":
        sys.exit(f"{path}: not a probe file")
    at = 16
    while at + 8 <= len(data):
        kind, length = struct.unpack_from("<II", data, at)
        if at + 8 + length > len(data):
            sys.exit(f"{path}: truncated record")
        if kind == 1:
            record = data[at : at + 8 + length]
            vc, tc = struct.unpack_from("<II", data, at + 16)
            p = at + 24
            verts = [struct.unpack_from("<fff", data, p + 12 * v) for v in range(vc)]
            p += 12 * vc
            tris = [tuple(verts[k] for k in struct.unpack_from("<III", data, p + 12 * t)) for t in range(tc)]
            return record, tris
        at += 8 + length
    sys.exit(f"{path}: no MESH record")


MESH_RECORD, TRIS = read_mesh(MESH_IN)
RADII = (f32(0.4), f32(0.9), f32(0.4))
SCALE = vec3(*RADII)

# ---- the faces near a move: a uniform grid over triangle bounds ---------------------------------
CELL = 2.0
BOXES = []
GRID = {}
for t, tri in enumerate(TRIS):
    lo = [min(v[k] for v in tri) for k in range(3)]
    hi = [max(v[k] for v in tri) for k in range(3)]
    BOXES.append((lo, hi))
    for ix in range(math.floor(lo[0] / CELL), math.floor(hi[0] / CELL) + 1):
        for iy in range(math.floor(lo[1] / CELL), math.floor(hi[1] / CELL) + 1):
            for iz in range(math.floor(lo[2] / CELL), math.floor(hi[2] / CELL) + 1):
                GRID.setdefault((ix, iy, iz), []).append(t)

# py64's faces (world) and the key its eSpace copy will have inside `slide_and_collide`.
FACES = [py64_collision.Face(vec3(*a), vec3(*b), vec3(*c), vec3(0, 1, 0), False) for a, b, c in TRIS]
KEY_TO_TRI = {}
for t, face in enumerate(FACES):
    key = tuple(tuple(v) for v in (face.a / SCALE, face.b / SCALE, face.c / SCALE))
    KEY_TO_TRI.setdefault(key, t)


def faces_near(lo, hi):
    found = set()
    for ix in range(math.floor(lo[0] / CELL), math.floor(hi[0] / CELL) + 1):
        for iy in range(math.floor(lo[1] / CELL), math.floor(hi[1] / CELL) + 1):
            for iz in range(math.floor(lo[2] / CELL), math.floor(hi[2] / CELL) + 1):
                for t in GRID.get((ix, iy, iz), ()):
                    blo, bhi = BOXES[t]
                    if all(blo[k] <= hi[k] and bhi[k] >= lo[k] for k in range(3)):
                        found.add(t)
    return sorted(found)


def near_move(start, velocity):
    reach = glm.length(velocity) + max(RADII) + 0.25
    lo = [min(start[k], start[k] + velocity[k]) - reach for k in range(3)]
    hi = [max(start[k], start[k] + velocity[k]) + reach for k in range(3)]
    return [FACES[t] for t in faces_near(lo, hi)]


# ---- observing py64's calls ------------------------------------------------------------------
class Observer:
    """Per detection of the current call: the eSpace start and velocity, and every face's hit."""

    def __init__(self):
        self.levels = []

    def begin(self):
        self.levels = []


OBS = Observer()
_get_intersect = py64_collision.Face.get_intersect


def observed_get_intersect(self, start_point, velocity):
    hit = _get_intersect(self, start_point, velocity)
    if hit is not None and OBS.levels:
        key = (tuple(self.a), tuple(self.b), tuple(self.c))
        OBS.levels[-1]["hits"].append((hit.time, vec3(hit.point), KEY_TO_TRI.get(key)))
    return hit


py64_collision.Face.get_intersect = observed_get_intersect


def observe(collider):
    inner = collider.slide_and_collide  # the bound method: recursion goes through the instance

    def wrapped(player, position, velocity, gravity=False, iterations=0):
        if not (iterations > 5 or velocity == vec3(0)):
            OBS.levels.append({"from": vec3(position), "v": vec3(velocity), "hits": []})
        return inner(player, position, velocity, gravity, iterations)

    collider.slide_and_collide = wrapped


# ---- a seeded RNG (mulberry32, as tests/ports/common/spawn.mjs) ----------------------------------
class Rng:
    def __init__(self, seed):
        self.s = seed & 0xFFFFFFFF

    def __call__(self):
        self.s = (self.s + 0x6D2B79F5) & 0xFFFFFFFF
        t = self.s
        t = ((t ^ (t >> 15)) * (t | 1)) & 0xFFFFFFFF
        t ^= (t + (((t ^ (t >> 7)) * (t | 61)) & 0xFFFFFFFF)) & 0xFFFFFFFF
        return ((t ^ (t >> 14)) & 0xFFFFFFFF) / 4294967296.0


RANDOM = Rng(OPTS["seed"])


# ---- spawning: a random point on an upward floor, clear of the level -----------------------------
def sub(u, v):
    return (u[0] - v[0], u[1] - v[1], u[2] - v[2])


def dot(u, v):
    return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]


def cross(u, v):
    return (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])


def dist_sq_point_triangle(p, a, b, c):
    """Ericson, Real-Time Collision Detection 5.1.5."""
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


def clear_of_level(p):
    es = lambda q: (q[0] / RADII[0], q[1] / RADII[1], q[2] / RADII[2])  # noqa: E731
    pe = es(p)
    for t in faces_near([p[k] - 2 for k in range(3)], [p[k] + 2 for k in range(3)]):
        a, b, c = TRIS[t]
        if dist_sq_point_triangle(pe, es(a), es(b), es(c)) < 1.1 * 1.1:
            return False
    return True


def ceiling_above(p):
    """A downward-facing triangle straight above p (Möller–Trumbore)."""
    d = (0.0, 1.0, 0.0)
    for a, b, c in TRIS:
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


FLOORS = []
for t, (a, b, c) in enumerate(TRIS):
    n = cross(sub(b, a), sub(c, a))
    ln = math.sqrt(dot(n, n))
    if ln > 1e-4 and n[1] / ln > 0.8:
        FLOORS.append(t)


def spawn():
    for _ in range(5000):
        a, b, c = TRIS[FLOORS[int(RANDOM() * len(FLOORS))]]
        u, v = RANDOM(), RANDOM()
        if u + v > 1:
            u, v = 1 - u, 1 - v
        p = [a[k] + u * (b[k] - a[k]) + v * (c[k] - a[k]) for k in range(3)]
        p[1] += RADII[1] * 1.15
        if clear_of_level(p) and (not OPTS["indoor"] or ceiling_above(p)):
            return vec3(f32(p[0]), f32(p[1]), f32(p[2]))
    sys.exit("no clear spawn point")


# ---- the probe writer (docs/probe-format.md) -----------------------------------------------------
HAS_RESULT, HAS_SKIN, HAS_MAX_ITERATIONS = 1, 2, 4
MINIMUM_DISTANCE, LIMIT = 0.005, 6  # py64's `minimum_distance` (eSpace); `iterations > 5`


def v3(v):
    return struct.pack("<fff", v[0], v[1], v[2])


def contacts_of_call():
    """One contact per detection that hit: the earliest hit (py64 sorts by time, stably)."""
    out = []
    for i, level in enumerate(OBS.levels):
        if not level["hits"]:
            continue
        time, point_es, tri = min(level["hits"], key=lambda h: h[0])
        centre_es = level["from"] + level["v"] * time
        n_world = glm.normalize((centre_es - point_es) / SCALE)
        tri = 0xFFFFFFFF if tri is None else tri
        out.append(
            struct.pack("<IIf", i, 0, time) + v3(centre_es * SCALE) + v3(point_es * SCALE) + v3(n_world) + struct.pack("<I", tri)
        )
    return out


def move_bytes(mover, start, velocity, end):
    contacts = contacts_of_call()
    head = struct.pack("<II", mover, HAS_RESULT | HAS_SKIN | HAS_MAX_ITERATIONS) + v3(RADII)
    head += struct.pack("<9f", 1, 0, 0, 0, 1, 0, 0, 0, 1) + v3(start) + v3(velocity)
    head += struct.pack("<fI", MINIMUM_DISTANCE, LIMIT) + v3(end) + v3(end - start)
    head += struct.pack("<6I", len(OBS.levels), 0, 0, 0, 0, len(contacts))
    return head + b"".join(contacts)


# ---- the walk ---------------------------------------------------------------------------------
def main():
    out = open(OUT, "wb")

    def record(kind, payload):
        out.write(struct.pack("<II", kind, len(payload)) + payload)

    out.write(b"SLPROBE\0" + struct.pack("<HHI", 1, 1, 0))
    out.write(MESH_RECORD)
    dt = f32(1 / 60)
    min_y = min(v[1] for tri in TRIS for v in tri)
    collider = Collider.__new__(Collider)  # no JSON model: the level's faces are set per call
    observe(collider)
    walkers = []
    for _ in range(OPTS["movers"]):
        p = Player()
        p.scale = vec3(SCALE)
        p.position = spawn()
        walkers.append({"player": p, "next_turn": 0.0})
    frames = int(OPTS["seconds"] / dt + 0.5)
    moves = contacts = respawns = 0
    for frame in range(frames):
        time = frame * dt
        record(4, struct.pack("<Qdf", frame, time, dt))
        for mover, w in enumerate(walkers):
            player = w["player"]
            if time >= w["next_turn"]:
                player.y_angle = RANDOM() * 2 * math.pi
                player.movement["forward"] = RANDOM() >= 0.1
                if RANDOM() < 0.25:
                    player.jump()
                w["next_turn"] = time + 0.75 + RANDOM() * 0.5
            player.set_previous_state()
            player.process_jump_vector()
            # py64's Game.move_player, each call recorded as a MOVE of this mover.
            player.grounded = False
            for velocity, gravity in ((player.get_direction(), False), (vec3(0, -0.2, 0), True)):
                start = vec3(player.position)
                collider.collision_faces = near_move(start, velocity)
                OBS.begin()
                end_es = collider.slide_and_collide(player, start / player.scale, velocity / player.scale, gravity)
                player.position = end_es * player.scale
                record(5, move_bytes(mover, start, velocity, player.position))
                moves += 1
                contacts += sum(1 for level in OBS.levels if level["hits"])
            if player.position.y < min_y - 5:  # fell out of the level: put back (a teleport)
                player.position = spawn()
                respawns += 1
    record(8, b"")
    out.close()
    print(f"wrote {OUT}: {moves} moves, {contacts} contacts, {respawns} respawns")


main()
