#!/usr/bin/env bash
# check.sh - builds build/amazons-single.c (make amalgamation) exactly as a
# contest site would, with nothing but `gcc -O2 -std=gnu11 FILE -lm
# -lpthread`, and checks that it is the same engine: the protocol answers
# like ./amazons, a short match against ./amazons is played without a
# fault, and amazons-botzone.c, run without arguments as Botzone does,
# answers a first turn.
set -euo pipefail
cd "$(dirname "$0")/../.."
single=build/amazons-single
engine=${AMAZONS_BIN:-./amazons}
runner=${AMAZONS_MATCH_BIN:-./amazons-match}

echo "amalgamation: $(wc -c < build/amazons-single.c) bytes, $(wc -l < build/amazons-single.c) lines"
gcc -O2 -std=gnu11 build/amazons-single.c -lm -lpthread -o "$single"

# The protocol: same answers as the regular build for commands that do not search.
script='protocol_version\nname\nversion\nboardsize 6 5\nshowboard\nplay w b1-b4/d2\nget_position\nlegal_moves b\nperft 2\nterritory\nfinal_score\nboardsize 11\nprintsgf\nquit\n'
if ! diff <(printf "$script" | "$single") <(printf "$script" | "$engine") > /dev/null; then
    echo "amalgamation: answers differ from $engine:" >&2
    diff <(printf "$script" | "$single") <(printf "$script" | "$engine") >&2 || true
    exit 1
fi
echo "amalgamation: protocol answers match $engine"

# A short match against the regular build: every move refereed, no fault allowed.
table=$("$runner" -q --size 8 -n 4 -j 2 --move-time 0.2 --grace 500 \
        --name1 single --name2 regular --engine1 "$single" --engine2 "$engine")
echo "$table" | grep -E '^(Results|single|regular|Endings)'
faults=$(echo "$table" | awk '$1 == "single" || $1 == "regular" { if ($2 ~ /^[0-9]+$/) s += $NF } END { print s + 0 }')
games=$(echo "$table" | awk '/^Results:/ { print $2 }')
if [ "$faults" != 0 ] || [ "$games" != 4 ]; then
    echo "amalgamation: the match had $faults faults in ${games:-0} games" >&2
    exit 1
fi

# Botzone runs amazons-botzone.c's program without arguments: a move for the
# first turn, then the keep-running marker.
gcc -O2 -std=gnu11 build/amazons-botzone.c -lm -lpthread -o build/amazons-botzone
answer=$(printf '1\n-1 -1 -1 -1 -1 -1\n' | build/amazons-botzone)
if ! [[ $(head -1 <<<"$answer") =~ ^[0-7]\ [0-7]\ [0-7]\ [0-7]\ [0-7]\ [0-7]$ ]] ||
   [ "$(sed -n 2p <<<"$answer")" != '>>>BOTZONE_REQUEST_KEEP_RUNNING<<<' ]; then
    echo "amalgamation: amazons-botzone answered: $answer" >&2
    exit 1
fi
echo "amalgamation: amazons-botzone, without arguments, answered $(head -1 <<<"$answer")"
echo "amalgamation: OK"
