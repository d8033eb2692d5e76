#!/usr/bin/env bash
# Runs the app in a real X window (Xvfb), drives it with real pointer events (xdotool) and
# checks what it reports with --events. Usage: scripts/e2e.sh [path/to/segue]
set -euo pipefail
app=${1:-.build/release/segue}
out=${OUT:-out/e2e}
mkdir -p "$out"

. "$(dirname "$0")/e2e-lib.sh"

# Flip: up by 70 % of the screen height finishes the present; down by 25 % cancels the dismiss.
start_app flip --record "$out/flip.json" --export-dir "$out"
cx=$((sx + sw / 2))
drag "$cx" $((sy + sh * 85 / 100)) "$cx" $((sy + sh * 15 / 100))
wait_for '"event":"ended"' 1
expect_line '"event":"began","interactive":true,"operation":"present","transition":"flip"'
expect_line '"cancelled":false,"event":"ended","operation":"present","transition":"flip"'
# e: the flip just made, as a video written in the background (a second of it at 60 per second).
rm -f "$out"/segue-flip-*.mp4
xdotool key --window "$wid" e
wait_for '"event":"exported"' 1
video=$(grep '"event":"exported"' "$log" | python3 -c 'import json,sys; print(json.loads(sys.stdin.readline())["file"])')
frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$video")
[ "$frames" -ge 40 ] || fail "the exported $video has $frames frames"
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
expect_line '"demo":"flip","event":"screen","hud":"panel","screen":{"height":[0-9]*,"width":[0-9]*,"x":[0-9]*,"y":[0-9]*}'
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

# The catalog: the cube (a transition file in Assets/Transitions) opens by name; a drag left
# across 70 % of the screen turns it; ↓ steps the HUD's list to the next transition.
start_app cube
expect_line '"demo":"cube"'
cy=$((sy + sh / 2))
drag $((sx + sw * 85 / 100)) "$cy" $((sx + sw * 15 / 100)) "$cy"
wait_for '"event":"ended"' 1
expect_line '"event":"began","interactive":true,"operation":"present","transition":"cube"'
expect_line '"cancelled":false,"event":"ended","operation":"present","transition":"cube"'
xdotool windowfocus --sync "$wid" 2>/dev/null || true
xdotool key Down
wait_for '"demo":"explode"' 1
stop_app

# A/B: B splits the stage; a drag on B's screen drives both; H hides the HUD; a window of
# 400 × 300 shows it as a strip; F11 asks for full screen: a window manager grants it, and
# on this bare X server (none) the window becomes a borderless one of the display's size —
# the layout follows the window's real size either way — and a second F11 puts it back.
start_app flip --no-saved-tuning
xdotool windowfocus --sync "$wid" 2>/dev/null || true
xdotool key b
wait_for '"screens":\[{' 1
read -r bx by bw bh < <(grep '"screens"' "$log" | tail -1 | python3 -c '
import json,sys
r=json.loads(sys.stdin.read())["screens"][1]
print(r["x"], r["y"], r["width"], r["height"])')
bcx=$((bx + bw / 2))
drag "$bcx" $((by + bh * 20 / 100)) "$bcx" $((by + bh * 90 / 100))
wait_for '"event":"ended"' 2
expect_line '"event":"began","interactive":true,"operation":"present","transition":"flip","variant":"A"'
expect_line '"event":"began","interactive":true,"operation":"present","transition":"flip","variant":"B"'
expect_line '"cancelled":false,"event":"ended","operation":"present","transition":"flip","variant":"B"'
import -window "$wid" "$out/ab.png" 2>/dev/null || true
xdotool key h
wait_for '"hud":"hidden"' 1
xdotool key h
xdotool windowsize "$wid" 400 300
wait_for '"hud":"strip"' 1
import -window "$wid" "$out/strip.png" 2>/dev/null || true
xdotool key F11
screen_height() { tail -1 "$log" | python3 -c 'import json,sys; print(json.loads(sys.stdin.read())["screen"]["height"])'; }
for _ in $(seq 30); do [ "$(screen_height)" -gt 600 ] && break; sleep 0.1; done
[ "$(screen_height)" -gt 600 ] || fail "full screen did not lay the screens out for the display"
window_size() { xwininfo -id "$wid" | awk '/Width:/ {w=$2} /Height:/ {h=$2} END {print w "x" h}'; }
[ "$(window_size)" = "1280x1024" ] || fail "full screen left the window at $(window_size), not the display's 1280x1024"
import -window root "$out/fullscreen.png" 2>/dev/null || true
xdotool key F11
for _ in $(seq 30); do grep -q '"hud":"strip"' <(tail -1 "$log") && break; sleep 0.1; done
tail -1 "$log" | grep -q '"hud":"strip"' || fail "leaving full screen did not lay the 400 × 300 window out again"
[ "$(window_size)" = "400x300" ] || fail "leaving full screen left the window at $(window_size), not 400x300"
stop_app

# Autoplay: the catalog plays by itself, flip then pageturn, through H (the HUD shown again),
# until Esc.
start_app flip --autoplay --hide-hud --no-saved-tuning
expect_line '"hud":"hidden"'
wait_for '"transition":"pageturn"' 1
expect_line '"cancelled":false,"event":"ended","operation":"dismiss","transition":"flip"'
xdotool windowfocus --sync "$wid" 2>/dev/null || true
xdotool key h
wait_for '"hud":"panel"' 1
wait_for '"transition":"magicmove"' 1
xdotool key Escape
sleep 2.5
ended=$(grep -c '"event":"ended"' "$log")
sleep 2
[ "$(grep -c '"event":"ended"' "$log")" -eq "$ended" ] || fail "autoplay went on after Esc"
stop_app

# --scale too large for the display: one line, and a window that fits.
start_app flip --scale 3
grep -q "does not fit the .* display; --scale 3.00 lowered to" "$log.err" || fail "no line for --scale 3"
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

echo "e2e: ok (flip, pageturn, magicmove, the catalog's cube, A/B, the HUD hidden and as a strip, full screen, autoplay; logs and screenshots in $out)"
