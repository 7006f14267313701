# Sourced by run-bench.sh: xcodegen.1, list --json on a generated XcodeGen spec against the demo.
# Reading an XcodeGen spec (its includes, templates, setting groups and xcconfig files, 20 targets'
# settings in 3 configurations, 30 sets) must cost little more than opening the demo's plist.
CASE="xcodegen.1 list --json, XcodeGen spec: 20 targets, 3 configurations, includes, 30 sets (peer: the demo): ms"
log "$CASE"
ours_xcodegen_list() { "$BIN" list --json --app "$WORK/xcodegen" --target App0 >"$OUT/xcodegen.list" 2>"$OUT/xcodegen.list.err"; }
peer_demo_list_24() { "$BIN" list --json --app "$DEMO" >"$OUT/demo24.list" 2>"$OUT/demo24.list.err"; }
if time_pair ours_xcodegen_list peer_demo_list_24 "$STEADY_RUNS" && grep -q '"source" : "xcodegen"' "$OUT/xcodegen.list"; then
    record "$CASE" "$(ms "$OURS_US")" "$(ms "$PEER_US")" %s ratio 1.5 "<= 1.5x"
else
    record_failure "$CASE" "<= 1.5x" "a run failed: $(head -c 300 "$OUT/xcodegen.list.err")"
fi
