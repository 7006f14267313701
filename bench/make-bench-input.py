#!/usr/bin/env python3
"""Writes the inputs `make bench` measures with (standard library only: zlib, struct).

    make-bench-input.py png FILE SIZE [--level N] [--variant V]
        one SIZE×SIZE RGBA PNG with detail: gradients, noise, discs, a ring, thin lines,
        a checkerboard, a translucent disc and a feathered (partly transparent) border
    make-bench-input.py app DIR COUNT SIZE [--level N]
        DIR/Info.plist with a primary icon and COUNT-1 alternates (ordinal 1..COUNT-1),
        each naming its own file DIR/iconN@2x.png (N = 0 for the primary); a few distinct
        pictures are encoded once and written under every name, each copy made distinct
        by a tEXt chunk, so 500 big files cost seconds, not minutes
    make-bench-input.py oneicon DIR SIZE [--level N] [--crushed | --palette-hint]
        DIR/Info.plist with one primary icon "big" and DIR/big@2x.png; --crushed writes it
        the way Xcode does in built apps (CgBI), --palette-hint adds a suggested palette
        (PLTE), which sends the file to libpng instead of the row decoder
    make-bench-input.py catalog DIR COUNT SIZE [--level N]
        DIR (an asset catalog, NAME.xcassets) with COUNT single-size app icon sets: AppIcon
        and IconN for N in 1..COUNT-1, each with one 1024-point universal iOS image of SIZE
        pixels (the few distinct pictures written as for `app`)
    make-bench-input.py xcodegen DIR TARGETS SETS SIZE [--level N]
        DIR/project.yml, an XcodeGen spec with no .xcodeproj: three configurations (Debug,
        Release, Release-production), an include (specs/targets.yml, itself including
        specs/settings.yml), a setting group, a target template, a per-configuration xcconfig
        with an #include, and TARGETS iOS application targets sharing DIR/App/Assets.xcassets
        of SETS single-size sets of SIZE pixels; App0 ships them all
    make-bench-input.py hostile FILE BYTES
        a binary Info.plist of about BYTES bytes of hostile text: thousands of alternates whose
        names hold control and bidi characters (some thousands of characters long), file
        entries that are missing, unsafe, full of $(VAR), repeated or scaled, ordinals of every
        wrong type, an iPad twin sharing no name, and one alternate with a huge file list

Rows are built with bytearray slice assignments (C loops), so a 4096×4096 image takes
a few seconds in pure Python.
"""

import argparse
import json
import os
import random
import struct
import zlib
from math import isqrt


def _chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def _mixed(base, noise, bits):
    """base with its low `bits` bits replaced by noise's (whole rows at once, as big ints)."""
    n = len(base)
    low = int.from_bytes(bytes([(1 << bits) - 1]) * n, "big")
    value = (int.from_bytes(base, "big") & ~low) | (int.from_bytes(noise, "big") & low)
    return value.to_bytes(n, "big")


def image_rows(size, variant=0):
    """Yields the SIZE rows of an RGBA picture as bytes (without PNG filter bytes)."""
    rng = random.Random(1234 + variant)
    s = size
    scale = 256.0 / s
    shift = (variant * 37) % 256
    red = bytes((int(x * scale) + shift) % 256 for x in range(s))
    diagonal = bytes(int(i * scale / 2 + variant * 53) % 256 for i in range(2 * s))
    noises = [rng.randbytes(s) for _ in range(7)]
    reds = [_mixed(red, noises[k], 3) for k in range(7)]
    feather = max(2, s // 32)                     # the partly transparent border, in pixels
    ramp = bytes(int(255 * (i + 1) / (feather + 1)) for i in range(feather))
    alpha_row = ramp + b"\xff" * (s - 2 * feather) + ramp[::-1]
    discs = []                                     # (cx, cy, r, rgba)
    for k in range(6):
        r = rng.randint(s // 16, s // 6)
        discs.append((rng.randint(r, s - r), rng.randint(r, s - r), r,
                      bytes([rng.randrange(256), rng.randrange(256), rng.randrange(256), 255])))
    ring = (s // 2, s // 2, s * 3 // 8, max(2, s // 64))   # cx, cy, outer radius, thickness
    translucent = (s * 2 // 3, s // 3, s // 5)              # cx, cy, r: alpha 128
    check = (s // 8, s * 5 // 8, s // 4, max(1, s // 128))  # x, y, side, cell
    line_every = max(8, s // 24)

    for y in range(s):
        row = bytearray(4 * s)
        row[0::4] = reds[y % 7]
        row[1::4] = bytes([(y * 256 // s + shift) % 256]) * s
        row[2::4] = diagonal[y:y + s]
        if y < feather:
            row[3::4] = bytes(min(a, ramp[y]) for a in alpha_row)
        elif y >= s - feather:
            row[3::4] = bytes(min(a, ramp[s - 1 - y]) for a in alpha_row)
        else:
            row[3::4] = alpha_row
        for cx, cy, r, rgba in discs:
            if abs(y - cy) < r:
                dx = isqrt(r * r - (y - cy) ** 2)
                x0, x1 = max(feather, cx - dx), min(s - feather, cx + dx)
                if x1 > x0:
                    row[4 * x0:4 * x1] = rgba * (x1 - x0)
        cx, cy, outer, thick = ring
        inner = outer - thick
        if abs(y - cy) < outer:
            do = isqrt(outer * outer - (y - cy) ** 2)
            di = isqrt(inner * inner - (y - cy) ** 2) if abs(y - cy) < inner else 0
            for a, b in ((cx - do, cx - di), (cx + di, cx + do)):
                if b > a:
                    row[4 * a:4 * b] = b"\x10\x10\x18\xff" * (b - a)
        cx, cy, r = translucent
        if abs(y - cy) < r:
            dx = isqrt(r * r - (y - cy) ** 2)
            row[4 * (cx - dx) + 3:4 * (cx + dx):4] = b"\x80" * (2 * dx)
        x, top, side, cell = check
        if top <= y < top + side:
            on = ((y - top) // cell) % 2
            pattern = (b"\xf0\xf0\xf0\xff" * cell + b"\x20\x20\x20\xff" * cell) * (side // (2 * cell) + 1)
            if on:
                pattern = pattern[4 * cell:] + pattern[:4 * cell]
            row[4 * x:4 * (x + side)] = pattern[:4 * side]
        if y % line_every == 0:                    # a 1-pixel dark line across the picture
            row[4 * feather:4 * (s - feather)] = b"\x00\x00\x00\xff" * (s - 2 * feather)
        yield bytes(row)


def encode_png(size, level, variant=0):
    compressor = zlib.compressobj(level)
    parts = []
    for row in image_rows(size, variant):
        parts.append(compressor.compress(b"\x00" + row))
    parts.append(compressor.flush())
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)   # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", b"".join(parts)),
            _chunk(b"IEND", b""))


def write_png(path, size, level, variant=0, comment=None, palette_hint=False):
    body, end = encode_png(size, level, variant)
    extra = _chunk(b"tEXt", b"Comment\x00" + comment.encode()) if comment else b""
    if palette_hint:   # a suggested palette, allowed before IDAT in an RGBA file
        header_end = 8 + 25
        body = body[:header_end] + _chunk(b"PLTE", bytes(range(48))) + body[header_end:]
    with open(path, "wb") as f:
        f.write(body + extra + end)


def write_crushed_png(path, size, level, variant=0):
    """The picture as Xcode stores it in a built app: a CgBI chunk first, raw deflate (no zlib
    header or checksum), B G R A with colour premultiplied by alpha."""
    compressor = zlib.compressobj(level, zlib.DEFLATED, -15)
    parts = []
    for row in image_rows(size, variant):
        row = bytearray(row)
        row[0::4], row[2::4] = row[2::4], row[0::4]
        alpha = row[3::4]
        if alpha.count(255) != size:   # only the translucent pixels need arithmetic
            for x, a in enumerate(alpha):
                if a != 255:
                    i = 4 * x
                    row[i] = (row[i] * a + 127) // 255
                    row[i + 1] = (row[i + 1] * a + 127) // 255
                    row[i + 2] = (row[i + 2] * a + 127) // 255
        parts.append(compressor.compress(b"\x00" + bytes(row)))
    parts.append(compressor.flush())
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + _chunk(b"CgBI", b"\x50\x00\x20\x06") + _chunk(b"IHDR", header)
                + _chunk(b"IDAT", b"".join(parts)) + _chunk(b"IEND", b""))


def write_hostile_plist(path, size):
    import plistlib
    count = max(4, size // 420)
    phone, pad = {}, {}
    for i in range(count):
        name = ("\x1b[31m" + "\u202ex\x07" * 1000 + str(i)) if i % 50 == 0 else f"alt\x1b{i}"
        files = [f"missing-{i}", f"$(SUFFIX)$(OTHER{i % 97})$(SUFFIX)", "Icon-" + "9" * 30 + "x" + "9" * 30 + "@2x",
                 f"../up{i}", "dup", "dup.png", "blue@2x", 42]
        ordinal = str(i) if i % 3 == 0 else (7 if i % 3 == 1 else True)
        phone[name] = {"CFBundleIconFiles": files, "ordinal": ordinal, "UIPrerenderedIcon": "YES"}
        pad[f"pad-{i}"] = {"CFBundleIconFiles": [f"p{i}"]}
    phone["many-files"] = {"CFBundleIconFiles": [f"f{n}" for n in range(size // 40)]}
    plist = {"CFBundleIcons": {"CFBundlePrimaryIcon": {"CFBundleIconFiles": ["AppIcon"]}, "CFBundleAlternateIcons": phone},
             "CFBundleIcons~ipad": {"CFBundleAlternateIcons": pad}, "UINewsstandIcon": {}}
    with open(path, "wb") as f:
        f.write(plistlib.dumps(plist, fmt=plistlib.FMT_BINARY))


def _icon_dict(files, ordinal=None):
    lines = ["\t\t\t<dict>", "\t\t\t\t<key>CFBundleIconFiles</key>", "\t\t\t\t<array>"]
    lines += [f"\t\t\t\t\t<string>{name}</string>" for name in files]
    lines += ["\t\t\t\t</array>", "\t\t\t\t<key>UIPrerenderedIcon</key>", "\t\t\t\t<false/>"]
    if ordinal is not None:
        lines += ["\t\t\t\t<key>ordinal</key>", f"\t\t\t\t<integer>{ordinal}</integer>"]
    lines.append("\t\t\t</dict>")
    return lines


def write_plist(path, name, primary_file, alternates):
    """alternates: [(name, file, ordinal)]"""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
             '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
             '<plist version="1.0">', "<dict>",
             "\t<key>CFBundleDisplayName</key>", f"\t<string>{name}</string>",
             "\t<key>CFBundleIdentifier</key>", f"\t<string>com.example.bench.{name.lower()}</string>",
             "\t<key>CFBundleIcons</key>", "\t<dict>"]
    if alternates:
        lines += ["\t\t<key>CFBundleAlternateIcons</key>", "\t\t<dict>"]
        for alt, file, ordinal in alternates:
            lines.append(f"\t\t\t<key>{alt}</key>")
            lines += ["\t" + line for line in _icon_dict([file], ordinal)]
        lines.append("\t\t</dict>")
    lines += ["\t\t<key>CFBundlePrimaryIcon</key>"]
    lines += [line[1:] for line in _icon_dict([primary_file])]
    lines += ["\t</dict>", "</dict>", "</plist>", ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))


def write_catalog(folder, count, size, level, variants):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "Contents.json"), "w") as f:
        json.dump({"info": {"author": "xcode", "version": 1}}, f)
    bases = [encode_png(size, level, v) for v in range(min(variants, count))]
    for n in range(count):
        name = "AppIcon" if n == 0 else f"Icon{n}"
        set_folder = os.path.join(folder, f"{name}.appiconset")
        os.makedirs(set_folder, exist_ok=True)
        body, end = bases[n % len(bases)]
        with open(os.path.join(set_folder, "icon.png"), "wb") as f:
            f.write(body + _chunk(b"tEXt", b"Comment\x00icon %d" % n) + end)
        contents = {"images": [{"filename": "icon.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"}],
                    "info": {"author": "xcode", "version": 1}}
        with open(os.path.join(set_folder, "Contents.json"), "w") as f:
            json.dump(contents, f)


def write_xcodegen(folder, targets, sets, size, level):
    write_catalog(os.path.join(folder, "App", "Assets.xcassets"), sets, size, level, 8)
    os.makedirs(os.path.join(folder, "specs"), exist_ok=True)
    os.makedirs(os.path.join(folder, "Configs", "Icons"), exist_ok=True)
    with open(os.path.join(folder, "Configs", "Release.xcconfig"), "w") as f:
        f.write('#include "Configs/Icons/Icons.xcconfig"\n')
    with open(os.path.join(folder, "Configs", "Icons", "Icons.xcconfig"), "w") as f:
        f.write("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES\n")
    with open(os.path.join(folder, "project.yml"), "w") as f:
        f.write("""name: Bench
include: [specs/targets.yml]
options: { bundleIdPrefix: com.example.bench }
configs: { Debug: debug, Release: release, Release-production: release }
configFiles: { Release: Configs/Release.xcconfig, Release-production: Configs/Release.xcconfig }
settingGroups:
  icons:
    base: { ASSETCATALOG_COMPILER_APPICON_NAME: AppIcon }
targetTemplates:
  IconApp:
    type: application
    platform: iOS
    sources: [App]
    settings: { groups: [icons] }
""")
    with open(os.path.join(folder, "specs", "settings.yml"), "w") as f:
        f.write("settings:\n  configs:\n    production: { SWIFT_OPTIMIZATION_LEVEL: -O }\n")
    lines = ["include: [settings.yml]", "targets:"]
    for n in range(targets):
        lines += [f"  App{n}:", "    templates: [IconApp]",
                  f"    settings: {{ base: {{ PRODUCT_BUNDLE_IDENTIFIER: com.example.bench.app{n} }} }}"]
    with open(os.path.join(folder, "specs", "targets.yml"), "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("png")
    p.add_argument("file")
    p.add_argument("size", type=int)
    p.add_argument("--level", type=int, default=6)
    p.add_argument("--variant", type=int, default=0)
    for command in ("app", "catalog"):
        many = sub.add_parser(command)
        many.add_argument("dir")
        many.add_argument("count", type=int)
        many.add_argument("size", type=int)
        many.add_argument("--level", type=int, default=1)
        many.add_argument("--variants", type=int, default=8)
    o = sub.add_parser("oneicon")
    o.add_argument("dir")
    o.add_argument("size", type=int)
    o.add_argument("--level", type=int, default=6)
    kind = o.add_mutually_exclusive_group()
    kind.add_argument("--crushed", action="store_true")
    kind.add_argument("--palette-hint", action="store_true")
    x = sub.add_parser("xcodegen")
    x.add_argument("dir")
    x.add_argument("targets", type=int)
    x.add_argument("sets", type=int)
    x.add_argument("size", type=int)
    x.add_argument("--level", type=int, default=1)
    h = sub.add_parser("hostile")
    h.add_argument("file")
    h.add_argument("bytes", type=int)
    args = parser.parse_args()

    if args.command == "png":
        write_png(args.file, args.size, args.level, args.variant)
    elif args.command == "xcodegen":
        write_xcodegen(args.dir, args.targets, args.sets, args.size, args.level)
    elif args.command == "hostile":
        write_hostile_plist(args.file, args.bytes)
    elif args.command == "catalog":
        write_catalog(args.dir, args.count, args.size, args.level, args.variants)
    elif args.command == "oneicon":
        os.makedirs(args.dir, exist_ok=True)
        if args.crushed:
            write_crushed_png(os.path.join(args.dir, "big@2x.png"), args.size, args.level)
        else:
            write_png(os.path.join(args.dir, "big@2x.png"), args.size, args.level, palette_hint=args.palette_hint)
        write_plist(os.path.join(args.dir, "Info.plist"), "OneIcon", "big", [])
    else:
        os.makedirs(args.dir, exist_ok=True)
        bases = [encode_png(args.size, args.level, v) for v in range(min(args.variants, args.count))]
        for n in range(args.count):
            body, end = bases[n % len(bases)]
            with open(os.path.join(args.dir, f"icon{n}@2x.png"), "wb") as f:
                f.write(body + _chunk(b"tEXt", b"Comment\x00icon %d" % n) + end)
        alternates = [(f"icon-{n}", f"icon{n}", n) for n in range(1, args.count)]
        write_plist(os.path.join(args.dir, "Info.plist"), f"Bench{args.count}", "icon0", alternates)


if __name__ == "__main__":
    main()
