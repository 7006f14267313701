#!/usr/bin/env bash
# The numbers the tool is held to, each as a ratio against a peer run in this same
# script (chafa, dialog, fzf, libsixel, or iconchooser itself on a smaller or plainer input). Nothing is asserted:
# a missed target is printed, not failed on.
#
#   bench/run-bench.sh PATH/TO/iconchooser      (normally through `make bench`)
#
# Needs chafa, dialog, tmux, GNU time (/usr/bin/time) and python3 (with numpy and Pillow for
# the pictures' fidelity, which also needs ../shared/corpus); fzf for the filter. Everything generated
# (PNGs, plists, the tmux socket, state) lives in one mktemp -d folder removed at exit.
# BENCH_RUNS (default 5) sets how many timed runs each median is taken over (BENCH_STEADY_RUNS,
# default three times that, for the rows of a few milliseconds' difference); BENCH_KEEP=1
# keeps the folder (inputs, outputs, the bytes of the focus move) for a closer look;
# BENCH_SECTIONS (default: every section but projects) measures only those sections' rows:
# preview, chooser, ssh, hostile, projects, pictures, icons, filter, writing, xcodegen, car.
# Exit status: 0 once set-up worked (whatever the numbers), 2 if set-up failed.

set -u -o pipefail

usage() { echo "usage: $0 PATH/TO/iconchooser" >&2; exit 2; }
setup_fail() { echo "bench: set-up failed: $*" >&2; exit 2; }

[[ $# -eq 1 ]] || usage
BIN=$(realpath -e -- "$1" 2>/dev/null) || setup_fail "no such file: $1"
[[ -x $BIN ]] || setup_fail "$BIN is not executable"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
DEMO=$ROOT/Assets/Info.plist
[[ -f $DEMO ]] || setup_fail "the demo app is missing: $DEMO"
RUNS=${BENCH_RUNS:-5}
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || setup_fail "BENCH_RUNS must be a positive integer"
# Rows whose two sides differ by a few milliseconds on a shared machine (projects.1-projects.3, pictures.13, pictures.14, filter.2) take
# their medians over more runs, interleaved: with RUNS alone, one run of load moved them by 0.2x.
STEADY_RUNS=${BENCH_STEADY_RUNS:-$((RUNS * 3))}
[[ $STEADY_RUNS =~ ^[1-9][0-9]*$ ]] || setup_fail "BENCH_STEADY_RUNS must be a positive integer"
ALL_SECTIONS=" preview chooser ssh hostile projects pictures icons filter writing xcodegen car "
SECTIONS=" ${BENCH_SECTIONS:-preview chooser ssh hostile pictures icons filter writing xcodegen car} "
for section in $SECTIONS; do
    [[ $ALL_SECTIONS == *" $section "* ]] || setup_fail "no bench section “$section”; sections:$ALL_SECTIONS"
done
wants() { [[ $SECTIONS == *" $1 "* ]]; }
for tool in chafa dialog tmux python3; do
    command -v "$tool" >/dev/null || setup_fail "$tool is not installed (make bench installs it)"
done
if wants filter; then command -v fzf >/dev/null || setup_fail "fzf is not installed (make bench installs it)"; fi
GNU_TIME=/usr/bin/time
[[ -x $GNU_TIME ]] || setup_fail "GNU time is not installed at $GNU_TIME (apt package: time)"
[[ -n ${EPOCHREALTIME:-} ]] || setup_fail "bash 5 or later is needed (EPOCHREALTIME)"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/iconchooser-bench.XXXXXX") || setup_fail "mktemp -d"
SOCKET=bench
cleanup() {
    tmux -L "$SOCKET" kill-server >/dev/null 2>&1
    [[ -n ${SERVE_PID:-} ]] && kill -TERM "$SERVE_PID" 2>/dev/null
    [[ -n ${SSHD_PID:-} ]] && kill -TERM "$SSHD_PID" 2>/dev/null
    if [[ ${BENCH_KEEP:-} == 1 ]]; then echo "bench: kept $WORK" >&2; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# Our own HOME, state, tmux socket folder and locale, so nothing of the user's is read or written.
mkdir -p "$WORK/home" "$WORK/state" "$WORK/tmux" "$WORK/out"
export HOME=$WORK/home XDG_STATE_HOME=$WORK/state TMUX_TMPDIR=$WORK/tmux LANG=C.UTF-8
unset TMUX LC_ALL LC_CTYPE NO_COLOR COLORTERM ICONCHOOSER_STATE
TERM_IN_PANE=xterm-256color

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

# --- inputs -------------------------------------------------------------------------------

log "generating inputs in $WORK"
MAKE_INPUT=(python3 "$HERE/make-bench-input.py")
"${MAKE_INPUT[@]}" oneicon "$WORK/one" 1024 --level 6 || setup_fail "could not write the 1024 px PNG"
"${MAKE_INPUT[@]}" oneicon "$WORK/huge" 4096 --level 1 || setup_fail "could not write the 4096 px PNG"
if wants chooser; then
"${MAKE_INPUT[@]}" app "$WORK/app5" 5 1024 --level 1 || setup_fail "could not write the 5-icon app"
fi
if wants chooser || wants filter; then
"${MAKE_INPUT[@]}" app "$WORK/app500" 500 1024 --level 1 || setup_fail "could not write the 500-icon app"
fi
if wants hostile; then
"${MAKE_INPUT[@]}" oneicon "$WORK/crushed" 4096 --level 1 --crushed || setup_fail "could not write the 4096 px CgBI PNG"
mkdir -p "$WORK/hostile" && "${MAKE_INPUT[@]}" hostile "$WORK/hostile/Info.plist" 2000000 || setup_fail "could not write the hostile plist"
fi
if wants projects; then
"${MAKE_INPUT[@]}" catalog "$WORK/cat5/Assets.xcassets" 5 1024 --level 1 || setup_fail "could not write the 5-set catalog"
"${MAKE_INPUT[@]}" catalog "$WORK/cat500/Assets.xcassets" 500 1024 --level 1 || setup_fail "could not write the 500-set catalog"
fi
if wants xcodegen; then
"${MAKE_INPUT[@]}" xcodegen "$WORK/xcodegen" 20 30 1024 --level 1 || setup_fail "could not write the XcodeGen project"
fi
ONE_PNG=$WORK/one/big@2x.png
HUGE_PNG=$WORK/huge/big@2x.png
DEMO_FILES=()
for name in default black-white white-black multi-black black-multi; do
    f="$ROOT/Assets/App Icons/app-icon--$name@2x.png"
    [[ -f $f ]] || setup_fail "missing demo file $f"
    DEMO_FILES+=("$f")
done

tm -f /dev/null new-session -d -s keep -x 100 -y 30 'sleep 86400' || setup_fail "tmux would not start"
tm set -g default-size 100x30 >/dev/null
tm set -g remain-on-exit on >/dev/null
tm set -g history-limit 0 >/dev/null

OUT=$WORK/out

# --- preview --------------------------------------------------------------------------------
if wants preview; then

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
fi

# --- hostile --------------------------------------------------------------------------------
if wants hostile; then

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
fi

# --- chooser --------------------------------------------------------------------------------
if wants chooser; then

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

fi

# The chooser's first frame and peak RSS, measured the same way for the chooser and projects sections.
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

if wants chooser; then
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
fi

# --- pictures: symbol art -------------------------------------------------------------------
if wants pictures; then

# Fidelity: PSNR of our tiles and chafa's against the source, both decoded from their ANSI
# text by one rasteriser (bench/symbol-fidelity.py says exactly what is measured).
CORPUS=$ROOT/../shared/corpus/real-projects
FIDELITY=(python3 "$HERE/symbol-fidelity.py")
for candidate in /usr/bin/python3 python3; do
    if "$candidate" -c 'import numpy, PIL' 2>/dev/null; then FIDELITY=("$candidate" "$HERE/symbol-fidelity.py"); break; fi
done
# fidelity CASE TARGET-VALUE TARGET-TEXT OURS-ARGS... -- CHAFA-ARGS...
fidelity() {
    local name=$1 limit=$2 text=$3 line
    shift 3
    log "$name"
    if line=$("${FIDELITY[@]}" measure "$BIN" "$WORK/corpus" "x" "$@" 2>"$OUT/fidelity.err"); then
        read -r _ ours peer count <<<"$line"
        FIDELITY_COUNT=$count
        record "$name" "$ours" "$peer" %s gain "$limit" "$text"
    else
        record_failure "$name" "$text" "$(tail -n 3 "$OUT/fidelity.err")"
    fi
}
FIDELITY_COUNT=0
if [[ ! -d $CORPUS ]]; then
    log "pictures.6-pictures.12 fidelity: skipped, no corpus at $CORPUS"
elif ! "${FIDELITY[0]}" -c 'import numpy, PIL' 2>/dev/null; then
    log "pictures.6-pictures.12 fidelity: skipped, no python3 with numpy and Pillow (Debian: python3-numpy python3-pil)"
elif "${FIDELITY[@]}" prepare "$CORPUS" "$WORK/corpus" >/dev/null 2>"$OUT/fidelity.err"; then
    CHAFA_BEST=(--symbols block+sextant -w 9)
    fidelity "pictures.6 half blocks, truecolor: PSNR dB" 0 ">= chafa vhalf" \
        --color truecolor --symbols half -- --symbols vhalf -w 9 --colors full
    fidelity "pictures.7 quadrants, truecolor: PSNR dB" 0 "(chafa quad)" \
        --color truecolor --symbols quadrant -- --symbols quad -w 9 --colors full
    fidelity "pictures.8 sextants, truecolor: PSNR dB" 0 "(chafa block+sextant)" \
        --color truecolor --symbols sextant -- "${CHAFA_BEST[@]}" --colors full
    fidelity "pictures.9 best (octants), truecolor: PSNR dB" 0.5 ">= chafa +0.5 dB" \
        --color truecolor --symbols octant -- "${CHAFA_BEST[@]}" --colors full
    fidelity "pictures.10 best, 256 colours: PSNR dB" 0.001 "> chafa --colors 256" \
        --color 256 --symbols octant -- "${CHAFA_BEST[@]}" --colors 256
    fidelity "pictures.11 best, 16 colours: PSNR dB" 0 "(chafa --colors 16)" \
        --color 16 --symbols octant -- "${CHAFA_BEST[@]}" --colors 16
    fidelity "pictures.12 best, 8 colours: PSNR dB" 0 "(chafa --colors 8)" \
        --color 8 --symbols octant -- "${CHAFA_BEST[@]}" --colors 8
else
    record_failure "pictures.6-pictures.12 fidelity" "-" "could not gather the corpus icons: $(tail -n 3 "$OUT/fidelity.err")"
fi

CASE="pictures.13 one 1024px PNG at the best setting: time ms"
log "$CASE"
ours_best() { "$BIN" preview --app "$WORK/one/Info.plist" --size 16x8 --color truecolor --symbols octant >"$OUT/best.ours" 2>"$OUT/best.ours.err"; }
peer_best() { chafa -f symbols --size 16x8 --symbols block+sextant -w 9 --colors full "$ONE_PNG" >"$OUT/best.peer" 2>"$OUT/best.peer.err"; }
if time_pair ours_best peer_best "$STEADY_RUNS"; then
    record "$CASE" "$(ms "$OURS_US")" "$(ms "$PEER_US")" %s ratio 0.5 "<= 0.5x"
else
    record_failure "$CASE" "<= 0.5x" "a run failed: $(cat "$OUT/best.ours.err" "$OUT/best.peer.err" 2>/dev/null | head -c 300)"
fi
fi

# --- xcodegen: generated projects -----------------------------------------------------------
if wants xcodegen; then
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
fi

# --- projects: projects and asset catalogs --------------------------------------------------
if wants projects; then

# first_frame_case CASE OURS PEER: the first-frame ratio of two first_frame runs, at most 1.5x.
first_frame_case() {
    log "$1 ($STEADY_RUNS runs each)"
    if FF_OURS=$2 FF_PEER=$3 FF_RUNS=$STEADY_RUNS ff_pair; then
        record "$1" "$(ms "$OURS_US")" "$(ms "$PEER_US")" %s ratio 1.5 "<= 1.5x"
    else
        record_failure "$1" "<= 1.5x" "the chooser did not show its title"
    fi
}

# Opening a real project (its project file, xcconfig files, Info.plist and three catalogs) must
# cost little more than opening the demo's plist; a catalog of 500 sets little more than one of 5.
HOME_ASSISTANT=$ROOT/../shared/corpus/real-projects/home-assistant_iOS
if [[ -d $HOME_ASSISTANT ]]; then
    CASE="projects.1 list --json, home-assistant project (peer: the demo): ms"
    log "$CASE"
    ours_project_list() { "$BIN" list --json --app "$HOME_ASSISTANT" >"$OUT/project.list" 2>"$OUT/project.list.err"; }
    peer_demo_list() { "$BIN" list --json --app "$DEMO" >"$OUT/demo.list" 2>"$OUT/demo.list.err"; }
    if time_pair ours_project_list peer_demo_list "$STEADY_RUNS"; then
        record "$CASE" "$(ms "$OURS_US")" "$(ms "$PEER_US")" %s ratio 1.5 "<= 1.5x"
    else
        record_failure "$CASE" "<= 1.5x" "a run failed: $(head -c 300 "$OUT/project.list.err")"
    fi

    ff_project() { first_frame "$HOME_ASSISTANT"; }
    ff_demo() { first_frame "$DEMO"; }
    first_frame_case "projects.2 first frame, home-assistant project (peer: the demo): ms" ff_project ff_demo
else
    log "projects.1-projects.2: skipped, no corpus at $HOME_ASSISTANT"
fi

ff_cat500() { first_frame "$WORK/cat500/Assets.xcassets"; }
ff_cat5() { first_frame "$WORK/cat5/Assets.xcassets"; }
first_frame_case "projects.3 first frame, catalog of 500 sets (peer: 5 sets): ms" ff_cat500 ff_cat5

CASE="projects.4 chooser, catalog of 500 sets: peak RSS MB"
log "$CASE (peer: the same with 5 sets)"
if ours_kb=$(chooser_rss_kb "$WORK/cat500/Assets.xcassets" cat500) && peer_kb=$(chooser_rss_kb "$WORK/cat5/Assets.xcassets" cat5); then
    record "$CASE" "$(mb "$ours_kb")" "$(mb "$peer_kb")" %s abs 150 "<= 150 MB"
else
    record_failure "$CASE" "<= 150 MB" "a run failed"
fi

fi

# --- filter: the filter ---------------------------------------------------------------------
if wants filter; then

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
fi

# --- ssh ------------------------------------------------------------------------------------
if wants ssh; then

source "$HERE/ssh.sh"
fi

# --- pictures -------------------------------------------------------------------------------
if wants pictures; then

source "$HERE/graphics.sh"
fi

# --- real icons: Habitica's 32 against chafa -----------------------------------------------------
if wants icons; then

source "$HERE/real-icons.sh"
fi

# --- the installed program: its size and its start-up -----------------------------------------
# Always measured (a second's work). The program as `make install` puts it: stripped.
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

# --- car ------------------------------------------------------------------------------------
if wants car; then

source "$HERE/car.sh"
fi

# --- writing an icon: add on a real project ---------------------------------------------------
if wants writing; then
# add reads the project, writes the set all or nothing, reads it again and lints it before and
# after; list --json only reads it. Each add is undone (remove, untimed) before the next run.
CASE="add: a catalog icon on home-assistant_iOS vs its list --json, ms"
log "$CASE"
HA=$ROOT/../shared/corpus/real-projects/home-assistant_iOS
if [[ ! -d $HA ]]; then
    record_failure "$CASE" "<= 3x" "no corpus at $HA"
elif cp -R "$HA" "$WORK/ha" && python3 -c 'import sys, zlib, struct
def chunk(kind, data): return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
rows = b"".join(b"\0" + bytes((40, 120, 220)) * 1024 for _ in range(1024))
open(sys.argv[1], "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1024, 1024, 8, 2, 0, 0, 0))
    + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))' "$WORK/new-icon.png"; then
    adds=() lists=()
    for ((i = 0; i < RUNS; i++)); do
        now_us; t0=$REPLY
        "$BIN" list --json --app "$WORK/ha" >"$OUT/ha.list" 2>"$OUT/ha.list.err" || break
        now_us; lists+=($((REPLY - t0)))
        now_us; t0=$REPLY
        "$BIN" add Bench "$WORK/new-icon.png" --app "$WORK/ha" >"$OUT/ha.add" 2>"$OUT/ha.add.err" || break
        now_us; adds+=($((REPLY - t0)))
        "$BIN" remove Bench --app "$WORK/ha" >/dev/null 2>"$OUT/ha.remove.err" || break
    done
    if ((${#adds[@]} == RUNS)) && diff -r "$HA" "$WORK/ha" >/dev/null; then
        record "$CASE" "$(ms "$(median "${adds[@]}")")" "$(ms "$(median "${lists[@]}")")" %s ratio 3 "<= 3x"
    else
        record_failure "$CASE" "<= 3x" "a run failed or left the project changed: $(cat "$OUT/ha.add.err" "$OUT/ha.remove.err" 2>/dev/null | head -c 300)"
    fi
else
    record_failure "$CASE" "<= 3x" "could not copy the project or write the image"
fi

# add of every size in three appearances from 4096 px pictures (the largest the limits accept):
# against ImageMagick making the same sizes from the same pictures, each decoded once and resized
# from the original per size, as add does from its 1024 px first step. The sizes are the ones add
# wrote, read back from its set.
CASE="writing.2 add --sizes all --dark --tinted of 4096 px pictures vs convert to the same sizes, ms"
log "$CASE"
MAGICK=/usr/bin/convert
BIG=$WORK/big4096
if [[ ! -x $MAGICK ]]; then
    record_failure "$CASE" "<= 2x" "ImageMagick's convert is not installed at $MAGICK (apt package: imagemagick)"
elif mkdir -p "$BIG" && "${MAKE_INPUT[@]}" png "$BIG/in0.png" 4096 --level 1 --variant 0 &&
    "${MAKE_INPUT[@]}" png "$BIG/in1.png" 4096 --level 1 --variant 1 && "${MAKE_INPUT[@]}" png "$BIG/in2.png" 4096 --level 1 --variant 2 &&
    "${MAKE_INPUT[@]}" catalog "$BIG/base/Assets.xcassets" 1 1024 --level 1; then
    big_add() {
        rm -rf "$BIG/run" && cp -R "$BIG/base" "$BIG/run" &&
            "$BIN" add Big "$BIG/in0.png" --background '#808080' --dark "$BIG/in1.png" --tinted "$BIG/in2.png" --sizes all \
                --app "$BIG/run/Assets.xcassets" >"$OUT/big.add" 2>"$OUT/big.add.err"
    }
    if big_add && SIZES=$(python3 -c 'import struct, sys
print(" ".join(sorted({str(struct.unpack(">I", open(p, "rb").read(20)[16:20])[0]) for p in sys.argv[1:]}, key=int)))' "$BIG"/run/Assets.xcassets/Big.appiconset/*.png); then
        big_magick() {
            local v args=()
            for v in 0 1 2; do
                args=("$BIG/in$v.png" -colorspace RGB)
                for side in $SIZES; do
                    args+=("(" +clone -filter Lanczos -resize "${side}x${side}" -colorspace sRGB -write "$BIG/magick-$v-$side.png" +delete ")")
                done
                "$MAGICK" "${args[@]}" null: 2>>"$OUT/big.magick.err" || return 1
            done
        }
        if time_pair big_add big_magick; then
            record "$CASE" "$(ms "$OURS_US")" "$(ms "$PEER_US")" %s ratio 2 "<= 2x"
        else
            record_failure "$CASE" "<= 2x" "a run failed: $(head -c 300 "$OUT/big.add.err" "$OUT/big.magick.err" 2>/dev/null)"
        fi
        CASE="writing.3 add --sizes all --dark --tinted of 4096 px pictures: peak RSS MB"
        log "$CASE"
        if rm -rf "$BIG/run" && cp -R "$BIG/base" "$BIG/run" && ours_kb=$(peak_rss_kb "$OUT/big.add.rss" \
                "$BIN" add Big "$BIG/in0.png" --background '#808080' --dark "$BIG/in1.png" --tinted "$BIG/in2.png" --sizes all \
                --app "$BIG/run/Assets.xcassets"); then
            record "$CASE" "$(mb "$ours_kb")" - %s abs 150 "<= 150 MB"
        else
            record_failure "$CASE" "<= 150 MB" "a run failed"
        fi
    else
        record_failure "$CASE" "<= 2x" "add failed: $(head -c 300 "$OUT/big.add.err")"
    fi
else
    record_failure "$CASE" "<= 2x" "could not write the 4096 px pictures"
fi
fi

# --- report -------------------------------------------------------------------------------

echo
echo "iconchooser bench: $BIN"
echo "peers: $(chafa --version | head -n 1), dialog $(dialog --version 2>&1 | awk '{ print $2 }'), tmux $(tmux -V | awk '{ print $2 }')"
echo "medians of $RUNS runs; $(nproc) cores, load average $(cut -d ' ' -f 1-3 /proc/loadavg)"
echo
{
    echo "case|ours|peer|ratio|target"
    printf '%s\n' "${ROWS[@]}"
} | awk -F'|' '
    { for (i = 1; i <= NF; i++) { cell[NR, i] = $i; if (length($i) > w[i]) w[i] = length($i) } rows = NR }
    END {
        for (r = 1; r <= rows; r++) {
            line = sprintf("%-" w[1] "s", cell[r, 1])
            for (i = 2; i <= 5; i++) line = line sprintf("  %" w[i] "s", cell[r, i])
            print line
            if (r == 1) { n = w[1]; for (i = 2; i <= 5; i++) n += w[i] + 2; s = ""; for (k = 0; k < n; k++) s = s "-"; print s }
        }
    }'
echo
printf '%s\n' "${VERDICTS[@]}"
echo
echo "peers: preview.1 chafa --size 16x8 --symbols vhalf --colors 256 on the same file; preview.2 chafa once per file;"
echo "preview.3 chafa on the same file; chooser.1 dialog --menu, one Down; chooser.2 and chooser.3 the chooser with 5 generated icons."
echo "ssh.1 and ssh.2 ssh -tt to iconchooser serve, against ssh -tt to OpenSSH's sshd running the same chooser."
echo "preview.3 and chooser.3 targets bound our own peak RSS; the ratio there is for context only."
echo "hostile.1 preview of a 4096 px CgBI PNG against the same picture as a plain PNG; hostile.2 to hostile.5 lint and list"
echo "on a 2 MB plist of hostile text against the demo app; their targets bound our own figures."
echo "add: iconchooser add of a single-size set on a copy of ../shared/corpus/real-projects/home-assistant_iOS"
echo "  (read, write all or nothing, read again, lint before and after), against list --json on the same copy."
echo "writing.2 add --sizes all with --dark and --tinted of three generated 4096 px pictures into a one-set catalog, against"
echo "  ImageMagick's convert making the sizes add wrote from the same pictures (-colorspace RGB -filter Lanczos -resize);"
echo "  writing.3 bounds add's own peak RSS there."
echo "xcodegen.1 list --json --target App0 on a generated XcodeGen spec (no .xcodeproj): 20 targets from a template,"
echo "  3 configurations, includes two deep, a setting group, xcconfig files with an #include, 30 single-size 1024 px"
echo "  sets, all shipped; against list --json on the demo's Info.plist."
echo "projects.1 and projects.2 list --json and the chooser's first frame on ../shared/corpus/real-projects/home-assistant_iOS"
echo "  against the same on the demo's Info.plist; projects.3 and projects.4 an asset catalog of 500 generated single-size"
echo "  1024 px sets against one of 5 (projects.4's target bounds our own peak RSS)."
echo "pictures.1-pictures.5 pictures of the five demo icons at 16x8 cells of 10x20 pixels; chafa on a pseudo-terminal"
echo "with that pixel size; libsixel through graphics-bench, PSNR over the icon as libsixel decodes it."
echo "pictures.6-pictures.12: median PSNR over ${FIDELITY_COUNT:-0} distinct 1024 px icons of ../shared/corpus/real-projects; ratio column: ours - chafa."
echo "  Both sides: 16x8 cells, ANSI decoded and drawn at 8x16 px per cell (default background black);"
echo "  reference: the source area-averaged in linear light to 128x128; PSNR over the cells wholly inside the"
echo "  iOS mask. chafa -f symbols --size 16x8 --bg 000000 with the symbols and colours shown."
echo "pictures.13: preview --symbols octant --color truecolor against chafa --symbols block+sextant -w 9 --colors full."
echo "pictures.14: the chooser on the demo in tmux (100x30), launch to all five tiles shown: --graphics kitty (placeholder"
echo "  cells, pictures through tmux's passthrough) against --graphics symbols."
echo "filter.1 and filter.1b: the chooser's / filter on 500 generated icons (tmux 100x30, large tiles, 256 colours) against"
echo "  fzf on the same 500 names, both typing icon-42 a key at a time; filter.1 is the median of the keys that keep the"
echo "  icons shown (only the marks under the letters and the count change), filter.1b of those that replace every tile"
echo "  (i drops Default, 4 and 2 narrow): 10 new 16x8-cell pictures are 1280 cells, each a 3-byte glyph and, in these"
echo "  noisy generated pictures, a new foreground and background (about 20 bytes a cell in 256 colours)."
echo "filter.2: send-keys to the pane showing the key's whole frame (polled every 2 ms), 4 in the filter \"icon\" against"
echo "  Right with the filter closed, in two choosers on the 500 icons, runs alternating; projects.1-projects.3, pictures.13, pictures.14"
echo "  and filter.2 are medians of $STEADY_RUNS runs each, the other times of $RUNS."
echo "icons.1-icons.3: preview --graphics symbols --symbols sextant --color truecolor --size 16x8 of ../shared/corpus/real-projects/"
echo "  HabitRPG_habitica-ios (32 icons, 1024 px PNGs) against chafa --format symbols --symbols block+sextant -c full --size 16x8"
echo "  on the same 32 files: CPU (user + system) and wall medians of $STEADY_RUNS interleaved runs, and our peak RSS."
echo "icons.4: the chooser on Habitica with --graphics kitty on a 100x30 pseudo-terminal of 1000x600 pixels, launch to its"
echo "  first screen's last picture (bench/first-screen.py), against chafa -f kitty --size 16x8 on that screen's files."
echo "car.1: preview of five icons whose images are the corpus's CalSmoke Assets.car AppIcon (LZVN, run-length) against"
echo "  the same five as the loose CgBI PNGs Xcode wrote beside it; car.2: the corpus's largest LZFSE stream decoded"
echo "  about 200 MB's worth in one process, car-bench against PyPI's lzfse (Apple's reference code)."
exit 0
