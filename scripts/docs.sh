#!/usr/bin/env bash
# The libraries' API documentation (DocC) as one static site under out/docs/: symbol graphs from
# the package's own build (`swift package dump-symbol-graph`), every public declaration checked
# for a summary (scripts/doc-coverage.py), each module's catalog (Sources/<Module>/<Module>.docc,
# and for SegueCatalog docs/transition-format.md as an article) converted by the toolchain's
# `docc` with warnings as errors — so a broken symbol link fails — and merged into one site.
# Usage: scripts/docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
DOCC=${DOCC:-$(command -v docc || echo "$(dirname "$(readlink -f "$SWIFT")")/docc")}
modules=(Segue SegueCatalog SegueRender SegueLive)

graphs=$(dirname "$("$SWIFT" build --show-bin-path)")/symbolgraph
rm -rf "$graphs"
"$SWIFT" package dump-symbol-graph --minimum-access-level public >/dev/null
python3 scripts/doc-coverage.py "$graphs" "${modules[@]}"

work=out/docs-build
rm -rf "$work" && mkdir -p "$work"
archives=()
for m in "${modules[@]}"; do
    mkdir -p "$work/graphs/$m"
    cp "$graphs/$m.symbols.json" "$work/graphs/$m/"
    for extension in "$graphs/$m@"*.symbols.json; do
        if [ -e "$extension" ]; then cp "$extension" "$work/graphs/$m/"; fi
    done
    cp -r "Sources/$m/$m.docc" "$work/$m.docc"
    # The transition format has one source, docs/transition-format.md, read on GitHub and here.
    # Its parts (level-1 headings there) become sections of the article: one level down.
    if [ "$m" = SegueCatalog ]; then
        python3 - docs/transition-format.md >"$work/$m.docc/TransitionFormat.md" <<'PY'
import sys
code = False
for i, line in enumerate(open(sys.argv[1])):
    code ^= line.startswith("```")
    print("#" + line if i > 0 and not code and line.startswith("#") else line, end="")
PY
    fi
    "$DOCC" convert "$work/$m.docc" --additional-symbol-graph-dir "$work/graphs/$m" \
        --fallback-display-name "$m" --fallback-bundle-identifier "org.segue.$m" \
        --output-path "$work/$m.doccarchive" --warnings-as-errors >"$work/$m.log" 2>&1 \
        || { cat "$work/$m.log" >&2; echo "docs: FAIL: $m's documentation has warnings (above)" >&2; exit 1; }
    archives+=("$work/$m.doccarchive")
done
rm -rf out/docs.new
"$DOCC" merge "${archives[@]}" --synthesized-landing-page-name Segue --output-path out/docs.new >/dev/null
rm -rf out/docs && mv out/docs.new out/docs
echo "docs: out/docs (${modules[*]}); serve it: python3 -m http.server -d out/docs, then open http://localhost:8000/documentation/"
