#!/usr/bin/env bash
# `make fuzz`: builds the fuzz targets with libFuzzer and AddressSanitizer, builds their seed
# corpora, and runs each target in turn.
#
#   Fuzz/run.sh [TARGET...]        (default: every target in Fuzz/Package.swift)
#
#   FUZZ_SECONDS   how long each target runs (default 180)
#   FUZZ_FLAGS     more libFuzzer flags, e.g. "-jobs=2 -workers=2"
#
# A crash (or a hang or a blow-up of memory) leaves its input in Fuzz/crashes/TARGET/; commit it
# with the fix, and FuzzReplayTests (in `make test`) replays it from then on. Each target's
# growing corpus is kept in Fuzz/.work/corpus/TARGET between runs (not committed). Exit status:
# 0 when no target found anything, 1 when one did, 2 when the build or set-up failed.

set -u -o pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SWIFT=${SWIFT:-swift}
SECONDS_EACH=${FUZZ_SECONDS:-180}
[[ $SECONDS_EACH =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: FUZZ_SECONDS must be a positive integer" >&2; exit 2; }
PYTHON=python3
[[ -x /usr/bin/python3 ]] && PYTHON=/usr/bin/python3   # Debian's, which has python3-png

ALL=$(sed -n 's/^let targets = \[\(.*\)\]$/\1/p' "$HERE/Package.swift" | tr -d '",')
TARGETS=("$@")
[[ ${#TARGETS[@]} -gt 0 ]] || read -r -a TARGETS <<<"$ALL"
for target in "${TARGETS[@]}"; do
    [[ " $ALL " == *" $target "* ]] || { echo "fuzz: no target $target (targets: $ALL)" >&2; exit 2; }
done

# --sanitize=fuzzer tells SwiftPM to leave `main` to libFuzzer (it otherwise renames every
# executable's entry point and points `main` at it). Its flag reaches swiftc before ours, and
# swiftc keeps only the last -sanitize: hence both sanitizers in one flag of our own (as two,
# `--sanitize=fuzzer --sanitize=address`, no Swift code got coverage counters).
BUILD=("$SWIFT" build --package-path "$HERE" -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address)
echo "fuzz: building (release, -sanitize=fuzzer,address)" >&2
"${BUILD[@]}" >&2 || exit 2
BIN=$("${BUILD[@]}" --show-bin-path) || exit 2

WORK=$HERE/.work
for target in "${TARGETS[@]}"; do rm -rf "${WORK:?}/seeds/$target"; done   # another run may be using the others'
"$PYTHON" "$HERE/make-seeds.py" "$WORK/seeds" --targets "${TARGETS[@]}" || exit 2

# No interactive backtracer on a crash (it would wait for libFuzzer's child), and ASan stops
# at the first error with a report libFuzzer saves beside the input.
export SWIFT_BACKTRACE=enable=no
# The targets that read folders (projects, asset catalogs) write the fuzzer's bytes into a
# scratch folder under TMPDIR: one of this run's own, removed at the end.
export TMPDIR=$WORK/tmp/$$
mkdir -p "$TMPDIR" || exit 2
trap 'rm -rf "$TMPDIR"' EXIT
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1:symbolize=1}

found=()
for target in "${TARGETS[@]}"; do
    mkdir -p "$WORK/corpus/$target" "$HERE/crashes/$target"
    dictionary=()
    [[ -f $HERE/dictionaries/$target.dict ]] && dictionary=(-dict="$HERE/dictionaries/$target.dict")
    echo "fuzz: $target for $SECONDS_EACH s" >&2
    # shellcheck disable=SC2086
    "$BIN/fuzz-$target" "$WORK/corpus/$target" "$WORK/seeds/$target" "${dictionary[@]}" \
        -max_total_time="$SECONDS_EACH" -max_len=262144 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$HERE/crashes/$target/" -print_final_stats=1 -detect_leaks=0 ${FUZZ_FLAGS:-} \
        2> >(tee "$WORK/$target.log" | grep -E '^(#[0-9]+[[:space:]]+(INITED|DONE)|stat::number_of_executed_units|==[0-9]+==|SUMMARY|artifact_prefix|Test unit written)' >&2)
    status=$?
    if [[ $status -ne 0 ]]; then
        found+=("$target")
        echo "fuzz: $target stopped with status $status; its input is in Fuzz/crashes/$target/ (log: Fuzz/.work/$target.log)" >&2
    fi
done

if [[ ${#found[@]} -gt 0 ]]; then
    echo "fuzz: found something in: ${found[*]}" >&2
    exit 1
fi
echo "fuzz: nothing found in ${TARGETS[*]} (${SECONDS_EACH} s each)" >&2
