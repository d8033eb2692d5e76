#!/usr/bin/env bash
# Measures the live app's CPU (% of one core) under Xvfb while nothing on screen changes:
# idle, a drag held still, paused in the middle of a transition, and an idle 5000 × 5000
# window. Usage: scripts/idle-cpu.sh [path/to/segue] [SECONDS]
set -euo pipefail
app=${1:-.build/release/segue}
seconds=${2:-5}
. "$(dirname "$0")/xvfb.sh"
start_xvfb
# A configuration of its own: no saved tuning or transition of the user's changes a run.
XDG_CONFIG_HOME=$(mktemp -d)
export XDG_CONFIG_HOME
app_pid=""
cleanup() { [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null; kill "$xvfb" 2>/dev/null; rm -rf "$XDG_CONFIG_HOME"; true; }
trap cleanup EXIT
log=$(mktemp)

# cpu_ticks PID: user + system clock ticks so far.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# measure LABEL: the app's CPU over the next $seconds seconds.
measure() {
  local t0 t1
  t0=$(cpu_ticks "$app_pid")
  sleep "$seconds"
  t1=$(cpu_ticks "$app_pid")
  awk -v l="$1" -v d=$((t1 - t0)) -v hz="$(getconf CLK_TCK)" -v s="$seconds" \
    'BEGIN { printf "%-28s %5.1f %% of a core\n", l, 100 * d / hz / s }'
}
start() {
  "$app" --events "$@" >"$log" 2>/dev/null &
  app_pid=$!
  for _ in $(seq 100); do grep -q '"event":"ready"' "$log" && break; sleep 0.1; done
  wid=$(xdotool search --sync --onlyvisible --name '^Segue$' | head -1)
  read -r sx sy sw sh < <(python3 -c '
import json,sys
r=json.loads(open(sys.argv[1]).readline())["screen"]
print(r["x"], r["y"], r["width"], r["height"])' "$log")
  sleep 1
}
stop() { kill -TERM "$app_pid"; wait "$app_pid" 2>/dev/null || true; app_pid=""; }

start --demo flip
measure "idle"
cx=$((sx + sw / 2))
xdotool mousemove --window "$wid" "$cx" $((sy + sh * 80 / 100)) mousedown 1
for i in 1 2 3 4 5; do xdotool mousemove --window "$wid" "$cx" $((sy + sh * (80 - 6 * i) / 100)); sleep 0.02; done
sleep 0.5
measure "drag held still"
xdotool mouseup 1
sleep 1.5
stop

start --demo flip --duration 4
xdotool mousemove --window "$wid" "$cx" $((sy + sh * 80 / 100)) mousedown 1
for i in 1 2 3 4 5; do xdotool mousemove --window "$wid" "$cx" $((sy + sh * (80 - 8 * i) / 100)); sleep 0.02; done
xdotool mouseup 1
sleep 0.3
xdotool key --window "$wid" space
sleep 0.5
measure "paused mid-transition"
stop

start --demo flip --window 5000x5000
measure "idle 5000x5000 window"
stop
rm -f "$log"
