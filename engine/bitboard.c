/* bitboard.c - queen reach from any set of squares, and each square's king neighbours. */
#include "bitboard.h"

#include "quad.h"

/*
 * Four rays at once, each by doubling (Kogge-Stone): `fill` grows from the
 * sources through empty squares by 1, 2, 4 and again 4 steps (up to 11, more
 * than the 9 a ray can hold), `open` being the squares with that many empty
 * squares behind them.  Branch-free, unlike a walk that stops where its rays
 * do.
 */
static inline Quad quad_reach(Quad from, Quad empty, bool forward)
{
    Quad fill = from, open = empty;
    fill = quad_or(fill, quad_and(open, quad_step(fill, 1, forward)));
    open = quad_and(open, quad_step(open, 1, forward));
    fill = quad_or(fill, quad_and(open, quad_step(fill, 2, forward)));
    open = quad_and(open, quad_step(open, 2, forward));
    fill = quad_or(fill, quad_and(open, quad_step(fill, 4, forward)));
    fill = quad_or(fill, quad_and(open, quad_step(fill, 4, forward)));
    return quad_and(quad_step(fill, 1, forward), empty);
}

Bitboard bb_queen_reach(Bitboard from, Bitboard empty)
{
    Quad sources = quad_broadcast(from), free = quad_broadcast(empty);
    return quad_union(quad_or(quad_reach(sources, free, true), quad_reach(sources, free, false)));
}

Bitboard BB_NEIGHBOURS[NUM_SQUARES];

__attribute__((constructor)) static void neighbours_init(void)
{
    for (int sq = 0; sq < NUM_SQUARES; sq++)
        BB_NEIGHBOURS[sq] = bb_king_reach(bb_square(sq), ~(Bitboard)0) & ~bb_square(sq);
}
