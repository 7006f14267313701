# Sourced by run-bench.sh (uses helpers.sh's tm, wait_for, close_window, record, record_failure,
# median, ms, pane_command, bytes_for_key, and the driver's RUNS, WORK, BIN, DEMO).
#   ssh.1 time from `ssh` start to the chooser's first frame over `iconchooser serve`, against
#       `ssh` to a real OpenSSH server (sshd -D, started here) running the same chooser;
#   ssh.2 bytes one focus move (Right) sends to the terminal over serve, against the same over sshd.
# sshd only runs as root; without root (or sshd) the cases are reported as not run.

SSH_DIR=$WORK/ssh
mkdir -p "$SSH_DIR"
ssh_bench_unavailable() {
    record_failure "ssh.1 first frame over serve (peer: sshd): ms" "<= 1.0x" "$1"
    record_failure "ssh.2 one focus move over serve (peer: sshd): bytes" "<= 1.0x" "$1"
}

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

ssh_bench() {
    [[ $(id -u) == 0 ]] || { ssh_bench_unavailable "sshd runs only as root"; return; }
    [[ -x /usr/sbin/sshd ]] && command -v ssh >/dev/null && command -v ssh-keygen >/dev/null ||
        { ssh_bench_unavailable "openssh-server or openssh-client is not installed (make deps installs them)"; return; }
    ssh-keygen -q -t ed25519 -N '' -C bench -f "$SSH_DIR/user" || { ssh_bench_unavailable "ssh-keygen failed"; return; }
    ssh-keygen -q -t ed25519 -N '' -f "$SSH_DIR/sshd_host" || { ssh_bench_unavailable "ssh-keygen failed"; return; }
    cp "$SSH_DIR/user.pub" "$SSH_DIR/authorized_keys"

    # Our server, on a port it picks.
    "$BIN" serve --listen 127.0.0.1:0 --authorized-keys "$SSH_DIR/authorized_keys" --state-dir "$SSH_DIR/serve" \
        --connections-per-minute 1000 2>"$SSH_DIR/serve.log" &
    SERVE_PID=$!
    local serve_port="" i
    for i in $(seq 200); do
        serve_port=$(grep -o 'ssh -t -p [0-9]*' "$SSH_DIR/serve.log" 2>/dev/null | awk '{ print $4 }')
        [[ -n $serve_port ]] && break
        sleep 0.05
    done
    [[ -n $serve_port ]] || { ssh_bench_unavailable "iconchooser serve did not start: $(head -c 300 "$SSH_DIR/serve.log")"; return; }

    # The peer: OpenSSH's sshd with a config of its own.
    mkdir -p /run/sshd
    local sshd_port
    sshd_port=$(free_port)
    sed -e "s|@PORT@|$sshd_port|" -e "s|@HOST_KEY@|$SSH_DIR/sshd_host|" -e "s|@AUTHORIZED_KEYS@|$SSH_DIR/authorized_keys|" \
        "$ROOT/Tests/EndToEndTests/sshd_config.template" >"$SSH_DIR/sshd_config"
    /usr/sbin/sshd -D -e -f "$SSH_DIR/sshd_config" 2>"$SSH_DIR/sshd.log" &
    SSHD_PID=$!
    for i in $(seq 100); do
        (exec 3<>"/dev/tcp/127.0.0.1/$sshd_port") 2>/dev/null && break
        sleep 0.05
    done

    local options=(-F /dev/null -i "$SSH_DIR/user" -o IdentitiesOnly=yes -o BatchMode=yes -o LogLevel=ERROR
                   -o StrictHostKeyChecking=no -o "UserKnownHostsFile=$SSH_DIR/known_hosts" -o SendEnv=LANG)
    SSH_TO_SERVE=(ssh -tt "${options[@]}" -p "$serve_port" bench@127.0.0.1)
    SSH_TO_SSHD=(ssh -tt "${options[@]}" -p "$sshd_port" "root@127.0.0.1"
                 "$(printf '%q ' "$BIN" --app "$DEMO" --state "$SSH_DIR/sshd-choice.json")")

    CASE="ssh.1 first frame over serve (peer: sshd): ms"
    log "$CASE"
    SSH_RUN=0
    # ssh_first_frame COMMAND...: launches it in a new window, waits for the title; sets FF_US.
    ssh_first_frame() {
        local window=ssh$((SSH_RUN++)) t0 status
        now_us; t0=$REPLY
        tm new-window -d -t keep -n "$window" "$(pane_command "$@")" || return 1
        wait_for "keep:$window" 30 "App Icon"
        status=$?
        now_us; FF_US=$((REPLY - t0))
        close_window "$window"
        return $status
    }
    local -a a=() b=()
    if ssh_first_frame "${SSH_TO_SERVE[@]}" && ssh_first_frame "${SSH_TO_SSHD[@]}"; then
        for ((i = 0; i < RUNS; i++)); do
            if ((i % 2)); then
                ssh_first_frame "${SSH_TO_SSHD[@]}" && b+=("$FF_US") && ssh_first_frame "${SSH_TO_SERVE[@]}" && a+=("$FF_US") || break
            else
                ssh_first_frame "${SSH_TO_SERVE[@]}" && a+=("$FF_US") && ssh_first_frame "${SSH_TO_SSHD[@]}" && b+=("$FF_US") || break
            fi
        done
    fi
    if ((${#a[@]} == RUNS && ${#b[@]} == RUNS)); then
        record "$CASE" "$(ms "$(median "${a[@]}")")" "$(ms "$(median "${b[@]}")")" %s ratio 1.0 "<= 1.0x"
    else
        record_failure "$CASE" "<= 1.0x" "a run did not show the chooser (serve: $(tail -n 2 "$SSH_DIR/serve.log" | head -c 200); sshd: $(head -c 200 "$SSH_DIR/sshd.log"))"
    fi

    CASE="ssh.2 one focus move over serve (peer: sshd): bytes"
    log "$CASE"
    ssh_move_bytes() {  # NAME COMMAND...: bytes after one Right in the chooser reached over ssh
        local window=$1; shift
        tm new-window -d -t keep -n "$window" "$(pane_command "$@")" || return 1
        wait_for "keep:$window" 30 Default black-white white-black multi-black black-multi &&
            wait_stable "keep:$window" 20 &&
            bytes_for_key "$window" Right "$OUT/$window.bytes"
        local status=$?
        close_window "$window"
        return $status
    }
    local ours peer
    ours=$(ssh_move_bytes moveserve "${SSH_TO_SERVE[@]}") || ours=""
    peer=$(ssh_move_bytes movesshd "${SSH_TO_SSHD[@]}") || peer=""
    if [[ -n $ours && -n $peer ]]; then
        record "$CASE" "$ours" "$peer" %d ratio 1.0 "<= 1.0x"
    else
        record_failure "$CASE" "<= 1.0x" "$([[ -z $ours ]] && echo "the run over serve failed" || echo "the run over sshd failed")"
    fi
}

ssh_bench
[[ -n ${SERVE_PID:-} ]] && kill -TERM "$SERVE_PID" 2>/dev/null && wait "$SERVE_PID" 2>/dev/null
[[ -n ${SSHD_PID:-} ]] && kill -TERM "$SSHD_PID" 2>/dev/null && wait "$SSHD_PID" 2>/dev/null
true
