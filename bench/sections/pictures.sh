# Sourced by run-bench.sh: pictures, pixel and symbol art. Pictures of the five demo icons for a 16x8-cell tile on
# 10x20-pixel cells (160x160 pixels), from the files `preview` picks for that size (@3x):
#   pictures.1 bytes to show them with kitty's protocol, against `chafa -f kitty`;
#   pictures.2 the same with sixel, against `chafa -f sixels`;
#   pictures.3-pictures.5 our sixel encoder against libsixel's, both at 256 colours on a black
#        background, with ours aiming at the fidelity libsixel reached (PSNR over the icon,
#        both decoded by libsixel): bytes, the fidelity reached, and the time to encode
#        (the fastest of RUNS encodes of each picture, summed). pictures.2 is ours at its default.
# chafa runs on a pseudo-terminal of 100x30 cells and 1000x600 pixels (pty-run.py), so it
# too draws 10x20-pixel cells (160x160 for kitty; 160x156 for sixel, whole bands of 6).
#   pictures.6-pictures.12 the PSNR of our symbol art against chafa's on the corpus's icons, pictures.13 the time
#        of one 1024 px PNG at the best setting (see fidelity);
#   pictures.14 time to the first whole frame of the chooser on the demo with pixel pictures,
#        against the same with symbol art (see first_whole_frame).

GRAPHICS_BENCH=$(dirname "$BIN")/graphics-bench
GRAPHICS_FILES=()
for name in default black-white white-black multi-black black-multi; do
    GRAPHICS_FILES+=("$ROOT/Assets/App Icons/app-icon--$name@3x.png")
done

graphics_unavailable() {
    record_failure "pictures.1 five demo icons, kitty: bytes" "<= 0.5x" "$1"
    record_failure "pictures.2 five demo icons, sixel: bytes" "<= 1.0x" "$1"
}

# ours FORMAT NAME: graphics-bench's pictures into $OUT/NAME, its stderr line into $OUT/NAME.err.
graphics_ours() {
    "$GRAPHICS_BENCH" "$1" 10x20 16x8 "$RUNS" "${GRAPHICS_FILES[@]}" >"$OUT/$2" 2>"$OUT/$2.err" ||
        { log "graphics-bench $1 failed: $(head -c 300 "$OUT/$2.err")"; return 1; }
}
# field NAME KEY: a key=value from graphics-bench's stderr line.
graphics_field() { tr ' ' '\n' <"$OUT/$1.err" | sed -n "s/^$2=//p"; }

# chafa FORMAT NAME: chafa's output for every file, as a terminal with 10x20-pixel cells gets it.
graphics_chafa() {
    local f
    for f in "${GRAPHICS_FILES[@]}"; do
        python3 "$HERE/pty-run.py" 100 30 1000 600 chafa -f "$1" --size 16x8 "$f" || return 1
    done >"$OUT/$2" 2>"$OUT/$2.err"
}

# graphics_bytes CASE OUR-FORMAT CHAFA-FORMAT LIMIT: our bytes against chafa's, at most LIMIT times.
graphics_bytes() {
    local name=${2}.ours peer=${2}.peer
    log "$1"
    if graphics_ours "$2" "$name" && graphics_chafa "$3" "$peer"; then
        record "$1" "$(wc -c <"$OUT/$name")" "$(wc -c <"$OUT/$peer")" %d ratio "$4" "<= ${4}x"
    else
        record_failure "$1" "<= ${4}x" "a run failed: $(cat "$OUT/$name.err" "$OUT/$peer.err" 2>/dev/null | head -c 300)"
        return 1
    fi
}

graphics_bench() {
    [[ -x $GRAPHICS_BENCH ]] || { graphics_unavailable "no graphics-bench beside $BIN (swift build -c release builds it)"; return; }
    local f
    for f in "${GRAPHICS_FILES[@]}"; do [[ -f $f ]] || { graphics_unavailable "missing $f"; return; }; done

    graphics_bytes "pictures.1 five demo icons, kitty: bytes" kitty kitty 0.5
    graphics_bytes "pictures.2 five demo icons, sixel: bytes" sixel sixels 1.0 || return

    local psnr
    log "pictures.3-pictures.5 our sixel encoder against libsixel"
    if graphics_ours libsixel sixel.libsixel && psnr=$(graphics_field sixel.libsixel psnr_db) && [[ -n $psnr ]] &&
        graphics_ours "sixel@$psnr" sixel.equal; then
        record "pictures.3 sixel at libsixel's PSNR ($psnr dB), peer libsixel: bytes" \
            "$(wc -c <"$OUT/sixel.equal")" "$(wc -c <"$OUT/sixel.libsixel")" %d ratio 1.0 "<= 1.0x"
        record "pictures.4 that sixel, peer libsixel: PSNR dB" \
            "$(graphics_field sixel.equal psnr_db)" "$psnr" %s ratio_min 1.0 ">= 1.0x"
        record "pictures.5 that sixel, peer libsixel: encode ms" \
            "$(graphics_field sixel.equal encode_ms)" "$(graphics_field sixel.libsixel encode_ms)" %s ratio 1.0 "<= 1.0x"
    else
        record_failure "pictures.3 sixel at libsixel's PSNR, peer libsixel: bytes" "<= 1.0x" "graphics-bench failed"
    fi
}

graphics_bench

# --- symbol art ---
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

# --- pixel pictures in the chooser ---
# placeholder_cells TEXT: how many kitty placeholders (U+10EEEE) TEXT holds, in REPLY. Counted
# as bytes in the C locale: bash's pattern matching over multibyte text took about 100 ms of CPU
# per screen, on the cores the chooser it times runs on, as much as the whole symbol frame.
placeholder_cells() {
    local LC_ALL=C
    local rest=${1//$'\xf4\x8e\xbb\xae'/}
    REPLY=$(((${#1} - ${#rest}) / 4))
}

# first_whole_frame MODE: launches the chooser on the demo in a new window with --graphics
# MODE and waits until all five tiles show their pictures; sets FW_US. The pane is the
# terminal, so what is on screen can be read: in kitty mode (inside tmux, with its
# passthrough on) a picture is shown by placeholder cells, 5 x 16 x 8 of them once all five
# are placed, each picture made (decoded at its pixel size, compressed, sent through tmux)
# first; in symbol mode the tiles start as placeholders showing their initials (BW, WB, MB,
# BM), replaced as each tile is made, the first tile first.
FIRST_WHOLE_RUN=0
first_whole_frame() {
    local window=fw$((FIRST_WHOLE_RUN++)) mode=$1 t0 screen deadline
    now_us; t0=$REPLY; deadline=$((t0 + 30000000))
    # -t: without it, tmux sets the option on the session's active pane, not on this one (-d).
    tm new-window -d -t keep -n "$window" "tmux set -p -t \"\$TMUX_PANE\" allow-passthrough on; $(pane_command "$BIN" --app "$DEMO" --graphics "$mode")" || return 1
    while :; do
        screen=$(tm capture-pane -p -t "keep:$window" 2>/dev/null) || return 1
        if [[ $mode == kitty ]]; then
            placeholder_cells "$screen"
            ((REPLY >= 640)) && break
        elif [[ $screen == *black-multi* && $screen != *BW* && $screen != *WB* && $screen != *MB* && $screen != *BM* ]]; then
            break
        fi
        now_us; ((REPLY > deadline)) && { log "$window: no whole frame in 30 s"; close_window "$window"; return 1; }
        sleep 0.002
    done
    now_us; FW_US=$((REPLY - t0))
    close_window "$window"
}
# STEADY_RUNS of each, alternating: the two frames are about ten milliseconds apart, and the
# median of RUNS moved the ratio by 0.1 from one run of the bench to the next.
fw_pair() {
    local i
    local -a a=() b=()
    first_whole_frame kitty && first_whole_frame symbols || return 1
    for ((i = 0; i < STEADY_RUNS; i++)); do
        if ((i % 2)); then
            first_whole_frame symbols || return 1; b+=("$FW_US"); first_whole_frame kitty || return 1; a+=("$FW_US")
        else
            first_whole_frame kitty || return 1; a+=("$FW_US"); first_whole_frame symbols || return 1; b+=("$FW_US")
        fi
    done
    OURS_US=$(median "${a[@]}")
    PEER_US=$(median "${b[@]}")
}
CASE="pictures.14 first whole frame, pixel pictures (peer: symbols): ms"
log "$CASE"
if fw_pair; then
    record "$CASE" "$(ms "$OURS_US")" "$(ms "$PEER_US")" %s ratio 1.3 "<= 1.3x"
else
    record_failure "$CASE" "<= 1.3x" "the chooser did not show its five pictures"
fi
