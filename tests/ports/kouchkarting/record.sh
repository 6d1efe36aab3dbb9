#!/bin/sh
# record.sh -- rebuild the two kouchkarting recordings in tests/data/ports/ (see README.md).
#
#   tests/ports/kouchkarting/record.sh KK_DIR             record, then run the checks
#   tests/ports/kouchkarting/record.sh KK_DIR --no-checks
#
# KK_DIR: a checkout of https://github.com/petergok/kouchkarting at commit
# 34ff7317a77061b59bfb78748b8c7794b69de8b3 (only the four files named below are used). Run from
# anywhere. Needs a JDK (javac, java; checked with OpenJDK 17), gcc and python3. Deterministic: a
# second run writes the same bytes.
set -eu

[ $# -ge 1 ] || { echo "usage: $0 KK_DIR [--no-checks]" >&2; exit 2; }
SRC="$(cd "$1" && pwd)/src"
CHECKS=1
[ "${2:-}" = "--no-checks" ] && CHECKS=0
cd "$(dirname "$0")/../../.."
HERE=tests/ports/kouchkarting
BUILD=/tmp/kouchkarting_record
rm -rf "$BUILD/classes"
mkdir -p "$BUILD/classes"
for f in collision/WorldCollision.java mesh/Triangle.java mesh/Vertex.java math/Vector.java; do
    [ -f "$SRC/$f" ] || { echo "$SRC/$f is missing: not a kouchkarting checkout" >&2; exit 1; }
done

# 1. The port's four classes as they are, our stand-in for its OBJ-reading mesh.Mesh, and the
#    driver that runs them over two pipes
javac -nowarn -encoding UTF-8 -d "$BUILD/classes" "$SRC/collision/WorldCollision.java" "$SRC/mesh/Triangle.java" \
    "$SRC/mesh/Vertex.java" "$SRC/math/Vector.java" "$HERE/stub/mesh/Mesh.java" "$HERE/Driver.java" 2>&1 \
    | grep -v '^Note:' || true
[ -f "$BUILD/classes/Driver.class" ] || { echo "javac failed" >&2; exit 1; }
export KOUCHKARTING_CLASSES="$BUILD/classes"
# 2. The recorder, and the plain walk (the port's own class, nothing observed)
CFLAGS="-std=c99 -O2 -ffp-contract=off -Wall -I tests/ports/common -I crates/slidescope-probe/include"
gcc $CFLAGS "$HERE/record.c" -lm -o "$BUILD/record"
gcc $CFLAGS -DRECORD_PLAIN "$HERE/record.c" -lm -o "$BUILD/record_plain"

# 3. the level meshes and 4. the recordings, each checked (tests/ports/common/record_walks.sh)
. tests/ports/common/record_walks.sh
level_meshes
record kouchkarting_threejs "$OUT/threejs.mesh.slidelog" --movers 8 --seconds 8
record kouchkarting_lavaducts "$OUT/lavaducts.mesh.slidelog" --movers 8 --seconds 7 --indoor
