#!/usr/bin/env bash
# Fuzzes the replay parser with libFuzzer for a bounded time (default 30 s), starting from
# the recordings in docs/recordings. A crash or hang fails with the input that caused it.
# Usage: scripts/fuzz.sh [SECONDS]
set -euo pipefail
seconds=${1:-30}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swiftc -O -sanitize=fuzzer -parse-as-library -D SEGUE_FUZZING \
  Sources/Segue/Gestures/InputEvent.swift Sources/SegueStudio/Recording.swift fuzz/ReplayParserFuzz.swift \
  -o "$work/replay-parser-fuzz"
mkdir -p "$work/corpus" out/fuzz
cp docs/recordings/*.json "$work/corpus/"
"$work/replay-parser-fuzz" "$work/corpus" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=1024 \
  -artifact_prefix=out/fuzz/ -print_final_stats=1 2>&1 | grep -E "^#[0-9]+ +DONE|stat::number_of_executed_units|ERROR|Done"
echo "fuzz: the replay parser ran $seconds s without a crash"
