# Sourced by run-bench.sh before anything else: what more than one section uses. Only definitions
# (and the report's empty table): nothing here runs a program. Uses the driver's SOCKET, RUNS, OUT,
# WORK, BIN, GNU_TIME and TERM_IN_PANE when a helper is called.

log() { echo "bench: $*" >&2; }
tm() { tmux -L "$SOCKET" "$@"; }

# --- numbers ------------------------------------------------------------------------------

now_us() { REPLY=${EPOCHREALTIME/./}; REPLY=$((10#$REPLY)); }
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
div() { awk -v a="$1" -v b="$2" -v f="${3:-%.2f}" 'BEGIN { if (b == 0) print "n/a"; else printf f "\n", a / b }'; }
le() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b) }'; }

# The table: one row per case, then one verdict per target.
ROWS=()      # "case|ours|peer|ratio|target"
VERDICTS=()
# record CASE OURS PEER UNIT-FORMAT TARGET-KIND TARGET-VALUE TARGET-TEXT
#   TARGET-KIND ratio: the target bounds ours/peer from above; ratio_min: from below (where
#   more is better); abs: it bounds ours itself; gain: ours must exceed peer by at least
#   TARGET-VALUE (decibels), and the ratio column shows ours - peer.
record() {
    local name=$1 ours=$2 peer=$3 fmt=$4 kind=$5 limit=$6 text=$7 ratio shown_ours shown_peer checked
    if [[ $kind == gain ]]; then
        ratio=$(awk -v a="$ours" -v b="$peer" 'BEGIN { printf "%+.2f\n", a - b }')
    else
        ratio=$( [[ $peer == - ]] && echo - || div "$ours" "$peer" %.3f)
    fi
    shown_ours=$(printf "$fmt" "$ours")
    shown_peer=$( [[ $peer == - ]] && echo - || printf "$fmt" "$peer")
    ROWS+=("$name|$shown_ours|$shown_peer|$( [[ $ratio == [0-9]* ]] && printf %.2f "$ratio" || echo "$ratio")|$text")
    if [[ $kind == gain ]]; then
        if awk -v d="$ratio" -v l="$limit" 'BEGIN { exit !(d >= l) }'; then
            VERDICTS+=("met      $name: $ratio dB (target $text)")
        else
            VERDICTS+=("NOT MET  $name: $ratio dB (target $text)")
        fi
        return
    fi
    if [[ $kind == ratio* ]]; then checked=$ratio; else checked=$shown_ours; fi
    if [[ $checked != n/a ]] && { if [[ $kind == ratio_min ]]; then le "$limit" "$checked"; else le "$checked" "$limit"; fi; }; then
        VERDICTS+=("met      $name: $checked (target $text)")
    else
        VERDICTS+=("NOT MET  $name: $checked (target $text)")
    fi
}
record_failure() {  # CASE TARGET-TEXT REASON
    ROWS+=("$1|failed|-|-|$2")
    VERDICTS+=("FAILED   $1: $3")
    log "$1: $3"
}

# time_pair OURS-FUNCTION PEER-FUNCTION [RUNS]: medians (µs) of RUNS runs each (default
# BENCH_RUNS), interleaved (and alternating which goes first) so load from other processes falls
# on both alike; one untimed warm-up each first. Sets OURS_US and PEER_US; returns 1 when a run fails.
time_pair() {
    local ours=$1 peer=$2 runs=${3:-$RUNS} i t0 first second
    local -a a=() b=()
    "$ours" || { log "$ours failed (warm-up)"; return 1; }
    "$peer" || { log "$peer failed (warm-up)"; return 1; }
    for ((i = 0; i < runs; i++)); do
        if ((i % 2)); then first=$peer second=$ours; else first=$ours second=$peer; fi
        for f in "$first" "$second"; do
            now_us; t0=$REPLY
            "$f" || { log "$f failed"; return 1; }
            now_us
            if [[ $f == "$ours" ]]; then a+=($((REPLY - t0))); else b+=($((REPLY - t0))); fi
        done
    done
    OURS_US=$(median "${a[@]}")
    PEER_US=$(median "${b[@]}")
}
ms() { awk -v u="$1" 'BEGIN { printf "%.1f\n", u / 1000 }'; }

# peak_rss_kb FILE COMMAND...: runs COMMAND under GNU time, stdout discarded; prints max RSS in kB.
peak_rss_kb() {
    local file=$1; shift
    "$GNU_TIME" -f %M -o "$file" "$@" >/dev/null 2>"$file.stderr" || { log "$* failed: $(head -c 300 "$file.stderr")"; return 1; }
    tail -n 1 "$file" | grep -E '^[0-9]+$' || { log "no RSS from GNU time in $file"; return 1; }
}
mb() { awk -v k="$1" 'BEGIN { printf "%.1f\n", k / 1024 }'; }

# --- tmux ---------------------------------------------------------------------------------

# wait_for TARGET TIMEOUT-SECONDS TEXT...: polls the pane until every TEXT is on screen,
# every POLL_SECONDS (default 0.02; a timed wait sets it lower).
wait_for() {
    local target=$1 timeout=$2 screen t polls=0
    shift 2
    now_us; local deadline=$((REPLY + timeout * 1000000))
    while :; do
        screen=$(tm capture-pane -p -t "$target" 2>/dev/null) || return 1
        local all=1
        for t in "$@"; do [[ $screen == *"$t"* ]] || { all=0; break; }; done
        ((all)) && return 0
        # Every 25th poll: a program that has died won't draw anything more.
        if ((++polls % 25 == 0)) && [[ $(tm display -p -t "$target" '#{pane_dead}' 2>/dev/null) == 1 ]]; then
            log "the program in $target exited before showing '$*'; the screen:"
            printf '%s\n' "$screen" | sed '/^$/d; s/^/    | /' | head -20 >&2
            return 1
        fi
        now_us; ((REPLY > deadline)) && { log "timed out after ${timeout}s waiting for '$*' in $target; the screen:"; printf '%s\n' "$screen" | sed '/^$/d; s/^/    | /' | head -20 >&2; return 1; }
        sleep "${POLL_SECONDS:-0.02}"
    done
}

# wait_stable TARGET TIMEOUT-SECONDS: polls until the pane (with attributes) stops changing.
wait_stable() {
    local target=$1 timeout=$2 previous="" screen same=0
    now_us; local deadline=$((REPLY + timeout * 1000000))
    while :; do
        screen=$(tm capture-pane -e -p -t "$target" 2>/dev/null) || return 1
        if [[ $screen == "$previous" ]]; then ((++same >= 2)) && return 0; else same=0; fi
        previous=$screen
        now_us; ((REPLY > deadline)) && { log "$target still changing after ${timeout}s"; return 1; }
        sleep 0.25
    done
}

# running PID: true while PID exists and is not a zombie (this tmux leaves its dead children
# unreaped until the server goes away).
running() { local s; { s=$(<"/proc/$1/stat"); } 2>/dev/null || return 1; s=${s##*) }; [[ ${s:0:1} != Z ]]; }

# close_window NAME: q, then kill the window; waits (bounded) for its process to be gone.
close_window() {
    local pid
    pid=$(tm display -p -t "keep:$1" '#{pane_pid}' 2>/dev/null)
    tm send-keys -t "keep:$1" q 2>/dev/null
    sleep 0.1
    tm kill-window -t "keep:$1" 2>/dev/null
    [[ -n $pid ]] || return 0
    for _ in $(seq 100); do running "$pid" || return 0; sleep 0.05; done
    log "process $pid of window $1 still running after 5 s; killing it"
    kill -KILL "$pid" 2>/dev/null
}

# pane_command ARGS...: a quoted command line for tmux, with the pane's TERM.
pane_command() { printf 'exec env TERM=%q' "$TERM_IN_PANE"; printf ' %q' "$@"; }

# bytes_for_key WINDOW KEY FILE: bytes the pane's program writes in 0.5 s after KEY.
bytes_for_key() {
    local window=$1 key=$2 file=$3 before after
    : >"$file"
    before=$(tm capture-pane -e -p -t "keep:$window")
    tm pipe-pane -o -t "keep:$window" "cat >> '$file'" || return 1
    sleep 0.1
    tm send-keys -t "keep:$window" "$key" || return 1
    sleep 0.5
    tm pipe-pane -t "keep:$window"       # no command: closes the pipe
    sleep 0.2                            # let cat drain and exit
    after=$(tm capture-pane -e -p -t "keep:$window")
    [[ $before != "$after" ]] || { log "$window: the screen did not change after $key"; return 1; }
    wc -c <"$file" | tr -d ' '
}

# --- the chooser ---------------------------------------------------------------------------

# Its first frame and peak RSS, measured the same way for the chooser and projects sections (filter
# waits with wait_idle too).
FIRST_FRAME_RUN=0
# first_frame APP: launch the chooser in a new window, wait for the title; sets FF_US.
# Polls every 2 ms: with wait_for's usual 20 ms sleep plus a tmux client per poll, a
# ~40 ms first frame was measured in ~30 ms steps (runs fell at the 2nd or 3rd poll and
# nowhere between), so a 10 ms difference could read as 30 ms or as none.
first_frame() {
    local window=ff$((FIRST_FRAME_RUN++)) t0 status
    now_us; t0=$REPLY
    tm new-window -d -t keep -n "$window" "$(pane_command "$BIN" --app "$1")" || return 1
    POLL_SECONDS=0.002 wait_for "keep:$window" 30 "App Icon"
    status=$?
    now_us; FF_US=$((REPLY - t0))
    close_window "$window"
    return $status
}
ff500() { first_frame "$WORK/app500/Info.plist"; }
ff5() { first_frame "$WORK/app5/Info.plist"; }
# time_pair's own clock would count close_window; time the frames themselves instead.
# FF_OURS and FF_PEER name the two first_frame runs (default: 500 icons against 5), FF_RUNS
# how many of each (default RUNS).
ff_pair() {
    local i ours=${FF_OURS:-ff500} peer=${FF_PEER:-ff5} runs=${FF_RUNS:-$RUNS}
    local -a a=() b=()
    "$ours" && "$peer" || return 1
    for ((i = 0; i < runs; i++)); do
        if ((i % 2)); then
            "$peer" || return 1; b+=("$FF_US"); "$ours" || return 1; a+=("$FF_US")
        else
            "$ours" || return 1; a+=("$FF_US"); "$peer" || return 1; b+=("$FF_US")
        fi
    done
    OURS_US=$(median "${a[@]}")
    PEER_US=$(median "${b[@]}")
}
# cpu_ticks PID: user+system clock ticks so far.
cpu_ticks() { local s; { s=$(<"/proc/$1/stat"); } 2>/dev/null || return 1; s=${s##*) }; set -- $s; echo $((${12} + ${13})); }
# wait_idle PID: waits (up to 180 s) until PID has used at most one clock tick in each of three
# half-seconds in a row: every picture decoded. Fails when PID cannot be read.
wait_idle() {
    local last ticks idle=0
    last=$(cpu_ticks "$1") || return 1
    for _ in $(seq 360); do
        sleep 0.5
        ticks=$(cpu_ticks "$1") || return 0
        if ((ticks - last <= 1)); then ((++idle >= 3)) && return 0; else idle=0; fi
        last=$ticks
    done
}
# chooser_rss_kb APP NAME: the chooser under GNU time in a pane; once on screen, waits until
# it stops using CPU (every picture decoded), quits with q; prints GNU time's max RSS in kB.
chooser_rss_kb() {
    local plist=$1 window=$2 file=$OUT/$2.rss pid child t0
    rm -f "$file"
    tm new-window -d -t keep -n "$window" \
        "$(pane_command "$GNU_TIME" -f %M -o "$file" "$BIN" --app "$plist")" || return 1
    if ! wait_for "keep:$window" 30 "App Icon"; then close_window "$window"; return 1; fi
    now_us; t0=$REPLY
    pid=$(tm display -p -t "keep:$window" '#{pane_pid}')
    child=$(cat "/proc/$pid/task/$pid/children" 2>/dev/null | awk '{ print $1 }')
    if [[ -n $child ]] && wait_idle "$child"; then
        now_us
        log "$window: busy for $(ms $((REPLY - t0 - 1500000))) ms after the first frame; VmHWM $(awk '/VmHWM/ { print $2, $3 }' "/proc/$child/status" 2>/dev/null)"
    else
        log "$window: could not find the chooser's process; waiting 10 s instead"
        sleep 10
    fi
    tm send-keys -t "keep:$window" q
    for _ in $(seq 200); do [[ -s $file ]] && break; sleep 0.05; done
    close_window "$window"
    [[ -s $file ]] || { log "$window: GNU time wrote nothing"; return 1; }
    grep -q 'terminated by signal' "$file" && log "$window: the chooser did not leave on q: $(head -n 1 "$file")"
    tail -n 1 "$file" | grep -E '^[0-9]+$'
}
