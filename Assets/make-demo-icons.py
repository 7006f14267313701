#!/usr/bin/env python3
"""Draw the app icon images for the bundled "Colourful" demo app.

The demo app gives iconchooser something real to choose between: it ships a
primary icon ("default") and four alternate icons.  This script draws all
five designs at every size iOS asks for and writes them to
"Assets/App Icons/" as app-icon--NAME@2x.png, @3x, -ipad@2x and
-ipadpro@2x.

Every design uses the same mark, a thick "C" (for Colourful) with round
ends, in rainbow colours, black or white on a plain or rainbow ground.  It
is drawn in unit coordinates so each size looks the same, and antialiased
by 4x4 supersampling along its edges.  The images are opaque RGB (iOS
rejects app icons with alpha) and full-bleed (iOS rounds the corners
itself).

Standard library only; the PNG encoder is the few lines below.  Output is
byte-for-byte deterministic, so the PNGs are committed and this script is
only rerun (with `make assets`) when a design changes.  Before writing
anything it checks that the five designs stay easy to tell apart when shrunk
to 16x16 pixels.
"""

import math
import os
import struct
import sys
import zlib

OUT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "App Icons")

# File-name suffix -> width and height in pixels.
SIZES = {
    "@2x": 120,
    "@3x": 180,
    "-ipad@2x": 152,
    "-ipadpro@2x": 167,
}

SUPERSAMPLES = 4          # per axis, so 16 samples per edge pixel
ZLIB_LEVEL = 9
CHECK_SIZE = 16           # the smallest size an icon is shown at
MIN_DIFFERENCE = 40       # mean |difference| per channel, out of 255

WHITE = (255, 255, 255)
BLACK = (0, 0, 0)
PAPER = (250, 244, 232)   # warm off-white, the light background of "default"

# The rainbow, from one end of the "C" to the other.
RAINBOW = [
    (232, 52, 58),        # red
    (246, 134, 30),       # orange
    (248, 192, 24),       # yellow
    (52, 172, 76),        # green
    (26, 136, 222),       # blue
    (138, 66, 184),       # purple
]

# The mark: an arc of radius ARC_RADIUS, stroked HALF_WIDTH either side,
# open on the right between -GAP and +GAP, with round ends.
CENTRE = 0.5
ARC_RADIUS = 0.275
HALF_WIDTH = 0.135
GAP = math.radians(45)


# --- geometry -------------------------------------------------------------

def arc_angle(x, y):
    """Angle of (x, y) around the centre, anticlockwise from the right, 0..2pi."""
    return math.atan2(CENTRE - y, x - CENTRE) % (2 * math.pi)


def arc_end(angle):
    return (CENTRE + ARC_RADIUS * math.cos(angle),
            CENTRE - ARC_RADIUS * math.sin(angle))


ARC_ENDS = (arc_end(GAP), arc_end(-GAP))


def mark_distance(x, y):
    """Signed distance from (x, y) to the edge of the mark; negative inside."""
    if GAP <= arc_angle(x, y) <= 2 * math.pi - GAP:
        to_arc = abs(math.hypot(x - CENTRE, y - CENTRE) - ARC_RADIUS)
    else:
        to_arc = min(math.hypot(x - ex, y - ey) for ex, ey in ARC_ENDS)
    return to_arc - HALF_WIDTH


def mark_position(x, y):
    """How far along the "C" (x, y) lies: 0 at the top end, 1 at the bottom end."""
    t = (arc_angle(x, y) - GAP) / (2 * math.pi - 2 * GAP)
    return min(max(t, 0.0), 1.0)            # the round ends take the end colours


def coverage(size, px, py):
    """Fraction of pixel (px, py) covered by the mark, in an image `size` wide."""
    centre = mark_distance((px + 0.5) / size, (py + 0.5) / size) * size
    if centre > 0.75:                       # a pixel's half-diagonal is 0.707
        return 0.0
    if centre < -0.75:
        return 1.0
    n = SUPERSAMPLES
    hits = sum(
        mark_distance((px + (i + 0.5) / n) / size, (py + (j + 0.5) / n) / size) < 0
        for i in range(n) for j in range(n))
    return hits / (n * n)


def coverage_map(size):
    return [[coverage(size, px, py) for px in range(size)] for py in range(size)]


# --- colour ---------------------------------------------------------------

def mix(a, b, t):
    return tuple(ca + (cb - ca) * t for ca, cb in zip(a, b))


def rainbow(t):
    """A colour from RAINBOW, 0 <= t <= 1, blended smoothly between stops."""
    scaled = t * (len(RAINBOW) - 1)
    i = min(int(scaled), len(RAINBOW) - 2)
    return mix(RAINBOW[i], RAINBOW[i + 1], scaled - i)


def rainbow_mark(x, y):
    return rainbow(mark_position(x, y))


def rainbow_background(x, y):
    """The rainbow swept diagonally, top left to bottom right."""
    return rainbow(min(max((x + y) / 2, 0.0), 1.0))


def flat(colour):
    return lambda x, y: colour


# Design name -> (mark colour, background colour), each a function of (x, y).
DESIGNS = {
    "default": (rainbow_mark, flat(PAPER)),
    "black-white": (flat(BLACK), flat(WHITE)),
    "white-black": (flat(WHITE), flat(BLACK)),
    "multi-black": (rainbow_mark, flat(BLACK)),
    "black-multi": (flat(BLACK), rainbow_background),
}


def draw(design, size, cover):
    """Rows of RGB bytes for one design, given the mark's coverage map."""
    mark, background = DESIGNS[design]
    rows = []
    for py in range(size):
        row = bytearray()
        for px in range(size):
            x, y = (px + 0.5) / size, (py + 0.5) / size
            colour = mix(background(x, y), mark(x, y), cover[py][px])
            row.extend(int(round(c)) for c in colour)
        rows.append(bytes(row))
    return rows


# --- PNG ------------------------------------------------------------------

def png_chunk(tag, data):
    crc = zlib.crc32(tag + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", crc)


def png_bytes(rows):
    """An 8-bit truecolour (RGB, no alpha) PNG of `rows`."""
    height, width = len(rows), len(rows[0]) // 3
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    pixels = b"".join(b"\x00" + row for row in rows)   # filter 0: none
    return (b"\x89PNG\r\n\x1a\n"
            + png_chunk(b"IHDR", header)
            + png_chunk(b"IDAT", zlib.compress(pixels, ZLIB_LEVEL))
            + png_chunk(b"IEND", b""))


# --- self-check -----------------------------------------------------------

def shrink(rows, size):
    """Box-filter an image down to size x size, as a flat list of channels."""
    big = len(rows)
    out = []
    for oy in range(size):
        ys = range(oy * big // size, (oy + 1) * big // size)
        for ox in range(size):
            xs = range(ox * big // size, (ox + 1) * big // size)
            for c in range(3):
                total = sum(rows[y][3 * x + c] for y in ys for x in xs)
                out.append(total / (len(ys) * len(xs)))
    return out


def difference(a, b):
    return sum(abs(p - q) for p, q in zip(a, b)) / len(a)


def check_distinct(images):
    """Fail unless every pair of designs differs clearly at CHECK_SIZE pixels."""
    small = {name: shrink(rows, CHECK_SIZE) for name, rows in images.items()}
    names = list(small)
    ok = True
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            diff = difference(small[a], small[b])
            print(f"  {a:>11} vs {b:<11} {diff:6.1f}")
            ok = ok and diff > MIN_DIFFERENCE
    return ok


# --- main -----------------------------------------------------------------

def main():
    drawn = {}
    for suffix, size in SIZES.items():
        cover = coverage_map(size)
        for design in DESIGNS:
            drawn[design, suffix] = draw(design, size, cover)

    largest = max(SIZES, key=SIZES.get)
    print(f"difference at {CHECK_SIZE}x{CHECK_SIZE} (must be > {MIN_DIFFERENCE}):")
    if not check_distinct({d: drawn[d, largest] for d in DESIGNS}):
        sys.exit("make-demo-icons: some designs look too alike when small")

    os.makedirs(OUT_DIR, exist_ok=True)
    for (design, suffix), rows in drawn.items():
        name = f"app-icon--{design}{suffix}.png"
        with open(os.path.join(OUT_DIR, name), "wb") as f:
            f.write(png_bytes(rows))
    print(f"wrote {len(drawn)} icons to {OUT_DIR}")


if __name__ == "__main__":
    main()
