#!/usr/bin/env bash
# Makes the README's animated pictures from the recordings in docs/recordings/: each is
# replayed headless (segue replay --headless --out) and its frames become a GIF.
# Usage: scripts/make-pictures.sh [path/to/segue]
set -euo pipefail
app=${1:-.build/release/segue}
command -v convert >/dev/null || { echo "make-pictures: needs ImageMagick's convert (apt-get install imagemagick)"; exit 1; }
for rec in docs/recordings/*.json; do
  name=$(basename "$rec" .json)
  frames=$(mktemp -d)
  "$app" replay "$rec" --headless --out "$frames" 2>/dev/null
  # Every second frame (30 per second), 3/100 s apart, 96 colours without dithering.
  convert -delay 3 -loop 0 $(ls "$frames"/frame-*.png | awk 'NR % 2 == 1') +dither -colors 96 -fuzz 1% -layers Optimize "docs/$name.gif"
  rm -rf "$frames"
  echo "docs/$name.gif: $(du -h "docs/$name.gif" | cut -f1)"
done
