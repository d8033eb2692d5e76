#!/usr/bin/env python3
"""Checks imported CSS against a browser: each named @keyframes of STYLE.css imported by
`segue import-css`, drawn by `segue render` and by headless Chromium (Debian's `chromium`) at
fractions of its time, the animated screen painted red over a blue one; prints, per
animation, the overlap (IoU) of where each draws red, frame by frame.

Usage: scripts/css-vs-chromium.py [--segue PATH] [--classes "A B"] STYLE.css NAME[:SECONDS]…
  NAME is the @keyframes name, SECONDS its duration in both (default 1). The page's element
  has the classes `animate__animated animate__NAME NAME` (animate.css's) and those of
  --classes, so the rule that names the animation (its origin, backface, timing) applies
  in the browser as import-css applies it.
Needs python3-numpy and chromium (scripts/install-deps.sh python3-numpy chromium)."""
import argparse, os, struct, subprocess, sys, tempfile, zlib

try:
    import numpy as np
except ImportError:
    sys.exit("css-vs-chromium: needs numpy (apt-get install python3-numpy)")

W, H = 375, 667
FRACTIONS = [0.1, 0.25, 0.4, 0.55, 0.7, 0.85]


def solid_png(path, rgb):
    """A W × H PNG of one colour."""
    raw = b"".join(b"\x00" + bytes(rgb) * W for _ in range(H))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def read_png(path):
    """An 8-bit RGB or RGBA PNG as an array (rows, columns, channels)."""
    data = open(path, "rb").read()
    pos, idat, width, height, channels = 8, b"", 0, 0, 0
    while pos < len(data):
        n = struct.unpack(">I", data[pos:pos + 4])[0]
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            width, height, _, colour = struct.unpack(">IIBB", body[:10])
            channels = {2: 3, 6: 4}[colour]
        elif kind == b"IDAT":
            idat += body
    raw, stride = zlib.decompress(idat), width * channels
    rows, previous = np.zeros((height, stride), np.uint8), np.zeros(stride, np.int32)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = np.frombuffer(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)], np.uint8).astype(np.int32)
        if kind == 0:
            current = line
        elif kind == 2:
            current = (line + previous) & 255
        else:
            current = np.zeros(stride, np.int32)
            for x in range(stride):
                a = current[x - channels] if x >= channels else 0
                b, c = previous[x], previous[x - channels] if x >= channels else 0
                if kind == 1:
                    v = a
                elif kind == 3:
                    v = (a + b) // 2
                else:
                    p = a + b - c
                    v = a if abs(p - a) <= abs(p - b) and abs(p - a) <= abs(p - c) else (b if abs(p - b) <= abs(p - c) else c)
                current[x] = (line[x] + v) & 255
        rows[y], previous = current, current
    return rows.reshape(height, width, channels)


def red(path):
    """Where the frame shows any of the red screen."""
    return read_png(path)[:, :, 0].astype(int) > 8


def kebab(name):
    out, previous = "", "-"
    for c in name:
        if c.isupper() and previous != "-" and not previous.isupper():
            out += "-"
        out += c.lower() if c.isalnum() else "-"
        previous = c
    return out.strip("-")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--segue", default=".build/release/segue")
    parser.add_argument("--classes", default="")
    parser.add_argument("sheet")
    parser.add_argument("names", nargs="+")
    args = parser.parse_args()
    sheet = os.path.abspath(args.sheet)
    work = tempfile.mkdtemp(prefix="css-vs-chromium-")
    solid_png(f"{work}/blue.png", (0, 0, 255))
    solid_png(f"{work}/red.png", (255, 0, 0))
    worst = 1.0
    for spec in args.names:
        name, _, seconds = spec.partition(":")
        seconds = float(seconds or 1)
        subprocess.run([args.segue, "import-css", sheet, name, "--duration", str(seconds), "--out", f"{work}/"],
                       check=True, capture_output=True)
        overlaps = []
        for fraction in FRACTIONS:
            page, shot, drawn = f"{work}/{name}.html", f"{work}/c-{name}.png", f"{work}/s-{name}.png"
            with open(page, "w") as f:
                f.write(f"""<!doctype html><html><head><link rel="stylesheet" href="file://{sheet}">
<style>html,body{{margin:0;background:#00f;overflow:hidden}} #m{{width:{W}px;height:{H}px;background:#f00;
animation-name:{name};animation-duration:{seconds}s;animation-fill-mode:both}}</style></head>
<body><div id="m" class="animate__animated animate__{name} {name} {args.classes}"
style="animation-duration:{seconds}s;animation-delay:-{fraction * seconds}s;animation-play-state:paused"></div></body></html>""")
            subprocess.run(["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                            "--force-device-scale-factor=1", f"--window-size={W},{H}", f"--screenshot={shot}", page],
                           check=True, capture_output=True, timeout=120)
            subprocess.run([args.segue, "render", "--transition-file", f"{work}/{kebab(name)}.json", "--operation", "present",
                            "--progress", str(fraction), "--size", f"{W}x{H}", "--from", f"{work}/blue.png",
                            "--to", f"{work}/red.png", "--out", drawn], check=True, capture_output=True)
            a, b = red(shot), red(drawn)
            union = (a | b).sum()
            overlaps.append(1.0 if union == 0 else (a & b).sum() / union)
        worst = min(worst, min(overlaps))
        print(f"{name:24} IoU min {min(overlaps):.4f}  " + " ".join(f"{v:.3f}" for v in overlaps), flush=True)
    print(f"worst {worst:.4f} over {len(args.names)} animation(s) at {len(FRACTIONS)} fractions each")


if __name__ == "__main__":
    main()
