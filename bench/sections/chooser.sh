# Sourced by run-bench.sh: the chooser in tmux.
#   chooser.1 bytes of one focus move, against dialog --menu's one Down;
#   chooser.2 first frame with 500 generated icons against 5; chooser.3 peak RSS there.

CASE="chooser.1 one focus move: bytes"
log "$CASE"
move_bytes() {  # ours: Right in the chooser on the demo
    tm new-window -d -t keep -n chooser "$(pane_command "$BIN" --app "$DEMO")" || return 1
    wait_for keep:chooser 20 Default black-white white-black multi-black black-multi &&
        wait_stable keep:chooser 20 &&
        bytes_for_key chooser Right "$OUT/move.ours"
    local status=$?
    close_window chooser
    return $status
}
dialog_bytes() {  # peer: Down in dialog --menu with six items
    tm new-window -d -t keep -n dialog "$(pane_command dialog --menu Pick 20 50 6 a A b B c C d D e E f F)" || return 1
    wait_for keep:dialog 20 Pick "a  A" "f  F" &&
        wait_stable keep:dialog 20 &&
        bytes_for_key dialog Down "$OUT/move.peer"
    local status=$?
    close_window dialog
    return $status
}
ours_b=$(move_bytes) || ours_b=""
peer_b=$(dialog_bytes) || peer_b=""
if [[ -n $ours_b && -n $peer_b ]]; then
    record "$CASE" "$ours_b" "$peer_b" %d ratio 1.0 "<= 1.0x"
else
    record_failure "$CASE" "<= 1.0x" "$([[ -z $ours_b ]] && echo "the chooser run failed" || echo "the dialog run failed")"
fi

CASE="chooser.2 first frame, 500 icons (peer: 5): ms"
log "$CASE"
if ff_pair; then
    record "$CASE" "$(ms "$OURS_US")" "$(ms "$PEER_US")" %s ratio 1.5 "<= 1.5x"
else
    record_failure "$CASE" "<= 1.5x" "the chooser did not show its title"
fi

CASE="chooser.3 chooser, 500 icons: peak RSS MB"
log "$CASE (peer: the same with 5 icons)"
if ours_kb=$(chooser_rss_kb "$WORK/app500/Info.plist" mem500) && peer_kb=$(chooser_rss_kb "$WORK/app5/Info.plist" mem5); then
    record "$CASE" "$(mb "$ours_kb")" "$(mb "$peer_kb")" %s abs 150 "<= 150 MB"
else
    record_failure "$CASE" "<= 150 MB" "a run failed"
fi
