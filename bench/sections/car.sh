# Sourced by run-bench.sh: pictures from a built app's compiled asset catalog, and LZFSE decoding.
#   car.1 preview of an app's five icons read from its Assets.car (the corpus's CalSmoke, Xcode 10: LZVN in row
#        chunks and CoreUI run-length) against the same five as the loose crushed PNGs Xcode wrote beside it.
#   car.2 LZFSE decoding throughput of the corpus's largest LZFSE stream, decoded many times in one process:
#        ours through car-bench, Apple's reference through PyPI's lzfse (the venv `make bench` creates).
CAR_CORPUS=$ROOT/../shared/corpus/assets-car
CAR_BENCH=$(dirname "$BIN")/car-bench
ORACLE_PYTHON=$ROOT/.build/oracle-venv/bin/python
if [[ ! -d $CAR_CORPUS ]]; then
    record_failure "car.1 preview, 5 icons from Assets.car / loose PNGs" "<= 1.5x" "../shared/corpus/assets-car is absent"
    record_failure "car.2 LZFSE decode MB/s, ours / reference" ">= 0.5x" "../shared/corpus/assets-car is absent"
else
    # Five icons named by CFBundleIconName, all the car's AppIcon, beside five with the loose files of the same images.
    mkdir -p "$WORK/car/Car.app" "$WORK/car/Loose.app"
    cp "$CAR_CORPUS/CalSmoke-cal.app/Assets.car" "$WORK/car/Car.app/"
    cp "$CAR_CORPUS/CalSmoke-cal.app/"AppIcon60x60@*.png "$WORK/car/Loose.app/"
    python3 - "$WORK/car" <<'PY'
import plistlib, sys
def icons(entry):
    return {"CFBundlePrimaryIcon": dict(entry), "CFBundleAlternateIcons": {f"Icon{i}": dict(entry) for i in range(1, 5)}}
for app, entry in (("Car.app", {"CFBundleIconName": "AppIcon"}), ("Loose.app", {"CFBundleIconFiles": ["AppIcon60x60"]})):
    with open(f"{sys.argv[1]}/{app}/Info.plist", "wb") as f:
        plistlib.dump({"CFBundleName": "Bench", "CFBundleIdentifier": "bench.car", "CFBundleIcons": icons(entry)}, f)
PY
    ours_car() { "$BIN" preview --app "$WORK/car/Car.app" --size 16x8 --color 256 --symbols half >"$OUT/car.ours" 2>"$OUT/car.ours.err"; }
    peer_car() { "$BIN" preview --app "$WORK/car/Loose.app" --size 16x8 --color 256 --symbols half >"$OUT/car.peer" 2>"$OUT/car.peer.err"; }
    CASE="car.1 preview, 5 icons from Assets.car / loose PNGs"
    if time_pair ours_car peer_car "$STEADY_RUNS" && [[ ! -s $OUT/car.ours.err ]]; then
        record "$CASE" "$(ms "$OURS_US")" "$(ms "$PEER_US")" "%s ms" ratio 1.5 "<= 1.5x"
    else
        record_failure "$CASE" "<= 1.5x" "a run failed or warned: $(head -c 300 "$OUT/car.ours.err")"
    fi

    CASE="car.2 LZFSE decode MB/s, ours / reference"
    if [[ ! -x $CAR_BENCH ]]; then
        record_failure "$CASE" ">= 0.5x" "car-bench is not built beside $BIN"
    elif ! "$ORACLE_PYTHON" -c "import lzfse" 2>/dev/null; then
        record_failure "$CASE" ">= 0.5x" "PyPI's lzfse is not in .build/oracle-venv (make bench installs it)"
    else
        # The largest LZFSE stream (a CELM payload or one of its CBCK chunks) of the corpus's cars, found as the
        # fuzzer's seeds are.
        "$ORACLE_PYTHON" - "$ROOT/Fuzz/make-seeds.py" "$CAR_CORPUS/.." "$WORK/car/stream.lzfse" <<'PY' >"$WORK/car/stream.size"
import importlib.util, lzfse, sys
spec = importlib.util.spec_from_file_location("make_seeds", sys.argv[1])
seeds = importlib.util.module_from_spec(spec)
spec.loader.exec_module(seeds)
best = max(seeds.car_pixel_streams(sys.argv[2], 4, limit=10**6), key=len)
open(sys.argv[3], "wb").write(best)
print(len(lzfse.decompress(best)))
PY
        size=$(<"$WORK/car/stream.size")
        rounds=$((200000000 / (size > 0 ? size : 1) + 1))
        ours_rate=$("$CAR_BENCH" lzfse "$WORK/car/stream.lzfse" "$size" "$rounds" 2>"$OUT/lzfse.err")
        peer_rate=$("$ORACLE_PYTHON" - "$WORK/car/stream.lzfse" "$rounds" <<'PY'
import lzfse, sys, time
stream, rounds = open(sys.argv[1], "rb").read(), int(sys.argv[2])
start, total = time.perf_counter(), 0
for _ in range(rounds):
    total += len(lzfse.decompress(stream))
print(round(total / (time.perf_counter() - start)))
PY
)
        if [[ $ours_rate =~ ^[0-9]+$ && $peer_rate =~ ^[0-9]+$ ]]; then
            record "$CASE" "$(awk -v r="$ours_rate" 'BEGIN { printf "%.0f", r / 1e6 }')" \
                "$(awk -v r="$peer_rate" 'BEGIN { printf "%.0f", r / 1e6 }')" "%s MB/s" ratio_min 0.5 ">= 0.5x"
        else
            record_failure "$CASE" ">= 0.5x" "a decode failed: $(head -c 300 "$OUT/lzfse.err")"
        fi
    fi
fi
