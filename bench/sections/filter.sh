# Sourced by run-bench.sh: the chooser's / filter on 500 generated icons.
#   filter.1 and filter.1b bytes per key against fzf on the same names; filter.2 time from a filter key to its
#   frame against a focus move.

# Both sides get the 500 names the chooser shows (its captions, in chooser order: the primary is
# "Default") and the same query, typed one key at a time into the same tmux (100x30); each key's
# bytes are what the pane's program writes in the 0.5 s after it, through pipe-pane (bytes_for_key).
APP500=$WORK/app500/Info.plist
"$BIN" list --app "$APP500" 2>/dev/null | cut -f1 | sed '1s/^$/Default/' >"$WORK/names500.txt"
[[ $(wc -l <"$WORK/names500.txt") -eq 500 ]] || setup_fail "list did not name the 500 icons"
# "icon-42": i drops "Default" (every tile moves), c o n - only mark letters, 4 and 2 narrow.
FILTER_KEYS=(i c o n - 4 2)

# open_filter WINDOW: the chooser on the 500 icons, every picture decoded, the filter open.
open_filter() {
    tm new-window -d -t keep -n "$1" "$(pane_command "$BIN" --app "$APP500")" || return 1
    wait_for "keep:$1" 30 "App Icon" && wait_stable "keep:$1" 60 &&
        wait_idle "$(tm display -p -t "keep:$1" '#{pane_pid}')" &&
        tm send-keys -t "keep:$1" / && wait_for "keep:$1" 10 "500 of 500"
}
# open_fzf WINDOW: fzf on the same 500 names.
open_fzf() {
    tm new-window -d -t keep -n "$1" "$(pane_command sh -c 'exec fzf <"$1"' fzf "$WORK/names500.txt")" || return 1
    wait_for "keep:$1" 20 "500/500" && wait_stable "keep:$1" 20
}
# key_bytes OPEN NAME: bytes of each of FILTER_KEYS in a window OPEN prepares, one number a line.
key_bytes() {
    local open=$1 name=$2 i status=0
    "$open" "$name" || { close_window "$name"; return 1; }
    for i in "${!FILTER_KEYS[@]}"; do
        bytes_for_key "$name" "${FILTER_KEYS[$i]}" "$OUT/$name.key$i" || { status=1; break; }
    done
    close_window "$name"
    return $status
}

CASE="filter.1 filter key, icons stay (c o n -): bytes"
CASE_MOVED="filter.1b filter key, tiles replaced (i 4 2): bytes"
log "$CASE; $CASE_MOVED"
if ours=$(key_bytes open_filter filter) && peer=$(key_bytes open_fzf fzf); then
    mapfile -t ours_keys <<<"$ours"
    mapfile -t peer_keys <<<"$peer"
    log "bytes per key ${FILTER_KEYS[*]}: ours ${ours_keys[*]}; fzf ${peer_keys[*]}"
    record "$CASE" "$(median "${ours_keys[@]:1:4}")" "$(median "${peer_keys[@]:1:4}")" %.0f ratio 1.0 "<= 1.0x"
    record "$CASE_MOVED" "$(median "${ours_keys[0]}" "${ours_keys[@]:5:2}")" "$(median "${peer_keys[0]}" "${peer_keys[@]:5:2}")" \
        %.0f ratio 1.0 "<= 1.0x"
else
    record_failure "$CASE" "<= 1.0x" "a run failed"
    record_failure "$CASE_MOVED" "<= 1.0x" "see above"
fi

# settle WINDOW FROM: polls until the pane shows something other than FROM, then until it has not
# changed for 0.2 s (up to 10 s in all); prints that screen.
settle() {
    local previous=$2 screen same=0 changed=0
    for _ in $(seq 1000); do
        sleep 0.01
        screen=$(tm capture-pane -e -p -t "keep:$1") || return 1
        if [[ $screen == "$previous" ]]; then
            ((changed && ++same >= 20)) && { printf '%s' "$screen"; return 0; }
        else
            changed=1 same=0
        fi
        previous=$screen
    done
    log "$1: the screen did not settle"
    return 1
}
# until_screen WINDOW SCREEN: polls (every 2 ms, up to 10 s) until the pane shows SCREEN exactly.
until_screen() {
    local screen
    for _ in $(seq 5000); do
        screen=$(tm capture-pane -e -p -t "keep:$1") || return 1
        [[ $screen == "$2" ]] && return 0
        sleep 0.002
    done
    log "$1: the screen never came back"
    return 1
}
# key_prepare WINDOW KEY UNDO: one untimed round of KEY and UNDO (so the focus has settled where
# they leave it), keeping the screens before and after KEY for key_time; fails unless UNDO brings
# the screen back.
declare -A KEY_BEFORE KEY_AFTER
key_prepare() {
    local window=$1 key=$2 undo=$3 start first before after
    start=$(tm capture-pane -e -p -t "keep:$window") &&
        tm send-keys -t "keep:$window" "$key" && first=$(settle "$window" "$start") &&
        tm send-keys -t "keep:$window" "$undo" && before=$(settle "$window" "$first") &&
        tm send-keys -t "keep:$window" "$key" && after=$(settle "$window" "$before") &&
        tm send-keys -t "keep:$window" "$undo" && until_screen "$window" "$before" || return 1
    KEY_BEFORE[$window]=$before
    KEY_AFTER[$window]=$after
}
# key_time WINDOW KEY UNDO: µs from sending KEY to the whole frame it makes on screen (as
# key_prepare saw it), then UNDO and its screen back, untimed. Sets KEY_US.
key_time() {
    local window=$1 t0
    now_us; t0=$REPLY
    tm send-keys -t "keep:$window" "$2"
    until_screen "$window" "${KEY_AFTER[$window]}" || return 1
    now_us; KEY_US=$((REPLY - t0))
    tm send-keys -t "keep:$window" "$3"
    until_screen "$window" "${KEY_BEFORE[$window]}"
}

CASE="filter.2 filter key (4) to its frame, 500 icons (peer: focus move): ms"
log "$CASE ($STEADY_RUNS runs each)"
# Two choosers on the 500 icons: in one the filter holds "icon", where 4 replaces every tile and
# Backspace brings them back; in the other the filter is closed and the focus moves Right (and
# Left). Their runs alternate (and which goes first), so load from other processes falls on both.
filter_times=() move_times=()
if open_filter timing && tm send-keys -t keep:timing i c o n && wait_for keep:timing 10 "/icon" &&
    open_filter moving && tm send-keys -t keep:moving Escape && wait_for keep:moving 10 "/ filter" &&
    key_prepare timing 4 BSpace && key_prepare moving Right Left; then
    failed=0
    for ((i = 0; i < STEADY_RUNS; i++)); do
        if ((i % 2)); then
            key_time moving Right Left && move_times+=("$KEY_US") && key_time timing 4 BSpace && filter_times+=("$KEY_US")
        else
            key_time timing 4 BSpace && filter_times+=("$KEY_US") && key_time moving Right Left && move_times+=("$KEY_US")
        fi || { failed=1; break; }
    done
    if ((failed)); then
        record_failure "$CASE" "<= 1.2x" "a run failed"
    else
        record "$CASE" "$(ms "$(median "${filter_times[@]}")")" "$(ms "$(median "${move_times[@]}")")" %s ratio 1.2 "<= 1.2x"
    fi
else
    record_failure "$CASE" "<= 1.2x" "a run failed"
fi
close_window timing
close_window moving
