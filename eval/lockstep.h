/*
 * lockstep.h - queen reaches of a few sets at once.
 *
 * A queen fill runs one ray loop per direction, and where such a loop ends
 * is hard to predict.  When several fills are needed anyway (both colours'
 * next distance level, or the reaches an arrow is scored against), growing
 * their rays in the same loop, which ends when all are blocked, costs one
 * hard-to-predict loop end per direction instead of one per set.
 */
#ifndef AMAZONS_LOCKSTEP_H
#define AMAZONS_LOCKSTEP_H

#include "engine/bitboard.h"

enum { LOCKSTEP_MAX = 4 };

/* reach[i]: the squares a queen on any square of from[i] reaches through open[i], for i < n. */
static inline void queen_reach_lockstep(int n, const Bitboard from[], const Bitboard open[],
                                        Bitboard reach[])
{
    for (int i = 0; i < n; i++)
        reach[i] = 0;
#pragma GCC unroll 8
    for (int dir = 0; dir < NUM_DIRECTIONS; dir++) {
        Bitboard ray[LOCKSTEP_MAX], any = 0;
        for (int i = 0; i < n; i++)
            any |= ray[i] = bb_shift(from[i], dir) & open[i];
        while (any) {
            any = 0;
            for (int i = 0; i < n; i++) {
                reach[i] |= ray[i];
                any |= ray[i] = bb_shift(ray[i], dir) & open[i];
            }
        }
    }
}

#endif
