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

/*
 * The same in one word, for sets below bit 64: the whole of a board of up
 * to five ranks, or six of up to nine files (5x6 and 6x5 among them), and
 * on larger boards sets in the lower ranks (not the whole of 4x7).  A
 * ray is masked by its open set at every step, so one that leaves the low
 * word would have found nothing open beyond it anyway.  Half the
 * instructions of the two-word loop.
 */
static inline void queen_reach_lockstep_narrow(int n, const uint64_t from[], const uint64_t open[],
                                               uint64_t reach[])
{
    for (int i = 0; i < n; i++)
        reach[i] = 0;
#pragma GCC unroll 8
    for (int dir = 0; dir < NUM_DIRECTIONS; dir++) {
        int step = DIRECTION_STEP[dir];
        uint64_t ray[LOCKSTEP_MAX], any = 0;
        for (int i = 0; i < n; i++)
            any |= ray[i] = (step > 0 ? from[i] << step : from[i] >> -step) & open[i];
        while (any) {
            any = 0;
            for (int i = 0; i < n; i++) {
                reach[i] |= ray[i];
                any |= ray[i] = (step > 0 ? ray[i] << step : ray[i] >> -step) & open[i];
            }
        }
    }
}

/* reach[i]: the squares a queen on any square of from[i] reaches through open[i], for i < n. */
static inline void queen_reach_lockstep(int n, const Bitboard from[], const Bitboard open[],
                                        Bitboard reach[])
{
    Bitboard high = 0;
    for (int i = 0; i < n; i++)
        high |= (from[i] | open[i]) >> 64;
    if (!high) {
        uint64_t from64[LOCKSTEP_MAX], open64[LOCKSTEP_MAX], reach64[LOCKSTEP_MAX];
        for (int i = 0; i < n; i++) {
            from64[i] = (uint64_t)from[i];
            open64[i] = (uint64_t)open[i];
        }
        queen_reach_lockstep_narrow(n, from64, open64, reach64);
        for (int i = 0; i < n; i++)
            reach[i] = reach64[i];
        return;
    }
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
