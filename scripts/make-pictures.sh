#!/usr/bin/env bash
# Makes the README's animated pictures from the recordings in docs/recordings/: each is
# replayed headless straight into docs/NAME.gif (segue replay --out NAME.gif: ffmpeg, one
# palette, 30 frames per second, idle stretches cut to half a second).
# Usage: scripts/make-pictures.sh [path/to/segue]
set -euo pipefail
app=${1:-.build/release/segue}
for rec in docs/recordings/*.json; do
  name=$(basename "$rec" .json)
  "$app" replay "$rec" --out "docs/$name.gif" 2>&1 | tail -1
done
