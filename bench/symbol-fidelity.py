#!/usr/bin/env python3
"""How faithfully symbol art shows real app icons: iconchooser's tiles against chafa's.

    symbol-fidelity.py prepare CORPUS WORK
        finds the 1024×1024 PNGs in CORPUS's .appiconset folders (each distinct file once),
        writes WORK/app/Info.plist with them as alternates i0, i1, ... (links to the files) and
        WORK/icons.txt; prints how many there are
    symbol-fidelity.py measure BIN WORK CASE OURS-ARGS -- CHAFA-ARGS
        renders every icon with `BIN preview --app WORK/app --size 16x8 OURS-ARGS` and with
        `chafa --size 16x8 CHAFA-ARGS`, decodes both back to pixels with one rasteriser and
        prints "CASE OURS PEER COUNT": the median PSNR (dB) of each over the icons

The rasteriser draws each cell at a fixed 8×16 pixels: the symbol's shape (block elements,
quadrants, sextants, octants, eighths) in its foreground colour over its background colour,
as terminals draw them; the terminal's default background is black. The reference is the
source PNG area-averaged in linear light to 128×128 (8×8 source pixels per output pixel)
over black, in sRGB. PSNR is over the RGB samples of the pixels wholly inside the iOS icon
mask (corner radius 22.37% of the side) in the cells wholly inside it, where both sides
draw the icon's own pixels whatever they do at its outline.

Needs numpy and Pillow (Debian: python3-numpy, python3-pil).
"""

import hashlib
import os
import re
import statistics
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from PIL import Image

COLUMNS, ROWS = 16, 8
CELL_W, CELL_H = 8, 16
SIZE = COLUMNS * CELL_W                      # 128: the tile is square on screen
DEFAULT_BG = (0, 0, 0)
DEFAULT_FG = (255, 255, 255)
MASK_RADIUS_FRACTION = 0.2237

# --- sRGB ---------------------------------------------------------------------------------

_levels = np.arange(256) / 255.0
TO_LINEAR = np.where(_levels <= 0.04045, _levels / 12.92, ((_levels + 0.055) / 1.055) ** 2.4)


def to_srgb(linear):
    linear = np.clip(linear, 0, 1)
    encoded = np.where(linear <= 0.0031308, linear * 12.92, 1.055 * linear ** (1 / 2.4) - 0.055)
    return np.round(encoded * 255)


# --- symbols: character -> 16×8 boolean foreground mask --------------------------------------

def _rows(count):
    """Pixel row boundaries of `count` equal bands of a cell."""
    return [round(k * CELL_H / count) for k in range(count + 1)]


def _grid_mask(bits, columns, rows):
    """Foreground mask of a pattern on a columns×rows grid, bit row*columns+column."""
    mask = np.zeros((CELL_H, CELL_W), bool)
    ys, xs = _rows(rows), [round(k * CELL_W / columns) for k in range(columns + 1)]
    for r in range(rows):
        for c in range(columns):
            if bits >> (r * columns + c) & 1:
                mask[ys[r]:ys[r + 1], xs[c]:xs[c + 1]] = True
    return mask


def _box(x0, x1, y0, y1):
    """Foreground in [x0, x1) × [y0, y1), in eighths of the cell's width and height."""
    mask = np.zeros((CELL_H, CELL_W), bool)
    mask[y0 * CELL_H // 8:y1 * CELL_H // 8, x0 * CELL_W // 8:x1 * CELL_W // 8] = True
    return mask


def symbol_masks():
    masks = {" ": np.zeros((CELL_H, CELL_W), bool), "\u00a0": np.zeros((CELL_H, CELL_W), bool)}
    masks["\u2580"] = _box(0, 8, 0, 4)                          # ▀
    for n in range(1, 9):                                        # ▁ … █: lower n eighths
        masks[chr(0x2580 + n)] = _box(0, 8, 8 - n, 8)
    for n in range(1, 8):                                        # ▉ … ▏: left 7/8 … 1/8
        masks[chr(0x2588 + n)] = _box(0, 8 - n, 0, 8)
    masks["\u2590"] = _box(4, 8, 0, 8)                          # ▐
    masks["\u2594"] = _box(0, 8, 0, 1)                          # ▔
    masks["\u2595"] = _box(7, 8, 0, 8)                          # ▕
    # Quadrants, by their Unicode names' parts (1 UL, 2 UR, 4 LL, 8 LR).
    quadrants = {0x2596: 4, 0x2597: 8, 0x2598: 1, 0x2599: 1 | 4 | 8, 0x259A: 1 | 8,
                 0x259B: 1 | 2 | 4, 0x259C: 1 | 2 | 8, 0x259D: 2, 0x259E: 2 | 4, 0x259F: 2 | 4 | 8}
    for code, bits in quadrants.items():
        masks[chr(code)] = _grid_mask(bits, 2, 2)
    # Sextants U+1FB00…: patterns 1…62 in order without the two half columns (21, 42).
    code = 0x1FB00
    for bits in range(1, 63):
        if bits in (21, 42):
            continue
        masks[chr(code)] = _grid_mask(bits, 2, 3)
        code += 1
    # Octants U+1CD00…: patterns in order without the 26 that exist elsewhere.
    elsewhere = {0x01: 0x1CEA8, 0x02: 0x1CEAB, 0x40: 0x1CEA3, 0x80: 0x1CEA0, 0x03: 0x1FB82,
                 0x3F: 0x1FB85, 0x14: 0x1FBE6, 0x28: 0x1FBE7, 0xC0: 0x2582, 0xFC: 0x2586}
    quadrant_like = set()
    for q in range(16):
        bits = 0
        for b in range(4):
            if q >> b & 1:
                column, row = b % 2, b // 2
                bits |= 1 << (4 * row + column) | 1 << (4 * row + 2 + column)
        quadrant_like.add(bits)
    code = 0x1CD00
    for bits in range(256):
        if bits in elsewhere:
            masks[chr(elsewhere[bits])] = _grid_mask(bits, 2, 4)
        elif bits not in quadrant_like:
            masks[chr(code)] = _grid_mask(bits, 2, 4)
            code += 1
    assert code == 0x1CDE6, hex(code)
    return masks


MASKS = symbol_masks()
SHADES = {"\u2591": 0.25, "\u2592": 0.5, "\u2593": 0.75}       # ░ ▒ ▓: a mix of the two colours

# --- ANSI text -> cells ----------------------------------------------------------------------

XTERM16 = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
           (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0),
           (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255)]
CUBE = [0, 95, 135, 175, 215, 255]


def xterm(n):
    if n < 16:
        return XTERM16[n]
    if n < 232:
        i = n - 16
        return (CUBE[i // 36], CUBE[i // 6 % 6], CUBE[i % 6])
    g = 8 + 10 * (n - 232)
    return (g, g, g)


def _sgr(params, state):
    values = [int(p) if p else 0 for p in params.split(";")] if params else [0]
    i = 0
    while i < len(values):
        v = values[i]
        if v == 0:
            state.update(fg=None, bg=None, reverse=False)
        elif v == 7:
            state["reverse"] = True
        elif v == 27:
            state["reverse"] = False
        elif v in (38, 48):
            key = "fg" if v == 38 else "bg"
            if values[i + 1] == 2:
                state[key] = tuple(values[i + 2:i + 5])
                i += 4
            elif values[i + 1] == 5:
                state[key] = xterm(values[i + 2])
                i += 2
        elif v == 39:
            state["fg"] = None
        elif v == 49:
            state["bg"] = None
        elif 30 <= v <= 37:
            state["fg"] = XTERM16[v - 30]
        elif 90 <= v <= 97:
            state["fg"] = XTERM16[v - 90 + 8]
        elif 40 <= v <= 47:
            state["bg"] = XTERM16[v - 40]
        elif 100 <= v <= 107:
            state["bg"] = XTERM16[v - 100 + 8]
        i += 1


CSI = re.compile(r"\x1b\[([?0-9;]*)([@-~])")


def parse_screen(text):
    """Rows of cells (character, foreground, background), as a terminal would hold them."""
    rows, row = [], []
    state = {"fg": None, "bg": None, "reverse": False}
    last = None
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\x1b":
            m = CSI.match(text, i)
            if not m:
                raise ValueError(f"unknown escape at {i}: {text[i:i + 12]!r}")
            params, final = m.groups()
            if final == "m":
                _sgr(params, state)
            elif final == "b" and last is not None:           # REP: the last character again
                row.extend([last] * int(params or 1))
            elif final == "C":                                 # cursor forward over blanks
                row.extend([(" ", None, None)] * int(params or 1))
            elif not params.startswith("?"):
                raise ValueError(f"unhandled CSI {params}{final}")
            i = m.end()
            continue
        if ch == "\n":
            rows.append(row)
            row, last = [], None
        elif ch != "\r":
            fg, bg = state["fg"], state["bg"]
            if state["reverse"]:
                fg, bg = (bg or DEFAULT_BG), (fg or DEFAULT_FG)
            last = (ch, fg, bg)
            row.append(last)
        i += 1
    if row:
        rows.append(row)
    return rows


def rasterise(rows, top, left):
    """The COLUMNS×ROWS cells from (left, top) drawn at CELL_W×CELL_H pixels, sRGB floats."""
    out = np.zeros((SIZE, SIZE, 3))
    for r in range(ROWS):
        line = rows[top + r] if top + r < len(rows) else []
        for c in range(COLUMNS):
            ch, fg, bg = line[left + c] if left + c < len(line) else (" ", None, None)
            fg = np.array(fg or DEFAULT_FG, float)
            bg = np.array(bg or DEFAULT_BG, float)
            block = out[r * CELL_H:(r + 1) * CELL_H, c * CELL_W:(c + 1) * CELL_W]
            if ch in SHADES:
                p = SHADES[ch]
                mixed = p * TO_LINEAR[fg.astype(int)] + (1 - p) * TO_LINEAR[bg.astype(int)]
                block[:, :] = to_srgb(mixed)
            elif ch in MASKS:
                mask = MASKS[ch]
                block[mask] = fg
                block[~mask] = bg
            else:
                raise ValueError(f"no shape for U+{ord(ch):04X} in row {top + r}, column {left + c}")
    return out


# --- reference ------------------------------------------------------------------------------

def mask_inside():
    """Pixels of the cells wholly inside the rounded square. How each side draws the
    outline (iconchooser leaves the corners to the terminal's background, chafa draws the
    square) is left out: only cells where both draw the icon's own pixels count."""
    radius = MASK_RADIUS_FRACTION * SIZE
    half = SIZE / 2
    centres = np.arange(SIZE) + 0.5
    q = np.abs(centres - half) - (half - radius)
    qx, qy = q[None, :], q[:, None]
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    distance = outside + np.minimum(np.maximum(qx, qy), 0) - radius
    inside = 0.5 - distance >= 1
    cells = inside.reshape(ROWS, CELL_H, COLUMNS, CELL_W).all(axis=(1, 3))
    return np.repeat(np.repeat(cells, CELL_H, axis=0), CELL_W, axis=1)


MASK = mask_inside()


def reference(path):
    rgba = np.asarray(Image.open(path).convert("RGBA"))
    if rgba.shape[:2] != (1024, 1024):
        raise ValueError(f"{path}: {rgba.shape[1]}×{rgba.shape[0]}, not 1024×1024")
    alpha = rgba[..., 3:4] / 255.0
    premultiplied = TO_LINEAR[rgba[..., :3]] * alpha
    factor = 1024 // SIZE
    averaged = premultiplied.reshape(SIZE, factor, SIZE, factor, 3).mean(axis=(1, 3))
    # Over the default background (black): what remains after the alpha is the colour itself.
    return to_srgb(averaged)


def psnr(picture, ref):
    diff = (picture - ref)[MASK]
    mse = float(np.mean(diff * diff))
    return 99.0 if mse == 0 else 10 * np.log10(255 * 255 / mse)


# --- commands -------------------------------------------------------------------------------

def find_icons(corpus):
    found, seen = [], set()
    for root, dirs, files in os.walk(corpus):
        dirs.sort()
        if ".appiconset" not in root:
            continue
        for name in sorted(files):
            if not name.lower().endswith(".png"):
                continue
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                data = f.read()
            if data[:8] != b"\x89PNG\r\n\x1a\n" or data[16:24] != (1024).to_bytes(4, "big") * 2:
                continue
            digest = hashlib.sha256(data).digest()
            if digest not in seen:
                seen.add(digest)
                found.append(os.path.abspath(path))
    return found


def prepare(corpus, work):
    icons = find_icons(corpus)
    app = os.path.join(work, "app")
    os.makedirs(app, exist_ok=True)
    for n, path in enumerate(icons):
        # A hard link, or a copy: iconchooser does not follow a link that leads out of --app.
        link = os.path.join(app, f"i{n}@2x.png")
        if not os.path.lexists(link):
            try:
                os.link(path, link)
            except OSError:
                shutil.copyfile(path, link)
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    bench_input = __import__("importlib").import_module("make-bench-input")
    bench_input.write_plist(os.path.join(app, "Info.plist"), "Corpus", "i0",
                            [(f"i{n}", f"i{n}", n + 1) for n in range(len(icons))])
    with open(os.path.join(work, "icons.txt"), "w") as f:
        f.write("\n".join(icons) + "\n")
    print(len(icons))


def ours_pictures(binary, work, args, count):
    """One preview of every icon, one tile under the other (a slot is ROWS + 3 rows tall).
    Every measured icon is an alternate, so the current icon's checkmark (the primary's)
    never covers a tile."""
    result = subprocess.run([binary, "preview", "--app", os.path.join(work, "app"), "--size",
                             f"{COLUMNS}x{ROWS}", *args, *[f"i{n}" for n in range(count)]],
                            env=dict(os.environ, COLUMNS=str(COLUMNS + 2)), capture_output=True, check=True)
    rows = parse_screen(result.stdout.decode())
    return [rasterise(rows, (ROWS + 3) * k, 1) for k in range(count)]


def chafa_picture(path, args):
    result = subprocess.run(["chafa", "-f", "symbols", "--size", f"{COLUMNS}x{ROWS}", "--bg", "000000",
                             *args, path], capture_output=True, check=True)
    return rasterise(parse_screen(result.stdout.decode()), 0, 0)


def measure(binary, work, case, ours_args, chafa_args):
    with open(os.path.join(work, "icons.txt")) as f:
        icons = [line.strip() for line in f if line.strip()]
    refs = [reference(path) for path in icons]
    ours = ours_pictures(binary, work, ours_args, len(icons))
    with ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        peers = list(pool.map(lambda path: chafa_picture(path, chafa_args), icons))
    ours_psnr = [psnr(p, r) for p, r in zip(ours, refs)]
    peer_psnr = [psnr(p, r) for p, r in zip(peers, refs)]
    print(f"{case} {statistics.median(ours_psnr):.2f} {statistics.median(peer_psnr):.2f} {len(icons)}")


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "prepare":
        prepare(sys.argv[2], sys.argv[3])
    elif len(sys.argv) >= 6 and sys.argv[1] == "measure" and "--" in sys.argv:
        split = sys.argv.index("--")
        measure(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:split], sys.argv[split + 1:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
