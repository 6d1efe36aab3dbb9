#!/usr/bin/env python3
"""record.py -- walk jesters-bakery's player (AndreasSabelfeld/jesters-bakery, a Python game with
a Fauerby 2003 collide-and-slide) on a level and write every `collide_and_slide` call as a
slidescope probe file (docs/probe-format.md). The game's source is not in this repository: pass
the folder that holds its `src/` (README.md says which files, from where).

    python3 record.py JB_DIR LEVEL.mesh.slidelog OUT.slidelog [--movers N] [--seconds S]
                      [--seed K] [--indoor] [--plain]

Prints a hash of every end the game returned (the walk hash). `--plain` runs the game's code
without the observation (no wrapper, no contacts) and writes no file: the same walk hash shows
that observing changes nothing.

LEVEL.mesh.slidelog is a MESH-only probe file (tests/ports/irrlicht/glb_mesh.py); its MESH
record is copied byte for byte into OUT, so contacts use its triangle numbering.

The game's own `ThirdPersonPlayer.collide_and_slide(entities)` and `Detection` run unchanged;
the modules they import for rendering, sound, input and terrain are stand-ins (nothing of them
runs in a move), and so are pycgtypes' `mat3` (missing from the game's repository) and `vec4`.
"""
import hashlib
import importlib.util
import math
import os
import struct
import sys
import types

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from walk import Grid, Rng, Spawner, f32, read_mesh  # noqa: E402


def parse_args(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    opts = {"movers": 8, "seconds": 8.0, "seed": 1, "indoor": False, "plain": False}
    i = 4
    while i < len(argv):
        a = argv[i]
        if a in ("--indoor", "--plain"):
            opts[a[2:]] = True
            i += 1
        elif a in ("--movers", "--seconds", "--seed") and i + 1 < len(argv):
            opts[a[2:]] = float(argv[i + 1]) if a == "--seconds" else int(argv[i + 1])
            i += 2
        else:
            sys.exit(f"unknown argument {a}")
    return argv[1], argv[2], argv[3], opts


JB, MESH_IN, OUT, OPTS = parse_args(sys.argv)


# ---- the game's modules: its collision code and player, stand-ins for the rest -----------------
def package(name, folder=None):
    mod = types.ModuleType(name)
    mod.__path__ = [os.path.join(JB, *name.split("."))] if folder is None else [folder]
    sys.modules[name] = mod
    return mod


def stub(name, **attrs):
    mod = types.ModuleType(name)
    mod.__dict__.update(attrs)
    sys.modules[name] = mod
    return mod


def load(name):
    path = os.path.join(JB, *name.split(".")) + ".py"
    if not os.path.exists(path):
        sys.exit(f"{path}: missing (README.md lists the game's files this needs)")
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


class Mat3:
    """Stand-in for pycgtypes' mat3 (absent from the game's repository): what
    `convert_to_ellipsoid_space` and `convert_to_r3_space` use of it, a 3 x 3 matrix of zeros
    whose items are set by (row, column), its product with a vec3, and its inverse (cofactors
    over the determinant, as cgkit's pycgtypes computes it)."""

    def __init__(self):
        self.m = [[0.0] * 3 for _ in range(3)]

    def __setitem__(self, rc, value):
        self.m[rc[0]][rc[1]] = value

    def __mul__(self, v):
        m = self.m
        return VEC3(
            m[0][0] * v.x + m[0][1] * v.y + m[0][2] * v.z,
            m[1][0] * v.x + m[1][1] * v.y + m[1][2] * v.z,
            m[2][0] * v.x + m[2][1] * v.y + m[2][2] * v.z,
        )

    def inverse(self):
        m = self.m
        c = [[0.0] * 3 for _ in range(3)]
        for i in range(3):
            for j in range(3):
                r = [k for k in range(3) if k != i]
                s = [k for k in range(3) if k != j]
                minor = m[r[0]][s[0]] * m[r[1]][s[1]] - m[r[0]][s[1]] * m[r[1]][s[0]]
                c[j][i] = (-1) ** (i + j) * minor
        det = m[0][0] * c[0][0] + m[0][1] * c[1][0] + m[0][2] * c[2][0]
        out = Mat3()
        out.m = [[c[i][j] / det for j in range(3)] for i in range(3)]
        return out


class Silent:
    """Stand-in for the game's sound and input classes: every call does nothing."""

    def __init__(self, *args, **kwargs):
        pass

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


class Entity:
    """Stand-in for the game's `Entity` (a model with a transform): what the player and
    `Detection` read of it."""

    def __init__(self, model, position, rot_x, rot_y, rot_z, scale):
        self.model, self.position, self.rot_y = model, position, rot_y

    def get_model(self):
        return self.model

    def get_position(self):
        return self.position

    def set_position(self, position):
        self.position = position

    def get_rot_y(self):
        return self.rot_y

    def get_transformation_matrix(self):
        return [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0]


package("src")
pycg = package("src.pycgtypes")
# pycgtypes' vec4 is only an `isinstance` target of `mat4 * v` here; mat3 is the stand-in above.
stub("src.pycgtypes.vec4", vec4=type("vec4", (), {}))
stub("src.pycgtypes.mat3", mat3=Mat3)
VEC3 = load("src.pycgtypes.vec3").vec3
pycg.vec3 = VEC3
pycg.mat4 = load("src.pycgtypes.mat4").mat4
pycg.mat3 = Mat3
for name in ("src.collision", "src.entities", "src.game_mechanics", "src.render_engine", "src.terrain", "src.audio"):
    package(name)
stub("src.entities.entity", Entity=Entity)
stub("src.game_mechanics.game_object", GameObject=type("GameObject", (Entity,), {}))
stub("src.render_engine.input_controller", KeyboardInput=Silent(), ControllerInput=Silent(), UniversalInput=Silent())
stub("src.render_engine.time", Time=Silent())
stub("src.terrain.terrain", Terrain=Silent())
stub("src.audio.audio_master", AudioMaster=Silent())
stub("src.audio.source", Source=Silent)
packet_mod = load("src.collision.collision_packet")
load("src.collision.utility")
detection = load("src.collision.detection")
player_mod = load("src.entities.player")

# ---- the level, and its chunks: the entities the game tests ------------------------------------
MESH_RECORD, TRIS = read_mesh(MESH_IN)
RADII = (f32(0.4), f32(0.9), f32(0.4))
GRID = Grid(TRIS)


class Chunk(Entity):
    """A piece of the level as a game entity: the triangles whose centre lies in one 2 m cell,
    each in one piece only, their corners unshared, in the level's order (what
    `Detection.get_all_tris` reads: a flat vertex list and its indices), and their bounds."""

    def __init__(self, tris):
        self.tris = tris
        flat = [c for t in tris for v in TRIS[t] for c in v]
        model = types.SimpleNamespace(get_raw_model=lambda: self.raw)
        self.raw = types.SimpleNamespace(get_vertices=lambda: flat, get_indices=lambda: list(range(3 * len(tris))))
        corners = [v for t in tris for v in TRIS[t]]
        self.lo = [min(v[k] for v in corners) for k in range(3)]
        self.hi = [max(v[k] for v in corners) for k in range(3)]
        super().__init__(model, (0.0, 0.0, 0.0), 0, 0, 0, 1)


def centre_cell(t):
    centre = [sum(v[k] for v in TRIS[t]) / 3 for k in range(3)]
    return tuple(math.floor(centre[k] / GRID.cell) for k in range(3))


PIECES = {}
for t in range(len(TRIS)):
    PIECES.setdefault(centre_cell(t), []).append(t)
CHUNKS = [Chunk(tris) for _, tris in sorted(PIECES.items())]


def chunks_near(start, velocity):
    """The pieces whose bounds meet the move's box (the broad phase a game with a large level
    adds), in one order."""
    reach = math.sqrt(sum(c * c for c in velocity)) + max(RADII) + 0.25
    lo = [min(start[k], start[k] + velocity[k]) - reach for k in range(3)]
    hi = [max(start[k], start[k] + velocity[k]) + reach for k in range(3)]
    meets = lambda c: all(c.lo[k] <= hi[k] and c.hi[k] >= lo[k] for k in range(3))  # noqa: E731
    return [c for c in CHUNKS if meets(c)]


# The game's eSpace copy of a chunk's corners (`get_all_tris`, cached per entity) names each
# triangle by its first corner's object: `check_triangle` gets those objects. Not by their
# values: the game may change them in place.
CORNER_TO_TRI = {}
_get_all_tris = detection.Detection.get_all_tris


def observed_get_all_tris(self, entity):
    vertices = _get_all_tris(self, entity)
    for i, t in enumerate(entity.tris):
        CORNER_TO_TRI[id(vertices[3 * i])] = t
    return vertices


if not OPTS["plain"]:
    detection.Detection.get_all_tris = observed_get_all_tris


# ---- observing the game's detections -------------------------------------------------------------
class Observer:
    """Per detection of the current call: its eSpace start and velocity, and the hit the packet
    holds at its end (the nearest so far, as the game keeps it, with the triangle that made it)."""

    def __init__(self):
        self.levels = []


OBS = Observer()
_check_triangle = packet_mod.CollisionPacket.check_triangle


def observed_check_triangle(self, p1, p2, p3):
    found, nearest = self.found_collision, self.nearest_distance
    _check_triangle(self, p1, p2, p3)
    if OBS.levels and self.found_collision and (not found or self.nearest_distance < nearest):
        OBS.levels[-1]["hit"] = (self.nearest_distance, VEC3(self.intersection_point), CORNER_TO_TRI.get(id(p1)))


if not OPTS["plain"]:
    packet_mod.CollisionPacket.check_triangle = observed_check_triangle


def observe(player):
    inner = player.collide_with_world  # bound: the recursion goes through the instance

    def wrapped(pos, velocity, entities):
        if not player._ThirdPersonPlayer__collision_recursion_depth > 5:
            OBS.levels.append({"from": VEC3(pos), "v": VEC3(velocity), "hit": None})
        return inner(pos, velocity, entities)

    player.collide_with_world = wrapped


# ---- the probe writer (docs/probe-format.md) -----------------------------------------------------
HAS_RESULT, HAS_SKIN, HAS_MAX_ITERATIONS = 1, 2, 4
VERY_CLOSE, LIMIT = 0.005, 6  # the game's `very_close_distance` (eSpace); `recursion_depth > 5`


def v3(v):
    return struct.pack("<fff", v[0], v[1], v[2])


def world(v_es):
    return [v_es[k] * RADII[k] for k in range(3)]


def contacts_of_call():
    out = []
    for i, level in enumerate(OBS.levels):
        if level["hit"] is None:
            continue
        distance, point_es, tri = level["hit"]
        t = distance / level["v"].length()
        centre_es = level["from"] + level["v"] * t
        n_es = centre_es - point_es
        n = [n_es[k] / RADII[k] for k in range(3)]
        ln = math.sqrt(sum(c * c for c in n))
        n = [c / ln for c in n] if ln > 0 else [0.0, 0.0, 0.0]
        tri = 0xFFFFFFFF if tri is None else tri
        out.append(struct.pack("<IIf", i, 0, t) + v3(world(centre_es)) + v3(world(point_es)) + v3(n) + struct.pack("<I", tri))
    return out


def move_bytes(mover, start, velocity, end):
    contacts = contacts_of_call()
    head = struct.pack("<II", mover, HAS_RESULT | HAS_SKIN | HAS_MAX_ITERATIONS) + v3(RADII)
    head += struct.pack("<9f", 1, 0, 0, 0, 1, 0, 0, 0, 1) + v3(start) + v3(velocity)
    moved = [f32(end[k]) - f32(start[k]) for k in range(3)]
    head += struct.pack("<fI", VERY_CLOSE, LIMIT) + v3(end) + v3(moved)
    head += struct.pack("<6I", len(OBS.levels), 0, 0, 0, 0, len(contacts))
    return head + b"".join(contacts)


# ---- the walk: as the other recorders' (tests/ports/common/walk.h), the game's call ---------------
SPEED, JUMP, GRAVITY, DT = 4.0, 5.0, -9.81, f32(1 / 60)


def new_player(spawn):
    player = player_mod.ThirdPersonPlayer(None, spawn(), 0, 0, 0, 1)
    # The game's Detection sized for these levels (the game's own player is a unit sphere).
    player._ThirdPersonPlayer__collision_detection = detection.Detection(VEC3(*RADII))
    if not OPTS["plain"]:
        observe(player)
    return {"player": player, "next_turn": 0.0, "facing": 0.0, "walk": False, "vy": 0.0, "grounded": False}


def steer(w, time, random):
    if time < w["next_turn"]:
        return
    w["facing"] = random() * 2 * math.pi
    w["walk"] = random() >= 0.1
    if random() < 0.25 and w["grounded"]:
        w["vy"] = JUMP
    w["next_turn"] = time + 0.75 + random() * 0.5


def step(w, mover, record, walk_hash):
    """One frame: the game's `move` (its speed vector, then `collide_and_slide`), positions and
    velocities kept in f32 as a game's transform would."""
    player = w["player"]
    w["vy"] += GRAVITY * DT
    speed = SPEED * DT if w["walk"] else 0.0
    velocity = [f32(speed * math.sin(w["facing"])), f32(w["vy"] * DT), f32(speed * math.cos(w["facing"]))]
    start = player.get_position()
    player._ThirdPersonPlayer__speed_vector = list(velocity)
    OBS.levels = []
    end = player.collide_and_slide(chunks_near(start, velocity))
    end = (f32(end[0]), f32(end[1]), f32(end[2]))
    player.set_position(end)
    walk_hash.update(struct.pack("<3f", *end))
    record(5, move_bytes(mover, start, velocity, end))
    risen = end[1] - start[1]
    w["grounded"] = velocity[1] < 0 and risen > 0.5 * velocity[1]
    if w["grounded"] or (velocity[1] > 0 and risen < 0.5 * velocity[1]):
        w["vy"] = 0.0
    return sum(1 for level in OBS.levels if level["hit"] is not None)


def main():
    random = Rng(OPTS["seed"])
    spawn = Spawner(TRIS, GRID, RADII, random, OPTS["indoor"])
    out = open(os.devnull if OPTS["plain"] else OUT, "wb")
    walk_hash = hashlib.sha256()

    def record(kind, payload):
        out.write(struct.pack("<II", kind, len(payload)) + payload)

    out.write(b"SLPROBE\0" + struct.pack("<HHI", 1, 1, 0))
    out.write(MESH_RECORD)
    min_y = min(v[1] for tri in TRIS for v in tri)
    walkers = [new_player(spawn) for _ in range(OPTS["movers"])]
    moves = contacts = respawns = 0
    for frame in range(int(OPTS["seconds"] / DT + 0.5)):
        time = frame * DT
        record(4, struct.pack("<Qdf", frame, time, DT))
        for mover, w in enumerate(walkers):
            steer(w, time, random)
            contacts += step(w, mover, record, walk_hash)
            moves += 1
            if w["player"].get_position()[1] < min_y - 5:  # fell out of the level: put back
                w["player"].set_position(spawn())
                w["vy"], w["grounded"] = 0.0, False
                respawns += 1
    record(8, b"")
    out.close()
    wrote = "plain, no file" if OPTS["plain"] else f"wrote {OUT}"
    print(f"{wrote}: {moves} moves, {contacts} contacts, {respawns} respawns, walk {walk_hash.hexdigest()[:16]}")


main()
