#!/usr/bin/env bash
# proven.sh POSITIONS SECONDS [ENGINE_ARG...] - how many positions the solver
# settles within SECONDS each.
#
# POSITIONS has one position a line (late_positions.sh writes them): its
# number of empty squares, then the moves that lead to it from the start of
# the board named by $PROVEN_BOARD (default "10").  Each position is given
# to a fresh engine (with ENGINE_ARGs; $AMAZONS_BIN, else ./amazons) as
# `solve SECONDS`, $PROVEN_JOBS at a time (default 2).  Prints, by band of empty squares and in
# all, how many were proven (win or loss) and how many stayed unknown, and
# one line per position (line number, empty squares, answer, nodes, seconds)
# to $PROVEN_LOG when it is set.  `--memory 64` gives the solve the tables
# the hand-over has in play; with `--threads 2`, set PROVEN_JOBS=1 so that
# each solve has both cores.
set -euo pipefail
usage="usage: proven.sh POSITIONS SECONDS [ENGINE_ARG...]"
positions=${1:?$usage}
seconds=${2:?$usage}
shift 2
[ -r "$positions" ] || { echo "proven.sh: cannot read $positions" >&2; exit 2; }
[[ $seconds =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "proven.sh: SECONDS must be a number, not \"$seconds\"" >&2; exit 2; }
export PROVEN_ENGINE=${AMAZONS_BIN:-./amazons} PROVEN_SECONDS=$seconds PROVEN_BOARD=${PROVEN_BOARD:-10}
export PROVEN_ARGS="$*"
jobs=${PROVEN_JOBS:-2}
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "proven.sh: PROVEN_JOBS must be a positive whole number, not \"$jobs\"" >&2; exit 2; }
# shellcheck source=tests/handover/position_lines.sh
. "$(dirname "$0")/position_lines.sh"

# One line: INDEX EMPTIES MOVE... -> INDEX EMPTIES ANSWER NODES SECONDS.
settle() {
    # shellcheck disable=SC2086  # the line splits into its words on purpose
    set -- $1
    local index=$1 empties=$2
    shift 2
    local setup output reply
    setup=$(play_lines "$PROVEN_BOARD" "$@")
    # shellcheck disable=SC2086  # ENGINE_ARGs split into words on purpose
    output=$(printf '%s\nsolve %s\nquit\n' "$setup" "$PROVEN_SECONDS" | $PROVEN_ENGINE $PROVEN_ARGS 2>/dev/null)
    if grep -q '^?' <<< "$output"; then
        # A move of the line was refused: the line is wrong, not the solver.
        echo "proven.sh: line $index: $(grep -m1 '^?' <<< "$output")" >&2
        reply=
    else
        reply=$(sed -n 's/^= \(win\|loss\|unknown\)\( [a-j0-9/-]*\)\? nodes \([0-9]*\) time \([0-9.]*\)$/\1 \3 \4/p' \
                <<< "$output")
    fi
    echo "$index $empties ${reply:-failed 0 0}"
}
export -f settle

# shellcheck disable=SC2016  # $1 belongs to the inner shell
results=$(awk 'NF && $1 !~ /^#/ { printf "%d %s%c", ++n, $0, 0 }' "$positions" |
          xargs -0 -P "$jobs" -I{} bash -c 'settle "$1"' _ {} | sort -n)
[ -z "${PROVEN_LOG:-}" ] || printf '%s\n' "$results" > "$PROVEN_LOG"
printf '%s\n' "$results" | awk '
    function band(e) { return e <= 20 ? "up to 20" : e <= 30 ? "21 to 30" : e <= 40 ? "31 to 40" : e <= 50 ? "41 to 50" : "over 50" }
    { b = band($2); n[b]++; all++
      if ($3 == "win" || $3 == "loss") { p[b]++; proven++ } else if ($3 == "failed") failed++ }
    END {
        split("up to 20,21 to 30,31 to 40,41 to 50,over 50", order, ",")
        for (i = 1; i <= 5; i++)
            if (n[order[i]]) printf "%s empty squares: %d of %d proven\n", order[i], p[order[i]], n[order[i]]
        printf "all: %d of %d proven", proven, all
        if (failed) printf " (%d failed: a refused move or no answer)", failed
        printf "\n"
        if (failed) exit 1
    }'
