#!/bin/sh
# solve_bench.sh - proves the start positions of small boards with `solve` and
# prints a table: result, nodes, time.  One engine process per board, one at
# a time (the solver runs on one core).
#
#   tests/solve_bench.sh LIMIT MEMORY_MB BOARD...    (BOARD: COLUMNSxROWS, e.g. 5x4)
#
# LIMIT is each board's time limit in seconds (0: none).  The engine is
# $AMAZONS_BIN, else ./amazons.  Known results: Mueller 2001 (4x4, 5x5),
# Song and Mueller 2015 (the rest).
set -eu

if [ $# -lt 3 ]; then
    echo "usage: $0 LIMIT MEMORY_MB BOARD..." >&2
    exit 2
fi
limit=$1
memory=$2
shift 2
bin=${AMAZONS_BIN:-./amazons}

known() {
    case $1 in
        4x4|6x4) echo "second player wins" ;;
        5x5|4x5|5x4|4x6|5x6|4x7) echo "first player wins" ;;
        *) echo "?" ;;
    esac
}

target() {
    case $1 in
        4x4) echo "< 1 s" ;;
        5x5) echo "< 60 s" ;;
        4x5|5x4|4x6|6x4) echo "< 10 min" ;;
        *) echo "-" ;;
    esac
}

echo "| board | known result | target time | solver result | move | nodes | time (s) |"
echo "|---|---|---|---|---|---|---|"
for board in "$@"; do
    columns=${board%x*}
    rows=${board#*x}
    case $columns$rows in
        *[!0-9]*|'') echo "$0: bad board '$board' (want COLUMNSxROWS)" >&2; exit 2 ;;
    esac
    answer=$(printf 'boardsize %s %s\nsolve %s\nquit\n' "$columns" "$rows" "$limit" \
             | "$bin" --memory "$memory" | sed -n 's/^= \(.*nodes.*\)$/\1/p')
    set -- $answer
    case ${1:-} in
        win) result="first player wins"; move=$2 ;;
        loss) result="second player wins"; move="-" ;;
        unknown) result="unknown (time limit)"; move="-" ;;
        *) echo "$0: no answer for $board: '$answer'" >&2; exit 1 ;;
    esac
    shift $(( $# - 4 ))
    echo "| $board | $(known "$board") | $(target "$board") | $result | $move | $2 | $4 |"
done
