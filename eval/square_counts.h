/*
 * square_counts.h - small counts for every square at once, bit-sliced.
 *
 * Bit i of square s's count is bit s of plane[i], so a single bitboard
 * operation adds to all squares together.  The evaluation and the move
 * ordering use it to count queen moves from many squares without a fill per
 * square: a ray grows one step at a time for all squares at once, and the
 * squares whose ray grew from k - 1 to k squares flip the bits of their ray
 * length that differ between k - 1 and k.
 */
#ifndef AMAZONS_SQUARE_COUNTS_H
#define AMAZONS_SQUARE_COUNTS_H

#include "engine/bitboard.h"

enum {
    RUN_BITS = 4,   /* a ray has at most 9 squares */
    COUNT_BITS = 6  /* queen mobility is at most 35 on 10x10 */
};

/* The squares in `grown` now have a ray of k squares (they had k - 1). */
static inline void ray_grew(Bitboard length[RUN_BITS], int k, Bitboard grown)
{
#pragma GCC unroll 4
    for (int i = 0; i < RUN_BITS; i++)
        if ((k ^ (k - 1)) >> i & 1)
            length[i] ^= grown;
}

/* count += length for every square (ripple carry). */
static inline void counts_add(Bitboard count[COUNT_BITS], const Bitboard length[RUN_BITS])
{
    Bitboard carry = 0;
#pragma GCC unroll 6
    for (int i = 0; i < COUNT_BITS; i++) {
        Bitboard x = i < RUN_BITS ? length[i] : 0, p = count[i];
        count[i] = p ^ x ^ carry;
        carry = (p & x) | (carry & (p ^ x));
    }
}

static inline int count_at(const Bitboard count[COUNT_BITS], int sq)
{
    int n = 0;
#pragma GCC unroll 6
    for (int i = 0; i < COUNT_BITS; i++)
        n |= (int)bb_test(count[i], sq) << i;
    return n;
}

static inline int opposite_direction(int dir) { return (dir + NUM_DIRECTIONS / 2) % NUM_DIRECTIONS; }

#endif
