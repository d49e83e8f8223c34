/*
 * reachmap.h - how many squares a queen reaches, for every square at once.
 *
 * The counts are kept bit-sliced: plane k holds bit k of every square's
 * count.  Summing the counts over any set of squares then costs one popcount
 * per plane, which is how count_moves() adds up the arrows of all the
 * destinations of an amazon in one go.
 */
#ifndef AMAZONS_REACHMAP_H
#define AMAZONS_REACHMAP_H

#include "bitboard.h"

/* A queen reaches at most 4 lines x 9 squares = 36 < 2^6. */
enum { REACH_PLANES = 6 };

typedef struct {
    Bitboard plane[REACH_PLANES];
} ReachMap;

/*
 * For every board square s, the number of squares a queen on s reaches
 * through `empty` (s itself need not be empty).  Squares off the board get
 * unspecified counts.
 */
void reach_map(Bitboard empty, ReachMap *map);

/* Sum of the counts over the board squares in `squares`. */
static inline int reach_map_sum(const ReachMap *map, Bitboard squares)
{
    int total = 0;
#pragma GCC unroll 8
    for (int k = 0; k < REACH_PLANES; k++)
        total += bb_count(squares & map->plane[k]) << k;
    return total;
}

#endif
