#!/usr/bin/env bash
# Runs the app in a real X window (Xvfb), drives it with real pointer events (xdotool) and
# checks what it reports with --events. Usage: scripts/e2e.sh [path/to/segue]
set -euo pipefail
app=${1:-.build/release/segue}
out=${OUT:-out/e2e}
mkdir -p "$out"

. "$(dirname "$0")/xvfb.sh"
start_xvfb
app_pid=""
cleanup() { [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null; kill "$xvfb" 2>/dev/null; true; }
trap cleanup EXIT

log=""
fail() { echo "e2e: FAIL: $*"; echo "--- events"; cat "$log"; echo "--- stderr"; cat "$log.err"; exit 1; }

# wait_for PATTERN COUNT: until the log has COUNT lines matching PATTERN (10 s at most).
wait_for() {
  for _ in $(seq 100); do
    [ "$(grep -c -- "$1" "$log" || true)" -ge "$2" ] && return 0
    sleep 0.1
  done
  fail "timed out waiting for $2 × $1"
}
expect_line() { grep -q -- "$1" "$log" || fail "no line with $1"; }

# start_app DEMO [OPTIONS…]: runs the app on DEMO, waits for its window; sets wid, sx, sy, sw, sh.
start_app() {
  log="$out/events-$1.log"
  "$app" --demo "$@" --events >"$log" 2>"$log.err" &
  app_pid=$!
  wait_for '"event":"ready"' 1
  wid=$(xdotool search --sync --onlyvisible --name '^Segue$' | head -1)
  read -r sx sy sw sh < <(python3 -c '
import json,sys
r=json.loads(open(sys.argv[1]).readline())["screen"]
print(r["x"], r["y"], r["width"], r["height"])' "$log")
}

# stop_app: on SIGTERM the app must write its recording and exit 143 within a second.
stop_app() {
  kill -TERM "$app_pid"
  for _ in $(seq 10); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$app_pid" 2>/dev/null && fail "the app did not quit within a second"
  local status=0
  wait "$app_pid" || status=$?
  app_pid=""
  [ "$status" -eq 143 ] || fail "the app exited with status $status, not 143"
}

# drag X0 Y0 X1 Y1: press at (X0, Y0), move to (X1, Y1) in 20 steps, release.
drag() {
  xdotool mousemove --window "$wid" "$1" "$2" mousedown 1
  for i in $(seq 1 20); do
    xdotool mousemove --window "$wid" $(( $1 + ($3 - $1) * i / 20 )) $(( $2 + ($4 - $2) * i / 20 ))
    sleep 0.015
  done
  xdotool mouseup 1
}

# target NAME: the centre of the target NAME in the last event line that lists it.
target() {
  python3 -c '
import json,sys
for line in reversed(open(sys.argv[1]).read().splitlines()):
    for t in json.loads(line).get("targets", []):
        if t["name"]==sys.argv[2]:
            print(t["x"]+t["width"]//2, t["y"]+t["height"]//2); sys.exit(0)
sys.exit(1)' "$log" "$1" || fail "no target $1"
}
tap() { read -r x y < <(target "$1"); xdotool mousemove --window "$wid" "$x" "$y" click 1; }

# Flip: up by 70 % of the screen height finishes the present; down by 25 % cancels the dismiss.
start_app flip --record "$out/flip.json"
cx=$((sx + sw / 2))
drag "$cx" $((sy + sh * 85 / 100)) "$cx" $((sy + sh * 15 / 100))
wait_for '"event":"ended"' 1
expect_line '"event":"began","interactive":true,"operation":"present","transition":"flip"'
expect_line '"cancelled":false,"event":"ended","operation":"present","transition":"flip"'
drag "$cx" $((sy + sh * 40 / 100)) "$cx" $((sy + sh * 65 / 100))
wait_for '"event":"ended"' 2
expect_line '"cancelled":true,"event":"ended","operation":"dismiss","transition":"flip"'
import -window root "$out/flip.png" 2>/dev/null || true
# Window life: a resize in the middle of a drag, minimising in the middle of one, then
# quitting in the middle of a transition.
xdotool mousemove --window "$wid" "$cx" $((sy + sh * 30 / 100)) mousedown 1
for i in 1 2 3 4 5; do xdotool mousemove --window "$wid" "$cx" $((sy + sh * (30 + 4 * i) / 100)); sleep 0.02; done
xdotool windowsize "$wid" 1000 760
sleep 0.2
xdotool mousemove --window "$wid" "$cx" $((sy + sh * 60 / 100)) mouseup 1
wait_for '"event":"ended"' 3
expect_line '"demo":"flip","event":"screen","screen":{"height":[0-9]*,"width":[0-9]*,"x":[0-9]*,"y":[0-9]*}'
# Minimised (unmapped) in the middle of a drag: the drag cancels, and mapped again the
# window goes on (the tap below must still start a transition).
ended=$(grep -c '"event":"ended"' "$log")
xdotool mousemove --window "$wid" "$cx" $((sy + sh * 30 / 100)) mousedown 1
for i in 1 2 3 4 5; do xdotool mousemove --window "$wid" "$cx" $((sy + sh * (30 + 5 * i) / 100)); sleep 0.02; done
xdotool windowunmap --sync "$wid"
wait_for '"event":"ended"' $((ended + 1))
grep '"event":"ended"' "$log" | tail -1 | grep -q '"cancelled":true' || fail "the drag did not cancel when the window was unmapped"
xdotool mouseup 1
xdotool windowmap --sync "$wid"
sleep 0.2
began=$(grep -c '"event":"began"' "$log")
tap "$(grep '"targets"' "$log" | tail -1 | python3 -c 'import json,sys; print(json.loads(sys.stdin.read())["targets"][0]["name"])')"
wait_for '"event":"began"' $((began + 1))
stop_app

# The recorded flip, replayed headless, prints the same transitions as the live run.
transitions() { grep -E '"event":"(began|ended)"' "$1"; }
"$app" replay "$out/flip.json" --headless --events >"$out/replay-flip.log" 2>"$out/replay-flip.err" \
  || { log="$out/replay-flip.log"; fail "replay failed: $(cat "$out/replay-flip.err")"; }
diff <(transitions "$log") <(transitions "$out/replay-flip.log") >/dev/null \
  || { echo "live:"; transitions "$log"; echo "replay:"; transitions "$out/replay-flip.log"; fail "the replay's transitions differ"; }

# Page turn: from the right edge, 70 % of the width, presents; from the left edge, released
# at 25 %, cancels the dismissal.
start_app pageturn
cy=$((sy + sh / 2))
drag $((sx + sw - 3)) "$cy" $((sx + sw - 3 - sw * 70 / 100)) "$cy"
wait_for '"event":"ended"' 1
expect_line '"event":"began","interactive":true,"operation":"present","transition":"pageturn"'
expect_line '"cancelled":false,"event":"ended","operation":"present","transition":"pageturn"'
drag $((sx + 3)) "$cy" $((sx + 3 + sw * 25 / 100)) "$cy"
wait_for '"event":"ended"' 2
expect_line '"event":"began","interactive":true,"operation":"dismiss","transition":"pageturn"'
expect_line '"cancelled":true,"event":"ended","operation":"dismiss","transition":"pageturn"'
# After drags both ways the screen's button still taps.
tap turn-back
wait_for '"event":"ended"' 3
expect_line '"event":"began","interactive":false,"operation":"dismiss","transition":"pageturn"'
import -window root "$out/pageturn.png" 2>/dev/null || true
stop_app

# Magic move: tap a picture (a target of the ready event), the push ends; tap Back (a
# target of the screen event that follows), the pop ends.
start_app magicmove
tap photo-3
wait_for '"event":"ended"' 1
expect_line '"event":"began","interactive":false,"operation":"push","transition":"magicmove"'
expect_line '"cancelled":false,"event":"ended","operation":"push","transition":"magicmove"'
wait_for '"name":"back"' 1
tap back
wait_for '"event":"ended"' 2
expect_line '"cancelled":false,"event":"ended","operation":"pop","transition":"magicmove"'
import -window root "$out/magicmove.png" 2>/dev/null || true
stop_app

# The window destroyed by another program: one line, exit 1, the recording still written.
start_app flip --record "$out/closed.json"
xdotool mousemove --window "$wid" "$cx" $((sy + sh / 2))
sleep 0.3
xdotool windowclose "$wid"
for _ in $(seq 20); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$app_pid" 2>/dev/null && fail "the app did not end when its window was destroyed"
status=0
wait "$app_pid" || status=$?
app_pid=""
[ "$status" -eq 1 ] || fail "the app exited with status $status when its window was destroyed, not 1"
[ "$(cat "$log.err")" = "segue: the window is gone (X error BadWindow)" ] || fail "not the one line: $(cat "$log.err")"
"$app" replay "$out/closed.json" --headless >/dev/null || fail "the recording of the closed window does not replay"

echo "e2e: ok (flip, pageturn and magicmove; logs and screenshots in $out)"
