#!/bin/sh
# record.sh -- rebuild the two Dark Basic Pro recordings in tests/data/ports/ (see README.md).
#
#   tests/ports/darkbasic/record.sh DBP_DIR             record, then run the checks
#   tests/ports/darkbasic/record.sh DBP_DIR --no-checks
#
# DBP_DIR: a checkout of https://github.com/TheGameCreators/Dark-Basic-Pro at commit
# af6f19d7fc2919c356c683f7f5b8ec0c37a7d7d9 (only the five files of "Dark Basic Public Shared/Dark
# Basic Pro SDK/Shared/Objects/ElipsoidCollision" named below are used). Run from anywhere; it
# works from the repository root. Needs g++, gcc and python3. Deterministic: a second run writes
# the same bytes.
set -eu

[ $# -ge 1 ] || { echo "usage: $0 DBP_DIR [--no-checks]" >&2; exit 2; }
SRC="$(cd "$1" && pwd)/Dark Basic Public Shared/Dark Basic Pro SDK/Shared/Objects/ElipsoidCollision"
CHECKS=1
[ "${2:-}" = "--no-checks" ] && CHECKS=0
cd "$(dirname "$0")/../../.."
HERE=tests/ports/darkbasic
BUILD=/tmp/darkbasic_record
mkdir -p "$BUILD"
for f in col_global.h col_local.h col_response.cpp col_step.cpp col_types.cpp; do
    [ -f "$SRC/$f" ] || { echo "$SRC/$f is missing: not a Dark Basic Pro checkout" >&2; exit 1; }
    tr -d '\r' < "$SRC/$f" > "$BUILD/$f"
done

# 1. The port's three files, with the two changes GCC needs (its code is written for MSVC):
#    checkTriangle's body and PLANE's triangle constructor sit under `#ifndef __GNUC__`, so GCC
#    compiles them empty (nothing is ever hit): the guards are lifted; VECTOR::dot and ::cross
#    take non-const references, which bind to temporaries under MSVC only: they take const ones.
#    Nothing else is changed. Its point-in-triangle test reads a float's bits through a
#    reference cast, which GCC's strict aliasing may break: -fno-strict-aliasing.
sed -i 's/^\([[:space:]]*\)#ifndef __GNUC__/\1#if 1/' "$BUILD/col_step.cpp" "$BUILD/col_types.cpp"
sed -i 's/dot(VECTOR& V)/dot(const VECTOR\& V)/; s/cross(VECTOR& V)/cross(const VECTOR\& V)/' \
    "$BUILD/col_local.h" "$BUILD/col_types.cpp"
CXXFLAGS="-std=c++11 -O2 -ffp-contract=off -fno-strict-aliasing -I $BUILD"
for f in col_response col_step col_types; do
    g++ $CXXFLAGS -w -c "$BUILD/$f.cpp" -o "$BUILD/$f.o"
done
# 2. The recorder (observing checkTriangle), and the plain walk (no observation)
CFLAGS="-std=c99 -O2 -ffp-contract=off -Wall -I $HERE -I tests/ports/common -I crates/slidescope-probe/include"
WRAP=-Wl,--wrap=_Z13checkTriangleP15CollisionPacket6VECTORS1_S1_
PORT="$BUILD/col_response.o $BUILD/col_step.o $BUILD/col_types.o"
g++ $CXXFLAGS -Wall -Wno-unknown-pragmas -I $HERE -c "$HERE/shim.cpp" -o "$BUILD/shim.o"
g++ $CXXFLAGS -Wall -Wno-unknown-pragmas -I $HERE -DRECORD_PLAIN -c "$HERE/shim.cpp" -o "$BUILD/shim_plain.o"
gcc $CFLAGS -c "$HERE/record.c" -o "$BUILD/record.o"
gcc $CFLAGS -DRECORD_PLAIN -c "$HERE/record.c" -o "$BUILD/record_plain.o"
g++ "$BUILD/record.o" "$BUILD/shim.o" $PORT $WRAP -lm -o "$BUILD/record"
g++ "$BUILD/record_plain.o" "$BUILD/shim_plain.o" $PORT -lm -o "$BUILD/record_plain"

# 3. the level meshes and 4. the recordings, each checked (tests/ports/common/record_walks.sh)
. tests/ports/common/record_walks.sh
level_meshes
record darkbasic_threejs "$OUT/threejs.mesh.slidelog" --movers 8 --seconds 8
record darkbasic_lavaducts "$OUT/lavaducts.mesh.slidelog" --movers 8 --seconds 7 --indoor
