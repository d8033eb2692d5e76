#!/usr/bin/env bash
# Runs the app in a real X window (Xvfb), drives it with real pointer events (xdotool) and
# checks what it reports with --events. Usage: scripts/e2e.sh [path/to/segue]
set -euo pipefail
app=${1:-.build/release/segue}
out=${OUT:-out/e2e}
mkdir -p "$out"
log="$out/events.log"

display=":$((90 + RANDOM % 100))"
Xvfb "$display" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
app_pid=""
cleanup() { [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null; kill "$xvfb" 2>/dev/null; true; }
trap cleanup EXIT
export DISPLAY="$display"
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done

fail() { echo "e2e: FAIL: $*"; echo "--- events"; cat "$log"; echo "--- stderr"; cat "$out/stderr.log"; exit 1; }

# wait_for PATTERN COUNT: until the log has COUNT lines matching PATTERN (10 s at most).
wait_for() {
  for _ in $(seq 100); do
    [ "$(grep -c -- "$1" "$log" || true)" -ge "$2" ] && return 0
    sleep 0.1
  done
  fail "timed out waiting for $2 × $1"
}

"$app" --events >"$log" 2>"$out/stderr.log" &
app_pid=$!
wait_for '"event":"ready"' 1
wid=$(xdotool search --sync --onlyvisible --name '^Segue$' | head -1)
read -r sx sy sw sh < <(python3 -c '
import json,sys
r=json.loads(open(sys.argv[1]).readline())["screen"]
print(r["x"], r["y"], r["width"], r["height"])' "$log")

# drag X Y0 Y1: press at (X, Y0), move to (X, Y1) in 20 steps, release.
drag() {
  xdotool mousemove --window "$wid" "$1" "$2" mousedown 1
  for i in $(seq 1 20); do
    xdotool mousemove --window "$wid" "$1" $(( $2 + ($3 - $2) * i / 20 ))
    sleep 0.015
  done
  xdotool mouseup 1
}

cx=$((sx + sw / 2))
# 1. Up by 70 % of the screen height: past the threshold, the flip presents.
drag "$cx" $((sy + sh * 85 / 100)) $((sy + sh * 15 / 100))
wait_for '"event":"ended"' 1
grep -q '"event":"began","transition":"flip","operation":"present","interactive":true' "$log" || fail "no interactive present began"
grep -q '"event":"ended","transition":"flip","operation":"present","cancelled":false' "$log" || fail "the present did not finish"

# 2. Down by 25 %: short of the threshold, the dismissal is cancelled.
drag "$cx" $((sy + sh * 40 / 100)) $((sy + sh * 65 / 100))
wait_for '"event":"ended"' 2
grep -q '"event":"ended","transition":"flip","operation":"dismiss","cancelled":true' "$log" || fail "the short dismiss drag was not cancelled"

import -window root "$out/screenshot.png" 2>/dev/null || true

# 3. Quit: SIGTERM becomes SDL_QUIT; the app must exit 0 within a second.
kill -TERM "$app_pid"
for _ in $(seq 10); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$app_pid" 2>/dev/null && fail "the app did not quit within a second"
wait "$app_pid" && status=0 || status=$?
app_pid=""
[ "$status" -eq 0 ] || fail "the app exited with status $status"
echo "e2e: ok ($(grep -c '"event"' "$log") events; screenshot in $out/screenshot.png)"
