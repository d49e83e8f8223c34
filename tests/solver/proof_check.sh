#!/bin/sh
# proof_check.sh PROVE CHECK - proof files end to end (make proof-check):
#
#  1. amazons-prove writes the proofs of 5x4, 4x6, 5x5 and a 4x7 position
#     (solved on its transpose), and the independent checker accepts them;
#     So does a portfolio of two solvers, each with a checkpoint of its own;
#  2. a solve cut short resumes from its checkpoint; a proof split into
#     jobs, one per reply, and merged, is accepted, and a job run again is
#     not proved again; a proof guided by the tree search (--guide) is
#     accepted, and a guide's losing move leads to a proof of the position;
#     so is a proof guided in hard states below the root (--guide-plies);
#  3. the checker refuses what is not a proof: a false claim, a missing
#     entry, an illegal move, a file cut short, a wrong header;
#  4. the checker's exhaustive search agrees with the solver on positions
#     of quick games, claimed for either side.
set -eu
prove=$1 check=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0

pass() { echo "proof-check: ok: $1"; }
fail() { echo "proof-check: FAILED: $1"; failures=$((failures + 1)); }

# expect STATUS TEXT DESCRIPTION -- COMMAND...: the exit status and a line of its output.
expect() {
    status=$1 text=$2 what=$3
    shift 4
    set +e
    "$@" > "$dir/out" 2>&1
    got=$?
    set -e
    if [ "$got" = "$status" ] && grep -q -- "$text" "$dir/out"; then
        pass "$what"
    else
        fail "$what (exit $got, wanted $status and \"$text\"):"
        cat "$dir/out"
    fi
}

# 1. Whole proofs.
expect 0 "win b1-b2/d2" "5x4 proved" -- "$prove" --size 5x4 --quiet --proof "$dir/5x4.proof"
expect 0 "proof checked: white wins" "5x4 proof checked" -- "$check" "$dir/5x4.proof"
expect 0 "win b1-b4/c3" "4x6 proved" -- "$prove" --size 4x6 --quiet --leaves 6 --proof "$dir/4x6.proof"
expect 0 "proof checked: white wins" "4x6 proof checked" -- "$check" "$dir/4x6.proof"
expect 0 "win b1-b4/d4" "5x5 proved (a minute and a half)" -- \
    "$prove" --size 5x5 --quiet --memory 2048 --proof "$dir/5x5.proof"
expect 0 "proof checked: white wins" "5x5 proof checked (about three minutes)" -- "$check" "$dir/5x5.proof"
rm "$dir/5x5.proof"
# A board of 7 ranks is solved on its 7x4 transpose; its proof is in its own orientation.
expect 0 "win c1-b2/b3" "4x7 after b1-b5/c4 a5-a4/b4 proved" -- \
    "$prove" --size 4x7 --moves "b1-b5/c4 a5-a4/b4" --quiet --proof "$dir/4x7.proof"
expect 0 "proof checked: white wins 1BB1/4/1W1B/Bxx1/W2W/4/2W1 w (4x7)" "the 4x7 proof checked" -- \
    "$check" "$dir/4x7.proof"
expect 0 "proved before" "a complete proof is not proved again" -- \
    "$prove" --size 5x4 --quiet --proof "$dir/5x4.proof"

# A solve stopped by its node limit leaves a checkpoint, and the next run goes on from it.
expect 1 "unknown" "4x6 stopped at 100,000 nodes" -- \
    "$prove" --size 4x6 --quiet --nodes 100000 --checkpoint "$dir/4x6.ckpt"
expect 0 "resuming from" "4x6 resumed from its checkpoint" -- "$prove" --size 4x6 --checkpoint "$dir/4x6.ckpt"
expect 0 "win b1-b4/c3" "4x6 proved after the resume" -- "$prove" --size 4x6 --quiet --checkpoint "$dir/4x6.ckpt"
expect 2 "saved for another board size" "a checkpoint of another board is refused" -- \
    "$prove" --size 5x4 --quiet --checkpoint "$dir/4x6.ckpt"

# Two solvers at once (a portfolio): the one that proves first writes the proof; each keeps
# a checkpoint of its own.
expect 0 "by solver [12] of 2" "4x6 proved by a portfolio of two" -- \
    "$prove" --size 4x6 --quiet --threads 2 --leaves 6 --proof "$dir/4x6-two.proof"
expect 0 "proof checked: white wins" "the portfolio's proof checked" -- "$check" "$dir/4x6-two.proof"
expect 1 "unknown" "a portfolio stopped at 20,000 nodes a solver" -- \
    "$prove" --size 4x6 --quiet --threads 2 --nodes 20000 --checkpoint "$dir/two.ckpt"
if [ -s "$dir/two.ckpt" ] && [ -s "$dir/two.ckpt.2" ]; then
    pass "each solver saved its own checkpoint"
else
    fail "each solver saved its own checkpoint (two.ckpt and two.ckpt.2)"
fi
expect 0 "resuming from .*two.ckpt.2" "the second solver resumed from its checkpoint" -- \
    "$prove" --size 4x6 --threads 2 --checkpoint "$dir/two.ckpt"
expect 2 "from 1 to 8" "--threads 0 is refused" -- "$prove" --size 4x4 --threads 0
expect 2 "from 1 to 8" "--threads 9 is refused" -- "$prove" --size 4x4 --threads 9

# 2. In pieces: 5x4 after b1-b2/d2, one job per reply of Black, merged.
n=$("$prove" --size 5x4 --moves b1-b2/d2 --replies | wc -l)
mkdir "$dir/jobs"
for job in $(seq "$n"); do
    "$prove" --size 5x4 --moves b1-b2/d2 --job "$job" --quiet --leaves 4 --proof "$dir/jobs/$job.proof" > /dev/null
done
expect 2 "only $n moves" "a job beyond the last reply is refused" -- \
    "$prove" --size 5x4 --moves b1-b2/d2 --job $((n + 1)) --quiet
expect 0 "merged $n proofs" "$n jobs merged" -- \
    "$prove" --size 5x4 --moves b1-b2/d2 --merge --proof "$dir/merged.proof" "$dir"/jobs/*.proof
expect 0 "proof checked: white wins" "merged proof checked" -- "$check" "$dir/merged.proof"
expect 0 "merged 1 proofs" "merged once more, at the start, where the winner moves" -- \
    "$prove" --size 5x4 --merge --proof "$dir/start.proof" "$dir/merged.proof"
expect 0 "proof checked: white wins 1B1B1/B3B/W3W/1W1W1 w" "the start's proof from the pieces checked" -- \
    "$check" "$dir/start.proof"
first=$(ls "$dir"/jobs/*.proof | head -n 1)
rm "$first"
"$prove" --size 5x4 --moves b1-b2/d2 --merge --proof "$dir/partial.proof" "$dir"/jobs/*.proof > /dev/null
expect 1 "proof rejected: the file has no move for the winner" "a merge missing a job is rejected" -- \
    "$check" "$dir/partial.proof"
expect 2 "does not start one move after" "a part of another position is refused by --merge" -- \
    "$prove" --size 5x4 --merge --proof "$dir/wrong.proof" "$dir/4x6.proof"

# Guided by the tree search: its move is proved first, and the proof is that move on top of the
# strategy below it.  Every move of 4x5 loses, so there the position itself is proved after.
expect 0 "^win " "5x4 proved with --guide" -- "$prove" --size 5x4 --guide 0.5 --proof "$dir/guided.proof"
guided=$(sed -n 's/^amazons-prove: --guide: proving \([^ ]*\) first$/\1/p' "$dir/out")
if [ -n "$guided" ] && grep -q "^win $guided " "$dir/out" && grep -q " $guided\$" "$dir/guided.proof"; then
    pass "the guide's move ($guided) is the answer and the proof's first move"
else
    fail "the guide's move is the answer and the proof's first move:"
    cat "$dir/out"
fi
expect 0 "proof checked: white wins" "the guided proof checked" -- "$check" "$dir/guided.proof"
expect 0 "loses; proving the position" "4x5: the guide's move loses, then the position is proved" -- \
    "$prove" --size 4x5 --guide 0.5 --proof "$dir/guided-loss.proof"
expect 0 "proof checked: black wins" "that proof checked" -- "$check" "$dir/guided-loss.proof"
expect 2 "more than 0" "--guide 0 is refused" -- "$prove" --size 4x4 --guide 0
expect 2 "leaves no time" "--guide as long as --seconds is refused" -- "$prove" --size 4x4 --guide 5 --seconds 5

# Guided in hard states below the root: the tree search is asked there, and the proof stays a proof.
expect 0 "the tree search asked [1-9]" "4x6 proved with --guide-plies, the tree search asked" -- \
    "$prove" --size 4x6 --guide-plies 6 --guide-work 1000 --guide-playouts 300 --proof "$dir/plies.proof"
expect 0 "proof checked: white wins" "that proof checked" -- "$check" "$dir/plies.proof"
expect 2 "from 1 to 200" "--guide-plies 0 is refused" -- "$prove" --size 4x4 --guide-plies 0
expect 2 "number of nodes from 1" "--guide-work 0 is refused" -- "$prove" --size 4x4 --guide-work 0
expect 2 "number from 1" "--guide-playouts -5 is refused" -- "$prove" --size 4x4 --guide-playouts -5

# 3. Not proofs.
printf 'amazons-proof 1\nstart 1BB1/B2B/W2W/1WW1 w\nwinner white\nleaves 8\nend 0\n' > "$dir/false.proof"
expect 1 "exhaustive search finds the winner losing" "a false claim (White wins 4x4) is rejected" -- \
    "$check" "$dir/false.proof"
printf 'amazons-proof 1\nstart 1BB1/B2B/W2W/1WW1 w\nwinner white\nleaves 0\n1BB1/B2B/W2W/1WW1 w b1-b2/c3\nend 1\n' \
    > "$dir/short.proof"
expect 1 "proof rejected: the file has no move for the winner" "a strategy that stops short is rejected" -- \
    "$check" "$dir/short.proof"
sed '5s|[^ ]*$|a1-a1/a1|' "$dir/5x4.proof" > "$dir/illegal.proof"
expect 1 "is not legal" "an illegal move is rejected" -- "$check" "$dir/illegal.proof"
sed '$d' "$dir/5x4.proof" > "$dir/cut.proof"
expect 2 "cut short" "a file without its end line is refused" -- "$check" "$dir/cut.proof"
sed '5d' "$dir/5x4.proof" > "$dir/fewer.proof"
expect 2 "cut short" "a file with fewer entries than its end line says is refused" -- "$check" "$dir/fewer.proof"
sed '1s/.*/amazons-proof 2/' "$dir/5x4.proof" > "$dir/version.proof"
expect 2 "not a proof file" "another format version is refused" -- "$check" "$dir/version.proof"
sed '3s/white/black/' "$dir/5x4.proof" > "$dir/winner.proof"
expect 2 "loser to move" "entries for the other side are refused" -- "$check" "$dir/winner.proof"
expect 2 "No such file" "a missing file is refused" -- "$check" "$dir/none.proof"

# 4. The checker's own search against the solver: positions of quick games,
#    each claimed for the side the solver names (accepted) and for the other
#    (rejected), with leaves so large that the checker searches it all.
engine=$(dirname "$prove")/amazons
agreed=0
# A position text turned into the same game on a larger board (10x10 unless
# WIDTH HEIGHT are given): each rank filled out with arrows, and ranks of
# arrows on top.
walled_in() {
    echo "${1% *}" | awk -F/ -v side="${1##* }" -v width="${2:-10}" -v height="${3:-10}" '{
        out = ""
        for (r = NF + 1; r <= height; r++) {
            for (f = 0; f < width; f++)
                out = out "x"
            out = out "/"
        }
        for (r = 1; r <= NF; r++) {
            row = $r; files = 0
            for (i = 1; i <= length(row); i++) {
                c = substr(row, i, 1)
                files += (c ~ /[0-9]/) ? c : 1
            }
            while (files++ < width)
                row = row "x"
            out = out row (r < NF ? "/" : "")
        }
        print out " " side
    }'
}
for game in 5x4:2 5x4:4 5x4:6 4x5:4 4x5:6 5x5:7 5x5:9 5x5:11 5x5:13 6x4:7 6x4:9 6x4:11 6x4:13 4x6:8 4x6:10 4x6:12 4x6:14; do
    size=${game%:*} plies=${game#*:}
    for seed in 1 2 3; do
        commands="boardsize ${size%x*} ${size#*x}"
        i=0
        while [ $i -lt "$plies" ]; do
            commands="$commands
genmove $([ $((i % 2)) = 0 ] && echo w || echo b)"
            i=$((i + 1))
        done
        printf '%s\nget_position\nsolve 20\n' "$commands" |
            "$engine" --playouts 20 --seed "$seed" 2>/dev/null | grep '^= ' | tail -n 2 > "$dir/game"
        position=$(sed -n '1s/^= //p' "$dir/game")
        verdict=$(sed -n '2s/^= \([a-z]*\).*/\1/p' "$dir/game")
        mover=$([ "${position##* }" = w ] && echo white || echo black)
        other=$([ "$mover" = white ] && echo black || echo white)
        case $verdict in
        win) winner=$mover loser=$other ;;
        loss) winner=$other loser=$mover ;;
        *) fail "no verdict of the solver for $size seed $seed: $(cat "$dir/game")"; continue ;;
        esac
        # Each claim also on a 10x10 board walled in by arrows around the position:
        # the same game, where the checker's masks take their two-word path.
        for start in "$position" "$(walled_in "$position")"; do
            for claim in "$winner 0" "$loser 1"; do
                printf 'amazons-proof 1\nstart %s\nwinner %s\nleaves 100\nend 0\n' "$start" "${claim% *}" \
                    > "$dir/claim.proof"
                set +e
                "$check" "$dir/claim.proof" > "$dir/out" 2>&1
                got=$?
                set -e
                if [ "$got" = "${claim#* }" ]; then
                    agreed=$((agreed + 1))
                else
                    fail "the checker and the solver disagree on $start (${claim% *} claimed, exit $got)"
                fi
            done
        done
    done
done
pass "the checker agrees with the solver on $agreed claims about positions of quick games"
# A race the checker once lost count of: White's corner area holds three moves
# in a row (c1-b2/c1, b2-a2/b2, a2-a1/a2), Black's two fights one each.  The
# same races walled in by arrows on 10x10 take the checker's longest keys, and
# on 7x8 its one-word masks at their widest (64 bits, padding included).
for race in "1BWBB/xxxxx/xxxWW/2xxB/1xWx1 w" "1B1B1/xWxxB/xxxWW/2xB1/1xWx1 b"; do
    for position in "$race" "$(walled_in "$race")" "$(walled_in "$race" 7 8)"; do
        printf 'amazons-proof 1\nstart %s\nwinner white\nleaves 100\nend 0\n' "$position" > "$dir/race.proof"
        expect 0 "proof checked" "the race at $position is won by white" -- "$check" "$dir/race.proof"
        printf 'amazons-proof 1\nstart %s\nwinner black\nleaves 100\nend 0\n' "$position" > "$dir/race.proof"
        expect 1 "proof rejected" "and not by black" -- "$check" "$dir/race.proof"
    done
done

if [ "$failures" -gt 0 ]; then
    echo "proof-check: $failures FAILED"
    exit 1
fi
echo "proof-check: all passed"
