#!/usr/bin/env bash
# soak.sh [GAMES] - plays GAMES fast games (default 1000, or $SOAK_GAMES)
# between two instances of ./amazons through ./amazons-match, spread over
# every board size (rectangular ones too) and over the three kinds of clock,
# some engines pondering, and fails (exit 1) if
# the runner reports any fault: an illegal or malformed move, a crash, a hang
# (timeout), a refused command, an overrun or a malformed reply -- or a
# resignation, since the engines run without --resign and the runner never
# asks a side without a legal move to move, so `resign` can only be a bug.
#
# Environment: AMAZONS_BIN (default ./amazons), AMAZONS_MATCH_BIN (default
# ./amazons-match), SOAK_JOBS (games in parallel, default 2), SOAK_GRACE
# (lateness tolerated per move in ms, default 500), SOAK_LOG_DIR (where each
# configuration's results table and SGF games are kept; default a new
# temporary directory, kept when something failed).
#
# The grace is wider than the runner's 200 ms because this is a robustness
# soak, not a timing test (tests/test_hardening.c measures answer times
# exactly): on an oversubscribed machine an engine thread can wait 200-500 ms
# for a CPU while using only ~20 ms of it, which the runner would call an
# overrun.  An answer later than the move's limit plus 500 ms still fails.
set -euo pipefail

usage() {
    echo "usage: $0 [GAMES]   (GAMES >= 1; default \$SOAK_GAMES or 1000)" >&2
    exit 2
}
[ $# -le 1 ] || usage
games=${1:-${SOAK_GAMES:-1000}}
if ! [[ "$games" =~ ^[0-9]+$ ]] || [ "$games" -lt 1 ]; then usage; fi
jobs=${SOAK_JOBS:-2}
grace=${SOAK_GRACE:-500}
engine=${AMAZONS_BIN:-./amazons}
runner=${AMAZONS_MATCH_BIN:-./amazons-match}
for program in "$engine" "$runner"; do
    [ -x "$program" ] || { echo "soak: $program not found or not executable (run make)" >&2; exit 2; }
done
if [ -n "${SOAK_LOG_DIR:-}" ]; then
    logs=$SOAK_LOG_DIR
    mkdir -p "$logs"
    keep_logs=1
else
    logs=$(mktemp -d "${TMPDIR:-/tmp}/amazons-soak.XXXXXX")
    keep_logs=0
fi

# Configurations: size | runner time control | engine 1 flags | engine 2 flags.
# A move limit S reaches the engines as byo-yomi `time_settings 0 S 1`; with
# the default 50 ms overhead a 0.05 s limit means minimal searches, so some
# configurations lower the overhead to make the engines really search.
# Some engines ponder (think on during the opponent's turn): their moves must
# stay in time, and the opponent's too, while they search in the background.
configs=(
    "5|--move-time 0.05|--move-overhead 20 --ponder|--move-overhead 20"
    "6|--time 1/0.05/1|--threads 2|"
    "8|--time 1+0.05||--threads 2 --memory 64"
    "10|--move-time 0.05|--threads 2 --move-overhead 20|--move-overhead 20 --memory 64"
    "4|--move-time 0.02|--ponder|"
    "7|--time 1+0.02|--move-overhead 10 --ponder --memory 32|--engine greedy"
    "9|--move-time 0.05|--move-overhead 25 --memory 32|--threads 2 --move-overhead 25"
    "10|--time 2/0.1/5|--threads 2|--ponder"
    "7x5|--move-time 0.05|--move-overhead 20 --threads 2|--move-overhead 20"
    "4x9|--time 1+0.02|--ponder|--memory 32"
)
count=${#configs[@]}

kinds=(illegal crash timeout refused overrun malformed)
total_games=0 total_faults=0 total_resigns=0 failed=0
declare -A fault_total=()
for kind in "${kinds[@]}"; do fault_total[$kind]=0; done

# Reads "KIND N" out of the runner's "Endings:" line.
ending() { sed -n "s/^Endings:.*[:,] $2 \([0-9][0-9]*\).*/\1/p" "$1"; }

start=$(date +%s)
echo "soak: $games games, $jobs at a time, $count configurations, grace $grace ms; logs in $logs"
for ((i = 0; i < count; i++)); do
    n=$((games / count + (i < games % count ? 1 : 0)))
    [ "$n" -gt 0 ] || continue
    IFS='|' read -r size tc flags1 flags2 <<<"${configs[$i]}"
    table="$logs/config-$((i + 1)).txt"
    t0=$(date +%s)
    set +e
    # shellcheck disable=SC2086 # $tc is a word list
    "$runner" -q -n "$n" -j "$jobs" --size "$size" $tc --grace "$grace" --sgf "$logs/config-$((i + 1)).sgf" \
        --name1 "A" --name2 "B" \
        --engine1 "exec $(printf '%q' "$engine") $flags1" \
        --engine2 "exec $(printf '%q' "$engine") $flags2" >"$table" 2>"$logs/config-$((i + 1)).err"
    status=$?
    set -e
    seconds=$(($(date +%s) - t0))
    played=$(sed -n 's/^Results: \([0-9][0-9]*\) games\{0,1\} .*/\1/p' "$table")
    faults=0 detail=""
    for kind in "${kinds[@]}"; do
        k=$(ending "$table" "$kind")
        k=${k:-0}
        faults=$((faults + k))
        fault_total[$kind]=$((fault_total[$kind] + k))
        [ "$k" -eq 0 ] || detail+="${detail:+, }$kind $k"
    done
    resigns=$(ending "$table" resign)
    resigns=${resigns:-0}
    line="size $size, ${tc#--}, A: ${flags1:-defaults}, B: ${flags2:-defaults}: ${played:-?}/$n games in $seconds s, $faults faults"
    [ -z "$detail" ] || line+=" ($detail)"
    [ "$resigns" -eq 0 ] || line+=", $resigns resignations"
    bad=0
    if [ "$status" -ne 0 ] || [ "${played:-x}" != "$n" ] || [ "$faults" -ne 0 ] || [ "$resigns" -ne 0 ]; then
        bad=1
        failed=1
        [ "$status" -eq 0 ] || line+=", runner exit status $status"
    fi
    echo "  [$((i + 1))/$count] $line$([ $bad -eq 0 ] || echo "  <-- FAILED, see $table")"
    total_games=$((total_games + ${played:-0}))
    total_faults=$((total_faults + faults))
    total_resigns=$((total_resigns + resigns))
done
elapsed=$(($(date +%s) - start))

summary="soak: $total_games games in ${elapsed} s, $total_faults faults"
for kind in "${kinds[@]}"; do summary+=", $kind ${fault_total[$kind]}"; done
summary+=", resignations $total_resigns"
echo "$summary"
if [ "$failed" -ne 0 ]; then
    echo "soak: FAILED; results tables, runner stderr and SGF games are in $logs" >&2
    exit 1
fi
[ "$keep_logs" -eq 1 ] || rm -rf "$logs"
echo "soak: OK"
