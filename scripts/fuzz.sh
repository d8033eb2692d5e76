#!/usr/bin/env bash
# Fuzzes with libFuzzer for a bounded time each (default 30 s): the replay parser, starting
# from the recordings in docs/recordings, and the image-header reader (PNG and JPEG before
# decoding), starting from the shipped pictures and the goldens, the transition-file reader
# and writer, starting from the files in Assets/Transitions, and the CSS importer, starting
# from fuzz/corpus (a sheet and the inputs it once crashed on). A crash or hang fails with
# the input that caused it (in out/fuzz/, and its bytes in the report).
# Usage: scripts/fuzz.sh [SECONDS]
set -euo pipefail
seconds=${1:-30}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Ctrl-C: the fuzzer running stops (libFuzzer exits 72, below), then the script, in one line.
trap 'echo "fuzz: interrupted" >&2; exit 130' INT TERM
mkdir -p out/fuzz

# fuzz NAME CORPUS-FILES… -- SOURCES…: builds NAME from SOURCES and runs it on a copy of the corpus.
fuzz() {
  local name=$1; shift
  local corpus=()
  while [ "$1" != "--" ]; do corpus+=("$1"); shift; done
  shift
  swiftc -O -sanitize=fuzzer -parse-as-library -package-name segue -D SEGUE_FUZZING "$@" -o "$work/$name"
  mkdir -p "$work/$name-corpus"
  cp "${corpus[@]}" "$work/$name-corpus/"
  local status=0
  # Swift's own backtracer is turned off so that a trap reaches libFuzzer, which saves the input.
  SWIFT_BACKTRACE=enable=no "$work/$name" "$work/$name-corpus" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=1024 \
    -artifact_prefix=out/fuzz/"$name"- -print_final_stats=1 >"$work/$name.log" 2>&1 || status=$?
  if [ "$status" -eq 72 ]; then   # libFuzzer's exit status when interrupted
    echo "fuzz: interrupted during $name" >&2
    exit 130
  elif [ "$status" -ne 0 ]; then
    # The fuzzer's last words (its report, the input's file; none if it was killed), then one
    # line saying what failed.
    { grep -v -E "^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse|INITED)|^INFO:|NEW_FUNC" "$work/$name.log" || true; } | tail -n 40 >&2
    echo "fuzz: $name failed (exit status $status); any input that caused it is in out/fuzz/$name-*" >&2
    exit 1
  fi
  grep -E "^#[0-9]+ +DONE|stat::number_of_executed_units|Done" "$work/$name.log" || true
  echo "fuzz: $name ran $seconds s without a crash"
}

fuzz replay-parser docs/recordings/*.json -- \
  Sources/Segue/Gestures/InputEvent.swift Sources/SegueProcess/Echo.swift Sources/SegueStudio/Recording.swift \
  fuzz/ReplayParserFuzz.swift
# A JPEG header to start from: SOI, APP0 (JFIF), a baseline frame header of 16 × 16, EOI.
printf '\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xc0\x00\x0b\x08\x00\x10\x00\x10\x01\x01\x11\x00\xff\xd9' >"$work/seed.jpg"
fuzz image-header Assets/Pictures/*.png Tests/SegueSDLTests/Goldens/flip-*.png "$work/seed.jpg" -- \
  Sources/SegueRender/ImageHeader.swift fuzz/ImageHeaderFuzz.swift
# The transition-file reader and writer, and the CSS importer on top of them.
reader=(
  Sources/SegueCatalog/TransitionFiles/JSONValue.swift Sources/SegueCatalog/TransitionFiles/TransitionFile.swift
  Sources/SegueCatalog/TransitionFiles/TransitionFile+Reading.swift Sources/SegueProcess/Echo.swift
  Sources/Segue/Animation/TimingCurve.swift Sources/Segue/Animation/Spring.swift Sources/Segue/Animation/Curve.swift
  Sources/Segue/Layers/Color.swift Sources/Segue/Transitions/ScrubMode.swift
  Sources/Segue/Layers/Gradient.swift Sources/Segue/Geometry/Point.swift Sources/Segue/Geometry/Rect.swift
  Sources/SegueCatalog/TransitionFiles/TransformFunction.swift Sources/SegueCatalog/TransitionFiles/LayerTracks.swift
  Sources/SegueCatalog/TransitionFiles/TransitionFileWarnings.swift Sources/SegueCatalog/TransitionFiles/TransitionFile+Writing.swift
  Sources/Segue/Geometry/Transform3D.swift
  Sources/Segue/Geometry/Transform3D+Decomposition.swift Sources/Segue/Geometry/Vector.swift
)
fuzz transition-file Assets/Transitions/*.json -- "${reader[@]}" fuzz/TransitionFileFuzz.swift
fuzz css-import fuzz/corpus/*.css -- "${reader[@]}" Sources/SegueCatalog/CSS/*.swift fuzz/CSSImportFuzz.swift
