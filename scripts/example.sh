#!/usr/bin/env bash
# Builds the example package (Examples/Drop: the whole app as a library, run with a
# transition of its own) and drives it in a real X window: it opens on its own transition,
# a drag down presents it, a drag up dismisses it, SIGTERM ends it. Usage: scripts/example.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
"$SWIFT" build --package-path Examples/Drop
app=Examples/Drop/.build/debug/drop
out=${OUT:-out/example}
mkdir -p "$out"
. scripts/e2e-lib.sh

# The README's file twin of the example reads, checked by the example's own `check`.
"$app" check Examples/drop.json | grep -q "ok — drop, 2 layers, 0.7 s" || { echo "example: FAIL: Examples/drop.json"; exit 1; }
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
