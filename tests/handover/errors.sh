#!/usr/bin/env bash
# errors.sh POSITIONS MOVE_TIME [ENGINE_ARG...] - how often the engine gives a
# won position away.
# errors.sh --compare LOG_A LOG_B - the positions one run lost and the other kept.
#
# POSITIONS has one position a line: its number of empty squares, then the
# moves that lead to it from the start of the board named by $ERRORS_BOARD
# (default "6"), each a won position for the side to move.  For each, the
# engine (with ENGINE_ARGs) is asked for a move at MOVE_TIME seconds a move,
# and the position after that move is solved: when the opponent then wins,
# the move gave the win away.  Prints those errors by number of empty
# squares, and one line per position (its line number, empty squares, the
# move or "-", and the verdict: kept, error, or unknown when the solve ran
# out of time or the engine failed) to $ERRORS_LOG when it is set.
#
# A paired measure of the solver hand-over: run it twice, with and without
# `--param solver_share=0`, each with a log, and compare them position by
# position with --compare.  The engine is
# $AMAZONS_BIN, else ./amazons; $ERRORS_JOBS positions are played at a time
# (default 2; 1 when the engine has --threads 2).
set -euo pipefail
if [ "${1:-}" = --compare ]; then
    [ $# -eq 3 ] || { echo "usage: errors.sh --compare LOG_A LOG_B" >&2; exit 2; }
    join <(sort -k1,1 "$2") <(sort -k1,1 "$3") | awk '
        $4 == "error" && $7 != "error" { fixed++ }
        $4 != "error" && $7 == "error" { broken++ }
        $4 == "error" { a++ } $7 == "error" { b++ }
        END {
            n = fixed + broken
            printf "errors %d -> %d: %d positions fixed, %d broken", a, b, fixed, broken
            if (n) printf ", z %.2f", (fixed - broken) / sqrt(n)
            printf "\n"
        }'
    exit 0
fi
positions=${1:?usage: errors.sh POSITIONS MOVE_TIME [ENGINE_ARG...]}
move_time=${2:?usage: errors.sh POSITIONS MOVE_TIME [ENGINE_ARG...]}
shift 2
export ERRORS_ENGINE=${AMAZONS_BIN:-./amazons} ERRORS_TIME=$move_time ERRORS_BOARD=${ERRORS_BOARD:-6}
export ERRORS_ARGS="$*"
jobs=${ERRORS_JOBS:-2}
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "errors.sh: ERRORS_JOBS must be a positive whole number, not \"$jobs\"" >&2; exit 2; }
# shellcheck source=tests/handover/position_lines.sh
. "$(dirname "$0")/position_lines.sh"

# One line: INDEX EMPTIES MOVE... -> INDEX EMPTIES ANSWER VERDICT (kept, error, unknown).
judge() {
    # shellcheck disable=SC2086  # the line splits into its words on purpose
    set -- $1
    local index=$1 empties=$2
    shift 2
    local setup side
    setup=$(play_lines "$ERRORS_BOARD" "$@")
    side=$(side_after "$@")
    local answer
    # shellcheck disable=SC2086  # ENGINE_ARGs split into words on purpose
    answer=$(printf '%s\ntime_settings 0 %s 1\ngenmove %s\nquit\n' "$setup" "$ERRORS_TIME" \
                 "$side" | $ERRORS_ENGINE $ERRORS_ARGS 2>/dev/null |
             sed -n 's/^= \(.\+\)$/\1/p' | tail -1)
    local verdict
    case $answer in
        '') verdict=unknown ;;  # the engine gave no move: a failure, not a judgement
        resign) verdict=error ;;
        *) verdict=$(printf '%s\nplay %s %s\nsolve 20\nquit\n' "$setup" "$side" "$answer" |
                     "$ERRORS_ENGINE" --memory 1024 2>/dev/null | sed -n 's/^= \([a-z]*\) .*nodes.*/\1/p')
           case $verdict in
               loss) verdict=kept ;;   # the opponent loses (also with no move left)
               win) verdict=error ;;
               *) verdict=unknown ;;   # out of time, or the engine failed
           esac ;;
    esac
    echo "$index $empties ${answer:--} $verdict"
}
export -f judge

# shellcheck disable=SC2016  # $1 belongs to the inner shell
results=$(awk 'NF && $1 !~ /^#/ { printf "%d %s%c", ++n, $0, 0 }' "$positions" |
          xargs -0 -P "$jobs" -I{} bash -c 'judge "$1"' _ {} | sort -n)
[ -z "${ERRORS_LOG:-}" ] || printf '%s\n' "$results" > "$ERRORS_LOG"
printf '%s\n' "$results" | awk '
    { n[$2]++; if ($4 == "error") { e[$2]++; errors++ } if ($4 == "unknown") u++; all++ }
    END {
        for (k in n) printf "%s empty squares: %d errors in %d positions\n", k, e[k], n[k] | "sort -n"
        close("sort -n")
        printf "all: %d errors in %d positions (%d unknown)\n", errors, all, u
    }'
