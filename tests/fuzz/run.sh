#!/bin/sh
# run.sh SECONDS JOBS TARGET... - runs each libFuzzer target (built by `make
# fuzz` into build/fuzz/) for SECONDS / (number of targets) seconds, then
# prints its executions and crashes.  Exits 1 when any target crashed (or
# timed out, or ran out of memory), 2 on a usage or setup error.
#
# JOBS = 0 runs each target in-process: it stops at the first crash.  JOBS > 0
# uses libFuzzer's fork mode with that many jobs, carrying on past crashes.
#
# Corpus: new units go to build/fuzz/scratch/<target> (kept between runs);
# the committed seeds in tests/fuzz/corpus/<target> are read, never written.
# Crash inputs land in build/fuzz/artifacts/<target>/<run>/, the full log in
# build/fuzz/logs/<target>.log.  Run from the repository root.
set -u

if [ $# -lt 3 ]; then
    echo "usage: $0 SECONDS JOBS TARGET..." >&2
    exit 2
fi
seconds=$1
jobs=$2
shift 2
case "$seconds$jobs" in *[!0-9]*)
    echo "$0: SECONDS and JOBS must be whole numbers" >&2
    exit 2 ;;
esac

share=$((seconds / $#))
[ "$share" -ge 1 ] || share=1
run=$(date +%Y%m%d-%H%M%S)-$$
status=0
total_execs=0
total_crashes=0

for target in "$@"; do
    bin=build/fuzz/$target
    seeds=tests/fuzz/corpus/$target
    scratch=build/fuzz/scratch/$target
    artifacts=build/fuzz/artifacts/$target/$run
    log=build/fuzz/logs/$target.log
    if [ ! -x "$bin" ]; then
        echo "$0: $bin not built (make fuzz)" >&2
        exit 2
    fi
    mkdir -p "$scratch" "$artifacts" "$(dirname "$log")" || exit 2
    options="-max_total_time=$share -max_len=4096 -timeout=60 -rss_limit_mb=2048
             -artifact_prefix=$artifacts/ -print_final_stats=1"
    [ -f "tests/fuzz/$target.dict" ] && options="$options -dict=tests/fuzz/$target.dict"
    [ "$jobs" -gt 0 ] && options="$options -fork=$jobs -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1"
    echo "== $target: $share s$( [ "$jobs" -gt 0 ] && echo ", $jobs jobs")"
    # shellcheck disable=SC2086 # options are words on purpose
    "$bin" $options "$scratch" "$seeds" >"$log" 2>&1
    rc=$?

    # Executions: the final stats in-process, the last progress line in fork mode.
    execs=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
    if [ -z "$execs" ]; then
        execs=$(sed -n 's/^#\([0-9][0-9]*\): cov:.*/\1/p' "$log" | tail -n 1)
    fi
    [ -n "$execs" ] || execs=0
    crashes=$(find "$artifacts" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' \
              -o -name 'oom-*' \) | wc -l | tr -d ' ')
    if [ "$crashes" -eq 0 ] && [ "$rc" -ne 0 ]; then
        crashes=1 # died without writing an artifact (e.g. a fatal signal in the harness)
    fi
    echo "$target: $execs executions, $crashes crashes (exit $rc, log $log)"
    if [ "$crashes" -gt 0 ]; then
        status=1
        find "$artifacts" -type f | sed 's/^/  artifact: /'
        grep -m 3 -E 'ERROR: |runtime error|property violated' "$log" | sed 's/^/  /'
    else
        rmdir "$artifacts" 2>/dev/null
    fi
    total_execs=$((total_execs + execs))
    total_crashes=$((total_crashes + crashes))
done

echo "fuzz-run: $total_execs executions, $total_crashes crashes"
exit $status
