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

# 3. the level meshes and 4. the recordings, each checked (tests/ports/common/record_walks.sh)
. tests/ports/common/record_walks.sh
level_meshes
record exengine_threejs "$OUT/threejs.mesh.slidelog" --movers 8 --seconds 8
record exengine_lavaducts "$OUT/lavaducts.mesh.slidelog" --movers 8 --seconds 7 --indoor
