# Sourced by run-bench.sh: a real project and large asset catalogs.
#   projects.1 list --json and projects.2 the chooser's first frame on the corpus's home-assistant_iOS (peer: the demo);
#   projects.3 first frame and projects.4 peak RSS of the chooser on a catalog of 500 sets (peer: 5 sets).

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
