#!/usr/bin/env python3
"""Builds each fuzz target's seed corpus: OUT/TARGET/ holds small inputs libFuzzer starts from.

    make-seeds.py OUT [--corpus DIR]

Seeds come from the shared corpus (../shared/corpus beside the repository, or --corpus: real
Info.plists, project files, Contents.json and icon.json files, pngsuite and libpng's test
images) and from the project's own fixtures (the demo app's Info.plist and icons), and some are
made here: binary forms of every plist, Xcode-crushed (CgBI) forms of the PNGs, a project file,
asset catalog and Icon Composer documents using every key the readers follow. Nothing is copied into the repository. Standard library
only (plistlib, zlib, struct), plus python3-png to read the PNGs it crushes.

A new target gets a function below and an entry in SEEDS.
"""

import argparse
import glob
import hashlib
import json
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
    """What a terminal sends: keys, clicks and the answers to the chooser's queries, each after
    the harness's two bytes (the read size and the pause between reads)."""
    streams = [b"x", b"\x1b", b"\x1b[A", b"\x1b[1;5C", b"\x1b[5~", b"\x1bOA", b"\x1b[Z", b"\x1b\x1b",
               b"\x1b[<0;10;5M", b"\x1b[<0;10;5m", b"\x1b[M !!", b"\x1b[200~", "h\u00e9\u2603\U0001F600".encode(),
               b"\x1b_Gi=31;OK\x1b\\", b"\x1b_Gi=31;ENOTSUPPORTED:no graphics\x1b\\", b"\x1bP>|kitty(0.40.1)\x1b\\",
               b"\x1bP>|tmux 3.3a\x1b\\\x1b[?1;2c", b"\x1b[6;20;10t", b"\x1b[8;24;80t", b"\x1b]11;rgb:2828/2c2c/3434\x1b\\",
               b"\x1b]11;rgb:ffff/ffff/ffff\x07", b"\x1b[?1;0;256S", b"\x1b[?2;0;1024;768S", b"\x1b[?62;4;22c",
               b"\x1b[>1;4000;29c", b"\x1b[?1;2$y", b"\x1bP1$r0m\x1b\\", b"\x1b[<0;3\x1b_Gi=31;OK\x1b\\0;6M"]
    for stream in streams:
        write(out, b"\x00\x00" + stream)        # one byte a read, no pause
        write(out, b"\x0f\x40" + stream)        # 16-byte reads, 256 ms apart
    write(out, b"\x02\x00" + b"".join(streams))


def xcode_project_seeds(out, corpus):
    """Project files: the corpus's real ones, and one made here with every kind of object the
    reader follows (targets, configuration lists, xcconfig references, groups, synchronized
    folders, asset catalogs and an Icon Composer bundle)."""
    if corpus:
        for path in files(os.path.join(corpus, "**", "*.pbxproj")):
            write(out, read(path))
    write(out, b"""// !$*UTF8*$!
{ archiveVersion = 1; objectVersion = 77; rootObject = P;
  objects = {
    P = { isa = PBXProject; buildConfigurationList = PL; mainGroup = G; targets = (T, W); developmentRegion = en; };
    PL = { isa = XCConfigurationList; buildConfigurations = (PD, PR); defaultConfigurationName = Release; };
    PD = { isa = XCBuildConfiguration; name = Debug; baseConfigurationReference = X;
           buildSettings = { SDKROOT = iphoneos; PRODUCT_NAME = "$(TARGET_NAME)"; }; };
    PR = { isa = XCBuildConfiguration; name = Release; buildSettings = { SDKROOT = iphoneos; }; };
    G = { isa = PBXGroup; children = (X, A, I, S, F); sourceTree = "<group>"; };
    X = { isa = PBXFileReference; path = Base.xcconfig; sourceTree = "<group>"; };
    A = { isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Assets.xcassets; sourceTree = "<group>"; };
    I = { isa = PBXFileReference; path = AppIcon.icon; sourceTree = SOURCE_ROOT; };
    F = { isa = PBXFileReference; path = Info.plist; sourceTree = "<group>"; };
    S = { isa = PBXFileSystemSynchronizedRootGroup; path = App; exceptions = (E); sourceTree = "<group>"; };
    E = { isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Info.plist); target = T; };
    T = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application";
          buildConfigurationList = TL; buildPhases = (R); fileSystemSynchronizedGroups = (S); };
    TL = { isa = XCConfigurationList; buildConfigurations = (TD, TR); defaultConfigurationName = Release; };
    TD = { isa = XCBuildConfiguration; name = Debug; buildSettings = {
           INFOPLIST_FILE = Info.plist; INFOPLIST_PREPROCESS = YES; INFOPLIST_PREPROCESSOR_DEFINITIONS = "ICON=$(ICON) A=1";
           ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon; ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = "Dark Light $(EXTRA)";
           PRODUCT_BUNDLE_IDENTIFIER = "com.example.$(PRODUCT_NAME:rfc1034identifier)"; EXTRA = "${ICON:lower}"; }; };
    TR = { isa = XCBuildConfiguration; name = Release; buildSettings = {
           GENERATE_INFOPLIST_FILE = YES; INFOPLIST_KEY_CFBundleDisplayName = App; OTHER_CFLAGS = ("-DX=1", "$(inherited)");
           ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES; "PRODUCT_NAME[sdk=iphoneos*]" = App; }; };
    R = { isa = PBXResourcesBuildPhase; files = (RA, RI); };
    RA = { isa = PBXBuildFile; fileRef = A; };
    RI = { isa = PBXBuildFile; fileRef = I; };
    W = { isa = PBXNativeTarget; name = Widget; productType = "com.apple.product-type.app-extension"; buildConfigurationList = TL; };
  };
}
""")


def json_seeds(out, corpus, name, made):
    if corpus:
        for path in files(os.path.join(corpus, "**", name)):
            write(out, read(path))
    for document in made:
        write(out, json.dumps(document, indent=2).encode())


def contents_json_seeds(out, corpus):
    """Contents.json of app icon sets: the corpus's, and made ones with every idiom, scale and
    appearance (the folder beside holds icon-60@2x.png and icon.png)."""
    dark = [{"appearance": "luminosity", "value": "dark"}]
    tinted = [{"appearance": "luminosity", "value": "tinted"}]
    json_seeds(out, corpus, "Contents.json", [
        {"images": [{"filename": "icon.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"},
                    {"appearances": dark, "filename": "icon.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"},
                    {"appearances": tinted, "idiom": "universal", "platform": "ios", "size": "1024x1024"}],
         "info": {"author": "xcode", "version": 1}},
        {"images": [{"filename": "icon-60@2x.png", "idiom": "iphone", "scale": "2x", "size": "60x60"},
                    {"idiom": "iphone", "scale": "3x", "size": "60x60"},
                    {"filename": "icon.png", "idiom": "ipad", "scale": "2x", "size": "83.5x83.5"},
                    {"filename": "../outside.png", "idiom": "ios-marketing", "scale": "1x", "size": "1024x1024"},
                    {"filename": "icon.png", "idiom": "iphone", "scale": "99999999999999999999x", "size": "1e308x-0"}],
         "info": {"author": "xcode", "version": 1}},
    ])


def contents_edit_seeds(out, corpus):
    """Contents.json as lint --fix edits it: the same documents, and each written on one line as
    some icon generators write them, with brackets and quotes inside strings."""
    contents_json_seeds(out, corpus)
    for name in sorted(os.listdir(out)):
        with open(os.path.join(out, name), "rb") as f:
            try:
                document = json.loads(f.read())
            except ValueError:
                continue
        write(out, json.dumps(document, separators=(",", ":")).encode())
    write(out, b'{"info":{"images":["]"]},"images":[{"filename":"a]\\"[.png","idiom":"iphone","size":"20x20","scale":"2x"}]}')


def icon_json_seeds(out, corpus):
    """Icon Composer documents: the corpus's, and made ones with fills, groups, layers,
    specializations and effects (the bundle's Assets/ holds layer.png)."""
    json_seeds(out, corpus, "icon.json", [
        {"fill": {"automatic-gradient": "extended-srgb:0.0,0.5,1.0,1.0"},
         "fill-specializations": [{"appearance": "dark", "value": {"solid": "display-p3:0.1,0.1,0.1,1.0"}}],
         "groups": [{"layers": [{"image-name": "layer.png", "name": "layer", "glass": True,
                                 "position": {"scale": 0.8, "translation-in-points": [12, -40]},
                                 "opacity-specializations": [{"appearance": "tinted", "value": 0.5}],
                                 "fill": {"solid": "srgb:1.0,0.0,0.0,1.0"}},
                                {"image-name": "missing.svg", "name": "gone", "hidden": True}],
                     "shadow": {"kind": "neutral", "opacity": 0.5}, "translucency": {"enabled": True, "value": 0.4},
                     "opacity": 0.7, "position": {"scale": 2, "translation-in-points": [0, 0]}}],
         "supported-platforms": {"circles": ["watchOS"], "squares": "shared"}},
        {"fill": {"linear-gradient": ["srgb:1,1,1,1", "gray:0.5,1"], "orientation": {"start": {"x": 0.5, "y": 0}, "stop": {"x": 0.5, "y": 1}}},
         "groups": [{"layers": [{"image-name": "layer.png", "name": "a",
                                 "position": {"scale": 1e300, "translation-in-points": [1e308, -1e308]}}]}]},
    ])


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


def structured(out, raw_seeds):
    """Seeds of the structure-aware targets: byte runs that choose a little of everything (a
    first byte with its low bit clear), and `raw_seeds`, a reader's own files, behind a 1."""
    for seed in (bytes(64), bytes(range(0, 256, 2)), bytes(range(254, 0, -2)) * 2, bytes([0xF0, 0x30] * 100)):
        write(out, seed)
    for seed in raw_seeds:
        write(out, b"\x01" + seed)


def icon_composer_seeds(out, corpus):
    """icon.json documents (after a 1), and choices of colours, sizes and layers."""
    made = []
    icon_json_seeds(made_folder := os.path.join(out, ".raw"), corpus)
    for name in sorted(os.listdir(made_folder)):
        made.append(read(os.path.join(made_folder, name)))
        os.remove(os.path.join(made_folder, name))
    os.rmdir(made_folder)
    structured(out, made)


def svg_precheck_seeds(out, corpus):
    """SVG layers of the corpus's Icon Composer bundles and of hostile kinds (after a 1)."""
    svgs = [read(path) for path in files(os.path.join(corpus, "**", "*.icon", "Assets", "*.svg"))][:40] if corpus else []
    svgs += [b'<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><text y="9">Hi</text>'
             b'<filter id="f"><feTurbulence numOctaves="3"/></filter><rect width="9" height="9" filter="url(#f)"/></svg>',
             b'<!DOCTYPE svg [<!ENTITY e "xxxx">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e19 9"><desc>&e;&e;</desc></svg>']
    structured(out, svgs)


def preprocessor_seeds(out, corpus):
    """Preprocessed plists (after a 1), and choices of #define chains and #if lines."""
    structured(out, [b"#define A B\n#define B A + 1\n#if A == 1\n<plist><dict/></plist>\n#endif\n",
                     b"#include \"Included.h\"\n#if INCLUDED\n<string>x</string>\n#elif M7\n#else\n#endif\n"])


def pbxproj_graph_seeds(out, corpus):
    """Project files (after a 1), and choices of object graphs."""
    made = os.path.join(out, ".raw")
    xcode_project_seeds(made, None)
    raws = [read(os.path.join(made, name)) for name in sorted(os.listdir(made))]
    for name in os.listdir(made):
        os.remove(os.path.join(made, name))
    os.rmdir(made)
    structured(out, raws)


def xcodegen_graph_seeds(out, corpus):
    """XcodeGen specs (after a 1), and choices of group and template graphs, targets and globs."""
    made = os.path.join(out, ".raw")
    xcodegen_spec_seeds(made, None)
    raws = [read(os.path.join(made, name)) for name in sorted(os.listdir(made))]
    for name in os.listdir(made):
        os.remove(os.path.join(made, name))
    os.rmdir(made)
    structured(out, raws)


def xcodegen_spec_seeds(out, corpus):
    """XcodeGen specs as the tests write them: includes, setting groups, templates, per-configuration
    settings and xcconfig files, sources with globs, info properties, several platforms, schemes,
    merge keys, and the bad ones (not YAML, an alias bomb, a complex key, wrong types)."""
    for spec in [
        b"""name: Sample
include:
  - base.yml
  - path: /etc/passwd
    relativePaths: false
options: { bundleIdPrefix: com.example, defaultConfig: Release, settingPresets: all }
configs: { Debug: debug, Release: release, Release-production: release }
configFiles: { Release: Configs/Release.xcconfig }
settingGroups:
  icons:
    base: { ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS: NO }
    groups: [icons]
targetTemplates:
  IconApp:
    type: application
    platform: iOS
    settings: { base: { ASSETCATALOG_COMPILER_APPICON_NAME: ${primaryIcon} } }
schemes:
  Sample: { build: { targets: { Sample: all } }, archive: { config: Release-production } }
targets:
  Sample:
    templates: [IconApp]
    templateAttributes: { primaryIcon: AppIcon }
    sources:
      - path: ..
        excludes: ["**/*.swift", "Old/**"]
        includes: ["*.appiconset"]
      - path: ../AppIcon.icon
        buildPhase: resources
    settings:
      groups: [icons]
      configs:
        production: { ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: Blue Green }
    info:
      path: Info.plist
      properties:
        CFBundleIcons:
          CFBundleAlternateIcons:
            Sunset: { CFBundleIconFiles: [Sunset] }
""",
        b"""name: Multi
targets:
  Tool:
    type: application
    platform: [iOS, macOS]
    sources: ..
    settings: &shared
      <<: { PRODUCT_BUNDLE_IDENTIFIER: com.example.${platform} }
      TARGETED_DEVICE_FAMILY: [1, 2]
  Wide: { type: application, supportedDestinations: [iOS, macOS], sources:REPLACE: [..] }
""",
        b'{"name": "FromJSON", "targets": {"App": {"type": "application", "platform": "iOS", "sources": [".."]}}}',
        b"name: Broken\ntargets: [unclosed\n",
        b"name: Bomb\na: &a [x, x, x, x]\nb: &b [*a, *a, *a, *a]\nc: &c [*b, *b, *b, *b]\n",
        b"name: Keyed\nbig: &b [1, 2]\n? *b\n: value\n",
        b"name: Loop\ninclude: project.yml\n",
        b"name: 5\nconfigs: [Debug]\noptions: 5\ntargets: { App: 12, B: { type: [x], sources: [7] } }\n",
    ]:
        write(out, spec)


def car_files(corpus):
    return files(os.path.join(corpus, "assets-car", "**", "*.car")) if corpus else []


def assets_car_seeds(out, corpus):
    """The real cars of the corpus (those under MAX_SEED), and each cut short at its midpoint."""
    for path in car_files(corpus):
        data = read(path)
        write(out, data)
        write(out, data[: len(data) // 2])


def car_graph_seeds(out, corpus):
    """Real cars (after a 1; the smaller ones), and choices of renditions, atlases, links, leaves and free slots."""
    structured(out, [data for data in (read(path) for path in car_files(corpus)) if len(data) < 65536][:20])


def car_pixel_streams(corpus, wanted, limit=40):
    """The compressed pixel streams (CELM payloads and their CBCK chunks) of compression type `wanted` in the
    corpus's cars, at most `limit` (bench/sections/car.sh takes the largest of them all)."""
    streams = []
    for path in car_files(corpus):
        data = read(path)
        at = data.find(b"MLEC")
        while at >= 0 and len(streams) < limit:
            flags, kind, length = struct.unpack_from("<III", data, at + 4)
            if kind == wanted:
                if flags & 1:
                    chunk = at + 16
                    for _ in range(length):
                        if data[chunk:chunk + 4] != b"KCBC":
                            break
                        size = struct.unpack_from("<I", data, chunk + 16)[0]
                        streams.append(data[chunk + 20:chunk + 20 + size])
                        chunk += 20 + size
                else:
                    streams.append(data[at + 16:at + 16 + length])
            at = data.find(b"MLEC", at + 4)
    return streams


def lzfse_seeds(out, corpus):
    """LZFSE streams of the cars, after a two-byte output limit (in units of 16 bytes)."""
    for stream in car_pixel_streams(corpus, 4):
        write(out, b"\xff\xff" + stream)


def lzvn_seeds(out, corpus):
    """Raw LZVN streams of the cars, after a two-byte output limit."""
    for stream in car_pixel_streams(corpus, 3):
        write(out, b"\xff\xff" + stream)


def coreui_rle_seeds(out, corpus):
    """Run-length pixels of the cars, after their width and height (mod 64, less one)."""
    for stream in car_pixel_streams(corpus, 1):
        if len(stream) >= 12:
            width, height = struct.unpack_from("<II", stream, 4)
            write(out, bytes([(width - 1) % 64, (height - 1) % 64]) + stream)


def palette_image_seeds(out, corpus):
    """Palette images (compression type 8) of the cars, after their width (halved, less one) and
    height (less one, 16 bits big-endian), read from the image header before each."""
    for path in car_files(corpus):
        data = read(path)
        at = data.find(b"ISTC")
        while at >= 0:
            width, height = struct.unpack_from("<II", data, at + 12)
            tlv_length, data_length = struct.unpack_from("<I", data, at + 168)[0], struct.unpack_from("<I", data, at + 180)[0]
            pixels = at + 184 + tlv_length
            if data[pixels:pixels + 4] == b"MLEC" and 0 < width <= 512 and 0 < height <= 512:
                flags, kind, length = struct.unpack_from("<III", data, pixels + 4)
                if kind == 8 and flags & 1 == 0 and length <= data_length:
                    prefix = bytes([(width // 2 - 1) % 256]) + struct.pack(">H", height - 1)
                    write(out, prefix + data[pixels + 16:pixels + 16 + length])
            at = data.find(b"ISTC", at + 4)


def project_text_seeds(out, corpus):
    """Text the project-file edits change: the corpus's project files and xcconfig files, and
    list values with every kind of quoting."""
    if corpus:
        for pattern in ("*.pbxproj", "*.xcconfig"):
            for path in files(os.path.join(corpus, "real-projects", "**", pattern))[:40]:
                write(out, read(path))
    for value in (b'Dark "Dark 2" \'Dark 3\' Dark\\ 4', b"og, joy", b"$(inherited) A", b'"open', b"tail\\"):
        write(out, value)
        write(out, b"// icons\nASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = " + value + b" ; // list\nA = 1\n")


def transaction_journal_seeds(out, corpus):
    """Journals as the writer leaves them in `transactionJournal`'s project: the plist edited
    and a file created (FuzzHarness.journalOriginal and journalEdited), stopped part-way, and one
    whose deletion names folders to make again."""
    old, new = b"<plist>old</plist>\n", b"<plist>new</plist>\n"

    def fingerprint(data):
        return {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}

    edit = {"path": "App/Info.plist", "temporary": "App/.iconchooser-fuzz-0.tmp", "backup": "0", "madeFolders": [],
            "original": fingerprint(old), "replacement": fingerprint(new), "folders": []}
    create = {"path": "App/new.png", "temporary": "App/.iconchooser-fuzz-1.tmp", "madeFolders": [],
              "replacement": fingerprint(new), "folders": []}
    delete = {"path": "App/Gone.appiconset/Contents.json", "backup": "0", "madeFolders": [], "original": fingerprint(old),
              "folders": [{"path": "App/Gone.appiconset", "mode": 493}]}
    linked = dict(create, path="Linked/keep.txt")
    for entries in ([edit, create], [edit], [create], [delete], [linked, edit]):
        write(out, json.dumps({"version": 1, "entries": entries}).encode())


def expo_config_seeds(out, corpus):
    """Expo app.json files: the corpus's, and made ones in each plugin's shape, written as JSON5
    (comments, trailing commas, single quotes, unquoted keys) as Expo reads them."""
    json_seeds(out, corpus, "app.json", [
        {"expo": {"icon": "./icon.png", "ios": {"icon": {"light": "./icon.png", "dark": "./icon.png"}},
                  "plugins": [["expo-alternate-app-icons", [{"name": "hail_hydra", "ios": "./icon.png"},
                                                            {"name": "B", "ios": {"light": "./icon.png", "dark": "./icon.png",
                                                                                  "tinted": "./icon.png"}}]]]}},
        {"expo": {"plugins": [["@howincodes/expo-dynamic-app-icon", {"red": {"ios": "./icon.png"}}],
                              ["expo-quick-actions/icon/plugin", ["./icon.png", {"light": "./icon.png"}]],
                              ["../app.plugin.js", {"x": {"image": "./icon.png"}}]]}},
    ])
    write(out, b"// comment\n{expo: {icon: './icon.png', plugins: [['expo-dynamic-app-icon', {a: {image: \"./icon.png\",},},],],},}\n")
    write(out, b"{\"icon\": \"./icon.png\", /* top level */ \"ios\": {\"icon\": \"./App.icon\"}, \"n\": [0x1F, +.5, Infinity]}")


SEEDS = {
    "assets-car": assets_car_seeds,
    "car-graph": car_graph_seeds,
    "lzfse": lzfse_seeds,
    "lzvn": lzvn_seeds,
    "coreui-rle": coreui_rle_seeds,
    "palette-image": palette_image_seeds,
    "bplist-guard": binary_plist_seeds,
    "plist-loader": plist_seeds,
    "png-chunks": png_seeds,
    "png-rows": png_seeds,
    "cgbi": crushed_seeds,
    "escape-sequence": escape_seeds,
    "zip-reader": zip_seeds,
    "xcode-project": xcode_project_seeds,
    "contents-json": contents_json_seeds,
    "contents-edit": contents_edit_seeds,
    "icon-json": icon_json_seeds,
    "icon-composer": icon_composer_seeds,
    "svg-precheck": svg_precheck_seeds,
    "preprocessor": preprocessor_seeds,
    "pbxproj-graph": pbxproj_graph_seeds,
    "xcodegen-graph": xcodegen_graph_seeds,
    "xcodegen-spec": xcodegen_spec_seeds,
    "project-text": project_text_seeds,
    "plist-edit": plist_seeds,
    "transaction-journal": transaction_journal_seeds,
    "expo-config": expo_config_seeds,
    "expo-edit": expo_config_seeds,
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
