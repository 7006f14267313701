# Sourced by run-bench.sh: real 1024 px icons, the shared Habitica project's 32, against chafa.
#   icons.1 CPU and icons.2 wall time of preview (sextants, true colour, 16x8) against chafa drawing the same 32
#        files alike, medians of interleaved runs; icons.3 our peak RSS there.
#   icons.4 the chooser in a pixel terminal (kitty pictures forced, a 100x30 pseudo-terminal of 10x20-pixel cells):
#        from launch to the last picture of its first screen, against chafa -f kitty drawing the same icons' files.
HABITICA=$ROOT/../shared/corpus/real-projects/HabitRPG_habitica-ios
ICON_TARGETS=("<= 0.6x" "<= 0.35x" "<= 32 MB" "<= 0.35x")
ICON_CASES=("icons.1 preview of Habitica's 32 icons vs chafa, CPU ms" "icons.2 the same, wall ms"
            "icons.3 the same, our peak RSS MB" "icons.4 chooser's first screen of kitty pictures vs chafa -f kitty, ms")
icons_fail() { local i; for i in 0 1 2 3; do record_failure "${ICON_CASES[$i]}" "${ICON_TARGETS[$i]}" "$1"; done; }
if [[ ! -d $HABITICA ]]; then
    icons_fail "../shared/corpus/real-projects/HabitRPG_habitica-ios is absent"
elif ! "$BIN" list --app "$HABITICA" >"$OUT/habitica.list" 2>"$OUT/habitica.list.err"; then
    icons_fail "list failed: $(head -c 300 "$OUT/habitica.list.err")"
else
    # Each icon's light image (the fourth column), in chooser order: what preview draws.
    mapfile -t HABITICA_FILES < <(cut -f 4 "$OUT/habitica.list")
    # measure_cpu FILE COMMAND...: runs COMMAND under GNU time; appends "wall-ms cpu-ms max-rss-kB" to FILE.
    measure_cpu() {
        local file=$1; shift
        "$GNU_TIME" -f "%e %U %S %M" -o "$OUT/icons.time" "$@" >/dev/null 2>"$OUT/icons.err" || return 1
        awk '{ printf "%.1f %.1f %d\n", $1 * 1000, ($2 + $3) * 1000, $4 }' "$OUT/icons.time" >>"$file"
    }
    ours_icons() { measure_cpu "$OUT/icons.ours" "$BIN" preview --app "$HABITICA" --graphics symbols --symbols sextant --color truecolor --size 16x8; }
    peer_icons() { measure_cpu "$OUT/icons.peer" chafa --format symbols --symbols block+sextant -c full --size 16x8 "${HABITICA_FILES[@]}"; }
    : >"$OUT/icons.ours"; : >"$OUT/icons.peer"
    ours_icons && peer_icons && : >"$OUT/icons.ours" && : >"$OUT/icons.peer"  # warm-up, not counted
    ok=1
    for ((i = 0; i < STEADY_RUNS; i++)); do
        if ((i % 2)); then peer_icons && ours_icons || { ok=0; break; }; else ours_icons && peer_icons || { ok=0; break; }; fi
    done
    if ((ok)) && ((${#HABITICA_FILES[@]} == 32)); then
        column() { median $(awk -v c="$2" '{ print $c }' "$1"); }
        record "${ICON_CASES[0]}" "$(column "$OUT/icons.ours" 2)" "$(column "$OUT/icons.peer" 2)" "%s" ratio 0.6 "${ICON_TARGETS[0]}"
        record "${ICON_CASES[1]}" "$(column "$OUT/icons.ours" 1)" "$(column "$OUT/icons.peer" 1)" "%s" ratio 0.35 "${ICON_TARGETS[1]}"
        record "${ICON_CASES[2]}" "$(mb "$(column "$OUT/icons.ours" 3)")" "$(mb "$(column "$OUT/icons.peer" 3)")" "%s" abs 32 "${ICON_TARGETS[2]}"
    else
        for i in 0 1 2; do record_failure "${ICON_CASES[$i]}" "${ICON_TARGETS[$i]}" "a run failed, or not 32 icons: $(head -c 300 "$OUT/icons.err")"; done
    fi

    # The chooser's first screen, then chafa on as many of the same files as that screen showed.
    first_ours=() first_peer=() shown=0
    for ((i = 0; i < RUNS; i++)); do
        read -r first shown < <(python3 "$HERE/first-screen.py" 100 30 1000 600 env TERM=xterm-kitty \
            "$BIN" --app "$HABITICA" --graphics kitty 2>"$OUT/first.err") || break
        first_ours+=("$first")
        now_us; t0=$REPLY
        python3 "$HERE/pty-run.py" 100 30 1000 600 chafa -f kitty --size 16x8 "${HABITICA_FILES[@]:0:$shown}" >/dev/null 2>"$OUT/first.peer.err" || break
        now_us; first_peer+=("$(ms $((REPLY - t0)))")
    done
    if ((${#first_ours[@]} == RUNS && ${#first_peer[@]} == RUNS && shown > 0)); then
        record "${ICON_CASES[3]} ($shown pictures)" "$(median "${first_ours[@]}")" "$(median "${first_peer[@]}")" "%s" ratio 0.35 "${ICON_TARGETS[3]}"
    else
        record_failure "${ICON_CASES[3]}" "${ICON_TARGETS[3]}" "a run failed: $(cat "$OUT/first.err" "$OUT/first.peer.err" 2>/dev/null | head -c 300)"
    fi
fi
