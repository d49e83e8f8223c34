#!/usr/bin/env bash
# make.sh SIZE [FIRST] [REPLIES] - writes an opening book for matches to stdout:
# the engine's FIRST (default 25) most visited first moves of a 2-second
# analysis of the SIZE x SIZE start, no two moving the same amazon to the
# same square, each followed by its REPLIES (default 2) most visited
# replies after a 1-second analysis: FIRST x REPLIES two-move openings, one
# move list a line (the --openings format of amazons-match).
# Sound, varied openings rather than random ones: a random first move is so
# bad that its games say little about two versions of the engine.
set -euo pipefail
size=${1:?usage: make.sh SIZE [FIRST] [REPLIES]}
first=${2:-25}
replies=${3:-2}
engine=${AMAZONS_BIN:-./amazons}

# analyse SECONDS COUNT COLOR [MOVE]: the COUNT most visited moves, one a line.
analyse() {
    local seconds=$1 count=$2 color=$3 move=${4:-}
    {
        echo "boardsize $size"
        [ -z "$move" ] || echo "play w $move"
        echo "analyze $color 50 maxmoves $count"
        sleep "$seconds"
        echo ""
        echo "quit"
    } | "$engine" --threads 2 --memory 512 | grep '^info' | tail -1 |
        tr ' ' '\n' | awk 'prev == "move" { print } { prev = $0 }'
}

# The first moves: distinct amazon moves (the part before the '/').
analyse 2 500 w | awk -F/ '!seen[$1]++' | head -n "$first" | while read -r white; do
    analyse 1 "$replies" b "$white" | while read -r black; do
        echo "$white $black"
    done
done
