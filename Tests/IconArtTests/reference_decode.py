#!/usr/bin/env python3
"""Independent reference for PNGDecoder: decodes PNGs with pypng and prints RGBA8 pixels.

pypng gives the raw samples; this script applies, in plain arithmetic, the conversion that
PNGDecoder documents (PNGDecoder.swift, `Gamma`), so the Swift test can compare bytes:

  1. Expand to RGBA: grey -> R=G=B; palette -> PLTE entry, alpha from tRNS (255 past its
     end); grey/RGB with tRNS -> alpha 0 where the raw sample(s) equal the key, else opaque.
     sBIT is ignored (it only describes the source's precision), as are cHRM, iCCP, cICP.
  2. Gamma, honoured as browsers do: an sRGB chunk, or no gAMA, means sRGB: nothing to do.
     Otherwise with g = gAMA / 100000 and p = 2.2 * g (the display modelled as gamma 2.2,
     as libpng does), colour samples x in 0..1 become x ** (1 / p), unless |p - 1| <= 0.05
     (a gAMA within 5% of 1/2.2 means sRGB). Alpha is linear and never changed.
  3. To 8 bits with rounding: floor(255 * x + 0.5); alpha round(255 * a / max).
  4. Fully transparent pixels become 0, 0, 0, 0.

Output on stdout, per file argument, a header line and for an image its pixels:
  <path> TAB OK TAB <width> TAB <height> NEWLINE, then width*height*4 bytes of RGBA, rows
  top to bottom; or
  <path> TAB ERR TAB <message> NEWLINE
"""
import math
import sys

import png  # pypng: Debian python3-png


def gamma_exponent(chunk_list):
    """1 / (2.2 * file gamma), or None for sRGB. Like libpng, only chunks before PLTE/IDAT count."""
    gama = None
    for kind, data in chunk_list:
        if kind in (b"PLTE", b"IDAT", b"IEND"):
            break
        if kind == b"sRGB":
            return None
        if kind == b"gAMA" and gama is None and len(data) == 4 and int.from_bytes(data, "big") > 0:
            gama = int.from_bytes(data, "big")
    if gama is None:
        return None
    product = 2.2 * gama / 100000  # same operations, same order as Gamma in PNGDecoder.swift
    if abs(product - 1) <= 0.05:
        return None
    return 1 / product


def decode(path):
    with open(path, "rb") as f:
        data = f.read()
    chunk_list = list(png.Reader(bytes=data).chunks())

    width, height, rows, info = png.Reader(bytes=data).read()
    rows = [list(r) for r in rows]
    depth = info["bitdepth"]
    maxval = (1 << depth) - 1
    planes = info["planes"]
    greyscale = info["greyscale"]
    has_alpha = info["alpha"]
    palette = info.get("palette")
    key = info.get("transparent")

    e = gamma_exponent(chunk_list)

    def colour(v, vmax):
        x = v / vmax
        if e is not None:
            x = x ** e
        return int(math.floor(255 * x + 0.5))

    def alpha(v, vmax):
        return (v * 255 + vmax // 2) // vmax

    out = bytearray()
    for row in rows:
        for x in range(width):
            px = row[x * planes:(x + 1) * planes]
            if palette is not None:
                entry = palette[px[0]] if px[0] < len(palette) else (0, 0, 0)
                r, g, b = (colour(c, 255) for c in entry[:3])
                a = entry[3] if len(entry) > 3 else 255
            else:
                samples = px[:planes - 1] if has_alpha else px
                if greyscale:
                    r = g = b = colour(samples[0], maxval)
                else:
                    r, g, b = (colour(c, maxval) for c in samples)
                if has_alpha:
                    a = alpha(px[-1], maxval)
                elif key is not None and tuple(samples) == tuple(key):
                    a = 0
                else:
                    a = 255
            out += bytes((r, g, b, a) if a else (0, 0, 0, 0))
    return width, height, bytes(out)


def main(paths):
    out = sys.stdout.buffer
    for path in paths:
        try:
            width, height, rgba = decode(path)
            out.write(f"{path}\tOK\t{width}\t{height}\n".encode() + rgba)
        except Exception as error:  # a file pypng rejects: report it, don't stop
            message = str(error).replace("\t", " ").replace("\n", " ")
            out.write(f"{path}\tERR\t{type(error).__name__}: {message}\n".encode())
    out.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
