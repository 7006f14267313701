# Sourced by run-bench.sh: preview against chafa on one generated 1024 px PNG and the five demo icons.
#   preview.1 time and bytes of one 1024 px PNG at 16x8; preview.2 time of the five demo icons;
#   preview.3 our peak RSS on a 4096 px PNG (the target bounds ours; chafa's is for context).

CASE="preview.1 one 1024px PNG, 16x8: time ms"
CASE_BYTES="preview.1 one 1024px PNG, 16x8: bytes"
log "$CASE"
ours_one() { "$BIN" preview --app "$WORK/one/Info.plist" --size 16x8 --color 256 --symbols half >"$OUT/one.ours" 2>"$OUT/one.ours.err"; }
peer_one() { chafa --size 16x8 --symbols vhalf --colors 256 "$ONE_PNG" >"$OUT/one.peer" 2>"$OUT/one.peer.err"; }
if time_pair ours_one peer_one; then
    record "$CASE" "$(ms "$OURS_US")" "$(ms "$PEER_US")" %s ratio 0.7 "<= 0.7x"
    [[ -s $OUT/one.ours.err ]] && log "iconchooser preview said: $(head -c 300 "$OUT/one.ours.err")"
    record "$CASE_BYTES" "$(wc -c <"$OUT/one.ours")" "$(wc -c <"$OUT/one.peer")" %d ratio 1.0 "<= 1.0x"
else
    record_failure "$CASE" "<= 0.7x" "a run failed: $(cat "$OUT/one.ours.err" "$OUT/one.peer.err" 2>/dev/null | head -c 300)"
    record_failure "$CASE_BYTES" "<= 1.0x" "see above"
fi

CASE="preview.2 five demo icons: time ms"
log "$CASE"
ours_demo() { "$BIN" preview --app "$DEMO" --size 16x8 --color 256 --symbols half >"$OUT/demo.ours" 2>"$OUT/demo.ours.err"; }
peer_demo() {
    local f
    for f in "${DEMO_FILES[@]}"; do
        chafa --size 16x8 --symbols vhalf --colors 256 "$f" || return 1
    done >"$OUT/demo.peer" 2>"$OUT/demo.peer.err"
}
if time_pair ours_demo peer_demo; then
    record "$CASE" "$(ms "$OURS_US")" "$(ms "$PEER_US")" %s ratio 0.35 "<= 0.35x"
else
    record_failure "$CASE" "<= 0.35x" "a run failed: $(cat "$OUT/demo.ours.err" "$OUT/demo.peer.err" 2>/dev/null | head -c 300)"
fi

CASE="preview.3 4096px PNG: peak RSS MB"
log "$CASE"
if ours_kb=$(peak_rss_kb "$OUT/huge.ours.rss" "$BIN" preview --app "$WORK/huge/Info.plist" --size 16x8 --color 256 --symbols half) &&
    peer_kb=$(peak_rss_kb "$OUT/huge.peer.rss" chafa --size 16x8 --symbols vhalf --colors 256 "$HUGE_PNG"); then
    [[ -s $OUT/huge.ours.rss.stderr ]] && log "iconchooser preview said: $(head -c 300 "$OUT/huge.ours.rss.stderr")"
    record "$CASE" "$(mb "$ours_kb")" "$(mb "$peer_kb")" %s abs 100 "<= 100 MB"
else
    record_failure "$CASE" "<= 100 MB" "a run failed"
fi
