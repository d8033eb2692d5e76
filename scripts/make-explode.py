#!/usr/bin/env python3
"""Writes Assets/Transitions/explode.json: the old screen breaks into tiles that fly
outward from the centre, turning and fading, over the new screen (after
VCTransitionsLibrary's CEExplodeAnimationController).

Deterministic: the same seed always writes the same file. Standard library only.
Run from anywhere:  python3 scripts/make-explode.py [OUT.json]
"""
import json
import math
import os
import random
import sys

SEED = 14
COLS, ROWS = 8, 16          # 128 tiles, about 47 x 42 pt on a 375 x 667 screen
WIDTH, HEIGHT = 375, 667    # the screen the distances are tuned for, in points; the file
                            # gives them in percent of a tile's size, so it fits every screen
STAGGER = 0.3               # the outermost tiles start this much later
FLIGHT = 0.7                # each tile flies for this much of the timeline
TILE_W, TILE_H = WIDTH / COLS, HEIGHT / ROWS  # a percentage is of the tile's own size (z: its width)


def r(x, digits=3):
    """Rounds for a readable file; -0.0 becomes 0."""
    v = round(x, digits)
    return 0 if v == 0 else (int(v) if v == int(v) else v)


def pct(fraction):
    """A fraction of the tile's size as a whole percentage, e.g. "-128%" (0 stays a number)."""
    v = round(fraction * 100)
    return f"{v}%" if v else 0


def tiles(rng):
    out = []
    for row in range(ROWS):
        for col in range(COLS):
            x, y, w, h = col / COLS, row / ROWS, 1 / COLS, 1 / ROWS
            # direction from the screen's centre, in points
            dx = (x + w / 2 - 0.5) * WIDTH
            dy = (y + h / 2 - 0.5) * HEIGHT
            reach = math.hypot(dx, dy) / math.hypot(WIDTH / 2, HEIGHT / 2)  # 0 at the centre, 1 in a corner
            angle = math.atan2(dy, dx) + rng.uniform(-0.35, 0.35)
            distance = rng.uniform(100, 240)
            start = STAGGER * reach
            end = start + FLIGHT
            depth = rng.uniform(40, 240)
            fly = {
                "t": r(end),
                "translate": [pct(math.cos(angle) * distance / TILE_W), pct(math.sin(angle) * distance / TILE_H),
                              pct(depth / TILE_W)],
                # under 90 on X and Y, so no tile turns its back (back faces would be drawn mirrored)
                "rotateX": r(rng.uniform(-70, 70), 0),
                "rotateY": r(rng.uniform(-70, 70), 0),
                "rotateZ": r(rng.uniform(-180, 180), 0),
                "scale": r(rng.uniform(0.4, 0.8), 2),
                "opacity": 0,
            }
            rest = {"t": r(start), "translate": [0, 0, 0], "rotateX": 0, "rotateY": 0, "rotateZ": 0,
                    "scale": 1, "curve": "easeInEaseOut"}
            hold = {"t": r(start + FLIGHT * 0.3), "opacity": 1}  # fully opaque for the first part of the flight
            out.append({
                "source": "base",
                "rect": [r(x, 4), r(y, 4), r(w, 4), r(h, 4)],  # eighths and sixteenths: exact, so the tiles meet
                "keyframes": [rest, hold, fly],
                "depth": depth,
            })
    # the tiles that come nearest the viewer are drawn last (the format draws in order, no depth sort)
    out.sort(key=lambda layer: layer.pop("depth"))
    return out


def dump(value, indent=0):
    """JSON with 2-space indentation; a layer's keyframes, numbers and short arrays stay on one line."""
    pad, inner = "  " * indent, "  " * (indent + 1)
    if isinstance(value, dict) and any(isinstance(v, (dict, list)) and len(json.dumps(v)) > 60 for v in value.values()):
        items = [f"{inner}{json.dumps(k)}: {dump(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list) and len(json.dumps(value)) > 60:
        return "[\n" + ",\n".join(inner + dump(v, indent + 1) for v in value) + "\n" + pad + "]"
    return json.dumps(value, ensure_ascii=False).replace('{"', '{ "').replace('}', ' }') \
        if isinstance(value, dict) else json.dumps(value, ensure_ascii=False)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "Assets", "Transitions", "explode.json")
    rng = random.Random(SEED)
    doc = {
        "format": 1,
        "name": "explode",
        "description": "The old screen breaks into tiles that fly outward, turning and fading "
                       "(after VCTransitionsLibrary's CEExplodeAnimationController).",
        "duration": 0.8,
        "curve": "linear",
        "perspective": "213.3%",  # 800 pt on a 375-pt screen
        "interaction": {"present": {"pan": "up"}, "dismiss": {"pan": "down"}},
        "layers": [{"source": "modal"}] + tiles(rng),
    }
    with open(path, "w", encoding="utf-8") as f:
        f.write(dump(doc) + "\n")
    print(f"{path}: {len(doc['layers']) - 1} tiles")


if __name__ == "__main__":
    main()
