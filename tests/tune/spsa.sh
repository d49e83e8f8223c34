#!/usr/bin/env bash
# spsa.sh [OPTIONS] PARAMS - tunes engine parameters by SPSA (simultaneous
# perturbation stochastic approximation) in self-play at a fixed number of
# playouts per move, so that results do not depend on the machine's load.
#
# PARAMS lists the parameters to tune, one per line (# starts a comment):
#     NAME [START [C_END]]
# NAME is one of `amazons --list-params`; START defaults to the engine's
# default, C_END (the perturbation at the last iteration) to a twentieth of
# the parameter's range.  Integer parameters are tuned as reals and rounded
# when passed to the engine.
#
# Every iteration draws a random sign for each parameter, plays `--pairs`
# pairs of games (same opening, colours swapped) between theta + c*delta and
# theta - c*delta, and moves theta along the sign by the score difference
# (the Fishtest scheme: c_k = c / k^0.101, a_k = a / (A + k)^0.602, with
# A = iterations / 10, the learning rate R_END fixing a).  Each iteration
# appends a line to the trajectory file: iteration, games, the score of the
# plus side, then every parameter's value; a run resumes from that file.
#
# Options:
#   --size N          board size (default 10)
#   --playouts N      playouts per move (default 2000)
#   --iterations N    iterations in all (default 500)
#   --pairs N         game pairs per iteration (default 2)
#   --jobs N          games at a time (default 2)
#   --r-end X         learning rate (default 0.002)
#   --openings FILE   two-move openings (default tests/openings/NxN.txt)
#   --out FILE        trajectory (default build/tune/spsa-NxN.tsv)
#   --engine PATH     engine (default ./amazons); --match PATH (./amazons-match)
#   --seed N          random seed of the signs and openings (default 1)
#
# The last line of the trajectory holds the tuned values; confirm them with
# an SPRT match at a real time control (README, "Tuning").
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }

size=10 playouts=2000 iterations=500 pairs=2 jobs=2 r_end=0.002 seed=1
openings="" out="" engine=./amazons match=./amazons-match
while [ $# -gt 1 ]; do
    case $1 in
    --size) size=$2 ;;
    --playouts) playouts=$2 ;;
    --iterations) iterations=$2 ;;
    --pairs) pairs=$2 ;;
    --jobs) jobs=$2 ;;
    --r-end) r_end=$2 ;;
    --openings) openings=$2 ;;
    --out) out=$2 ;;
    --engine) engine=$2 ;;
    --match) match=$2 ;;
    --seed) seed=$2 ;;
    *) usage ;;
    esac
    shift 2
done
[ $# -eq 1 ] || usage
spec=$1
openings=${openings:-tests/openings/${size}x${size}.txt}
out=${out:-build/tune/spsa-${size}x${size}.tsv}
for n in "$size" "$playouts" "$iterations" "$pairs" "$jobs" "$seed"; do
    [[ $n =~ ^[0-9]+$ ]] || { echo "spsa: '$n' is not a whole number" >&2; exit 2; }
done
[ -x "$engine" ] && [ -x "$match" ] || { echo "spsa: $engine or $match missing (run make)" >&2; exit 2; }
[ -r "$spec" ] && [ -r "$openings" ] || { echo "spsa: cannot read $spec or $openings" >&2; exit 2; }
mkdir -p "$(dirname "$out")"

# The tuned parameters: name start min max c_end integer, from PARAMS and --list-params.
params=$(awk '
    NR == FNR { min[$1] = $3; max[$1] = $4; init[$1] = $2; integer[$1] = ($5 == "int"); next }
    { sub(/#.*/, "") }
    NF == 0 { next }
    !($1 in min) { printf "spsa: unknown parameter %s\n", $1 > "/dev/stderr"; bad = 1; exit }
    {
        start = NF >= 2 ? $2 : init[$1]
        c_end = NF >= 3 ? $3 : (max[$1] - min[$1]) / 20
        print $1, start, min[$1], max[$1], c_end, integer[$1]
    }
    END { exit bad }' <("$engine" --list-params) "$spec")
count=$(printf '%s\n' "$params" | wc -l)
names=$(printf '%s\n' "$params" | awk '{ printf "%s%s", (NR > 1 ? "\t" : ""), $1 }')

# Resume: theta and the iteration from the trajectory's last line.
first=1
theta=$(printf '%s\n' "$params" | awk '{ printf "%s%s", (NR > 1 ? " " : ""), $2 }')
if [ -s "$out" ]; then
    header=$(head -1 "$out")
    [ "$header" = "$(printf 'iteration\tgames\tplus_score\t%s' "$names")" ] ||
        { echo "spsa: $out tunes other parameters; move it away" >&2; exit 2; }
    last=$(tail -1 "$out")
    if [ "$last" != "$header" ]; then
        first=$(($(cut -f1 <<<"$last") + 1))
        theta=$(cut -f4- <<<"$last" | tr '\t' ' ')
    fi
else
    printf 'iteration\tgames\tplus_score\t%s\n' "$names" > "$out"
fi

# step K THETA DELTA: prints "plus minus" engine argument strings' values and c_k per parameter.
for ((k = first; k <= iterations; k++)); do
    # Signs, perturbed values for both sides (clamped, integers rounded).
    read -r plus_args minus_args signs ck <<<"$(printf '%s\n' "$params" | awk -v k="$k" -v n="$iterations" \
        -v seed="$seed" -v theta="$theta" '
        BEGIN { split(theta, t, " "); srand(seed * 1000003 + k) }
        {
            i = NR; c = $5 * n ^ 0.101 / k ^ 0.101
            sign = rand() < 0.5 ? -1 : 1
            p = t[i] + c * sign; m = t[i] - c * sign
            if (p < $3) p = $3; if (p > $4) p = $4
            if (m < $3) m = $3; if (m > $4) m = $4
            if ($6) { p = sprintf("%d", p + (p < 0 ? -0.5 : 0.5)); m = sprintf("%d", m + (m < 0 ? -0.5 : 0.5)) }
            plus = plus sprintf("--param=%s=%s,", $1, p)
            minus = minus sprintf("--param=%s=%s,", $1, m)
            signs = signs sign ","; cs = cs c ","
        }
        END { print plus, minus, signs, cs }')"
    result=$("$match" -q --size "$size" -n $((2 * pairs)) -j "$jobs" --move-time 1000 --grace 0 \
        --openings "$openings" --seed "$((seed * 100003 + k))" --name1 plus --name2 minus \
        --engine1 "exec $engine --playouts $playouts --seed $k ${plus_args//,/ }" \
        --engine2 "exec $engine --playouts $playouts --seed $((k + 1)) ${minus_args//,/ }" 2>/dev/null |
        awk '$1 == "plus" && $2 ~ /^[0-9]+$/ { print $3, $4; exit }')
    [ -n "$result" ] || { echo "spsa: iteration $k: no result from $match" >&2; exit 1; }
    read -r wins losses <<<"$result"
    games=$((wins + losses))
    # theta += a_k / c_k * (wins - losses) * sign, with a = r_end * c_end^2 * (A + n)^0.602.
    theta=$(printf '%s\n' "$params" | awk -v k="$k" -v n="$iterations" -v r="$r_end" -v theta="$theta" \
        -v signs="$signs" -v cs="$ck" -v d="$((wins - losses))" '
        BEGIN { split(theta, t, " "); split(signs, s, ","); split(cs, c, ","); A = n / 10 }
        {
            i = NR
            a = r * $5 * $5 * (A + n) ^ 0.602 / (A + k) ^ 0.602
            v = t[i] + a / c[i] * d * s[i]
            if (v < $3) v = $3; if (v > $4) v = $4
            printf "%s%.6g", (i > 1 ? " " : ""), v
        }')
    printf '%d\t%d\t%.3f\t%s\n' "$k" "$games" "$(awk -v w="$wins" -v g="$games" 'BEGIN { print g ? w / g : 0.5 }')" \
        "${theta// /$'\t'}" >> "$out"
    echo "spsa: iteration $k/$iterations: plus $wins - $losses minus; theta $theta" >&2
done
