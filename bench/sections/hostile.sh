# Sourced by run-bench.sh: hostile inputs, each against a plain one.
#   hostile.1 preview's peak RSS on a 4096 px CgBI PNG (peer: the same picture as a plain PNG);
#   hostile.2-hostile.5 lint's and list's peak RSS and time on a 2 MB plist of hostile text (peer: the demo).

CASE="hostile.1 4096px CgBI PNG (peer: plain PNG): peak RSS MB"
log "$CASE"
if ours_kb=$(peak_rss_kb "$OUT/crushed.ours.rss" "$BIN" preview --app "$WORK/crushed/Info.plist" --size 16x8 --color 256) &&
    peer_kb=$(peak_rss_kb "$OUT/crushed.peer.rss" "$BIN" preview --app "$WORK/huge/Info.plist" --size 16x8 --color 256); then
    [[ -s $OUT/crushed.ours.rss.stderr ]] && log "iconchooser preview said: $(head -c 300 "$OUT/crushed.ours.rss.stderr")"
    record "$CASE" "$(mb "$ours_kb")" "$(mb "$peer_kb")" %s abs 150 "<= 150 MB"
else
    record_failure "$CASE" "<= 150 MB" "a run failed"
fi

HOSTILE=$WORK/hostile/Info.plist
CASE="hostile.2 lint, 2 MB hostile plist (peer: demo): peak RSS MB"
log "$CASE"
# lint exits 1 (the plist is full of errors); only a signal or exit 2 is a failed run here.
lint_rss() { "$GNU_TIME" -f %M -o "$1" "$BIN" lint --app "$2" >/dev/null 2>"$1.stderr"; [[ $? -le 1 ]] && tail -n 1 "$1" | grep -E '^[0-9]+$'; }
if ours_kb=$(lint_rss "$OUT/hostile.lint.rss" "$HOSTILE") && peer_kb=$(lint_rss "$OUT/demo.lint.rss" "$DEMO"); then
    record "$CASE" "$(mb "$ours_kb")" "$(mb "$peer_kb")" %s abs 100 "<= 100 MB"
else
    record_failure "$CASE" "<= 100 MB" "a run failed: $(head -c 300 "$OUT/hostile.lint.rss.stderr" 2>/dev/null)"
fi

CASE="hostile.3 list, 2 MB hostile plist (peer: demo): peak RSS MB"
log "$CASE"
if ours_kb=$(peak_rss_kb "$OUT/hostile.list.rss" "$BIN" list --app "$HOSTILE") &&
    peer_kb=$(peak_rss_kb "$OUT/demo.list.rss" "$BIN" list --app "$DEMO"); then
    record "$CASE" "$(mb "$ours_kb")" "$(mb "$peer_kb")" %s abs 100 "<= 100 MB"
else
    record_failure "$CASE" "<= 100 MB" "a run failed"
fi

for command in lint list; do
    CASE="hostile.$([[ $command == lint ]] && echo 4 || echo 5) $command, 2 MB hostile plist (peer: demo): time ms"
    log "$CASE"
    ours_hostile() { "$BIN" "$command" --app "$HOSTILE" >/dev/null 2>&1; [[ $? -le 1 ]]; }
    peer_hostile() { "$BIN" "$command" --app "$DEMO" >/dev/null 2>&1; [[ $? -le 1 ]]; }
    if time_pair ours_hostile peer_hostile; then
        record "$CASE" "$(ms "$OURS_US")" "$(ms "$PEER_US")" %s abs 2000 "<= 2000 ms"
    else
        record_failure "$CASE" "<= 2000 ms" "a run failed"
    fi
done
