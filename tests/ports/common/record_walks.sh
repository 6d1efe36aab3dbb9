# record_walks.sh -- what the C port recorders' record.sh scripts share (sourced from the
# repository root, after setting BUILD, the folder holding `record` and `record_plain`, and
# CHECKS, 1 to run the checks): the level meshes, then each walk recorded and checked.
OUT=tests/ports/out          # the level MESH files (generated, git-ignored)
DATA=tests/data/ports

# The two levels as MESH-only probe files, in $OUT.
level_meshes() {
    mkdir -p "$OUT"
    python3 tests/ports/irrlicht/glb_mesh.py assets/levels/threejs_collision_world/collision-world.glb \
        "$OUT/threejs.mesh.slidelog"
    python3 tests/ports/irrlicht/glb_mesh.py assets/levels/librequake_lavaducts/lavaducts.glb \
        "$OUT/lavaducts.mesh.slidelog"
}

# record NAME MESH [options]: $DATA/NAME.slidelog written; with CHECKS, the observation changes
# nothing (the plain build, which observes nothing, prints the same walk hash) and the MESH
# record is the input's, byte for byte (so triangle numbers match).
record() {
    name=$1
    mesh=$2
    shift 2
    echo "== $DATA/$name.slidelog"
    "$BUILD/record" "$mesh" "$DATA/$name.slidelog" "$@" > "/tmp/$name.summary" \
        || { cat "/tmp/$name.summary"; echo "recording $name failed" >&2; exit 1; }
    cat "/tmp/$name.summary"
    [ "$CHECKS" = 1 ] || return 0
    walk=$(sed -n 's/^walk hash //p' "/tmp/$name.summary")
    plain=$("$BUILD/record_plain" "$mesh" - "$@" | sed -n 's/^walk hash //p')
    [ -n "$walk" ] && [ -n "$plain" ] || { echo "check failed: no walk hash" >&2; exit 1; }
    python3 - "$mesh" "$DATA/$name.slidelog" <<'PY'
import struct, sys
def mesh(path):
    b = open(path, "rb").read()
    at = 16
    while at + 8 <= len(b):
        kind, n = struct.unpack_from("<II", b, at)
        if kind == 1:
            return b[at:at + 8 + n]
        at += 8 + n
    sys.exit(path + ": no MESH record")
if mesh(sys.argv[1]) != mesh(sys.argv[2]):
    sys.exit("the MESH record differs from " + sys.argv[1])
PY
    echo "checks: walk hash $walk, plain (no observation) $plain; MESH record the input's"
    [ "$walk" = "$plain" ] || { echo "check failed" >&2; exit 1; }
}
