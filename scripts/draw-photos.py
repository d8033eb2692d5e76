#!/usr/bin/env python3
"""Draws the magic-move demo's pictures: six procedural landscapes, written as PNGs with the
standard library only. Run from the repository root: python3 scripts/draw-photos.py"""
import math
import random
import struct
import zlib

W, H = 480, 360

SCENES = [
    # name, sky top, sky bottom, sun, sun colour, ridge colours (far → near), water
    ("Dawn", (40, 44, 92), (250, 170, 120), (0.72, 0.52), (255, 230, 170), [(120, 90, 130), (80, 60, 100), (45, 35, 70)], True),
    ("Noon", (40, 120, 220), (170, 215, 250), (0.25, 0.22), (255, 250, 220), [(110, 160, 120), (60, 130, 80), (30, 90, 50)], False),
    ("Sunset", (70, 30, 90), (255, 120, 60), (0.5, 0.58), (255, 210, 90), [(150, 60, 70), (100, 35, 60), (50, 20, 40)], True),
    ("Night", (5, 8, 30), (30, 40, 90), (0.78, 0.2), (235, 235, 250), [(40, 50, 90), (25, 30, 60), (10, 12, 30)], False),
    ("Dunes", (120, 180, 230), (250, 230, 190), (0.2, 0.3), (255, 255, 235), [(230, 180, 110), (215, 150, 80), (190, 120, 60)], False),
    ("Fjord", (90, 130, 160), (200, 220, 225), (0.6, 0.3), (250, 250, 240), [(100, 120, 130), (60, 80, 90), (30, 45, 55)], True),
]


def mix(a, b, t):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


def ridge(x, seed, base, amp):
    r = random.Random(seed)
    waves = [(r.uniform(1, 4), r.uniform(0, 6.28), r.uniform(0.3, 1)) for _ in range(4)]
    return base - amp * sum(a * math.sin(f * x * 6.28 / W * 1.5 + p) for f, p, a in waves) / 2.5


def draw(scene, index):
    name, top, bottom, sun, sun_colour, ridges, water = scene
    horizon = H * (0.62 if water else 0.9)
    px = bytearray()
    rng = random.Random(index)
    stars = {(rng.randrange(W), rng.randrange(int(H * 0.6))) for _ in range(140)} if name == "Night" else set()
    sx, sy, sr = sun[0] * W, sun[1] * H, 26
    for y in range(H):
        px.append(0)
        for x in range(W):
            yy = y if y < horizon else 2 * horizon - y  # the water mirrors the sky
            c = mix(top, bottom, min(max(yy / horizon, 0), 1))
            d = math.hypot(x - sx, yy - sy)
            if d < sr:
                c = sun_colour
            elif d < sr * 3:
                c = mix(sun_colour, c, (d - sr) / (sr * 2) * 0.5 + 0.5)
            if (x, yy) in stars:
                c = (255, 255, 255)
            for k, colour in enumerate(ridges):
                if yy > ridge(x, index * 10 + k, horizon * (0.55 + 0.16 * k), 40 - 8 * k):
                    c = colour
            if water and y >= horizon:
                shimmer = 0.85 + 0.15 * math.sin(y * 0.9 + math.sin(x * 0.05) * 2)
                c = mix((20, 30, 60), c, 0.75 * shimmer)
            px.extend(c)
    return png(W, H, bytes(px))


def png(w, h, raw):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    for i, scene in enumerate(SCENES, start=1):
        with open(f"Assets/Pictures/photo-{i}.png", "wb") as f:
            f.write(draw(scene, i))
        print(f"Assets/Pictures/photo-{i}.png  {scene[0]}")
