#!/usr/bin/env bash
# Runs every fuzz target of fuzz/Cargo.toml in turn, one libFuzzer process at a time, then
# prints a table: target, executions, exec/s, seconds, crashes.
#
#   fuzz/run-all.sh SECONDS [TARGET...]
#
# SECONDS is each target's -max_total_time. A target also stops after RUNS executions
# (default 10000000; RUNS=0 for no limit): "10 million executions or SECONDS, whichever
# comes first". With TARGET arguments only those run. Each target keeps its corpus in
# fuzz/corpus/TARGET and its crashes in fuzz/artifacts/TARGET (both git-ignored); the logs
# go to fuzz/artifacts/logs/TARGET.log. Every
# build and fuzzing process runs under `nice -n 19`, in-process (no -jobs), so that two
# runs of the script can go side by side, each target's statistics in its own log.
#
# Environment: RUNS (see above), RSS_LIMIT_MB (default 2048), FUZZ_TOOLCHAIN (default
# +nightly), EXTRA_ARGS (more libFuzzer flags, split on spaces).
#
# Exits 1 if any target crashed (or failed to build or run), 2 on bad usage.
set -uo pipefail

usage() {
    echo "usage: $0 SECONDS [TARGET...]" >&2
    exit 2
}

[[ $# -ge 1 && $1 =~ ^[0-9]+$ && $1 -gt 0 ]] || usage
seconds=$1
shift

here="$(cd "$(dirname "$0")" && pwd)"
cd "$here" || exit 2

runs=${RUNS:-10000000}
rss=${RSS_LIMIT_MB:-2048}
toolchain=${FUZZ_TOOLCHAIN:-+nightly}

# Every [[bin]] name of fuzz/Cargo.toml, in file order.
mapfile -t all < <(awk '
    /^\[\[bin\]\]/ { inbin = 1; next }
    /^\[/ { inbin = 0 }
    inbin && /^name *=/ { gsub(/^name *= *"|".*$/, ""); print }
' Cargo.toml)
if [[ $# -gt 0 ]]; then
    targets=("$@")
    for t in "${targets[@]}"; do
        if ! printf '%s\n' "${all[@]}" | grep -qx -- "$t"; then
            echo "no target $t in fuzz/Cargo.toml" >&2
            exit 2
        fi
    done
else
    targets=("${all[@]}")
fi

mkdir -p artifacts/logs corpus

# Build every target once, so that the times below are fuzzing times.
if ! nice -n 19 cargo "$toolchain" fuzz build >artifacts/logs/build.log 2>&1; then
    echo "build failed, see fuzz/artifacts/logs/build.log" >&2
    exit 1
fi

count_artifacts() {
    find "artifacts/$1" -maxdepth 1 -type f \
        \( -name 'crash-*' -o -name 'oom-*' -o -name 'timeout-*' -o -name 'leak-*' \) | wc -l
}

failed=0
rows=()
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t" "artifacts/$t"
    log="artifacts/logs/$t.log"
    before=$(count_artifacts "$t")
    echo "== $t: ${seconds}s or $runs runs" >&2
    args=(-max_total_time="$seconds" -rss_limit_mb="$rss" -print_final_stats=1
        -artifact_prefix="$here/artifacts/$t/")
    [[ $runs -gt 0 ]] && args+=(-runs="$runs")
    # shellcheck disable=SC2206
    [[ -n ${EXTRA_ARGS:-} ]] && args+=(${EXTRA_ARGS})
    start=$(date +%s)
    nice -n 19 cargo "$toolchain" fuzz run "$t" "$here/corpus/$t" -- "${args[@]}" >"$log" 2>&1
    rc=$?
    elapsed=$(($(date +%s) - start))
    crashes=$(($(count_artifacts "$t") - before))
    # The log may hold the fuzz bytes: read it as text (-a).
    execs=$(grep -ao 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
    rate=$(grep -ao 'stat::average_exec_per_sec: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
    if [[ $rc -ne 0 && $crashes -eq 0 ]]; then
        # A failure that left no artifact (a build error, a bad flag) counts as one.
        crashes=1
        echo "   $t exited with $rc and no artifact; see fuzz/$log" >&2
    fi
    [[ $crashes -gt 0 ]] && failed=1
    rows+=("$t ${execs:-?} ${rate:-?} $elapsed $crashes")
    echo "   $t: ${execs:-?} executions, ${rate:-?} exec/s, ${elapsed}s, $crashes crashes" >&2
done

printf '\n%-28s %14s %10s %8s %8s\n' target executions exec/s seconds crashes
for r in "${rows[@]}"; do
    # shellcheck disable=SC2086
    printf '%-28s %14s %10s %8s %8s\n' $r
done
if [[ $failed -ne 0 ]]; then
    echo "crashes found: see fuzz/artifacts/TARGET/ and fuzz/artifacts/logs/" >&2
    exit 1
fi
