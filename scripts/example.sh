#!/usr/bin/env bash
# Builds the example packages as a user's packages are: copies outside this repository,
# depending on it by path, run from a folder of their own with no SEGUE_ASSETS. Examples/Still
# (the model and the render stages alone, no display) holds its own transition, in depth, at a
# moment and renders the frame, checked pixel by pixel. Examples/Drop (the whole app as a
# library, run with a transition of its own) renders a frame and is driven in a real X window:
# it opens on its own transition, a drag down presents it, a drag up dismisses it, SIGTERM ends it.
# Usage: scripts/example.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
outside=$(mktemp -d)
trap 'rm -rf "$outside"' EXIT

# Examples/NAME copied to $outside/NAME, its dependency on Segue pointed here, and built.
build_outside() {
    mkdir -p "$outside/$1"
    cp -r "Examples/$2/Package.swift" "Examples/$2/Sources" "$outside/$1/"
    sed -i "s|path: \"../..\"|path: \"$PWD\"|" "$outside/$1/Package.swift"
    "$SWIFT" build --package-path "$outside/$1"
}

build_outside still Still
mkdir -p out/example
(cd "$outside" && env -u DISPLAY -u SEGUE_ASSETS "$outside/still/.build/debug/still" "$OLDPWD/out/example/still.pam")
python3 - out/example/still.pam <<'PY' || { echo "example: FAIL: Examples/Still's frame"; exit 1; }
import sys
data = open(sys.argv[1], "rb").read()
head = b"P7\nWIDTH 640\nHEIGHT 960\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
assert data.startswith(head) and len(data) == len(head) + 640 * 960 * 4, "not a 640x960 RGBA PAM"
px = lambda x, y: tuple(data[len(head) + (y * 640 + x) * 4:len(head) + (y * 640 + x) * 4 + 4])
blue, dark, card = (0x34, 0x78, 0xF6, 255), (0x10, 0x14, 0x18, 255), (0xF2, 0xF2, 0xF7, 255)
# The door 0.4 s into its swing: hinged at the left edge, its free edge not yet across, the
# old screen and its card still showing on the right.
assert px(5, 5) == blue, px(5, 5)
assert px(635, 5) == dark and px(500, 480) == card, (px(635, 5), px(500, 480))
edge = max(x for x in range(640) if px(x, 5) == blue)
assert 160 < edge < 600, edge
# In depth: the free edge has come nearer, so the door's card is taller there than at the hinge.
column = lambda x: sum(1 for y in range(960) if px(x, y) == card)
assert column(edge - 70) > column(40) + 100, (column(edge - 70), column(40))
PY
python3 - out/example/still.png <<'PY' || { echo "example: FAIL: Examples/Still's PNG"; exit 1; }
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "not a PNG"
w, h, depth, colour = struct.unpack(">IIBB", data[16:26])
assert (w, h, depth, colour) == (640, 960, 8, 6), (w, h, depth, colour)
PY
echo "example: ok (Examples/Still holds its own transition at 0.4 and renders the frame with Segue and SegueRender alone, as PAM and PNG)"
# Drop must find Segue's assets (fonts, the catalog) by itself.
build_outside drop Drop
printf '#!/bin/sh\ncd "%s" && exec env -u SEGUE_ASSETS "%s" "$@"\n' "$outside" "$outside/drop/.build/debug/drop" >"$outside/run-drop"
chmod +x "$outside/run-drop"
app=$outside/run-drop
out=${OUT:-out/example}
mkdir -p "$out"
out=$(cd "$out" && pwd)
. scripts/e2e-lib.sh
trap 'cleanup; rm -rf "$outside"' EXIT

# The README's file twin of the example reads, checked by the example's own `check`.
"$app" check "$PWD/Examples/drop.json" | grep -q "ok — drop, format 1, 2 layers, 0.7 s" || { echo "example: FAIL: Examples/drop.json"; exit 1; }
# Its own transition renders headless, through the app's own `render`.
"$app" render --transition drop --operation present --progress 0.5 --out "$out/drop.png" >/dev/null
python3 - "$out/drop.png" <<'PY' || { echo "example: FAIL: Examples/Drop's render"; exit 1; }
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24]) == (375, 667), "not a 375x667 PNG"
PY
# The package's transition is offered after the built-in demos, and opens first.
"$app" --help | grep -q "drop  *The new screen drops in from above" || { echo "example: FAIL: --help does not list drop"; exit 1; }
start_app drop
expect_line '"demo":"drop"'
cx=$((sx + sw / 2))
drag "$cx" $((sy + sh * 10 / 100)) "$cx" $((sy + sh * 80 / 100))
wait_for '"event":"ended"' 1
expect_line '"event":"began","interactive":true,"operation":"present","transition":"drop"'
expect_line '"cancelled":false,"event":"ended","operation":"present","transition":"drop"'
drag "$cx" $((sy + sh * 80 / 100)) "$cx" $((sy + sh * 10 / 100))
wait_for '"event":"ended"' 2
expect_line '"cancelled":false,"event":"ended","operation":"dismiss","transition":"drop"'
stop_app
echo "example: ok (Examples/Drop builds, opens on its own transition, presents and dismisses by drags)"
