# Sourced by scripts/test --stress: runs test tiers as a hostile machine would (scripts/test --help).
# Expects scripts/test's tier arrays, tier_filters and stress_* settings; the build is done.

stress_busy=()
stress_folder=""

stress_cleanup() {
    local pid
    for pid in "${stress_busy[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${stress_busy[@]}"; do wait "$pid" 2>/dev/null || true; done
    stress_busy=()
    [ -z "$stress_folder" ] || rm -rf "$stress_folder"
}

# The uptime (s) tier $1 runs at: 10-digit wl_touch times crossing the 2^32 ms wrap, or 8-digit ones.
stress_uptime() {
    case "$1" in
        desktops) echo "$stress_day" ;;
        # 2^32 ms is 4294967.296 s.
        *) echo $((4294967 - stress_wrap_lead)) ;;
    esac
}

# Sets stress_tmp to a fresh private folder below $TMPDIR (or /tmp) whose path is stress_depth
# characters long; stress_folder is its top, which stress_cleanup removes.
stress_make_folder() {
    stress_folder=$(mktemp -d "${TMPDIR:-/tmp}/gesture-stress.XXXXXX")
    stress_tmp=$stress_folder
    while [ ${#stress_tmp} -lt "$stress_depth" ]; do stress_tmp="$stress_tmp/a-private-folder-of-a-real-user"; done
    stress_tmp=${stress_tmp:0:$stress_depth}
    stress_tmp=${stress_tmp%/}
    mkdir -p "$stress_tmp"
}

# Runs each tier named, in order, under load, a deep TMPDIR and a long uptime; stops at the first that fails.
stress_run() {
    command -v unshare >/dev/null || { echo "scripts/test --stress: unshare is missing (Debian: util-linux)" >&2; exit 2; }
    if ! unshare --time --monotonic 1 --fork true 2>/dev/null; then
        echo "scripts/test --stress: cannot make a time namespace (unshare --time): run it as root" >&2
        exit 2
    fi
    trap stress_cleanup EXIT
    local cores core tier now uptime offset status started
    cores=$(nproc)
    for ((core = 0; core < cores; core++)); do
        (while :; do :; done) &
        stress_busy+=($!)
    done
    stress_make_folder
    echo "scripts/test --stress: ${cores} busy loops; TMPDIR=$stress_tmp (${#stress_tmp} characters)"
    for tier in "$@"; do
        uptime=$(stress_uptime "$tier")
        read -r now _ </proc/uptime
        now=${now%.*}
        offset=$((uptime - now))
        tier_filters "$tier"
        echo "scripts/test --stress: tier $tier at uptime ${uptime} s (wl_touch times from $((uptime * 1000 % 4294967296)) ms)"
        started=$SECONDS
        status=0
        TMPDIR=$stress_tmp unshare --time --monotonic "$offset" --boottime "$offset" --fork \
            swift test --skip-build "${filters[@]}" || status=$?
        echo "scripts/test --stress: tier $tier took $((SECONDS - started)) s"
        [ "$status" -eq 0 ] || exit "$status"
    done
}
