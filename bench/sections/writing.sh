# Sourced by run-bench.sh: writing icons.
#   add (the first row) of one image into a copy of the corpus's home-assistant_iOS against its list --json;
#   writing.2 add --sizes all --dark --tinted of 4096 px pictures against ImageMagick; writing.3 its peak RSS.
# add reads the project, writes the set all or nothing, reads it again and lints it before and
# after; list --json only reads it. Each add is undone (remove, untimed) before the next run.
CASE="add: a catalog icon on home-assistant_iOS vs its list --json, ms"
log "$CASE"
HA=$ROOT/../shared/corpus/real-projects/home-assistant_iOS
if [[ ! -d $HA ]]; then
    record_failure "$CASE" "<= 3x" "no corpus at $HA"
elif cp -R "$HA" "$WORK/ha" && python3 -c 'import sys, zlib, struct
def chunk(kind, data): return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
rows = b"".join(b"\0" + bytes((40, 120, 220)) * 1024 for _ in range(1024))
open(sys.argv[1], "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1024, 1024, 8, 2, 0, 0, 0))
    + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))' "$WORK/new-icon.png"; then
    adds=() lists=()
    for ((i = 0; i < RUNS; i++)); do
        now_us; t0=$REPLY
        "$BIN" list --json --app "$WORK/ha" >"$OUT/ha.list" 2>"$OUT/ha.list.err" || break
        now_us; lists+=($((REPLY - t0)))
        now_us; t0=$REPLY
        "$BIN" add Bench "$WORK/new-icon.png" --app "$WORK/ha" >"$OUT/ha.add" 2>"$OUT/ha.add.err" || break
        now_us; adds+=($((REPLY - t0)))
        "$BIN" remove Bench --app "$WORK/ha" >/dev/null 2>"$OUT/ha.remove.err" || break
    done
    if ((${#adds[@]} == RUNS)) && diff -r "$HA" "$WORK/ha" >/dev/null; then
        record "$CASE" "$(ms "$(median "${adds[@]}")")" "$(ms "$(median "${lists[@]}")")" %s ratio 3 "<= 3x"
    else
        record_failure "$CASE" "<= 3x" "a run failed or left the project changed: $(cat "$OUT/ha.add.err" "$OUT/ha.remove.err" 2>/dev/null | head -c 300)"
    fi
else
    record_failure "$CASE" "<= 3x" "could not copy the project or write the image"
fi

# add of every size in three appearances from 4096 px pictures (the largest the limits accept):
# against ImageMagick making the same sizes from the same pictures, each decoded once and resized
# from the original per size, as add does from its 1024 px first step. The sizes are the ones add
# wrote, read back from its set.
CASE="writing.2 add --sizes all --dark --tinted of 4096 px pictures vs convert to the same sizes, ms"
log "$CASE"
MAGICK=/usr/bin/convert
BIG=$WORK/big4096
if [[ ! -x $MAGICK ]]; then
    record_failure "$CASE" "<= 2x" "ImageMagick's convert is not installed at $MAGICK (apt package: imagemagick)"
elif mkdir -p "$BIG" && "${MAKE_INPUT[@]}" png "$BIG/in0.png" 4096 --level 1 --variant 0 &&
    "${MAKE_INPUT[@]}" png "$BIG/in1.png" 4096 --level 1 --variant 1 && "${MAKE_INPUT[@]}" png "$BIG/in2.png" 4096 --level 1 --variant 2 &&
    "${MAKE_INPUT[@]}" catalog "$BIG/base/Assets.xcassets" 1 1024 --level 1; then
    big_add() {
        rm -rf "$BIG/run" && cp -R "$BIG/base" "$BIG/run" &&
            "$BIN" add Big "$BIG/in0.png" --background '#808080' --dark "$BIG/in1.png" --tinted "$BIG/in2.png" --sizes all \
                --app "$BIG/run/Assets.xcassets" >"$OUT/big.add" 2>"$OUT/big.add.err"
    }
    if big_add && SIZES=$(python3 -c 'import struct, sys
print(" ".join(sorted({str(struct.unpack(">I", open(p, "rb").read(20)[16:20])[0]) for p in sys.argv[1:]}, key=int)))' "$BIG"/run/Assets.xcassets/Big.appiconset/*.png); then
        big_magick() {
            local v args=()
            for v in 0 1 2; do
                args=("$BIG/in$v.png" -colorspace RGB)
                for side in $SIZES; do
                    args+=("(" +clone -filter Lanczos -resize "${side}x${side}" -colorspace sRGB -write "$BIG/magick-$v-$side.png" +delete ")")
                done
                "$MAGICK" "${args[@]}" null: 2>>"$OUT/big.magick.err" || return 1
            done
        }
        if time_pair big_add big_magick; then
            record "$CASE" "$(ms "$OURS_US")" "$(ms "$PEER_US")" %s ratio 2 "<= 2x"
        else
            record_failure "$CASE" "<= 2x" "a run failed: $(head -c 300 "$OUT/big.add.err" "$OUT/big.magick.err" 2>/dev/null)"
        fi
        CASE="writing.3 add --sizes all --dark --tinted of 4096 px pictures: peak RSS MB"
        log "$CASE"
        if rm -rf "$BIG/run" && cp -R "$BIG/base" "$BIG/run" && ours_kb=$(peak_rss_kb "$OUT/big.add.rss" \
                "$BIN" add Big "$BIG/in0.png" --background '#808080' --dark "$BIG/in1.png" --tinted "$BIG/in2.png" --sizes all \
                --app "$BIG/run/Assets.xcassets"); then
            record "$CASE" "$(mb "$ours_kb")" - %s abs 150 "<= 150 MB"
        else
            record_failure "$CASE" "<= 150 MB" "a run failed"
        fi
    else
        record_failure "$CASE" "<= 2x" "add failed: $(head -c 300 "$OUT/big.add.err")"
    fi
else
    record_failure "$CASE" "<= 2x" "could not write the 4096 px pictures"
fi
