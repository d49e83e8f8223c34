#!/usr/bin/env bash
# shard_check.sh - plays one small match twice: whole, and split into four
# shards run side by side (xargs -P 4) that are merged afterwards with
# amazons-match --merge.  Fails (exit 1) unless the merged report is the
# whole run's, line for line but the thinking times, and the merged SGF
# collection holds the same games (dates aside).
#
# The games must not depend on how the match is split, so the engines are
# deterministic (fixed playouts and seeds, one thread, a clock far above
# what 200 playouts need) and --fresh-engines gives every game new
# processes: each game then depends on its number alone.
#
# Environment: AMAZONS_BIN (default ./amazons), AMAZONS_MATCH_BIN (default
# ./amazons-match), SHARD_CHECK_DIR (where to keep the files; default a
# new temporary directory, kept when the check fails).
set -euo pipefail

engine=${AMAZONS_BIN:-./amazons}
runner=${AMAZONS_MATCH_BIN:-./amazons-match}
for program in "$engine" "$runner"; do
    [ -x "$program" ] || { echo "shard-check: $program not found or not executable (run make)" >&2; exit 2; }
done
if [ -n "${SHARD_CHECK_DIR:-}" ]; then
    dir=$SHARD_CHECK_DIR
    mkdir -p "$dir"
else
    dir=$(mktemp -d "${TMPDIR:-/tmp}/amazons-shard-check.XXXXXX")
fi

# Four openings on 8x8, each played with both colours: 16 games.
cat >"$dir/openings.txt" <<'OPENINGS'
c1-c6/f6
f1-f4/c4 f8-f5/d5
a3-d6/d4
h3-e6/e3 a6-b6/b2
OPENINGS

match=(-q --size 8 --openings "$dir/openings.txt" --seed 1 -n 16 --move-time 5 --fresh-engines
       --engine "mcts=exec $(printf '%q' "$engine") --playouts 200 --seed 1 --memory 64"
       --engine "greedy=exec $(printf '%q' "$engine") --engine greedy --seed 1 --memory 64")

start=$(date +%s)
"$runner" "${match[@]}" --results "$dir/whole.jsonl" --sgf "$dir/whole.sgf" >"$dir/whole.txt"
printf '%s\n' 0 1 2 3 | xargs -P 4 -I{} \
    "$runner" "${match[@]}" --shard {}/4 --results "$dir/shard{}.jsonl" --sgf "$dir/shard{}.sgf" \
    --sgf-dir "$dir/shard-games" >/dev/null
"$runner" --merge "$dir"/shard{0,1,2,3}.jsonl --sgf "$dir/merged.sgf" >"$dir/merged.txt"

failed=0
fail() { echo "shard-check: FAILED: $*" >&2; failed=1; }
grep -q '^Results: 16 games on 8x8' "$dir/whole.txt" || fail "the whole run did not play its 16 games"
grep -q '^Endings: no legal move 16,' "$dir/whole.txt" || fail "games ended otherwise than by no legal move"
for i in 0 1 2 3; do
    [ "$(wc -l <"$dir/shard$i.jsonl")" -eq 4 ] || fail "shard $i/4 did not write 4 results"
done
# Times are measured, not replayed: the thinking-time and longest-move lines differ.
timeless() { grep -v -e '^Thinking time:' -e '^Longest move:' "$1"; }
if ! diff <(timeless "$dir/whole.txt") <(timeless "$dir/merged.txt"); then
    fail "the merged report differs from the whole run's (above: < whole, > merged)"
fi
if ! cmp -s <(sed 's/DT\[[^]]*\]//' "$dir/whole.sgf") <(sed 's/DT\[[^]]*\]//' "$dir/merged.sgf"); then
    fail "the merged SGF collection differs from the whole run's"
fi
[ "$(find "$dir/shard-games" -name "game-*.sgf" | wc -l)" -eq 16 ] || fail "the shards did not write 16 SGF files between them"

echo "shard-check: 16 games whole and as 4 shards in $(($(date +%s) - start)) s; merged report:"
cat "$dir/merged.txt"
if [ "$failed" -ne 0 ]; then
    echo "shard-check: files kept in $dir" >&2
    exit 1
fi
[ -n "${SHARD_CHECK_DIR:-}" ] || rm -rf "$dir"
echo "shard-check: OK"
