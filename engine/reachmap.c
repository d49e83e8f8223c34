/*
 * reachmap.c - bit-sliced queen reach counts for the whole board.
 *
 * The four directions that step toward higher indices are worked on side by
 * side in a Quad, then the four that step back.
 */
#include "reachmap.h"

#include "quad.h"

/* A ray holds at most 9 squares, so its length fits 4 planes. */
enum { RAY_PLANES = 4, RAY_MAX = BOARD_MAX - 1 };

/*
 * Length of the ray from every square, in 4 planes, for the four directions
 * that step toward higher indices (forward) or lower ones.  `run` is first
 * the squares whose next square is empty, then those whose next two are,
 * and so on: a unary count, whose binary digits are parities of those sets
 * (bit 0 of the length flips at every step, bit 1 at every second...).
 */
static inline void ray_lengths(Bitboard empty, bool forward, Quad len[RAY_PLANES])
{
    Quad next_empty = quad_step(quad_broadcast(empty), 1, !forward);
    Quad run = next_empty, zero = { { 0 }, { 0 } };
    len[0] = run;
    len[1] = len[2] = len[3] = zero;
#pragma GCC unroll 8
    for (int k = 2; k <= RAY_MAX; k++) {
        run = quad_and(next_empty, quad_step(run, 1, !forward));
        len[0] = quad_xor(len[0], run);
        if (k % 2 == 0)
            len[1] = quad_xor(len[1], run);
        if (k % 4 == 0)
            len[2] = quad_xor(len[2], run);
        if (k == 8)
            len[3] = run;
    }
}

/* sum = x + y on n planes each; sum gets n + 1 planes. */
static inline void add_planes(Quad *sum, const Quad *x, const Quad *y, int n)
{
    Quad carry = { { 0 }, { 0 } };
#pragma GCC unroll 8
    for (int i = 0; i < n; i++) {
        Quad half = quad_xor(x[i], y[i]);
        sum[i] = quad_xor(half, carry);
        carry = quad_or(quad_and(x[i], y[i]), quad_and(half, carry));
    }
    sum[n] = carry;
}

/* Board i + 2 of every plane moved to lane i (then board i + 1 to lane i). */
static inline void fold_lanes(Quad *out, const Quad *in, int n, int distance)
{
#pragma GCC unroll 8
    for (int i = 0; i < n; i++) {
        if (distance == 2) {
            out[i].lo = __builtin_shufflevector(in[i].lo, in[i].lo, 2, 3, 0, 1);
            out[i].hi = __builtin_shufflevector(in[i].hi, in[i].hi, 2, 3, 0, 1);
        } else {
            out[i].lo = __builtin_shufflevector(in[i].lo, in[i].lo, 1, 0, 3, 2);
            out[i].hi = __builtin_shufflevector(in[i].hi, in[i].hi, 1, 0, 3, 2);
        }
    }
}

void reach_map(Bitboard empty, ReachMap *map)
{
    /*
     * The two rays of one line hold at most 9 squares together, so each
     * line's count fits RAY_PLANES planes (the carry out is dropped); two
     * lines fit 5, four lines 6.  Lane i of `lines` is line i; folding adds
     * lanes 2 and 3 onto 0 and 1, then lane 1 onto 0.
     */
    Quad forward[RAY_PLANES], backward[RAY_PLANES], lines[RAY_PLANES + 1];
    Quad folded[REACH_PLANES], pairs[REACH_PLANES], total[REACH_PLANES];
    ray_lengths(empty, true, forward);
    ray_lengths(empty, false, backward);
    add_planes(lines, forward, backward, RAY_PLANES);
    fold_lanes(folded, lines, RAY_PLANES, 2);
    add_planes(pairs, lines, folded, RAY_PLANES);
    fold_lanes(folded, pairs, RAY_PLANES + 1, 1);
    add_planes(total, pairs, folded, RAY_PLANES + 1);
#pragma GCC unroll 8
    for (int k = 0; k < REACH_PLANES; k++)
        map->plane[k] = quad_board(total[k], 0);
}
