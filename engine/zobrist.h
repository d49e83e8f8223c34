/*
 * zobrist.h - Zobrist keys for hashing positions.
 *
 * Keys are derived from a fixed mixing function rather than a table, so they
 * are identical in every run and need no initialisation.
 */
#ifndef AMAZONS_ZOBRIST_H
#define AMAZONS_ZOBRIST_H

#include <stdint.h>

enum { PIECE_WHITE_AMAZON = 0, PIECE_BLACK_AMAZON = 1, PIECE_ARROW = 2 };

/* splitmix64's finaliser: a bijection with good avalanche. */
static inline uint64_t zobrist_mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

static inline uint64_t zobrist_piece(int piece, int sq)
{
    return zobrist_mix((uint64_t)(piece * 128 + sq + 1));
}

static inline uint64_t zobrist_black_to_move(void) { return zobrist_mix(0); }

#endif
