#!/usr/bin/env bash
# Makes docs/catalog.png: every transition `segue catalog` lists, at 25, 50 and 75 % of its
# present, three to a row, each labelled with its name (magic move's push is a spring that has
# all but landed by 25 %: it shows at 4, 8 and 16 %).
# Usage: scripts/make-catalog-sheet.sh [path/to/segue] [out.png]
set -euo pipefail
app=${1:-.build/release/segue}
out=${2:-docs/catalog.png}
command -v montage >/dev/null || { echo "make-catalog-sheet: needs ImageMagick's montage (apt-get install imagemagick)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
names=$("$app" catalog --json | python3 -c 'import json,sys; print(" ".join(e["name"] for e in json.load(sys.stdin)))')
tiles=()
for name in $names; do
  op=present points="25 50 75" title=$name
  if [ "$name" = magicmove ]; then op=push points="04 08 16" title="$name 4·8·16 %"; fi
  frames=()
  for p in $points; do
    "$app" render --transition "$name" --operation "$op" --progress "0.$p" --scale 0.4 --out "$work/$name-$p.png"
    frames+=("$work/$name-$p.png")
  done
  # One tile: the three frames side by side under the transition's name.
  montage "${frames[@]}" -tile 3x1 -geometry +4+0 -background '#0f1115' \
    -title "$title" -fill '#e5e7eb' -font DejaVu-Sans -pointsize 18 "$work/tile-$name.png"
  tiles+=("$work/tile-$name.png")
done
montage "${tiles[@]}" -tile 3x -geometry +18+14 -background '#0f1115' "$out"
echo "$out: $(identify -format '%wx%h' "$out"), ${#tiles[@]} transitions at 25, 50 and 75 %"
