#!/usr/bin/env bash
# valgrind.sh - runs a short protocol session of the engine (with 1 and with 2
# search threads) and a short amazons-match run under valgrind's memcheck, and
# fails on any memory error or any definite or indirect leak.
#
#   valgrind --leak-check=full --errors-for-leak-kinds=definite,indirect
#            --error-exitcode=1 --track-origins=yes
#
# "Possibly lost" and "still reachable" blocks are shown in the summary but
# are not errors: glibc keeps per-thread memory (thread stacks, TLS) that may
# show up there with pthreads, and neither points at a missing free().
#
# Binaries: AMAZONS_BIN / AMAZONS_MATCH_BIN, else build/valgrind/{amazons,
# amazons-match} when built (`make valgrind` builds them: -O1 -g, without
# -march=native, whose AVX-512 instructions valgrind cannot run), else
# ./amazons and ./amazons-match.
set -euo pipefail

command -v valgrind >/dev/null || { echo "valgrind.sh: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
pick() { # pick ENV_VALUE DEFAULT1 DEFAULT2
    if [ -n "$1" ]; then echo "$1"; elif [ -x "$2" ]; then echo "$2"; else echo "$3"; fi
}
engine=$(pick "${AMAZONS_BIN:-}" build/valgrind/amazons ./amazons)
runner=$(pick "${AMAZONS_MATCH_BIN:-}" build/valgrind/amazons-match ./amazons-match)
for program in "$engine" "$runner"; do
    [ -x "$program" ] || { echo "valgrind.sh: $program not found (run make valgrind)" >&2; exit 2; }
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/amazons-valgrind.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# shellcheck disable=SC2054 # the commas are valgrind's
VALGRIND=(valgrind --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=definite,indirect
          --error-exitcode=1 --track-origins=yes --num-callers=30)
failed=0

# Prints valgrind's summary from a log; fails the run unless it reports no errors.
summarize() { # summarize LOG TITLE STATUS
    local log=$1 title=$2 status=$3
    echo "== $title"
    # The heap summary of the main process only (the runner's engines are not traced).
    sed -n '/HEAP SUMMARY:/,/ERROR SUMMARY:/p' "$log" | sed 's/^==[0-9]*== //' | grep -v '^ *$' \
        | grep -v '^For lists of\|^To see them\|^Rerun with\|^For counts of' || true
    if grep -q 'Illegal opcode\|unhandled instruction' "$log"; then
        echo "valgrind.sh: valgrind cannot run this binary (built with -march=native?); use make valgrind" >&2
    fi
    if [ "$status" -ne 0 ] || ! grep -q 'ERROR SUMMARY: 0 errors' "$log"; then
        echo "-- FAILED (exit status $status); valgrind's report:"
        sed 's/^==[0-9]*== //' "$log" | head -200
        failed=1
    fi
}

# The protocol session: every kind of command, error paths included.  The
# expected response kinds are listed in the same order ('=' or '?').
session() {
    cat <<EOF
1 protocol_version
2 boardsize 8
3 play white c1-c4/c7
4 genmove black
5 undo
6 legal_moves
7 genmove white
8 reg_genmove black
9 showboard
10 printsgf $tmp/game.sgf
11 set_position 1B2/x1W1/1xxx/4 w
12 territory
13 loadsgf $tmp/game.sgf
14 get_position
15 printsgf
16 final_score
17 frobnicate
18 play white z9-z9/z9
19 set_position 1B2/x1W1/1xxx/5 b
20 loadsgf $tmp/missing.sgf
21 boardsize 10
22 time_settings 30 0 0
23 time_left white 5 0
24 genmove white
25 set_position Wx1B/xx2/4/4 w
26 genmove white
27 quit
EOF
}
expected="================????======="

# --memory 64: the leak check scans every heap block, and the default 1 GiB
# tree arena alone would take it over half a minute.
for threads in 1 2; do
    log="$tmp/engine-$threads.log"
    set +e
    session | "${VALGRIND[@]}" --log-file="$log" "$engine" --playouts 200 --seed 1 --memory 64 --threads "$threads" \
        >"$tmp/out-$threads.txt"
    status=$?
    set -e
    summarize "$log" "amazons --playouts 200 --memory 64 --threads $threads (27 commands)" "$status"
    kinds=$(grep -o '^[=?][0-9]*' "$tmp/out-$threads.txt" | cut -c1 | tr -d '\n')
    if [ "$kinds" != "$expected" ]; then
        echo "-- FAILED: response kinds $kinds, expected $expected; the engine said:"
        cat "$tmp/out-$threads.txt"
        failed=1
    fi
    grep -q '^=26 resign$' "$tmp/out-$threads.txt" || { echo "-- FAILED: genmove without legal moves did not resign"; failed=1; }
done

# The match runner: its threads, pipes and engine processes (run natively).
log="$tmp/match.log"
set +e
"${VALGRIND[@]}" --log-file="$log" "$runner" -q -n 4 -j 2 --size 5 --move-time 0.5 \
    --sgf "$tmp/match.sgf" --engine1 "exec $(printf '%q' "$engine") --engine random" \
    --engine2 "exec $(printf '%q' "$engine") --engine greedy" >"$tmp/match.txt" 2>&1
status=$?
set -e
summarize "$log" "amazons-match -n 4 -j 2 --size 5 (random vs greedy)" "$status"
if ! grep -q '^Results: 4 games' "$tmp/match.txt"; then
    echo "-- FAILED: the match did not finish its 4 games:"
    cat "$tmp/match.txt"
    failed=1
fi

if [ "$failed" -ne 0 ]; then
    echo "valgrind.sh: FAILED"
    exit 1
fi
echo "valgrind.sh: OK (no memory errors, no definite or indirect leaks)"
