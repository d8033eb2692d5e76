#!/usr/bin/env bash
# Records the scripted demo sessions in docs/recordings/ (the sources of the README's
# animated pictures): the real app under Xvfb, driven by xdotool, with --record.
# Usage: scripts/record-demos.sh [path/to/segue]
set -euo pipefail
app=${1:-.build/release/segue}
dir=docs/recordings
mkdir -p "$dir"
. "$(dirname "$0")/xvfb.sh"
start_xvfb
trap 'kill $xvfb 2>/dev/null' EXIT

# session DEMO: starts the app recording DEMO; sets pid, wid, sx, sy, sw, sh.
session() {
  "$app" --demo "$1" --scale 0.6 --window 640x460 --events --record "$dir/$1.json" >/tmp/segue-record.log &
  pid=$!
  for _ in $(seq 100); do grep -q '"ready"' /tmp/segue-record.log && break; sleep 0.1; done
  wid=$(xdotool search --sync --onlyvisible --name '^Segue$' | head -1)
  read -r sx sy sw sh < <(python3 -c '
import json
r=json.loads(open("/tmp/segue-record.log").readline())["screen"]
print(r["x"], r["y"], r["width"], r["height"])')
  sleep 0.5
}
# finish: SIGTERM; the app writes its recording and exits 143.
finish() { sleep 0.6; kill -TERM "$pid"; local status=0; wait "$pid" || status=$?; [ "$status" -eq 143 ]; }
# drag X0 Y0 X1 Y1 STEPS: a press, STEPS moves 16 ms apart, a release.
drag() {
  xdotool mousemove --window "$wid" "$1" "$2" mousedown 1
  for i in $(seq 1 "$5"); do
    xdotool mousemove --window "$wid" $(( $1 + ($3 - $1) * i / $5 )) $(( $2 + ($4 - $2) * i / $5 ))
    sleep 0.016
  done
  xdotool mouseup 1
}
# target NAME: the centre of a target in the last event that lists it.
target() {
  python3 -c '
import json,sys
for line in reversed(open("/tmp/segue-record.log").read().splitlines()):
    for t in json.loads(line).get("targets", []):
        if t["name"]==sys.argv[1]: print(t["x"]+t["width"]//2, t["y"]+t["height"]//2); sys.exit(0)
sys.exit(1)' "$1"
}
tap() { read -r x y < <(target "$1"); xdotool mousemove --window "$wid" "$x" "$y" click 1; }

session flip
cx=$((sx + sw / 2))
drag "$cx" $((sy + sh * 85 / 100)) "$cx" $((sy + sh * 20 / 100)) 50
sleep 1.3
drag "$cx" $((sy + sh * 30 / 100)) "$cx" $((sy + sh * 50 / 100)) 25
sleep 1.2
tap dismiss
sleep 1.3
finish

session pageturn
cy=$((sy + sh / 2))
drag $((sx + sw - 2)) "$cy" $((sx + sw * 25 / 100)) "$cy" 45
sleep 1.2
drag $((sx + 2)) "$cy" $((sx + sw * 35 / 100)) "$cy" 30
sleep 1.2
tap turn-back
sleep 1.2
finish

session magicmove
tap photo-3
sleep 1.3
drag $((sx + 2)) "$cy" $((sx + sw * 70 / 100)) "$cy" 40
sleep 1.2
tap photo-5
sleep 1.3
tap back
sleep 1.2
finish
echo "recorded: $(ls "$dir")"
