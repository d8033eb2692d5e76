#!/usr/bin/env python3
"""Every public declaration of the named modules has a summary: reads the symbol graphs in
GRAPHS (swift package dump-symbol-graph) and lists, as FILE:LINE: NAME, each public or open
symbol declared in source (not synthesized) with no doc comment of its own or inherited from
the requirement it implements. Exit 1 when there is one.
Usage: doc-coverage.py GRAPHS MODULE..."""
import glob, json, os, sys

graphs, modules = sys.argv[1], sys.argv[2:]
missing, total = [], 0
for module in modules:
    files = [os.path.join(graphs, module + ".symbols.json")] + glob.glob(os.path.join(graphs, module + "@*.symbols.json"))
    for path in files:
        for symbol in json.load(open(path))["symbols"]:
            if symbol["accessLevel"] not in ("public", "open") or "location" not in symbol:
                continue
            total += 1
            lines = [l.get("text", "").strip() for l in symbol.get("docComment", {}).get("lines", [])]
            if not any(lines):
                where = symbol["location"]
                source = where["uri"].split("/Sources/", 1)[-1]
                missing.append(f"Sources/{source}:{where['position']['line'] + 1}: {'.'.join(symbol['pathComponents'])}")
for line in sorted(missing):
    print(line, file=sys.stderr)
if missing:
    print(f"docs: FAIL: {len(missing)} of {total} public declarations have no summary (above)", file=sys.stderr)
    sys.exit(1)
print(f"docs: all {total} public declarations of {', '.join(modules)} have a summary")
