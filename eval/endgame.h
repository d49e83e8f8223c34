/*
 * endgame.h - move counting once the board has split into regions.
 *
 * When no empty square is reachable by both sides, each side just fills its
 * own regions and the side to move wins iff it can make more moves than the
 * opponent.  A region is not always fillable to the last square (defective
 * territory), so each side gets a guaranteed count (a real move sequence found
 * by a walk that fills dead ends first, or the exact figure for small regions
 * with one amazon) and an upper bound (the region's size).
 */
#ifndef AMAZONS_ENDGAME_H
#define AMAZONS_ENDGAME_H

#include "engine/position.h"

/* Regions of at most this many empty squares, with one amazon, are solved exactly. */
enum { EXACT_REGION_MAX = 8 };

typedef struct {
    int guaranteed; /* moves colour c can surely still make */
    int most;       /* moves colour c can make at best */
} MoveCount;

/* Counts colour c's remaining moves; only meaningful when the position is separated. */
void count_region_moves(const Position *pos, Color c, MoveCount *count);

/* Exact number of moves one amazon on `amazon` can make in the empty set `region`. */
int solve_region(int amazon, Bitboard region);

#endif
