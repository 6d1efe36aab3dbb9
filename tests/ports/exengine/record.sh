#!/bin/sh
# record.sh -- rebuild the two exengine recordings in tests/data/ports/ (see README.md).
#
#   tests/ports/exengine/record.sh EXENGINE_DIR            record, then run the checks
#   tests/ports/exengine/record.sh EXENGINE_DIR --no-checks
#
# EXENGINE_DIR: a checkout of https://github.com/solenum/exengine at commit
# d86364775df4e5dadcba0bfc9766821787ede2d4 (only src/exengine/util/entity.[ch] and
# src/exengine/math/{collision,mathlib}.[ch] are used, compiled unchanged). Run from anywhere;
# it works from the repository root. Needs gcc and python3. Deterministic: a second run writes
# the same bytes.
set -eu

[ $# -ge 1 ] || { echo "usage: $0 EXENGINE_DIR [--no-checks]" >&2; exit 2; }
EXE=$(cd "$1" && pwd)/src/exengine
CHECKS=1
[ "${2:-}" = "--no-checks" ] && CHECKS=0
cd "$(dirname "$0")/../../.."
HERE=tests/ports/exengine
OUT=tests/ports/out          # the level MESH files (generated, git-ignored)
DATA=tests/data/ports
BUILD=/tmp/exengine_record
for f in util/entity.c util/entity.h math/collision.c math/collision.h math/mathlib.h; do
    [ -f "$EXE/$f" ] || { echo "$EXE/$f is missing: not an exengine checkout" >&2; exit 1; }
done

# 1. exengine's entity.c and collision.c, unchanged, with our stub headers first on the path
CFLAGS="-std=c99 -O2 -ffp-contract=off -I $HERE/stub -I $EXE -I crates/slidescope-probe/include -I tests/ports/common"
mkdir -p "$BUILD"
gcc $CFLAGS -w -c "$EXE/util/entity.c" -o "$BUILD/entity.o"
gcc $CFLAGS -w -c "$EXE/math/collision.c" -o "$BUILD/collision.o"
# 2. the recorder (observing ex_collision_check_triangle), and the plain walk (no observation)
gcc $CFLAGS -Wall "$HERE/record.c" "$BUILD/entity.o" "$BUILD/collision.o" \
    -Wl,--wrap=ex_collision_check_triangle -lm -o "$BUILD/record"
gcc $CFLAGS -Wall -DRECORD_PLAIN "$HERE/record.c" "$BUILD/entity.o" "$BUILD/collision.o" \
    -lm -o "$BUILD/record_plain"

# 3. the level meshes
mkdir -p "$OUT"
python3 tests/ports/irrlicht/glb_mesh.py assets/levels/threejs_collision_world/collision-world.glb \
    "$OUT/threejs.mesh.slidelog"
python3 tests/ports/irrlicht/glb_mesh.py assets/levels/librequake_lavaducts/lavaducts.glb \
    "$OUT/lavaducts.mesh.slidelog"

# 4. the recordings
record() { # NAME MESH [options]
    name=$1
    mesh=$2
    shift 2
    echo "== $DATA/$name.slidelog"
    "$BUILD/record" "$mesh" "$DATA/$name.slidelog" "$@" | tee "/tmp/$name.summary"
    [ "$CHECKS" = 1 ] || return 0
    # the observation (the wrapped check, the detections read) changes nothing
    walk=$(sed -n 's/^walk hash //p' "/tmp/$name.summary")
    plain=$("$BUILD/record_plain" "$mesh" - "$@" | sed -n 's/^walk hash //p')
    # the MESH record is the input's, byte for byte
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
record exengine_threejs "$OUT/threejs.mesh.slidelog" --movers 8 --seconds 8
record exengine_lavaducts "$OUT/lavaducts.mesh.slidelog" --movers 8 --seconds 7 --indoor
