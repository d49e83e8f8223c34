#!/usr/bin/env bash
# late_positions.sh RESULTS.jsonl PLIES... - late positions of recorded games.
#
# For every game of an amazons-match results file, and each PLIES, the
# position PLIES moves before the game's end, written as a line of
# proven.sh's input: its number of empty squares, then the moves that lead to
# it from the board's start.  Games shorter than PLIES + 10 moves give none.
# The board's area comes from the game's start position.
set -euo pipefail
results=${1:?usage: late_positions.sh RESULTS.jsonl PLIES...}
shift
[ $# -gt 0 ] || { echo "usage: late_positions.sh RESULTS.jsonl PLIES..." >&2; exit 2; }
for k in "$@"; do
    [[ $k =~ ^[0-9]+$ ]] || { echo "late_positions.sh: PLIES must be a whole number, not \"$k\"" >&2; exit 2; }
done
# One line per game: the start's board word, then the moves.
sed -n 's/.*"start":"\([^ "]*\) [wb]".*"moves":\[\([^]]*\)\].*/\1 \2/p' "$results" | tr ',' ' ' | tr -d '"' |
    awk -v plies="$*" '
    function area(board,   ranks, n, i, j, c, w, run) {
        n = split(board, ranks, "/")
        w = 0; run = ""
        for (j = 1; j <= length(ranks[1]); j++) {
            c = substr(ranks[1], j, 1)
            if (c ~ /[0-9]/) run = run c
            else { w += (run == "" ? 1 : run + 1); run = "" }
        }
        if (run != "") w += run
        return w * n
    }
    {
        count = split(plies, list, " ")
        for (i = 1; i <= count; i++) {
            keep = NF - 1 - list[i]
            if (keep < 10) continue
            line = area($1) - 8 - keep
            for (m = 2; m <= keep + 1; m++) line = line " " $m
            print line
        }
    }'
