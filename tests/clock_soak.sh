#!/usr/bin/env bash
# clock_soak.sh [SCALE] - every move keeps to its time: matches of the engine
# against itself, the solver's hand-over on, every game played to its end,
# at 0.1 to 1 s a move on 6x6 (from 8-move openings, 20 empty squares left),
# 8x8 and 10x10 (the opening books), and one at 0.1 s a move against the
# greedy player, which the search must beat.  Prints each match's longest
# move against its limit; fails on any fault, or on a move longer than its
# time plus 10% and 20 ms, as amazons-match's referee times it.  SCALE
# multiplies the number of games (default 1: about 10 minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
scale=${1:-1}
if [ ! -x ./amazons ] || [ ! -x ./amazons-match ]; then
    echo "clock_soak: run make first" >&2
    exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0

# match SIZE GAMES SECONDS OPENINGS [ENGINE2 ARGS...]
match() {
    local size=$1 games=$(($2 * scale)) seconds=$3 openings=$4
    shift 4
    local second=("$@") out
    [ ${#second[@]} -gt 0 ] || second=(./amazons)
    out=$("./amazons-match" -q --size "$size" -n "$games" -j 2 --move-time "$seconds" \
          --openings "$openings" --name1 one --name2 two -- ./amazons -- "${second[@]}")
    local longest faults limit
    longest=$(sed -n 's/^Longest move: one \([0-9.]*\) s, two \([0-9.]*\) s$/\1 \2/p' <<<"$out")
    faults=$(sed -n 's/^Endings: .*illegal \([0-9]*\), crash \([0-9]*\), timeout \([0-9]*\), refused \([0-9]*\), overrun \([0-9]*\), malformed \([0-9]*\)$/\1 \2 \3 \4 \5 \6/p' <<<"$out")
    limit=$(awk -v t="$seconds" 'BEGIN { printf "%.3f", 1.1 * t + 0.02 }')
    read -r a b <<<"$longest"
    local worst
    worst=$(awk -v a="$a" -v b="$b" -v s="${#second[@]}" 'BEGIN { print (s > 1 || a > b) ? a : b }')
    local score
    score=$(sed -n 's/^Score of one: .* = \([0-9.]*%\).*/\1/p' <<<"$out")
    printf '%-6s %4d games at %4.2f s: longest move %s s (limit %s), score of the search %s, faults %s\n' \
        "${size}x${size}" "$games" "$seconds" "$worst" "$limit" "$score" "$faults"
    if [ "$faults" != "0 0 0 0 0 0" ] || awk -v w="$worst" -v l="$limit" 'BEGIN { exit !(w > l) }'; then
        echo "clock_soak: FAILED" >&2
        echo "$out" >&2
        status=1
    fi
}

match 6 40 0.1 tests/openings/6x6-endgame.txt
match 6 20 0.3 tests/openings/6x6-endgame.txt
match 6 10 1 tests/openings/6x6-endgame.txt
match 8 16 0.1 tests/openings/8x8.txt
match 8 8 0.5 tests/openings/8x8.txt
match 10 8 0.2 tests/openings/10x10.txt
match 10 4 1 tests/openings/10x10.txt
# The short-move trap: at 0.1 s a move the search must play, and beat the greedy player.
match 10 10 0.1 tests/openings/10x10.txt ./amazons --engine greedy
exit $status
