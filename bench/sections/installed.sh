# Sourced by run-bench.sh whatever BENCH_SECTIONS says (a second's work): the program's size as `make install`
# puts it (stripped), and its start-up (--version) against chafa's.
INSTALLED=$WORK/installed-iconchooser
if cp "$BIN" "$INSTALLED" && strip "$INSTALLED"; then
    record "installed program, MB" "$(div "$(stat -c %s "$INSTALLED")" 1048576 %.1f)" - "%s" abs 30 "<= 30 MB"
    version_ours() { "$INSTALLED" --version >/dev/null; }
    version_chafa() { chafa --version >/dev/null; }
    if time_pair version_ours version_chafa "$STEADY_RUNS"; then
        record "start-up: --version vs chafa --version, ms" "$(div "$OURS_US" 1000)" "$(div "$PEER_US" 1000)" "%s" ratio 0.7 "<= 0.7x"
    else
        record_failure "start-up: --version vs chafa --version, ms" "<= 0.7x" "a run failed"
    fi
else
    record_failure "installed program, MB" "<= 30 MB" "cannot copy and strip $BIN"
fi
