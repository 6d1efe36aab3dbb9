#!/bin/sh
# record.sh -- rebuild the three Irrlicht recordings in tests/data/ports/ (see README.md).
#
# Run from anywhere; it works from the repository root. Needs g++, python3 and Debian's
# libirrlicht-dev (Irrlicht 1.8.5; installed with apt-get when dpkg says it is missing).
# Deterministic: a second run writes the same bytes.
#
#   tests/ports/irrlicht/record.sh            record, then run the checks
#   tests/ports/irrlicht/record.sh --no-checks
set -eu

cd "$(dirname "$0")/../../.."
HERE=tests/ports/irrlicht
OUT=tests/ports/out          # the level MESH files (generated, git-ignored)
DATA=tests/data/ports
BIN=/tmp/irr_record
CHECKS=1
[ "${1:-}" = "--no-checks" ] && CHECKS=0

# 1. Irrlicht 1.8.5 from Debian
if ! dpkg -s libirrlicht-dev 2>/dev/null | grep -q '^Status: install ok installed'; then
    SUDO=
    [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get update
    $SUDO apt-get install -y -o DPkg::Lock::Timeout=600 libirrlicht-dev
fi
dpkg -s libirrlicht-dev | grep '^Version:'

# 2. the recorder
g++ -std=c++11 -O2 -ffp-contract=off -Wall -I crates/slidescope-probe/include \
    "$HERE/record.cpp" -lIrrlicht -o "$BIN"

# 3. the level meshes
mkdir -p "$OUT"
python3 "$HERE/glb_mesh.py" assets/levels/threejs_collision_world/collision-world.glb \
    "$OUT/threejs.mesh.slidelog"
python3 "$HERE/glb_mesh.py" assets/levels/librequake_lavaducts/lavaducts.glb \
    "$OUT/lavaducts.mesh.slidelog"

# 4. the recordings (no display needed: a null device)
record() { # NAME MESH [options]
    name=$1
    shift
    echo "== $DATA/$name.slidelog"
    env -u DISPLAY "$BIN" "$@" | tee "/tmp/$name.summary"
    grep -q '^wrote ' "/tmp/$name.summary" || { echo "recording $name failed" >&2; exit 1; }
    [ "$CHECKS" = 1 ] || return 0
    mesh=$1
    shift 2 # MESH OUT
    walk=$(sed -n 's/^walk hash //p' "/tmp/$name.summary")
    # the observation (pass-through selector, extra calls) changes nothing
    plain=$(env -u DISPLAY "$BIN" "$mesh" "/tmp/$name.plain.slidelog" "$@" --plain | sed -n 's/^walk hash //p')
    # the driver's bookkeeping is the animator's: one call a frame == Irrlicht's animator
    one=$(env -u DISPLAY "$BIN" "$mesh" - "$@" --check one-call | sed -n 's/^walk hash //p')
    anim=$(env -u DISPLAY "$BIN" "$mesh" - "$@" --check animator | sed -n 's/^walk hash //p')
    echo "checks: walk hash $walk, with --plain $plain; one call a frame $one, Irrlicht's animator $anim"
    if [ "$walk" != "$plain" ] || [ "$one" != "$anim" ]; then
        echo "check failed" >&2
        exit 1
    fi
}
record irrlicht_threejs "$OUT/threejs.mesh.slidelog" "$DATA/irrlicht_threejs.slidelog" \
    --movers 8 --seconds 8
record irrlicht_lavaducts "$OUT/lavaducts.mesh.slidelog" "$DATA/irrlicht_lavaducts.slidelog" \
    --movers 8 --seconds 5 --indoor
record irrlicht_threejs_fauerby "$OUT/threejs.mesh.slidelog" "$DATA/irrlicht_threejs_fauerby.slidelog" \
    --movers 8 --seconds 8 --sliding-speed 0.005
