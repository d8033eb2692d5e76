# The e2e scripts' shared part, sourced: an Xvfb display, and functions that start the app
# named by $app with --events into $out, drive it with xdotool, and read its event lines.
. "$(dirname "${BASH_SOURCE[0]}")/xvfb.sh"
start_xvfb
# A configuration of its own: no saved tuning or transition of the user's changes a run.
XDG_CONFIG_HOME=$(mktemp -d)
export XDG_CONFIG_HOME
app_pid=""
cleanup() { [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null; kill "$xvfb" 2>/dev/null; rm -rf "$XDG_CONFIG_HOME"; true; }
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

