#!/usr/bin/env python3
"""Builds each fuzz target's seed corpus: OUT/TARGET/ holds small inputs libFuzzer starts from.

    make-seeds.py OUT [--corpus DIR]

Seeds come from the shared corpus (../shared/corpus beside the repository, or --corpus: real
Info.plists, pngsuite and libpng's test images) and from the project's own fixtures (the demo
app's Info.plist and icons), and some are made here from those: binary forms of every plist,
Xcode-crushed (CgBI) forms of the PNGs. Nothing is copied into the repository. Standard library
only (plistlib, zlib, struct), plus python3-png to read the PNGs it crushes.

A new target gets a function below and an entry in SEEDS.
"""

import argparse
import glob
import hashlib
import os
import plistlib
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MAX_SEED = 256 * 1024   # larger files only slow every run; the fuzzer's inputs are capped near this too


def write(folder, data):
    if len(data) > MAX_SEED:
        return
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)


def files(pattern):
    return sorted(p for p in glob.glob(pattern, recursive=True) if os.path.isfile(p))


def plist_sources(corpus):
    paths = [os.path.join(ROOT, "Assets", "Info.plist")]
    if corpus:
        paths += files(os.path.join(corpus, "real-plists", "*"))
        paths += files(os.path.join(corpus, "real-projects", "**", "*Info*.plist"))[:60]
    return paths


def png_sources(corpus):
    paths = files(os.path.join(ROOT, "Assets", "**", "*.png"))
    if corpus:
        paths += files(os.path.join(corpus, "png", "**", "*.png"))
    return paths


def read(path):
    with open(path, "rb") as f:
        return f.read()


def plist_seeds(out, corpus):
    for path in plist_sources(corpus):
        data = read(path)
        write(out, data)
        try:
            value = plistlib.loads(data)
        except Exception:
            continue   # a fragment or a damaged file: a seed as it is
        write(out, plistlib.dumps(value, fmt=plistlib.FMT_BINARY))
    # What Info.plists hold besides strings, so every marker has a seed.
    every_kind = {"CFBundleIcons": {"CFBundleAlternateIcons": {"a": {
        "CFBundleIconFiles": ["a", "a@2x", "$(SUFFIX)a"], "ordinal": 1, "UIPrerenderedIcon": True,
        "real": 1.5, "data": b"\x00\x01", "big": 2 ** 63 - 1, "negative": -1, "unicode": "\u202eé"}}}}
    write(out, plistlib.dumps(every_kind, fmt=plistlib.FMT_BINARY))
    write(out, plistlib.dumps(every_kind, fmt=plistlib.FMT_XML))
    write(out, b'{ CFBundleIcons = { CFBundleAlternateIcons = { a = { CFBundleIconFiles = (a); }; }; }; }')


def binary_plist_seeds(out, corpus):
    for path in plist_sources(corpus):
        try:
            value = plistlib.loads(read(path))
        except Exception:
            continue
        write(out, plistlib.dumps(value, fmt=plistlib.FMT_BINARY))
    write(out, plistlib.dumps({"CFBundleIcons": {"CFBundleAlternateIcons": {
        "a": {"CFBundleIconFiles": ["a"], "ordinal": 1, "r": 0.5, "d": b"x", "t": True}}}}, fmt=plistlib.FMT_BINARY))


def png_seeds(out, corpus):
    for path in png_sources(corpus):
        write(out, read(path))


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def crushed(width, height, rows, color_type, palette=None):
    """An Xcode-crushed PNG: CgBI first, raw deflate, B G R (A) premultiplied by alpha."""
    raw = bytearray()
    for row in rows:
        raw.append(0)
        raw += row
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    data = packer.compress(bytes(raw)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)
    extra = chunk(b"PLTE", palette) if palette else b""
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"CgBI", b"\x50\x00\x20\x06") + chunk(b"IHDR", header) + extra
            + chunk(b"IDAT", data) + chunk(b"IEND", b""))


def crushed_seeds(out, corpus):
    try:
        import png
    except ImportError:
        print("make-seeds: python3-png is missing; cgbi gets only made-up seeds", file=sys.stderr)
        png = None
    sources = [p for p in png_sources(corpus) if "crashers" not in p and "badpal" not in p]
    for path in sources if png else []:
        try:
            width, height, pixels, info = png.Reader(filename=path).asRGBA8()
        except Exception:
            continue
        if width * height > 256 * 256:
            continue
        bgra, bgr = [], []
        for row in pixels:
            out_alpha, out_plain = bytearray(), bytearray()
            for x in range(width):
                r, g, b, a = row[4 * x:4 * x + 4]
                out_alpha += bytes(((b * a + 127) // 255, (g * a + 127) // 255, (r * a + 127) // 255, a))
                out_plain += bytes((b, g, r))
            bgra.append(bytes(out_alpha))
            bgr.append(bytes(out_plain))
        write(out, crushed(width, height, bgra, 6))
        write(out, crushed(width, height, bgr, 2))
    # Kinds only the rewrite for libpng takes: grey and palette.
    write(out, crushed(4, 4, [bytes([16 * y + x for x in range(4)]) for y in range(4)], 0))
    write(out, crushed(4, 2, [bytes([0, 1, 2, 1]), bytes([2, 1, 0, 1])], 3, palette=b"\xff\x00\x00\x00\xff\x00\x00\x00\xff"))


def escape_seeds(out, corpus):
    for seed in [b"", b"x", b"[A", b"[1;5C", b"[5~", b"OA", b"[<0;10;5M", b"[<0;10;5m", b"[M !!", b"[Z",
                 b"[<4;300;200M", b"[200~", b"\x1b[A"]:
        write(out, seed)


def zip_seeds(out, corpus):
    """.ipa-shaped archives of the demo app (small icons), stored and deflated, with the odd
    entries the reader refuses: a link, a name with "..", one name twice."""
    import io
    import stat
    import zipfile
    plist = read(os.path.join(ROOT, "Assets", "Info.plist"))
    icon = crushed(2, 2, [b"\xff\x00\x00\xff" * 2] * 2, 6)
    for method in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", method) as archive:
            archive.writestr("Payload/Colourful.app/Info.plist", plist)
            archive.writestr("Payload/Colourful.app/app-icon--default@2x.png", icon)
            archive.writestr("Payload/Colourful.app/../escape.png", icon)
            link = zipfile.ZipInfo("Payload/Colourful.app/link.png")
            link.external_attr = (stat.S_IFLNK | 0o777) << 16
            archive.writestr(link, "Info.plist")
        write(out, buffer.getvalue())
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("Payload/A.app/Info.plist", plist)
        archive.writestr("Payload/B.app/Info.plist", plist)
    write(out, buffer.getvalue())


SEEDS = {
    "bplist-guard": binary_plist_seeds,
    "plist-loader": plist_seeds,
    "png-chunks": png_seeds,
    "png-rows": png_seeds,
    "cgbi": crushed_seeds,
    "escape-sequence": escape_seeds,
    "zip-reader": zip_seeds,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--corpus", default=os.path.join(os.path.dirname(ROOT), "shared", "corpus"))
    parser.add_argument("--targets", nargs="*", default=sorted(SEEDS))
    args = parser.parse_args()
    corpus = args.corpus if os.path.isdir(args.corpus) else None
    if corpus is None:
        print(f"make-seeds: {args.corpus} is absent; seeds come from the project's fixtures only", file=sys.stderr)
    for target in args.targets:
        if target not in SEEDS:
            sys.exit(f"make-seeds: no seeds for target {target!r}; add them to SEEDS")
        folder = os.path.join(args.out, target)
        os.makedirs(folder, exist_ok=True)
        SEEDS[target](folder, corpus)
        print(f"make-seeds: {target}: {len(os.listdir(folder))} seeds", file=sys.stderr)


if __name__ == "__main__":
    main()
