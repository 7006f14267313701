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
# Each section is one file, bench/sections/NAME.sh, sourced below in SECTION_ORDER; what more than one
# section uses is in bench/helpers.sh.
# Exit status: 0 once set-up worked (whatever the numbers), 2 if set-up failed.

set -u -o pipefail

usage() { echo "usage: $0 PATH/TO/iconchooser" >&2; exit 2; }
setup_fail() { echo "bench: set-up failed: $*" >&2; exit 2; }

[[ $# -eq 1 ]] || usage
BIN=$(realpath -e -- "$1" 2>/dev/null) || setup_fail "no such file: $1"
[[ -x $BIN ]] || setup_fail "$BIN is not executable"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
[[ -f $HERE/helpers.sh ]] || setup_fail "missing $HERE/helpers.sh"
source "$HERE/helpers.sh"
ROOT=$(dirname "$HERE")
DEMO=$ROOT/Assets/Info.plist
[[ -f $DEMO ]] || setup_fail "the demo app is missing: $DEMO"
RUNS=${BENCH_RUNS:-5}
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || setup_fail "BENCH_RUNS must be a positive integer"
# Rows whose two sides differ by a few milliseconds on a shared machine (projects.1-projects.3, pictures.13, pictures.14, filter.2) take
# their medians over more runs, interleaved: with RUNS alone, one run of load moved them by 0.2x.
STEADY_RUNS=${BENCH_STEADY_RUNS:-$((RUNS * 3))}
[[ $STEADY_RUNS =~ ^[1-9][0-9]*$ ]] || setup_fail "BENCH_STEADY_RUNS must be a positive integer"
# Every file in bench/sections, in the order they run (ArchitectureTests' BenchLayoutTests holds these lists
# to the folder): those BENCH_SECTIONS may name, and those that run whatever it says.
SECTION_ORDER=(preview hostile chooser pictures xcodegen projects filter ssh icons installed car writing)
ALL_SECTIONS=" preview chooser ssh hostile projects pictures icons filter writing xcodegen car "
ALWAYS_SECTIONS=" installed "
for section in "${SECTION_ORDER[@]}"; do
    [[ -f $HERE/sections/$section.sh ]] || setup_fail "missing $HERE/sections/$section.sh"
done
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

# --- sections -------------------------------------------------------------------------------
for BENCH_SECTION in "${SECTION_ORDER[@]}"; do
    if [[ $ALWAYS_SECTIONS == *" $BENCH_SECTION "* ]] || wants "$BENCH_SECTION"; then
        source "$HERE/sections/$BENCH_SECTION.sh"
    fi
done

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
